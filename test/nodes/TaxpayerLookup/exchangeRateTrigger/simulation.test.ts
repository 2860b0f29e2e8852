// Ten weeks of an active Exchange Rate Trigger, day by day, against the lookup fake: weekends,
// public holidays, a three-day n8n outage, API failures on some polls, a restart. Every
// business-day rate of both currencies must come out exactly once, in order, and nothing else;
// the API is asked no more than needed.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isBusinessDay, startLookupFake, type Failure, type LookupFake } from '../../../../fakes/lookup';
import { addDays, daysFrom, exchangeRateTrigger, jsonOf, publishedBetween, requestsSince } from './helpers';

const CURRENCIES = ['USD', 'EUR'] as const;
type Currency = (typeof CURRENCIES)[number];

const ACTIVATED_ON = '2026-05-29'; // a Friday
const LAST_DAY = '2026-08-10'; // ten weeks later, a Monday
const POLLS_PER_DAY = 3;
/** n8n is down from the end of this day ... */
const OUTAGE_AFTER = '2026-07-07';
/** ... until the morning of this one (three business days without n8n). */
const BACK_ON = '2026-07-11';
/** n8n restarts (saved static data reloaded) in the middle of this day, with no outage. */
const RESTART_ON = '2026-06-16';

/** The first poll of these days meets an API failure; the message the trigger gives for it. */
const FAILURES: Record<string, { path: string; failure: Failure; message: RegExp }> = {
	'2026-06-03': { path: '/ultimo', failure: { status: 500, body: { success: false, message: 'Server Error' } }, message: /lookup API failed.*500/i },
	'2026-06-08': { path: '/historico', failure: { status: 503, body: { success: false, message: 'Service Unavailable' } }, message: /503/i },
	// Quota refusals that last past the poll (a poll waits out shorter ones).
	'2026-06-30': { path: '/ultimo', failure: { status: 429, body: { success: false, message: 'Too Many Attempts.' }, headers: { 'retry-after': '3600' } }, message: /quota is spent.*429/i },
	'2026-07-13': { path: '/ultimo', failure: { kind: 'reset' }, message: /closed the connection|ECONNRESET/i },
	'2026-07-24': { path: '/historico', failure: { kind: 'successFalse' }, message: /reported a failure/i },
	'2026-08-03': { path: '/ultimo', failure: { status: 403, body: { success: false, message: 'Ha superado el límite de consultas de su plan.' }, headers: { 'retry-after': '3600' } }, message: /quota is spent.*403/i },
};

let fake: LookupFake;

beforeAll(async () => {
	fake = await startLookupFake({ today: ACTIVATED_ON });
});

afterAll(async () => {
	await fake.close();
});

/** The latest date the fake publishes for a currency as of today (the last business day). */
function latestPublished(today: string, currency: Currency): string {
	return fake.ratesBetween(addDays(today, -14), today, currency).at(-1)!.fecha;
}

describe('Exchange Rate Trigger over ten weeks (USD and EUR)', () => {
	it('emits every business-day rate exactly once, in order, and asks the API only for what is new', async () => {
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] });

		// First activation: remembers Friday's rates, emits nothing.
		const activation = await trigger.activate();
		expect(activation).toEqual({ items: null });
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: ACTIVATED_ON, EUR: ACTIVATED_ON } });

		// What the test expects the trigger to remember, advanced from what it emitted.
		const remembered: Record<Currency, string> = { USD: ACTIVATED_ON, EUR: ACTIVATED_ON };
		const stats = { polls: 0, pollsWithNothingNew: 0, historyCalls: 0, gaps: 0, failedPolls: 0 };

		/** Runs one poll (or the activation poll of a restart) and checks it against the model. */
		const checkedPoll = async (today: string, run: () => Promise<{ items: unknown; error?: Error }>, failure?: (typeof FAILURES)[string]) => {
			const before = fake.requests.length;
			const savedBefore = trigger.saved;
			if (failure) fake.failNext(failure.path, failure.failure);
			const outcome = await run();
			stats.polls++;
			const requests = requestsSince(fake, before);

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

			const expected: string[] = [];
			let gapsNow = 0;
			for (const currency of CURRENCIES) {
				expected.push(`latest ${currency}`);
				const latest = latestPublished(today, currency);
				if (latest > addDays(remembered[currency], 1)) {
					// Days between the last emitted rate and the latest one: one history call fills them.
					expected.push(`history ${currency} ${addDays(remembered[currency], 1)}..${latest}`);
					gapsNow++;
				}
				if (latest > remembered[currency]) remembered[currency] = latest;
			}
			expect(requests, `requests on ${today}`).toEqual(expected);
			stats.gaps += gapsNow;
			stats.historyCalls += requests.filter((request) => request.startsWith('history')).length;
			if (outcome.items === null) {
				stats.pollsWithNothingNew++;
				expect(requests).toEqual(['latest USD', 'latest EUR']);
			}
			// What a restart would reload is what the next poll sees: nothing lives only in memory.
			expect(trigger.savedNodeStaticData(), today).toEqual(trigger.nodeStaticData());
			expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: remembered });
		};

		for (const today of daysFrom(addDays(ACTIVATED_ON, 1), LAST_DAY)) {
			fake.setToday(today);
			if (today > OUTAGE_AFTER && today < BACK_ON) continue; // n8n is down: no polls
			if (today === BACK_ON) {
				trigger.stop();
				await checkedPoll(today, () => trigger.restart());
			}
			for (let poll = 0; poll < POLLS_PER_DAY; poll++) {
				if (today === RESTART_ON && poll === 1) await checkedPoll(today, () => trigger.restart());
				await checkedPoll(today, () => trigger.poll(), poll === 0 ? FAILURES[today] : undefined);
			}
			if (today === OUTAGE_AFTER) trigger.stop();
		}

		// Every business-day record after the activation day, of both currencies, once, in order.
		const emitted: IDataObject[] = trigger.emissions.flatMap((items) => jsonOf(items));
		const published = publishedBetween(fake, addDays(ACTIVATED_ON, 1), LAST_DAY, ['USD', 'EUR']);
		expect(emitted).toEqual(published);
		expect(emitted.every((record) => isBusinessDay(String(record.fecha)))).toBe(true);
		const keys = emitted.map((record) => `${record.fecha} ${record.moneda}`);
		expect(new Set(keys).size).toBe(keys.length);
		// 2026-06-29, 07-23, 07-28, 07-29 and 08-06 are holidays: no record for them.
		for (const holiday of ['2026-06-29', '2026-07-23', '2026-07-28', '2026-07-29', '2026-08-06']) {
			expect(keys.some((key) => key.startsWith(holiday))).toBe(false);
		}
		// 51 weekdays from 06-01 to 08-10, minus the 5 holidays on weekdays: 46 days, 2 currencies.
		expect(published.length).toBe(2 * 46);

		// The three outage days came with the restart, in one emission, with the weekend's nothing.
		const restartEmission = jsonOf(trigger.emissions.find((items) => items[0]?.json.fecha === '2026-07-08'));
		expect(restartEmission.map((record) => `${record.fecha} ${record.moneda}`)).toEqual([
			'2026-07-08 USD',
			'2026-07-08 EUR',
			'2026-07-09 USD',
			'2026-07-09 EUR',
			'2026-07-10 USD',
			'2026-07-10 EUR',
		]);

		// Each failure surfaced as the trigger's error, once.
		expect(trigger.errors).toHaveLength(Object.keys(FAILURES).length);
		expect(stats.failedPolls).toBe(Object.keys(FAILURES).length);
		// Steady state: most polls find nothing new and cost one call per currency.
		expect(stats.pollsWithNothingNew).toBeGreaterThan(150);
		expect(stats.historyCalls).toBe(stats.gaps);

		// The memory stays one date per currency, whatever the age.
		expect(JSON.stringify(trigger.savedNodeStaticData())).toBe(
			JSON.stringify({ lastEmittedDate: { USD: '2026-08-10', EUR: '2026-08-10' } }),
		);
	});
});
