// How the Exchange Rate Trigger fails, for each source (the SBS, SUNAT): every error the lookup
// API can give becomes the trigger's error with the Taxpayer Lookup node's readable message,
// nothing is marked as emitted, the next good poll catches up once; quota refusals are waited out
// while the poll may run. What only one source has (the SBS's currencies and history, SUNAT's
// missed days asked one by one) is tested for that source below.
import type { INodeExecutionData } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { NO_PLAN_TOKEN, VALID_TOKEN, type Failure } from '../../../../fakes/lookup';
import { runNode } from '../../../harness/engine';
import { useLookupFake } from '../lookup';
import { exchangeRateTrigger, jsonOf, NODE_NAME, publishedBetween, requestsSince, savedMemory, SOURCES, SUNAT, sunatPublishedBetween, sunatRateTrigger, type RateSource } from './helpers';

const lookup = useLookupFake({ today: '2026-06-02' });

const SUNAT_BY_DATE = '/sunat?fecha=';

/**
 * The Taxpayer Lookup node's error under the same failure: the latest rate of the source, or
 * SUNAT's rate of a day.
 */
async function taxpayerLookupError(
	source: RateSource,
	failure?: Failure,
	credentials = { baseUrl: lookup.fake.url, accessToken: VALID_TOKEN },
	date?: string,
) {
	if (failure) lookup.fake.failNext(date ? `${SUNAT_BY_DATE}${date}` : source.latestRoute, failure);
	const parameters = date ? { resource: 'exchangeRate', operation: 'getByDate', source: 'sunat', date } : source.latestLookup;
	const { error } = await runNode({ type: 'taxpayerLookup', parameters, credentials: { taxpayerLookupApi: credentials } });
	lookup.fake.reset();
	expect(error).toBeDefined();
	return { message: error!.message.replace(/ \[item \d+\]$/, ''), description: error!.description };
}

// Quota refusals that last past the poll; the description tells the poll's bound, not the node's option.
const QUOTA_BACK_IN_AN_HOUR = { 'retry-after': '3600' };
const POLL_WAIT = /A poll waits for the quota only while it may run .*; the next poll tries again\.$/;
const SPENT_403: Failure = { status: 403, body: { success: false, message: 'Ha superado el límite de consultas de su plan.' }, headers: QUOTA_BACK_IN_AN_HOUR };
const TOO_MANY_429: Failure = { status: 429, body: { success: false, message: 'Too Many Attempts.' }, headers: QUOTA_BACK_IN_AN_HOUR };
/** Refusals that end within the poll. */
const SPENT_FOR_A_SECOND: Failure = { status: 403, body: { success: false, message: 'Ha superado el límite de consultas de su plan.' }, headers: { 'retry-after': '1' } };
const TOO_MANY_FOR_A_SECOND: Failure = { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '1' } };

type Case = { name: string; failure: Failure; message: RegExp; description?: RegExp };

/** Failures of the latest rate's request, with the trigger's words for the source's latest rate. */
const latestFailures = ({ latestSubject: subject, requiredField: field, notFound }: RateSource): Case[] => [
	{ name: '403 quota spent', failure: SPENT_403, message: new RegExp(`^The lookup API's quota is spent for ${subject}; the API asks to wait 60 min \\(403.*límite de consultas`), description: POLL_WAIT },
	{ name: '404', failure: { status: 404, body: { success: false, message: 'No hay tipo de cambio' } }, message: notFound },
	{ name: '422', failure: { status: 422, body: { success: false, message: 'The given data was invalid.', errors: { [field]: [`El campo ${field} es obligatorio.`] } } }, message: new RegExp(`422.*${field}`) },
	{ name: '429', failure: TOO_MANY_429, message: new RegExp(`^The lookup API's quota is spent for ${subject}; the API asks to wait 60 min \\(429`), description: POLL_WAIT },
	{ name: '500', failure: { status: 500, body: { success: false, message: 'Server Error' } }, message: new RegExp(`^The lookup API failed on ${subject} \\(500`) },
	{ name: '502 HTML page', failure: { kind: 'html' }, message: /502/ },
	{ name: '200 with "success": false', failure: { kind: 'successFalse' }, message: new RegExp(`reported a failure for ${subject}.*No se pudo completar`) },
	{ name: '200 with an empty body', failure: { kind: 'emptyBody' }, message: new RegExp(subject) },
	{ name: 'connection reset', failure: { kind: 'reset' }, message: /closed the connection.*ECONNRESET/ },
];

/** A poll two days after the activation whose latest rate, then first missed day, are refused once for a second. */
const REFUSED_FOR_A_SECOND = {
	SBS: { missedDayRoute: '/historico', requests: ['latest USD', 'latest USD', 'history USD 2026-06-03..2026-06-04', 'history USD 2026-06-03..2026-06-04'] },
	SUNAT: { missedDayRoute: `${SUNAT_BY_DATE}2026-06-03`, requests: ['sunat latest', 'sunat latest', 'sunat 2026-06-03', 'sunat 2026-06-03'] },
};

describe.each(SOURCES)('$name', (source) => {
	describe('an API error on a poll', () => {
		it.each(latestFailures(source))("latest, $name: surfaces as the trigger's error, marks nothing, and the next poll catches up", async ({ failure, message, description }) => {
			const expected = await taxpayerLookupError(source, failure);
			const trigger = source.trigger(lookup.fake, source.everyRate);
			await trigger.activate();
			const saved = trigger.saved;
			lookup.fake.setToday('2026-06-04');

			lookup.fake.failNext(source.latestRoute, failure);
			const outcome = await trigger.poll();
			expect(outcome.items).toBeNull();
			expect(outcome.error?.message).toMatch(message);
			expect(outcome.error?.message).toBe(expected.message);
			if (description) expect((outcome.error as { description?: string }).description).toMatch(description);
			else expect((outcome.error as { description?: string }).description).toBe(expected.description);
			expect(outcome.error?.constructor.name).toBe('NodeApiError');
			expect(trigger.errors).toEqual([outcome.error]);
			expect(trigger.saved).toBe(saved);
			expect(trigger.nodeStaticData()).toEqual(trigger.savedNodeStaticData());

			const { items } = await trigger.poll();
			expect(jsonOf(items)).toEqual(source.published(lookup.fake, '2026-06-03', '2026-06-04', true));
		});

		it('a quota refusal that ends within the poll is waited out, on the latest and on a missed day: the poll emits, no error', async () => {
			const { missedDayRoute, requests } = REFUSED_FOR_A_SECOND[source.name];
			const trigger = source.trigger(lookup.fake);
			await trigger.activate();
			lookup.fake.setToday('2026-06-04');
			lookup.fake.requests.length = 0;
			lookup.fake.failNext(source.latestRoute, TOO_MANY_FOR_A_SECOND);
			lookup.fake.failNext(missedDayRoute, SPENT_FOR_A_SECOND);
			const outcome = await trigger.poll();
			expect(outcome.error).toBeUndefined();
			expect(jsonOf(outcome.items)).toEqual(source.published(lookup.fake, '2026-06-03', '2026-06-04'));
			// Each refused once, then asked again.
			expect(lookup.fake.requests.filter((request) => request.path.endsWith('/ultimo'))).toHaveLength(2);
			expect(requestsSince(lookup.fake, 0)).toEqual(requests);
		});

		it('cannot reach the API: names the problem and the credential to check', async () => {
			const unreachable = { baseUrl: 'http://127.0.0.1:1', accessToken: VALID_TOKEN };
			const expected = await taxpayerLookupError(source, undefined, unreachable);
			const trigger = source.trigger(lookup.fake);
			await trigger.activate();
			const moved = source.trigger({ ...lookup.fake, url: 'http://127.0.0.1:1' }, {}, { saved: trigger.saved });
			const outcome = await moved.activate('init');
			expect(outcome.error?.message).toBe(expected.message);
			expect(outcome.error?.message).toMatch(/reach the lookup API|refused/i);
			expect(moved.saved).toBe(trigger.saved);
		});
	});

	describe('errors on activation', () => {
		it('a rejected token fails the activation with the readable 401 message; nothing is saved', async () => {
			const expected = await taxpayerLookupError(source, undefined, { baseUrl: lookup.fake.url, accessToken: 'wrong-token' });
			const trigger = source.trigger(lookup.fake, {}, { token: 'wrong-token' });
			const outcome = await trigger.activate();
			expect(outcome.error?.message).toBe(expected.message);
			expect(outcome.error?.message).toMatch(/^The access token was rejected \(401/);
			expect((outcome.error as { description?: string }).description).toMatch(/paste the access token again/);
			expect(trigger.isActive).toBe(false);
			expect(trigger.saved).toBe('{}');
		});

		it('a plan without the route fails the activation with the readable 403 message', async () => {
			const expected = await taxpayerLookupError(source, undefined, { baseUrl: lookup.fake.url, accessToken: NO_PLAN_TOKEN });
			const trigger = source.trigger(lookup.fake, {}, { token: NO_PLAN_TOKEN });
			const outcome = await trigger.activate();
			expect(outcome.error?.message).toBe(expected.message);
			expect(outcome.error?.message).toMatch(new RegExp(`^Access denied for ${source.latestSubject} \\(403`));
			expect(trigger.saved).toBe('{}');
		});

		it('a manual run reports the error too, and does not wait for quota', async () => {
			const trigger = source.trigger(lookup.fake, {}, { token: 'wrong-token' });
			const { error, items } = await trigger.runManually();
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/^The access token was rejected \(401/);

			const quota = source.trigger(lookup.fake);
			lookup.fake.failNext(source.latestRoute, TOO_MANY_FOR_A_SECOND);
			const before = lookup.fake.requests.length;
			const refused = await quota.runManually();
			expect(refused.error?.message).toMatch(/^Rate limited by the lookup API \(429/);
			// Not waited out: the refused request is the run's only one (a wait would have sent it again, and succeeded).
			expect(lookup.fake.requests.slice(before).map((request) => request.path.split('?')[0])).toEqual([expect.stringMatching(/^\/api\/v2\/tipo-cambio\/[a-z]+\/ultimo$/)]);
			expect(lookup.fake.requests.at(-1)?.path).toContain(source.latestRoute);
		});
	});
});

describe('SBS: its currencies and their history', () => {
	it('on activation, EUR fails after USD succeeded: the activation fails, nothing is saved, the retry emits all', async () => {
		// USD last emitted Thursday (Friday needs no history); EUR last emitted Monday (needs history).
		lookup.fake.setToday('2026-06-05');
		const saved = JSON.stringify({ [`node:${NODE_NAME}`]: { lastEmittedDate: { USD: '2026-06-04', EUR: '2026-06-01' } } });
		const trigger = exchangeRateTrigger(lookup.fake, { currencies: ['USD', 'EUR'] }, { saved });
		await trigger.activate('init'); // catches up
		lookup.fake.reset();

		const behind = exchangeRateTrigger(lookup.fake, { currencies: ['USD', 'EUR'] }, { saved });
		lookup.fake.failNext('/historico', { status: 503 });
		const failed = await behind.activate('init');
		expect(requestsSince(lookup.fake, 0)).toEqual(['latest USD', 'latest EUR', 'history EUR 2026-06-02..2026-06-05']);
		expect(failed.error?.message).toMatch(/^The lookup API failed on EUR rates from 2026-06-02 to 2026-06-05 \(503/);
		expect(behind.saved).toBe(saved);
		expect(behind.isActive).toBe(false);

		// n8n retries the activation; now all of it comes, once.
		const retried = await behind.activate('init');
		const emitted = jsonOf(retried.items).map((record) => `${record.fecha} ${record.moneda}`);
		expect(emitted).toEqual(['2026-06-02 EUR', '2026-06-03 EUR', '2026-06-04 EUR', '2026-06-05 USD', '2026-06-05 EUR']);
		expect(behind.savedNodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-05', EUR: '2026-06-05' } });
	});

	it('EUR fails after USD was fetched: the USD rates are neither emitted nor marked', async () => {
		const trigger = exchangeRateTrigger(lookup.fake, { currencies: ['USD', 'EUR'] });
		await trigger.activate();
		const saved = trigger.saved;
		lookup.fake.setToday('2026-06-05');
		// USD's history answers normally; EUR's fails.
		lookup.fake.failNext(
			'/historico',
			{ status: 200, body: { success: true, data: lookup.fake.ratesBetween('2026-06-03', '2026-06-05', 'USD') } },
			{ status: 503 },
		);
		const before = lookup.fake.requests.length;
		const failed = await trigger.poll();
		expect(requestsSince(lookup.fake, before)).toEqual([
			'latest USD',
			'history USD 2026-06-03..2026-06-05',
			'latest EUR',
			'history EUR 2026-06-03..2026-06-05',
		]);
		expect(failed.items).toBeNull();
		expect(failed.error?.message).toMatch(/^The lookup API failed on EUR rates from 2026-06-03 to 2026-06-05 \(503/);
		expect(trigger.nodeStaticData()).toEqual({ lastEmittedDate: { USD: '2026-06-02', EUR: '2026-06-02' } });
		expect(trigger.saved).toBe(saved);

		const { items } = await trigger.poll();
		expect(jsonOf(items)).toEqual(publishedBetween(lookup.fake, '2026-06-03', '2026-06-05', ['USD', 'EUR']));
		expect(trigger.emissions).toHaveLength(1);
	});

	it('a failure in the middle of a long catch-up keeps the whole range for the next poll', async () => {
		const saved = JSON.stringify({ [`node:${NODE_NAME}`]: { lastEmittedDate: { USD: '2024-03-01' } } });
		const trigger = exchangeRateTrigger(lookup.fake, {}, { saved });
		lookup.fake.failNext('/historico', { status: 200, body: { success: true, data: [] } }, { status: 500 });
		const failed = await trigger.activate('init');
		expect(failed.error?.message).toMatch(/USD rates from 2025-03-02 to 2026-03-01 \(500/);
		expect(trigger.saved).toBe(saved);
		const { items } = await trigger.activate('init');
		expect((items as INodeExecutionData[]).length).toBe(lookup.fake.ratesBetween('2024-03-02', '2026-06-02', 'USD').length);
	});

	it('no currency selected is a clear configuration error, before any request', async () => {
		const trigger = exchangeRateTrigger(lookup.fake, { currencies: [] });
		const outcome = await trigger.activate();
		expect(outcome.error?.message).toBe('No currency selected');
		expect(lookup.fake.requests).toHaveLength(0);
	});
});

/** Failures of a missed day's request: a 404 is no failure there (a day without a rate). */
const DAY_FAILURES: Array<{ name: string; failure: Failure; message: RegExp; description?: RegExp }> = [
	{ name: '403 quota spent', failure: SPENT_403, message: /^The lookup API's quota is spent for SUNAT USD rate for 2026-06-04; the API asks to wait 60 min \(403/, description: POLL_WAIT },
	{ name: '403 plan', failure: { status: 403, body: { success: false, message: 'Su plan no incluye esta consulta.' } }, message: /^Access denied for SUNAT USD rate for 2026-06-04 \(403: Su plan no incluye esta consulta\.\)$/ },
	{ name: '422', failure: { status: 422, body: { success: false, message: 'The given data was invalid.', errors: { fecha: ['El campo fecha no corresponde con el formato Y-m-d.'] } } }, message: /^The API rejected the request for SUNAT USD rate for 2026-06-04 \(422.*fecha/ },
	{ name: '429', failure: TOO_MANY_429, message: /^The lookup API's quota is spent for SUNAT USD rate for 2026-06-04; the API asks to wait 60 min \(429/, description: POLL_WAIT },
	{ name: '500', failure: { status: 500, body: { success: false, message: 'Server Error' } }, message: /^The lookup API failed on SUNAT USD rate for 2026-06-04 \(500: Server Error\)$/ },
	{ name: 'truncated JSON', failure: { kind: 'truncatedJson' }, message: /SUNAT USD rate for 2026-06-04 with something that is not JSON/ },
	{ name: '200 with "success": false', failure: { kind: 'successFalse' }, message: /reported a failure for SUNAT USD rate for 2026-06-04/ },
	{ name: 'connection reset', failure: { kind: 'reset' }, message: /closed the connection while answering SUNAT USD rate for 2026-06-04 \(ECONNRESET\)$/ },
];

describe('SUNAT: its missed days, asked one by one', () => {
	it.each(DAY_FAILURES)('a missed day, $name: the days already fetched are neither emitted nor marked; the next poll emits each once', async ({ failure, message, description }) => {
		const expected = await taxpayerLookupError(SUNAT, failure, undefined, '2026-06-04');
		const trigger = sunatRateTrigger(lookup.fake);
		await trigger.activate();
		const saved = trigger.saved;
		lookup.fake.setToday('2026-06-05');

		// 06-03 answers, 06-04 fails: the poll stops there.
		lookup.fake.failNext(`${SUNAT_BY_DATE}2026-06-04`, failure);
		const before = lookup.fake.requests.length;
		const outcome = await trigger.poll();
		expect(requestsSince(lookup.fake, before)).toEqual(['sunat latest', 'sunat 2026-06-03', 'sunat 2026-06-04']);
		expect(outcome.items).toBeNull();
		expect(outcome.error?.message).toMatch(message);
		expect(outcome.error?.message).toBe(expected.message);
		if (description) expect((outcome.error as { description?: string }).description).toMatch(description);
		else expect((outcome.error as { description?: string }).description).toBe(expected.description);
		expect(trigger.saved).toBe(saved);
		expect(trigger.nodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: '2026-06-02' } });
		expect(JSON.stringify({ errors: trigger.errors, saved: trigger.saved })).not.toContain(VALID_TOKEN);

		const { items } = await trigger.poll();
		expect(jsonOf(items)).toEqual(sunatPublishedBetween(lookup.fake, '2026-06-03', '2026-06-05'));
		expect(trigger.emissions).toHaveLength(1);
	});

	it('a day answered without a date is an error, not a guess: nothing is emitted or marked', async () => {
		const trigger = sunatRateTrigger(lookup.fake);
		await trigger.activate();
		lookup.fake.setToday('2026-06-05');
		lookup.fake.failNext(`${SUNAT_BY_DATE}2026-06-03`, { status: 200, body: { success: true, precio_compra: '3.500', precio_venta: '3.512' } });
		const outcome = await trigger.poll();
		expect(outcome.error?.message).toBe('The lookup API answered the SUNAT USD rate for 2026-06-03 without a date');
		expect(trigger.nodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: '2026-06-02' } });
		expect(jsonOf((await trigger.poll()).items)).toEqual(sunatPublishedBetween(lookup.fake, '2026-06-03', '2026-06-05'));
	});

	it('the latest rate answered without a date is an error', async () => {
		const trigger = sunatRateTrigger(lookup.fake);
		lookup.fake.failNext(SUNAT.latestRoute, { status: 200, body: { success: true, fecha: '02/06/2026', precio_compra: '3.500', precio_venta: '3.512' } });
		const outcome = await trigger.activate();
		expect(outcome.error?.message).toBe('The lookup API answered the latest SUNAT USD rate without a date');
		expect((outcome.error as { description?: string }).description).toMatch(/^Expected a "fecha" as YYYY-MM-DD, got "02\/06\/2026"/);
		expect(trigger.saved).toBe('{}');
	});

	it("a catch-up longer than the plan's window waits for the next windows within the poll", async () => {
		// The plan allows 4 queries a second here; the gap needs 1 + 9 requests.
		lookup.fake.options.windowQuota = { budget: 4, windowMs: 1000 };
		const trigger = sunatRateTrigger(lookup.fake, {}, { saved: savedMemory({ SUNAT: '2026-06-02' }) });
		lookup.fake.setToday('2026-06-12');
		const outcome = await trigger.activate('init');
		expect(outcome.error).toBeUndefined();
		expect(jsonOf(outcome.items)).toEqual(sunatPublishedBetween(lookup.fake, '2026-06-03', '2026-06-12'));
		const asked = requestsSince(lookup.fake, 0);
		expect(new Set(asked)).toEqual(new Set(['sunat latest', ...['03', '04', '05', '06', '07', '08', '09', '10', '11'].map((day) => `sunat 2026-06-${day}`)]));
		expect(asked.length).toBeGreaterThan(10); // some were refused and asked again
	});

	it('a missed day that does not answer within the poll budget: a timeout error, nothing marked', async () => {
		const trigger = sunatRateTrigger(lookup.fake, {}, { pollBudgetMs: 400 });
		await trigger.activate();
		const saved = trigger.saved;
		lookup.fake.setToday('2026-06-05');
		lookup.fake.failNext(`${SUNAT_BY_DATE}2026-06-04`, { kind: 'stall' });
		const outcome = await trigger.poll();
		expect(outcome.error?.message).toMatch(/^The lookup API did not answer in time for SUNAT USD rate for 2026-06-04 \(E[A-Z]+\)$/);
		expect(trigger.saved).toBe(saved);
		expect(jsonOf((await trigger.poll()).items)).toEqual(sunatPublishedBetween(lookup.fake, '2026-06-03', '2026-06-05'));
	});

	it('on activation, a missed day fails: the activation fails, nothing is saved, the retry emits all once', async () => {
		lookup.fake.setToday('2026-06-08');
		const saved = savedMemory({ SUNAT: '2026-06-03' });
		const trigger = sunatRateTrigger(lookup.fake, {}, { saved });
		lookup.fake.failNext(`${SUNAT_BY_DATE}2026-06-06`, { status: 503 });
		const failed = await trigger.activate('init');
		expect(requestsSince(lookup.fake, 0)).toEqual(['sunat latest', 'sunat 2026-06-04', 'sunat 2026-06-05', 'sunat 2026-06-06']);
		expect(failed.error?.message).toMatch(/^The lookup API failed on SUNAT USD rate for 2026-06-06 \(503/);
		expect(trigger.saved).toBe(saved);
		expect(trigger.isActive).toBe(false);

		// n8n retries the activation; now all of it comes, once.
		const retried = await trigger.activate('init');
		expect(jsonOf(retried.items).map((record) => record.fecha)).toEqual(['2026-06-04', '2026-06-05', '2026-06-08']);
		expect(trigger.savedNodeStaticData()).toEqual({ lastEmittedDate: { SUNAT: '2026-06-08' } });
	});

	it('a failure in a later window of a long catch-up keeps what earlier polls emitted, and only that', async () => {
		const trigger = sunatRateTrigger(lookup.fake, {}, { saved: savedMemory({ SUNAT: '2026-03-02' }) });
		await trigger.activate('init'); // 03-03 .. 04-02
		const saved = trigger.saved;
		lookup.fake.failNext(`${SUNAT_BY_DATE}2026-04-20`, { status: 500 });
		const failed = await trigger.poll();
		expect(failed.error?.message).toMatch(/SUNAT USD rate for 2026-04-20 \(500/);
		expect(trigger.saved).toBe(saved);
		while ((await trigger.poll()).items !== null);
		expect(trigger.emissions.flatMap(jsonOf)).toEqual(sunatPublishedBetween(lookup.fake, '2026-03-03', '2026-06-02'));
	});
});
