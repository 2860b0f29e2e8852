// Taxpayer Lookup inside the real n8n, against the lookup-API fake on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NO_PLAN_TOKEN, UNKNOWN_RUC, VALID_TOKEN, startLookupFake, type LookupFake } from '../fakes/lookupApi';
import { N8n, type CredentialRef, type ScenarioResult } from './n8n';

let fake: LookupFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;

const lookup = (credential: CredentialRef, parameters: Record<string, string>) => ({
	node: {
		type: 'taxpayerLookup',
		parameters: { resource: 'taxpayer', ...parameters },
		credentials: { taxpayerLookupApi: credential },
	},
});

beforeAll(async () => {
	fake = await startLookupFake();
	n8n = await N8n.start();
	const good = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: VALID_TOKEN }, 'Lookup fake');
	// A trailing slash on the base URL must not matter.
	const slash = n8n.credential('taxpayerLookupApi', { baseUrl: `${fake.url}/`, accessToken: VALID_TOKEN }, 'Lookup fake, slash');
	const wrongToken = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: 'wrong' }, 'Lookup wrong token');
	const noPlan = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: NO_PLAN_TOKEN }, 'Lookup no plan');

	results = await n8n.runScenarios(
		{
			'get: a taxpayer': lookup(good, { operation: 'get', ruc: '20131312955' }),
			'get: base URL with a slash': lookup(slash, { operation: 'get', ruc: '20100070970' }),
			'get: unknown RUC': lookup(good, { operation: 'get', ruc: UNKNOWN_RUC }),
			'get: rejected token': lookup(wrongToken, { operation: 'get', ruc: '20131312955' }),
			'get: plan without the route': lookup(noPlan, { operation: 'get', ruc: '20131312955' }),
			'get: RUC from input items': {
				input: [{ ruc: '20131312955' }, { ruc: '20100070970' }],
				node: lookup(good, { operation: 'get', ruc: '={{ $json.ruc }}' }).node,
			},
		},
		{ name: 'Taxpayer Lookup: get' },
	);
});

afterAll(async () => {
	await n8n?.dispose();
	await fake?.close();
});

describe('Taxpayer Lookup in n8n: taxpayer get', () => {
	it('returns the registry record, asking GET /api/v2/ruc/{ruc} with the Bearer token', () => {
		const { items, error } = results['get: a taxpayer'];
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			ruc: '20131312955',
			estado_del_contribuyente: 'ACTIVO',
			condicion_de_domicilio: 'HABIDO',
		});
		expect(items[0].nombre_o_razon_social).toMatch(/SUNAT/);
		const request = fake.requests.find((r) => r.path === '/api/v2/ruc/20131312955');
		expect(request?.method).toBe('GET');
		expect(request?.headers.authorization).toBe(`Bearer ${VALID_TOKEN}`);
		expect(request?.headers.accept).toMatch(/application\/json/);
	});

	it('accepts a base URL with a trailing slash', () => {
		const { items, error } = results['get: base URL with a slash'];
		expect(error).toBeUndefined();
		expect(items[0]?.ruc).toBe('20100070970');
		expect(fake.requests.some((r) => r.path.startsWith('//'))).toBe(false);
	});

	it('looks up one taxpayer per input item, by expression', () => {
		const { items, error } = results['get: RUC from input items'];
		expect(error).toBeUndefined();
		expect(items.map((item) => item.ruc)).toEqual(['20131312955', '20100070970']);
	});

	it('reports an unknown RUC, a rejected token and a missing plan as errors n8n shows', () => {
		expect(results['get: unknown RUC'].error?.message).toMatch(new RegExp(UNKNOWN_RUC));
		expect(results['get: rejected token'].error?.message).toMatch(/401|token|auth/i);
		expect(results['get: plan without the route'].error?.message).toMatch(/403|plan|denied|forbidden/i);
		for (const name of ['get: unknown RUC', 'get: rejected token', 'get: plan without the route']) {
			expect(results[name].items).toHaveLength(1);
			expect(results[name].itemErrors[0]?.description, `${name} explains itself`).toBeTruthy();
		}
	});
});
