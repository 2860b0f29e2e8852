// SUNAT's token, per run: a credential SUNAT refuses costs one token request for the whole run, the
// refusal reaching every item without another; a token that expires mid-run is renewed once for
// every check in flight, and each check that met it expired goes again once, with the new token.
import { describe, expect, it } from 'vitest';

import { manyRucs } from '../../../fakes/lookup';
import { FROM_ITEM, jsonOf, runInvoice, sunatCredential, useSunatFake } from './sunat';

const api = useSunatFake({ everyReceiptExists: true, latencyMs: 2 });

/** `count` receipts, each with its own number: a check's body says which item it is. */
const receipts = (count: number) =>
	manyRucs(count).map((ruc, n) => ({ json: { ruc, type: '01', series: 'F001', number: String(n + 1), date: '14/03/2025', amount: '100.00' } }));

const numberOf = (body: string) => (JSON.parse(body) as { numero: string }).numero;

describe('SUNAT Invoice › the token of a run', () => {
	it('2,000 checks with a wrong secret: exactly 1 token request, no check, and every item its error in order (Continue On Fail)', async () => {
		const items = receipts(2000);
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items, continueOnFail: true, credential: { clientSecret: 'wrong' } });

		expect(api.fake.tokenRequests()).toHaveLength(1);
		expect(api.fake.checks()).toHaveLength(0);
		const refused = "SUNAT refused the credential's client secret (401: Credenciales del cliente inválidas / invalid_client)";
		expect(jsonOf(result)).toEqual(
			items.map((_, item) => ({
				error: item === 0 ? `${refused} [item 0]` : `Not sent: item 0's request was refused with the same credential: ${refused} [item ${item}]`,
			})),
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(result.items[1999].error?.description).toContain('paste the Client Secret SUNAT showed');
	});

	it('without Continue On Fail, the run stops at the first refusal: 1 token request, no check', async () => {
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: receipts(500), credential: { clientSecret: 'wrong' } });
		expect(result.error?.message).toBe("SUNAT refused the credential's client secret (401: Credenciales del cliente inválidas / invalid_client) [item 0]");
		expect(api.fake.tokenRequests()).toHaveLength(1);
		expect(api.fake.checks()).toHaveLength(0);
	});

	it("a RUC that is not the client's (403) is refused once: 1 token, 1 check, the other items their error", async () => {
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: receipts(500), continueOnFail: true, credential: { ruc: '20131312955' } });
		expect(api.fake.tokenRequests()).toHaveLength(1);
		expect(api.fake.checks()).toHaveLength(1);
		expect(String(jsonOf(result)[499].error)).toMatch(
			/^Not sent: item 0's request was refused with the same credential: SUNAT does not let this credential ask as the RUC in it, for receipt 01 F001-1 of RUC \d{11} \(403: El RUC consultante no corresponde al cliente\) \[item 499\]$/,
		);
	});

	it('a token expiring after 40 checks, with 4 in flight: exactly 1 renewal, and every check answered once', async () => {
		const items = receipts(120);
		api.fake.expireTokensAfter(40);
		const result = await runInvoice(api.fake, { parameters: { ...FROM_ITEM, options: { maxConcurrentRequests: 4 } }, items });

		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => [json.number, json.valid])).toEqual(items.map((item) => [item.json.number, true]));
		expect(api.fake.tokenRequests()).toHaveLength(2);
		const checks = api.fake.checks();
		const expired = checks.filter((check) => check.status === 401);
		// The checks in flight when the token expired met it; no other.
		expect(expired.length).toBeGreaterThanOrEqual(1);
		expect(expired.length).toBeLessThanOrEqual(4);
		expect(expired.every((check) => check.headers.authorization === 'Bearer fake-sunat-token-1')).toBe(true);
		// Each item answered once; each that met the expired token sent again once, with the new one.
		const answered = checks.filter((check) => check.status === 200).map((check) => numberOf(check.body));
		expect([...answered].sort()).toEqual(items.map((item) => item.json.number).sort());
		for (const check of expired) {
			const again = checks.filter((other) => numberOf(other.body) === numberOf(check.body) && other !== check);
			expect(again.map((other) => [other.status, other.headers.authorization])).toEqual([[200, 'Bearer fake-sunat-token-2']]);
		}
		expect(checks).toHaveLength(items.length + expired.length);
	});

	it('a stored token found expired, then a secret SUNAT refuses: the renewal is the one token request, and it answers every item', async () => {
		const store = { sunatApi: sunatCredential(api.fake, { accessToken: 'expired-token', clientSecret: 'wrong' }) };
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: receipts(300), continueOnFail: true }, store);
		expect(api.fake.tokenRequests()).toHaveLength(1);
		expect(api.fake.checks()).toHaveLength(1);
		expect(String(jsonOf(result)[299].error)).toMatch(/^Not sent: item 0's request was refused with the same credential: SUNAT refused the credential's client secret/);
	});
});
