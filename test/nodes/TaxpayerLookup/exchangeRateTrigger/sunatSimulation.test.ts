// Ten weeks of an active Exchange Rate Trigger with Source SUNAT, day by day, against the lookup
// fake, as simulation.test.ts runs the SBS source: weekends, public holidays, a three-day n8n
// outage, API failures on some polls, a restart; once with days without a rate answered 404, once
// with the earlier rate. Every rate SUNAT published must come out exactly once, in order, and
// nothing else; the API is asked one request per poll and one per missed day, no more.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isBusinessDay, startLookupFake, type Failure, type LookupFake } from '../../../../fakes/lookup';
import { addDays, daysFrom, jsonOf, requestsSince, sunatPublishedBetween, sunatRateTrigger } from './helpers';

const ACTIVATED_ON = '2026-05-29'; // a Friday
const LAST_DAY = '2026-08-10'; // ten weeks later, a Monday
const POLLS_PER_DAY = 3;
/** n8n is down from the end of this day ... */
const OUTAGE_AFTER = '2026-07-07';
/** ... until the morning of this one (three business days without n8n). */
const BACK_ON = '2026-07-11';
/** n8n restarts (saved static data reloaded) in the middle of this day, with no outage. */
const RESTART_ON = '2026-06-16';

const LATEST = '/sunat/ultimo';
/** A missed day's request (asked on these days: a Monday, the day after a holiday). */
const BY_DATE = '/sunat?fecha=';

/** The first poll of these days meets an API failure; the message the trigger gives for it. */
const FAILURES: Record<string, { path: string; failure: Failure; message: RegExp }> = {
	'2026-06-03': { path: LATEST, failure: { status: 500, body: { success: false, message: 'Server Error' } }, message: /lookup API failed.*500/i },
	'2026-06-08': { path: BY_DATE, failure: { status: 503, body: { success: false, message: 'Service Unavailable' } }, message: /SUNAT USD rate for 2026-06-06 \(503/i },
	// Quota refusals that last past the poll (a poll waits out shorter ones).
	'2026-06-30': { path: LATEST, failure: { status: 429, body: { success: false, message: 'Too Many Attempts.' }, headers: { 'retry-after': '3600' } }, message: /quota is spent.*429/i },
	'2026-07-13': { path: LATEST, failure: { kind: 'reset' }, message: /closed the connection|ECONNRESET/i },
	'2026-07-24': { path: BY_DATE, failure: { kind: 'successFalse' }, message: /reported a failure for SUNAT USD rate for 2026-07-23/i },
	'2026-08-03': { path: BY_DATE, failure: { status: 403, body: { success: false, message: 'Ha superado el límite de consultas de su plan.' }, headers: { 'retry-after': '3600' } }, message: /quota is spent for SUNAT USD rate for 2026-08-01.*403/i },
};

let fake: LookupFake;

beforeAll(async () => {
	fake = await startLookupFake({ today: ACTIVATED_ON });
});

afterAll(async () => {
	await fake.close();
});

/** The latest date the fake's SUNAT publishes as of today. */
const latestPublished = (today: string) => fake.sunatRatesBetween(addDays(today, -14), today).at(-1)!.fecha;

describe.each(['404', 'previousBusinessDay'] as const)('Exchange Rate Trigger (SUNAT) over ten weeks, days without a rate answered %s', (nonBusinessDay) => {
	it('emits every published rate exactly once, in order, and asks the API only for what is new', async () => {
		fake.reset();
		fake.setToday(ACTIVATED_ON);
		fake.options.nonBusinessDay = nonBusinessDay;
		const trigger = sunatRateTrigger(fake);

		// First activation: remembers Friday's rate, emits nothing.
		expect(await trigger.activate()).toEqual({ items: null });
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: ACTIVATED_ON } });

		// What the test expects the trigger to remember, advanced from what it emitted.
		let remembered = ACTIVATED_ON;
		const stats = { polls: 0, pollsWithNothingNew: 0, dayCalls: 0, missedDays: 0, failedPolls: 0 };

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

			// The latest, then each day between the remembered one and the latest, once.
			const latest = latestPublished(today);
			const missed = latest > remembered ? daysFrom(addDays(remembered, 1), addDays(latest, -1)) : [];
			expect(requests, `requests on ${today}`).toEqual(['sunat latest', ...missed.map((day) => `sunat ${day}`)]);
			stats.missedDays += missed.length;
			stats.dayCalls += requests.length - 1;
			if (latest > remembered) remembered = latest;
			if (outcome.items === null) {
				stats.pollsWithNothingNew++;
				expect(requests).toEqual(['sunat latest']);
			}
			// What a restart would reload is what the next poll sees: nothing lives only in memory.
			expect(trigger.savedNodeStaticData(), today).toEqual(trigger.nodeStaticData());
			expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: remembered } });
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

		// Every rate SUNAT published after the activation day, once, in order.
		const emitted: IDataObject[] = trigger.emissions.flatMap((items) => jsonOf(items));
		const published = sunatPublishedBetween(fake, addDays(ACTIVATED_ON, 1), LAST_DAY);
		expect(emitted).toEqual(published);
		expect(emitted.every((record) => isBusinessDay(String(record.fecha)))).toBe(true);
		const dates = emitted.map((record) => String(record.fecha));
		expect(new Set(dates).size).toBe(dates.length);
		for (const holiday of ['2026-06-29', '2026-07-23', '2026-07-28', '2026-07-29', '2026-08-06']) expect(dates).not.toContain(holiday);
		// 51 weekdays from 06-01 to 08-10, minus the 5 holidays on weekdays.
		expect(published.length).toBe(46);

		// The three outage days came with the restart, in one emission, with the weekend's nothing.
		const restartEmission = jsonOf(trigger.emissions.find((items) => items[0]?.json.fecha === '2026-07-08'));
		expect(restartEmission.map((record) => record.fecha)).toEqual(['2026-07-08', '2026-07-09', '2026-07-10']);

		// Each failure surfaced as the trigger's error, once.
		expect(trigger.errors).toHaveLength(Object.keys(FAILURES).length);
		expect(stats.failedPolls).toBe(Object.keys(FAILURES).length);
		// Steady state: most polls find nothing new and cost one call.
		expect(stats.pollsWithNothingNew).toBeGreaterThan(150);
		expect(stats.dayCalls).toBe(stats.missedDays);

		expect(JSON.stringify(trigger.savedNodeStaticData())).toBe(JSON.stringify({ lastEmittedDate: { SUNAT: '2026-08-10' } }));
	});
});
