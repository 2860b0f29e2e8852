// Ten weeks of an active Exchange Rate Trigger, day by day, against the lookup fake, for each
// source: the SBS following USD and EUR, and SUNAT once with days without a rate answered 404,
// once with the earlier rate. Weekends, public holidays, a three-day n8n outage, API failures on
// some polls, a restart. Every rate published must come out exactly once, in order, and nothing
// else; the API is asked no more than needed: the latest rate of each followed series per poll,
// and what a gap needs (one history request per currency for the SBS, one request per missed day
// for SUNAT).
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { isBusinessDay, type Failure, type LookupFake } from '../../../../fakes/lookup';
import { useLookupFake } from '../lookup';
import { addDays, daysFrom, jsonOf, requestsSince, SBS, SUNAT, type RateSource } from './helpers';

const ACTIVATED_ON = '2026-05-29'; // a Friday
const LAST_DAY = '2026-08-10'; // ten weeks later, a Monday
const POLLS_PER_DAY = 3;
/** n8n is down from the end of this day ... */
const OUTAGE_AFTER = '2026-07-07';
/** ... until the morning of this one (three business days without n8n). */
const BACK_ON = '2026-07-11';
/** n8n restarts (saved static data reloaded) in the middle of this day, with no outage. */
const RESTART_ON = '2026-06-16';

type Failures = Record<string, { path: string; failure: Failure; message: RegExp }>;

const SERVER_ERROR: Failure = { status: 500, body: { success: false, message: 'Server Error' } };
const UNAVAILABLE: Failure = { status: 503, body: { success: false, message: 'Service Unavailable' } };
// Quota refusals that last past the poll (a poll waits out shorter ones).
const TOO_MANY: Failure = { status: 429, body: { success: false, message: 'Too Many Attempts.' }, headers: { 'retry-after': '3600' } };
const SPENT: Failure = { status: 403, body: { success: false, message: 'Ha superado el límite de consultas de su plan.' }, headers: { 'retry-after': '3600' } };

/** The first poll of these days meets an API failure; the message the trigger gives for it. */
const SBS_FAILURES: Failures = {
	'2026-06-03': { path: '/ultimo', failure: SERVER_ERROR, message: /lookup API failed.*500/i },
	'2026-06-08': { path: '/historico', failure: UNAVAILABLE, message: /503/i },
	'2026-06-30': { path: '/ultimo', failure: TOO_MANY, message: /quota is spent.*429/i },
	'2026-07-13': { path: '/ultimo', failure: { kind: 'reset' }, message: /closed the connection|ECONNRESET/i },
	'2026-07-24': { path: '/historico', failure: { kind: 'successFalse' }, message: /reported a failure/i },
	'2026-08-03': { path: '/ultimo', failure: SPENT, message: /quota is spent.*403/i },
};

const SUNAT_LATEST = '/sunat/ultimo';
/** A missed day's request (asked on these days: a Monday, the day after a holiday). */
const SUNAT_BY_DATE = '/sunat?fecha=';
const SUNAT_FAILURES: Failures = {
	'2026-06-03': { path: SUNAT_LATEST, failure: SERVER_ERROR, message: /lookup API failed.*500/i },
	'2026-06-08': { path: SUNAT_BY_DATE, failure: UNAVAILABLE, message: /SUNAT USD rate for 2026-06-06 \(503/i },
	'2026-06-30': { path: SUNAT_LATEST, failure: TOO_MANY, message: /quota is spent.*429/i },
	'2026-07-13': { path: SUNAT_LATEST, failure: { kind: 'reset' }, message: /closed the connection|ECONNRESET/i },
	'2026-07-24': { path: SUNAT_BY_DATE, failure: { kind: 'successFalse' }, message: /reported a failure for SUNAT USD rate for 2026-07-23/i },
	'2026-08-03': { path: SUNAT_BY_DATE, failure: SPENT, message: /quota is spent for SUNAT USD rate for 2026-08-01.*403/i },
};

/** The series a trigger following every rate remembers, and what one poll asks for a series. */
type Model = {
	series: string[];
	/** The latest date the fake publishes for a series as of today (the last business day). */
	latestPublished: (fake: LookupFake, series: string, today: string) => string;
	/** The requests after the latest one that fill the days between the remembered date and the latest. */
	gapRequests: (series: string, remembered: string, latest: string) => string[];
};

const SBS_MODEL: Model = {
	series: ['USD', 'EUR'],
	latestPublished: (fake, currency, today) => fake.ratesBetween(addDays(today, -14), today, currency as 'USD' | 'EUR').at(-1)!.fecha,
	// Days between the last emitted rate and the latest one: one history call fills them.
	gapRequests: (currency, remembered, latest) => (latest > addDays(remembered, 1) ? [`history ${currency} ${addDays(remembered, 1)}..${latest}`] : []),
};

const SUNAT_MODEL: Model = {
	series: ['SUNAT'],
	latestPublished: (fake, _series, today) => fake.sunatRatesBetween(addDays(today, -14), today).at(-1)!.fecha,
	// Each day between the remembered one and the latest, once.
	gapRequests: (_series, remembered, latest) => (latest > remembered ? daysFrom(addDays(remembered, 1), addDays(latest, -1)).map((day) => `sunat ${day}`) : []),
};

const RUNS: Array<{ name: string; source: RateSource; nonBusinessDay?: '404' | 'previousBusinessDay'; failures: Failures; model: Model; restartEmission: string[] }> = [
	{
		name: 'SBS, USD and EUR',
		source: SBS,
		failures: SBS_FAILURES,
		model: SBS_MODEL,
		restartEmission: ['2026-07-08 USD', '2026-07-08 EUR', '2026-07-09 USD', '2026-07-09 EUR', '2026-07-10 USD', '2026-07-10 EUR'],
	},
	...(['404', 'previousBusinessDay'] as const).map((nonBusinessDay) => ({
		name: `SUNAT, no rate: ${nonBusinessDay}`,
		source: SUNAT,
		nonBusinessDay,
		failures: SUNAT_FAILURES,
		model: SUNAT_MODEL,
		restartEmission: ['2026-07-08 USD', '2026-07-09 USD', '2026-07-10 USD'],
	})),
];

const lookup = useLookupFake({ today: ACTIVATED_ON });

describe.each(RUNS)('Exchange Rate Trigger over ten weeks: $name', ({ source, nonBusinessDay, failures, model, restartEmission }) => {
	it('emits every published rate exactly once, in order, and asks the API only for what is new', async () => {
		lookup.fake.reset();
		lookup.fake.setToday(ACTIVATED_ON);
		lookup.fake.options.nonBusinessDay = nonBusinessDay;
		const trigger = source.trigger(lookup.fake, source.everyRate);

		// First activation: remembers Friday's rates, emits nothing.
		expect(await trigger.activate()).toEqual({ items: null });
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: source.memory(ACTIVATED_ON, true) });

		// What the test expects the trigger to remember, advanced from what it emitted.
		const remembered: Record<string, string> = source.memory(ACTIVATED_ON, true);
		const stats = { polls: 0, pollsWithNothingNew: 0, gapCalls: 0, expectedGapCalls: 0, failedPolls: 0 };

		/** Runs one poll (or the activation poll of a restart) and checks it against the model. */
		const checkedPoll = async (today: string, run: () => Promise<{ items: unknown; error?: Error }>, failure?: Failures[string]) => {
			const before = lookup.fake.requests.length;
			const savedBefore = trigger.saved;
			if (failure) lookup.fake.failNext(failure.path, failure.failure);
			const outcome = await run();
			stats.polls++;
			const requests = requestsSince(lookup.fake, before);

			if (failure) {
				// The error is the trigger's; nothing is emitted and nothing is marked as emitted.
				stats.failedPolls++;
				expect(outcome.error?.message, today).toMatch(failure.message);
				expect(outcome.items).toBeNull();
				expect(trigger.saved).toBe(savedBefore);
				expect(trigger.nodeStaticData()).toEqual(JSON.parse(savedBefore)['node:Exchange Rate Trigger']);
				return;
			}
			expect(outcome.error, today).toBeUndefined();

			// Per series: the latest, then what fills the gap since the remembered date.
			const expected: string[] = [];
			source.latestRequests(true).forEach((latestRequest, index) => {
				const series = model.series[index];
				const latest = model.latestPublished(lookup.fake, series, today);
				const gap = model.gapRequests(series, remembered[series], latest);
				expected.push(latestRequest, ...gap);
				stats.expectedGapCalls += gap.length;
				if (latest > remembered[series]) remembered[series] = latest;
			});
			expect(requests, `requests on ${today}`).toEqual(expected);
			stats.gapCalls += requests.length - source.latestRequests(true).length;
			if (outcome.items === null) {
				stats.pollsWithNothingNew++;
				expect(requests).toEqual(source.latestRequests(true));
			}
			// What a restart would reload is what the next poll sees: nothing lives only in memory.
			expect(trigger.savedNodeStaticData(), today).toEqual(trigger.nodeStaticData());
			expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: remembered });
		};

		for (const today of daysFrom(addDays(ACTIVATED_ON, 1), LAST_DAY)) {
			lookup.fake.setToday(today);
			if (today > OUTAGE_AFTER && today < BACK_ON) continue; // n8n is down: no polls
			if (today === BACK_ON) {
				trigger.stop();
				await checkedPoll(today, () => trigger.restart());
			}
			for (let poll = 0; poll < POLLS_PER_DAY; poll++) {
				if (today === RESTART_ON && poll === 1) await checkedPoll(today, () => trigger.restart());
				await checkedPoll(today, () => trigger.poll(), poll === 0 ? failures[today] : undefined);
			}
			if (today === OUTAGE_AFTER) trigger.stop();
		}

		// Every rate published after the activation day, of each followed series, once, in order.
		const emitted: IDataObject[] = trigger.emissions.flatMap((items) => jsonOf(items));
		const published = source.published(lookup.fake, addDays(ACTIVATED_ON, 1), LAST_DAY, true);
		expect(emitted).toEqual(published);
		expect(emitted.every((record) => isBusinessDay(String(record.fecha)))).toBe(true);
		const keys = emitted.map((record) => `${record.fecha} ${record.moneda}`);
		expect(new Set(keys).size).toBe(keys.length);
		// 2026-06-29, 07-23, 07-28, 07-29 and 08-06 are holidays: no record for them.
		for (const holiday of ['2026-06-29', '2026-07-23', '2026-07-28', '2026-07-29', '2026-08-06']) {
			expect(keys.some((key) => key.startsWith(holiday))).toBe(false);
		}
		// 51 weekdays from 06-01 to 08-10, minus the 5 holidays on weekdays: 46 days, per series.
		expect(published.length).toBe(model.series.length * 46);

		// The three outage days came with the restart, in one emission, with the weekend's nothing.
		const restarted = jsonOf(trigger.emissions.find((items) => items[0]?.json.fecha === '2026-07-08'));
		expect(restarted.map((record) => `${record.fecha} ${record.moneda}`)).toEqual(restartEmission);

		// Each failure surfaced as the trigger's error, once.
		expect(trigger.errors).toHaveLength(Object.keys(failures).length);
		expect(stats.failedPolls).toBe(Object.keys(failures).length);
		// Steady state: most polls find nothing new and cost one call per followed series.
		expect(stats.pollsWithNothingNew).toBeGreaterThan(150);
		expect(stats.gapCalls).toBe(stats.expectedGapCalls);

		// The memory stays one date per series, whatever the age.
		expect(JSON.stringify(trigger.savedNodeStaticData())).toBe(JSON.stringify({ lastEmittedDate: source.memory(LAST_DAY, true) }));
	});
});
