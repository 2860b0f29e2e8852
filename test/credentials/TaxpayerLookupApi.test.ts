// The credential's test request, sent the way n8n's credential tester sends it
// (test/harness/credentialTest.ts) to the fake; its rules turn 401 and 403 into readable reasons.
import type { ICredentialTestRequest } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TaxpayerLookupApi } from '../../credentials/TaxpayerLookupApi.credentials';
import { NO_PLAN_TOKEN, startLookupFake, VALID_TOKEN, type LookupFake } from '../fakes/lookupApi';
import { runCredentialTest } from '../harness/credentialTest';

const credential = new TaxpayerLookupApi();

/** The message of the credential's rule for an HTTP status: the test shows it only for that status. */
const ruleMessage = (status: number) => {
	const rule = (credential.test as ICredentialTestRequest).rules?.find((r) => r.type === 'responseCode' && r.properties.value === status);
	if (!rule) throw new Error(`the credential has no rule for ${status}`);
	return rule.properties.message;
};

let fake: LookupFake;
beforeAll(async () => {
	fake = await startLookupFake({ today: '2026-11-20' });
});
afterAll(async () => {
	await fake.close();
});

async function testWith(accessToken: string, baseUrl = `${fake.url}//`) {
	fake.reset();
	return await runCredentialTest(credential, { baseUrl, accessToken });
}

describe('Taxpayer Lookup API credential test', () => {
	it('calls the latest USD rate with the Bearer token, tolerating trailing slashes in the Base URL', async () => {
		expect(await testWith(VALID_TOKEN)).toEqual({ status: 'OK', message: 'Connection successful!' });
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
		const { status, message } = await testWith('expired');
		expect(status).toBe('Error');
		expect(message).toBe(ruleMessage(401));
		expect(message).toMatch(/access token was rejected/);
	});

	it('explains a denied plan or spent quota (403)', async () => {
		const { status, message } = await testWith(NO_PLAN_TOKEN);
		expect(status).toBe('Error');
		expect(message).toBe(ruleMessage(403));
		expect(message).toMatch(/plan lacks this route or its query quota is spent/);
	});
});
