// A refused credential inside the real n8n: Taxpayer Lookup over 50 items with a wrong token sends
// only the requests in flight when the refusal comes (1 to 5), and every item gets its error, paired
// with its input (Continue On Fail), the later ones saying which item's request was refused. SUNAT
// Invoice with n8n's own credential store: a wrong secret costs one token request for the run; a
// token n8n stored serves the next execution; one found expired is renewed once.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { manyRucs, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { SANDBOX_CLIENT, startSunatFake, type SunatFake } from '../../fakes/sunat';
import { N8n, type CredentialRef, type Scenario, type ScenarioResult } from './n8n';
import { stopAll } from './sandbox';

const RUCS = manyRucs(50);
let fake: LookupFake;
let sunat: SunatFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;
let sunatGood: CredentialRef;

const receipts = (count: number): IDataObject[] =>
	manyRucs(count).map((ruc, n) => ({ ruc, type: '01', series: 'F001', number: String(n + 1), date: '14/03/2025', amount: '100.00' }));
const FROM_ITEM = { issuerRuc: '={{ $json.ruc }}', receiptType: '={{ $json.type }}', series: '={{ $json.series }}', receiptNumber: '={{ $json.number }}', issueDate: '={{ $json.date }}', amount: '={{ $json.amount }}' };
const validate = (credential: CredentialRef, count: number): Scenario => ({
	input: receipts(count),
	node: { type: 'sunatInvoice', parameters: { resource: 'invoice', operation: 'validate', ...FROM_ITEM }, credentials: { sunatApi: credential } },
});
const sunatCredential = (clientSecret: string) => ({ clientId: SANDBOX_CLIENT.clientId, clientSecret, ruc: SANDBOX_CLIENT.ruc, tokenUrl: sunat.url, apiUrl: sunat.url });

beforeAll(async () => {
	fake = await startLookupFake({ everyValidRucExists: true, latencyMs: 5 });
	sunat = await startSunatFake({ everyReceiptExists: true });
	n8n = await N8n.start();
	const wrongToken = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: 'mistyped-token' }, 'Lookup mistyped token');
	const sunatWrong = n8n.credential('sunatApi', sunatCredential('wrong-secret'), 'SUNAT wrong secret');
	sunatGood = n8n.credential('sunatApi', sunatCredential(SANDBOX_CLIENT.clientSecret), 'SUNAT sandbox');
	results = await n8n.runScenarios({
		'50 items, a wrong token': {
			input: RUCS.map((ruc) => ({ ruc })),
			node: { type: 'taxpayerLookup', parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' }, credentials: { taxpayerLookupApi: wrongToken } },
		},
		'SUNAT: 50 checks, a wrong secret': validate(sunatWrong, 50),
	});
});

afterAll(() => stopAll(undefined, n8n, fake, sunat));

/** The token requests made with `secret`. */
const tokenRequestsWith = (secret: string) => sunat.tokenRequests().filter((request) => new URLSearchParams(request.body).get('client_secret') === secret);

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

	it('SUNAT Invoice over 50 checks with a wrong secret asks for one token, sends no check, and every item gets its error', () => {
		expect(tokenRequestsWith('wrong-secret')).toHaveLength(1);
		const { items, itemErrors } = results['SUNAT: 50 checks, a wrong secret'];
		expect(items).toHaveLength(50);
		expect(itemErrors[49]?.message).toBe(
			"Not sent: item 0's request was refused with the same credential: SUNAT refused the credential's client secret (401: Credenciales del cliente inválidas / invalid_client) [item 49]",
		);
	});

	it("SUNAT Invoice: the token n8n stored serves the next execution; one found expired is renewed once, every check answered", async () => {
		const before = sunat.requests.length;
		const first = await n8n.runScenarios({ 'SUNAT: 10 checks': validate(sunatGood, 10) });
		expect(first['SUNAT: 10 checks'].itemErrors.filter(Boolean)).toEqual([]);
		const second = await n8n.runScenarios({ 'SUNAT: 10 checks again': validate(sunatGood, 10) });
		expect(second['SUNAT: 10 checks again'].items.map((item) => item.valid)).toEqual(Array(10).fill(true));
		sunat.expireTokens();
		const third = await n8n.runScenarios({ 'SUNAT: 10 checks, the token expired': validate(sunatGood, 10) });
		expect(third['SUNAT: 10 checks, the token expired'].items.map((item) => item.valid)).toEqual(Array(10).fill(true));
		const requests = sunat.requests.slice(before).map((request) => (request.path.includes('token') ? 'token' : request.status === 401 ? 'expired' : 'check'));
		// One token for the first execution, none for the second (n8n stored it), one renewal for the third.
		expect(requests).toEqual(['token', ...Array(10).fill('check'), ...Array(10).fill('check'), 'expired', 'token', ...Array(10).fill('check')]);
		// Three executions, each booting n8n's CLI.
	}, 600_000);
});
