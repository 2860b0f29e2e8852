// Every way the API can fail, with Continue On Fail off (the run stops with a readable error)
// and on (the failing item carries the error, the other items still run).
import { describe, expect, it } from 'vitest';

import { NO_PLAN_TOKEN, VALID_TOKEN, type Failure } from '../../../fakes/lookup';
import { runLookup, useLookupFake } from './lookup';

const api = useLookupFake();

const get = (ruc = '20131312955') => ({ resource: 'taxpayer', operation: 'get', ruc });

interface Case {
	name: string;
	parameters: Record<string, unknown>;
	failure?: Failure;
	token?: string;
	message: string;
	description: RegExp;
}

const cases: Case[] = [
	{
		name: '401 with the body that has no success key',
		parameters: get(),
		token: 'wrong-token',
		message: 'The access token was rejected (401: Unauthenticated.) [item 0]',
		description: /paste the access token again/,
	},
	{
		name: '403 plan without the route',
		parameters: get(),
		token: NO_PLAN_TOKEN,
		message: 'Access denied for RUC 20131312955 (403: Su plan no incluye esta consulta.) [item 0]',
		description: /plan may not include this route, or its query quota is spent/,
	},
	{
		name: '404 on a taxpayer route',
		parameters: get('20600000005'),
		message: 'No taxpayer found with RUC 20600000005 (404: No se encontró el RUC) [item 0]',
		description: /registry has no taxpayer/,
	},
	{
		name: '404 on a rate route',
		parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2025-12-25', currency: 'EUR' },
		message: 'No EUR rate for 2025-12-25 was published (404: No hay tipo de cambio para la fecha) [item 0]',
		description: /business days only/,
	},
	{
		name: '422 with Laravel field messages',
		parameters: get(),
		failure: { status: 422, body: { success: false, message: 'The given data was invalid.', errors: { ruc: ['El ruc es inválido.'], extra: ['Otro.'] } } },
		message: 'The API rejected the request for RUC 20131312955 (422: The given data was invalid.; ruc: El ruc es inválido.; extra: Otro.) [item 0]',
		description: /Correct the fields/,
	},
	{
		name: '429 asking for longer than Max Wait for Quota',
		parameters: get(),
		failure: { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '1200' } },
		message: "The lookup API's quota is spent for RUC 20131312955; the API asks to wait 20 min (429: Too Many Attempts.) [item 0]",
		description: /The plans allow 900, 1,800 or 3,600 queries .* Max Wait for Quota \(Options\), now 16 min/,
	},
	{
		name: '500 on a live route',
		parameters: { resource: 'taxpayer', operation: 'getRealTime', ruc: '20131312955' },
		failure: { status: 500, body: { success: false, message: 'No se pudo conectar con SUNAT' } },
		message: 'The tax authority (SUNAT) is not answering for RUC 20131312955 (500: No se pudo conectar con SUNAT) [item 0]',
		description: /Try again in a few minutes/,
	},
	{
		name: '503 on a live route',
		parameters: { resource: 'taxpayer', operation: 'getCoactiveDebt', ruc: '20131312955' },
		failure: { status: 503, body: 'Service Unavailable', contentType: 'text/plain' },
		message: 'The tax authority (SUNAT) is not answering for RUC 20131312955 (503: Service Unavailable) [item 0]',
		description: /asks SUNAT in real time/,
	},
	{
		name: 'connection dropped on a live route',
		parameters: { resource: 'taxpayer', operation: 'getLegalRepresentatives', ruc: '20131312955' },
		failure: { kind: 'reset' },
		message: 'The tax authority (SUNAT) is not answering for RUC 20131312955 (ECONNRESET) [item 0]',
		description: /Try again in a few minutes/,
	},
	{
		name: 'connection dropped on a database route',
		parameters: get(),
		failure: { kind: 'reset' },
		message: 'The lookup API closed the connection while answering RUC 20131312955 (ECONNRESET) [item 0]',
		description: /Try again/,
	},
	{
		name: '500 on a database route',
		parameters: { resource: 'exchangeRate', operation: 'getLatest', currency: 'USD' },
		failure: { status: 500, body: { success: false, message: 'Server Error' } },
		message: 'The lookup API failed on latest USD rate (500: Server Error) [item 0]',
		description: /server had a problem/,
	},
	{
		name: 'an HTML error page',
		parameters: get(),
		failure: { kind: 'html' },
		message: 'The lookup API failed on RUC 20131312955 (502: an HTML page titled "502 Bad Gateway") [item 0]',
		description: /Try again/,
	},
	{
		name: '200 whose body says success: false',
		parameters: get(),
		failure: { kind: 'successFalse' },
		message: 'The lookup API reported a failure for RUC 20131312955 (200: No se pudo completar la consulta) [item 0]',
		description: /could not answer it/,
	},
	{
		name: 'truncated JSON',
		parameters: get(),
		failure: { kind: 'truncatedJson' },
		message: 'The lookup API answered RUC 20131312955 with something that is not JSON (200: {"success": true, "ruc": "2013131) [item 0]',
		description: /Base URL/,
	},
	{
		name: 'an empty body',
		parameters: get(),
		failure: { kind: 'emptyBody' },
		message: 'The lookup API answered RUC 20131312955 with something that is not JSON (200) [item 0]',
		description: /Base URL/,
	},
	{
		name: 'an unexpected status',
		parameters: get(),
		failure: { status: 418, body: { message: "I'm a teapot" } },
		message: "The lookup API answered RUC 20131312955 (418: I'm a teapot) [item 0]",
		description: /Base URL/,
	},
];

/** How many items the second, good item of a Continue On Fail run makes, by operation (1 unless listed). */
const SECOND_ITEM_OUTPUTS: Record<string, number> = { getCoactiveDebt: 2, getLegalRepresentatives: 0 };

describe('Taxpayer Lookup › API errors', () => {
	it.each(cases)('$name: stops the run with a readable error', async ({ parameters, failure, token, message, description }) => {
		if (failure) api.fake.failNext(/\/api\/v2\//, failure);
		const result = await runLookup(api.fake, { parameters, token });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toMatch(description);
		expect(result.items).toEqual([]);
		for (const secret of [VALID_TOKEN, token ?? VALID_TOKEN]) {
			expect(JSON.stringify(result.run.data.resultData)).not.toContain(secret);
		}
	});

	it.each(cases)('$name: with Continue On Fail the item carries the error and the next item still runs', async ({ parameters, failure, token, message }) => {
		// The second item asks for another, good record; with a bad token it fails the same way. Both
		// requests go out at once and either may arrive first, so the failure targets the first's.
		const byRuc = parameters.ruc !== undefined;
		if (failure) api.fake.failNext(byRuc ? `/${String(parameters.ruc)}` : `moneda=${String(parameters.currency)}`, failure);
		const result = await runLookup(api.fake, {
			parameters: { ...parameters, ...(byRuc ? { ruc: '={{ $json.ruc }}' } : { currency: '={{ $json.currency }}' }) },
			items: byRuc
				? [{ json: { ruc: parameters.ruc } }, { json: { ruc: '20100070970' } }]
				: [{ json: { currency: parameters.currency } }, { json: { currency: parameters.currency === 'USD' ? 'EUR' : 'USD' } }],
			token,
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ error: message });
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		// The second item was sent too; when the failure was a one-off, it succeeded.
		expect(api.fake.requests).toHaveLength(2);
		const second = result.items.slice(1);
		// Its items: one error with a refused token; else what its route gives 20100070970 (no legal
		// representative: none), or its rate.
		expect(second).toHaveLength(token ? 1 : (SECOND_ITEM_OUTPUTS[String(parameters.operation)] ?? 1));
		expect(second.every((item) => (item.pairedItem as { item: number }).item === 1)).toBe(true);
		if (failure && !token) expect(second.every((item) => item.json.error === undefined)).toBe(true);
		expect(JSON.stringify(result.items)).not.toContain(VALID_TOKEN);
	});

	it('times out a stalled answer with the Timeout request option, naming the item', async () => {
		api.fake.failNext('sunat', { kind: 'stall' });
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getRealTime', ruc: '20131312955', requestOptions: { timeout: 300 } },
		});
		expect(result.error?.message).toMatch(/^The tax authority \(SUNAT\) is not answering for RUC 20131312955 \(E[A-Z]+\) \[item 0\]$/);
	});

	it('explains a refused connection as an unreachable Base URL', async () => {
		const result = await runNodeAt('http://127.0.0.1:9/');
		expect(result.error?.message).toBe('Cannot reach the lookup API for RUC 20131312955 (ECONNREFUSED) [item 0]');
		expect(result.error?.description).toMatch(/Check the Base URL/);
	});
});

async function runNodeAt(baseUrl: string) {
	const { runNode } = await import('../../harness/engine');
	return await runNode({
		type: 'taxpayerLookup',
		parameters: get() as never,
		credentials: { taxpayerLookupApi: { baseUrl, accessToken: VALID_TOKEN } },
	});
}
