// The Taxpayer Lookup API credential: its fields, and its Test button as n8n's credential tester runs
// it (test/harness/credentialTest.ts: the nodes' taxpayerLookupApiTest) against the fake.
import { createServer } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TaxpayerLookupApi } from '../../credentials/TaxpayerLookupApi.credentials';
import { NO_PLAN_TOKEN, startLookupFake, VALID_TOKEN, type LookupFake } from '../../fakes/lookup';
import { runCredentialTest } from '../harness/credentialTest';

const credential = new TaxpayerLookupApi();

let fake: LookupFake;
beforeAll(async () => {
	fake = await startLookupFake({ today: '2026-11-20' });
});
afterAll(async () => {
	await fake.close();
});

async function testWith(accessToken: string, baseUrl = `${fake.url}//`) {
	fake.reset();
	fake.clearFailures();
	return await runCredentialTest(credential, { baseUrl, accessToken });
}

describe('Taxpayer Lookup API credential', () => {
	it('names its provider where the credential picker searches, and links to it', () => {
		expect(credential.displayName).toBe('Taxpayer Lookup (MIGO RUC) API');
		const [provider, ...fields] = credential.properties;
		expect(provider).toMatchObject({ type: 'notice' });
		expect(provider.displayName).toContain('<a href="https://migo.pe" target="_blank">MIGO</a>');
		expect(fields.map((p) => [p.name, p.required, p.typeOptions?.password ?? false])).toEqual([
			['baseUrl', true, false],
			['accessToken', true, true],
		]);
	});

	it('calls the latest USD rate with the Bearer token, tolerating trailing slashes in the Base URL', async () => {
		expect(await testWith(VALID_TOKEN)).toEqual({ status: 'OK', message: 'MIGO accepted the token: the lookup API answered.' });
		expect(fake.requests).toHaveLength(1);
		expect(fake.requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/v2/tipo-cambio/sbs/ultimo',
			query: { moneda: 'USD' },
		});
		expect(fake.requests[0].headers.authorization).toBe(`Bearer ${VALID_TOKEN}`);
		expect(fake.requests[0].headers.accept).toBe('application/json');
	});

	it('explains a rejected token (401)', async () => {
		expect(await testWith('expired')).toEqual({
			status: 'Error',
			message: 'MIGO rejected the access token (401 Unauthenticated). Copy the token again from your MIGO account at migo.pe.',
		});
	});

	it("explains a plan that lacks the route (403), with the API's reason", async () => {
		const { status, message } = await testWith(NO_PLAN_TOKEN);
		expect(status).toBe('Error');
		expect(message).toMatch(/^The token is valid but access was denied \(403\): your MIGO plan lacks the exchange-rate route\. The API says: ".+"\.$/);
	});

	it.each([
		[429, { message: 'Too Many Attempts.' }],
		[403, { success: false, message: 'Has excedido el límite de consultas de tu plan' }],
	])('tells a spent quota (%i) apart from a bad token: the token could not be checked', async (status, body) => {
		fake.reset();
		fake.clearFailures();
		fake.failNext('ultimo', { status, body });
		const result = await runCredentialTest(credential, { baseUrl: fake.url, accessToken: VALID_TOKEN });
		expect(result).toEqual({
			status: 'Error',
			message: `MIGO refuses queries for now: the plan's quota is spent (${status}), so the token could not be checked. Try again after the 15-minute window. The API says: "${body.message}".`,
		});
	});

	it('says so when the Base URL points at something else: a 404, or a web page', async () => {
		expect(await testWith(VALID_TOKEN, `${fake.url}/api/v2`)).toEqual({
			status: 'Error',
			message: 'No lookup API answers at this Base URL (404). Keep https://api.migo.pe unless your provider gave you another host, without /api/v2.',
		});
		const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>MIGO</html>'));
		await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
		try {
			const { port } = site.address() as { port: number };
			expect(await testWith(VALID_TOKEN, `http://127.0.0.1:${port}`)).toEqual({
				status: 'Error',
				message:
					'Something answers at this Base URL, but not the lookup API (200, not JSON). Keep https://api.migo.pe unless your provider gave you another host, without /api/v2.',
			});
		} finally {
			site.close();
		}
	});

	it('says the lookup API failed on a 5xx', async () => {
		fake.reset();
		fake.clearFailures();
		fake.failNext('ultimo', { status: 503, body: { success: false, message: 'Service Unavailable' } });
		expect(await runCredentialTest(credential, { baseUrl: fake.url, accessToken: VALID_TOKEN })).toEqual({
			status: 'Error',
			message: 'The lookup API failed (503). Try again later. The API says: "Service Unavailable".',
		});
	});
});
