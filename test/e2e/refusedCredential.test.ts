// A refused credential inside the real n8n: Taxpayer Lookup over 50 items with a wrong token sends
// only the requests in flight when the refusal comes (1 to 5), and every item gets its error, paired
// with its input (Continue On Fail), the later ones saying which item's request was refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { manyRucs, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { N8n, type ScenarioResult } from './n8n';

const RUCS = manyRucs(50);
let fake: LookupFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;

beforeAll(async () => {
	fake = await startLookupFake({ everyValidRucExists: true, latencyMs: 5 });
	n8n = await N8n.start();
	const wrongToken = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: 'mistyped-token' }, 'Lookup mistyped token');
	results = await n8n.runScenarios({
		'50 items, a wrong token': {
			input: RUCS.map((ruc) => ({ ruc })),
			node: { type: 'taxpayerLookup', parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' }, credentials: { taxpayerLookupApi: wrongToken } },
		},
	});
});

afterAll(async () => {
	await n8n?.dispose();
	await fake?.close();
});

describe('a refused credential in n8n', () => {
	it('Taxpayer Lookup over 50 items with a wrong token sends 1 to 5 requests, and every item gets its error', () => {
		const requests = fake.requests.filter((request) => request.headers.authorization === 'Bearer mistyped-token');
		expect(requests.length).toBe(fake.requests.length);
		expect(requests.length).toBeGreaterThanOrEqual(1);
		expect(requests.length).toBeLessThanOrEqual(5);
		const { items, itemErrors } = results['50 items, a wrong token'];
		expect(items).toHaveLength(50);
		expect(itemErrors[0]?.message).toBe('The access token was rejected (401: Unauthenticated.) [item 0]');
		expect(itemErrors[49]?.message).toMatch(/^Not sent: item \d's request was refused with the same credential: the access token was rejected \(401: Unauthenticated\.\) \[item 49\]$/);
		expect(itemErrors[49]?.description).toBe('Open the Taxpayer Lookup API credential and paste the access token again from your account page.');
		expect(itemErrors.filter((error) => error?.message.startsWith('Not sent:'))).toHaveLength(50 - requests.length);
	});
});
