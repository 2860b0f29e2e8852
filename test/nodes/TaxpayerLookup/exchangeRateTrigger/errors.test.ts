// How the Exchange Rate Trigger fails: every error the lookup API can give becomes the trigger's
// error with the Taxpayer Lookup node's readable message, nothing is marked as emitted, and the
// next good poll catches up.
import type { INodeExecutionData } from 'n8n-workflow';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { NO_PLAN_TOKEN, VALID_TOKEN, startLookupFake, type Failure, type LookupFake } from '../../../../fakes/lookup';
import { runNode } from '../../../harness/engine';
import { exchangeRateTrigger, jsonOf, NODE_NAME, publishedBetween, requestsSince } from './helpers';

let fake: LookupFake;

beforeAll(async () => {
	fake = await startLookupFake({ today: '2026-06-02' });
});

afterEach(() => {
	fake.reset();
	fake.setToday('2026-06-02');
});

afterAll(async () => {
	await fake.close();
});

/** The Taxpayer Lookup node's error for the latest USD rate under the same failure. */
async function taxpayerLookupError(failure?: Failure, credentials = { baseUrl: fake.url, accessToken: VALID_TOKEN }) {
	if (failure) fake.failNext('/ultimo', failure);
	const { error } = await runNode({
		type: 'taxpayerLookup',
		parameters: { resource: 'exchangeRate', operation: 'getLatest', currency: 'USD' },
		credentials: { taxpayerLookupApi: credentials },
	});
	expect(error).toBeDefined();
	return { message: error!.message.replace(/ \[item \d+\]$/, ''), description: error!.description };
}

// Quota refusals that last past the poll; the description tells the poll's bound, not the node's option.
const QUOTA_BACK_IN_AN_HOUR = { 'retry-after': '3600' };
const POLL_WAIT = /A poll waits for the quota only while it may run .*; the next poll tries again\.$/;

const FAILURES: Array<{ name: string; failure: Failure; message: RegExp; description?: RegExp }> = [
	{ name: '403 quota spent', failure: { status: 403, body: { success: false, message: 'Ha superado el límite de consultas de su plan.' }, headers: QUOTA_BACK_IN_AN_HOUR }, message: /^The lookup API's quota is spent for latest USD rate; the API asks to wait 60 min \(403.*límite de consultas/, description: POLL_WAIT },
	{ name: '404', failure: { status: 404, body: { success: false, message: 'No hay tipo de cambio' } }, message: /404/ },
	{ name: '422', failure: { status: 422, body: { success: false, message: 'The given data was invalid.', errors: { moneda: ['El campo moneda es obligatorio.'] } } }, message: /422.*moneda/ },
	{ name: '429', failure: { status: 429, body: { success: false, message: 'Too Many Attempts.' }, headers: QUOTA_BACK_IN_AN_HOUR }, message: /^The lookup API's quota is spent for latest USD rate; the API asks to wait 60 min \(429/, description: POLL_WAIT },
	{ name: '500', failure: { status: 500, body: { success: false, message: 'Server Error' } }, message: /^The lookup API failed on latest USD rate \(500/ },
	{ name: '502 HTML page', failure: { kind: 'html' }, message: /502/ },
	{ name: '200 with "success": false', failure: { kind: 'successFalse' }, message: /reported a failure for latest USD rate.*No se pudo completar/ },
	{ name: '200 with an empty body', failure: { kind: 'emptyBody' }, message: /latest USD rate/ },
	{ name: 'connection reset', failure: { kind: 'reset' }, message: /closed the connection.*ECONNRESET/ },
];

describe('an API error on a poll', () => {
	it.each(FAILURES)('$name: surfaces as the trigger\'s error, marks nothing, and the next poll catches up', async ({ failure, message, description }) => {
		const expected = await taxpayerLookupError(failure);
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] });
		await trigger.activate();
		const saved = trigger.saved;
		fake.setToday('2026-06-04');

		fake.failNext('/ultimo', failure);
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
		expect(jsonOf(items)).toEqual(publishedBetween(fake, '2026-06-03', '2026-06-04', ['USD', 'EUR']));
	});

	it('a quota refusal that ends within the poll is waited out: the poll emits, no error', async () => {
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD'] });
		await trigger.activate();
		fake.setToday('2026-06-04');
		fake.requests.length = 0;
		fake.failNext('/ultimo', { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '1' } });
		const outcome = await trigger.poll();
		expect(outcome.error).toBeUndefined();
		expect(jsonOf(outcome.items)).toEqual(publishedBetween(fake, '2026-06-03', '2026-06-04', ['USD']));
		// Refused once, then asked again.
		expect(fake.requests.filter((request) => request.path.endsWith('/ultimo'))).toHaveLength(2);
	});

	it('cannot reach the API: names the problem and the credential to check', async () => {
		const unreachable = { baseUrl: 'http://127.0.0.1:1', accessToken: VALID_TOKEN };
		const expected = await taxpayerLookupError(undefined, unreachable);
		const trigger = exchangeRateTrigger(fake);
		await trigger.activate();
		const moved = exchangeRateTrigger({ ...fake, url: 'http://127.0.0.1:1' }, {}, { saved: trigger.saved });
		const outcome = await moved.activate('init');
		expect(outcome.error?.message).toBe(expected.message);
		expect(outcome.error?.message).toMatch(/reach the lookup API|refused/i);
		expect(moved.saved).toBe(trigger.saved);
	});

	it('on activation, EUR fails after USD succeeded: the activation fails, nothing is saved, the retry emits all', async () => {
		// USD last emitted Thursday (Friday needs no history); EUR last emitted Monday (needs history).
		fake.setToday('2026-06-05');
		const saved = JSON.stringify({ [`node:${NODE_NAME}`]: { lastEmittedDate: { USD: '2026-06-04', EUR: '2026-06-01' } } });
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] }, { saved });
		await trigger.activate('init'); // catches up
		fake.reset();

		const behind = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] }, { saved });
		fake.failNext('/historico', { status: 503 });
		const failed = await behind.activate('init');
		expect(requestsSince(fake, 0)).toEqual(['latest USD', 'latest EUR', 'history EUR 2026-06-02..2026-06-05']);
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
		const trigger = exchangeRateTrigger(fake, { currencies: ['USD', 'EUR'] });
		await trigger.activate();
		const saved = trigger.saved;
		fake.setToday('2026-06-05');
		// USD's history answers normally; EUR's fails.
		fake.failNext(
			'/historico',
			{ status: 200, body: { success: true, data: fake.ratesBetween('2026-06-03', '2026-06-05', 'USD') } },
			{ status: 503 },
		);
		const before = fake.requests.length;
		const failed = await trigger.poll();
		expect(requestsSince(fake, before)).toEqual([
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
		expect(jsonOf(items)).toEqual(publishedBetween(fake, '2026-06-03', '2026-06-05', ['USD', 'EUR']));
		expect(trigger.emissions).toHaveLength(1);
	});

	it('a failure in the middle of a long catch-up keeps the whole range for the next poll', async () => {
		const saved = JSON.stringify({ [`node:${NODE_NAME}`]: { lastEmittedDate: { USD: '2024-03-01' } } });
		const trigger = exchangeRateTrigger(fake, {}, { saved });
		fake.failNext('/historico', { status: 200, body: { success: true, data: [] } }, { status: 500 });
		const failed = await trigger.activate('init');
		expect(failed.error?.message).toMatch(/USD rates from 2025-03-02 to 2026-03-01 \(500/);
		expect(trigger.saved).toBe(saved);
		const { items } = await trigger.activate('init');
		expect((items as INodeExecutionData[]).length).toBe(fake.ratesBetween('2024-03-02', '2026-06-02', 'USD').length);
	});
});

describe('errors on activation', () => {
	it('a rejected token fails the activation with the readable 401 message; nothing is saved', async () => {
		const expected = await taxpayerLookupError(undefined, { baseUrl: fake.url, accessToken: 'wrong-token' });
		const trigger = exchangeRateTrigger(fake, {}, { token: 'wrong-token' });
		const outcome = await trigger.activate();
		expect(outcome.error?.message).toBe(expected.message);
		expect(outcome.error?.message).toMatch(/^The access token was rejected \(401/);
		expect((outcome.error as { description?: string }).description).toMatch(/paste the access token again/);
		expect(trigger.isActive).toBe(false);
		expect(trigger.saved).toBe('{}');
	});

	it('a plan without the route fails the activation with the readable 403 message', async () => {
		const expected = await taxpayerLookupError(undefined, { baseUrl: fake.url, accessToken: NO_PLAN_TOKEN });
		const trigger = exchangeRateTrigger(fake, {}, { token: NO_PLAN_TOKEN });
		const outcome = await trigger.activate();
		expect(outcome.error?.message).toBe(expected.message);
		expect(outcome.error?.message).toMatch(/^Access denied for latest USD rate \(403/);
		expect(trigger.saved).toBe('{}');
	});

	it('a manual run reports the error too', async () => {
		const trigger = exchangeRateTrigger(fake, {}, { token: 'wrong-token' });
		const { error, items } = await trigger.runManually();
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^The access token was rejected \(401/);
	});

	it('no currency selected is a clear configuration error, before any request', async () => {
		const trigger = exchangeRateTrigger(fake, { currencies: [] });
		const outcome = await trigger.activate();
		expect(outcome.error?.message).toBe('No currency selected');
		expect(fake.requests).toHaveLength(0);
	});
});
