// Every Taxpayer Lookup operation against every way the API can misbehave: each gives a clear
// error naming the item, Continue On Fail keeps the other items' results, nothing hangs, and the
// access token never shows.
import { describe, expect, it } from 'vitest';

import { VALID_TOKEN, type Failure } from '../../fakes/lookup';
import { expectOneFailedItem } from '../harness/unordered';
import { runLookup, useLookupFake } from '../nodes/TaxpayerLookup/lookup';

const api = useLookupFake();

const operations: Array<{ name: string; parameters: Record<string, unknown>; live?: boolean }> = [
	{ name: 'taxpayer get', parameters: { resource: 'taxpayer', operation: 'get', ruc: '20131312955' } },
	{ name: 'taxpayer getEconomicActivity', parameters: { resource: 'taxpayer', operation: 'getEconomicActivity', ruc: '20131312955' } },
	{ name: 'taxpayer getWithActivity', parameters: { resource: 'taxpayer', operation: 'getWithActivity', ruc: '20131312955' } },
	{ name: 'taxpayer getRealTime', parameters: { resource: 'taxpayer', operation: 'getRealTime', ruc: '20131312955' }, live: true },
	{ name: 'taxpayer getLegalRepresentatives', parameters: { resource: 'taxpayer', operation: 'getLegalRepresentatives', ruc: '20131312955' }, live: true },
	{ name: 'taxpayer getCoactiveDebt', parameters: { resource: 'taxpayer', operation: 'getCoactiveDebt', ruc: '20100070970' }, live: true },
	{ name: 'exchangeRate getByDate', parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2024-01-10', currency: 'USD' } },
	{ name: 'exchangeRate getLatest', parameters: { resource: 'exchangeRate', operation: 'getLatest', currency: 'EUR' } },
	{ name: 'exchangeRate getHistory', parameters: { resource: 'exchangeRate', operation: 'getHistory', startDate: '2024-01-01', endDate: '2024-01-31', currency: 'USD' } },
];

// A quota refusal is waited out (test/nodes/TaxpayerLookup/quota.test.ts); with Max Wait for Quota
// at 0 it is the error at once.
const noQuotaWait = { maxQuotaWaitSeconds: 0 };

/** `refuses`: the answer refuses the token (for the route), so the run's later items are not sent (test/nodes/TaxpayerLookup/refusedCredential.test.ts). */
const failures: Array<{ name: string; failure: Failure; expected: RegExp; liveExpected?: RegExp; options?: Record<string, unknown>; refuses?: boolean }> = [
	{ name: '400 Laravel body', failure: { status: 400, body: { success: false, message: 'Solicitud inválida' } }, expected: /\(400: Solicitud inválida\)$/ },
	{ name: '401 body without success', failure: { status: 401, body: { message: 'Unauthenticated.' } }, expected: /access token was rejected \(401: Unauthenticated\.\)$/, refuses: true },
	{ name: '403 plan without the route', failure: { status: 403, body: { success: false, message: 'Su plan no incluye esta consulta.' } }, expected: /Access denied .* \(403: Su plan no incluye esta consulta\.\)$/, refuses: true },
	{ name: '403 quota spent', failure: { status: 403, body: { success: false, message: 'Límite alcanzado' } }, expected: /quota is spent for .* \(403: Límite alcanzado\)$/, options: noQuotaWait },
	{ name: '403 without body', failure: { status: 403, body: '' }, expected: /Access denied .* \(403\)$/, refuses: true },
	{ name: '404 with message', failure: { status: 404, body: { success: false, message: 'No encontrado' } }, expected: /\(404: No encontrado\)$/ },
	{ name: '422 with field errors', failure: { status: 422, body: { success: false, message: 'Invalid', errors: { ruc: ['Bad'] } } }, expected: /\(422: Invalid; ruc: Bad\)$/ },
	{ name: '429 plain text', failure: { status: 429, body: 'Too Many Requests', contentType: 'text/plain' }, expected: /quota is spent for .* \(429: Too Many Requests\)$/, options: noQuotaWait },
	{ name: '500 JSON', failure: { status: 500, body: { message: 'Server Error' } }, expected: /The lookup API failed on .* \(500: Server Error\)$/, liveExpected: /SUNAT\) is not answering .* \(500: Server Error\)$/ },
	{ name: '502 HTML page', failure: { kind: 'html' }, expected: /\(502: an HTML page titled "502 Bad Gateway"\)$/ },
	{ name: '200 with success false', failure: { kind: 'successFalse' }, expected: /reported a failure .* \(200: No se pudo completar la consulta\)$/ },
	{ name: '200 truncated JSON', failure: { kind: 'truncatedJson' }, expected: /something that is not JSON/ },
	{ name: '200 empty body', failure: { kind: 'emptyBody' }, expected: /something that is not JSON \(200\)$/ },
	{ name: 'connection closed mid-response', failure: { kind: 'reset' }, expected: /closed the connection .* \(ECONNRESET\)$/, liveExpected: /SUNAT\) is not answering .* \(ECONNRESET\)$/ },
	{ name: 'stall past the timeout', failure: { kind: 'stall' }, expected: /did not answer in time .* \(E[A-Z]+\)$/, liveExpected: /SUNAT\) is not answering .* \(E[A-Z]+\)$/ },
];

const noSecrets = (value: unknown) => expect(JSON.stringify(value)).not.toContain(VALID_TOKEN);

describe.each(operations)('Taxpayer Lookup $name under faults', ({ parameters, live }) => {
	// The Timeout request option only where the answer stalls: on a busy machine a short one would end
	// other requests too, and a request that timed out reaches the fake late, taking the next test's failure.
	const withTimeout = (failure: Failure) => ({ ...parameters, ...('kind' in failure && failure.kind === 'stall' ? { requestOptions: { timeout: 1_000 } } : {}) });

	it.each(failures)('$name: a clear error naming the item', async ({ failure, expected, liveExpected, options }) => {
		api.fake.failNext(/\/api\/v2\//, failure);
		const result = await runLookup(api.fake, { parameters: { ...withTimeout(failure), options } });
		expect(result.error?.message).toMatch(/^[A-Z].* \[item 0\]$/);
		expect(result.error?.message.replace(/ \[item 0\]$/, '')).toMatch(live && liveExpected ? liveExpected : expected);
		expect(result.error?.description).toBeTruthy();
		noSecrets(result.run.data.resultData);
	});

	// A refused token is not one item's failure: the other item gets the refusal unless it went before it came.
	it.each(failures.filter((failure) => !failure.refuses))('$name: Continue On Fail keeps the other item', async ({ failure, options }) => {
		api.fake.failNext(/\/api\/v2\//, failure);
		const result = await runLookup(api.fake, {
			parameters: { ...withTimeout(failure), options },
			items: [{ json: { n: 1 } }, { json: { n: 2 } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expectOneFailedItem(result.items);
		noSecrets(result.items);
	});
});

describe('Taxpayer Lookup against a server that refuses connections', () => {
	it('says it cannot reach the API, for every item, without the token', async () => {
		const { runNode } = await import('../harness/engine');
		const result = await runNode({
			type: 'taxpayerLookup',
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '20131312955' },
			items: [{ json: {} }, { json: {} }],
			continueOnFail: true,
			credentials: { taxpayerLookupApi: { baseUrl: 'http://127.0.0.1:9', accessToken: VALID_TOKEN } },
		});
		expect(result.items.map((item) => item.json.error)).toEqual([
			'Cannot reach the lookup API for RUC 20131312955 (ECONNREFUSED) [item 0]',
			'Cannot reach the lookup API for RUC 20131312955 (ECONNREFUSED) [item 1]',
		]);
		noSecrets(result.items);
	});
});

describe('Taxpayer Lookup under a rate limit', () => {
	it('completes 1,000 items with no error and no option set: the 429s are waited out', async () => {
		// 250 a second, answered with a bare 429 past that: the node backs off and goes on.
		api.fake.options.ratePerSecond = 250;
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '20131312955' },
			items: Array.from({ length: 1000 }, (_, n) => ({ json: { n } })),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1000);
		expect(result.items.every((item) => item.json.ruc === '20131312955')).toBe(true);
		expect(api.fake.queriesUsed).toBe(1000);
		expect(api.fake.peakInFlight).toBeLessThanOrEqual(5);
	}, 60_000);
});
