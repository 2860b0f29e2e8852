// The credential's test request, sent the way n8n sends it (a declarative request with the
// credential's authentication) to the fake; its rules turn 401 and 403 into readable reasons.
import type { ICredentialTestRequest, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TaxpayerLookupApi } from '../../credentials/TaxpayerLookupApi.credentials';
import { NO_PLAN_TOKEN, startLookupFake, VALID_TOKEN, type LookupFake } from '../fakes/lookupApi';
import { registerNodeType, runNode } from '../harness/engine';

const credential = new TaxpayerLookupApi();
const testRequest = credential.test as ICredentialTestRequest;

class CredentialTestRequest implements INodeType {
	description = {
		displayName: 'Credential Test Request',
		name: 'credentialTestRequest',
		group: ['transform'],
		version: 1,
		description: 'Sends the credential test request',
		defaults: { name: 'Credential Test' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: credential.name, required: true }],
		requestDefaults: { ...testRequest.request, method: 'GET' },
		properties: [
			{ displayName: 'Noop', name: 'noop', type: 'hidden', default: '', routing: { request: {} } },
		],
	} as INodeTypeDescription;
}
registerNodeType(new CredentialTestRequest());

let fake: LookupFake;
beforeAll(async () => {
	fake = await startLookupFake({ today: '2026-11-20' });
});
afterAll(async () => {
	await fake.close();
});

async function testWith(accessToken: string, baseUrl = `${fake.url}//`) {
	fake.reset();
	const result = await runNode({
		type: 'credentialTestRequest',
		parameters: {},
		credentials: { taxpayerLookupApi: { baseUrl, accessToken } },
	});
	const status = Number(result.error && 'httpCode' in result.error ? result.error.httpCode : 200);
	const rule = testRequest.rules?.find((r) => r.type === 'responseCode' && r.properties.value === status);
	return { status, reason: rule && 'message' in rule.properties ? rule.properties.message : undefined };
}

describe('Taxpayer Lookup API credential test', () => {
	it('calls the latest USD rate with the Bearer token, tolerating trailing slashes in the Base URL', async () => {
		expect(await testWith(VALID_TOKEN)).toEqual({ status: 200, reason: undefined });
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
		const { status, reason } = await testWith('expired');
		expect(status).toBe(401);
		expect(reason).toMatch(/access token was rejected/);
	});

	it('explains a denied plan or spent quota (403)', async () => {
		const { status, reason } = await testWith(NO_PLAN_TOKEN);
		expect(status).toBe(403);
		expect(reason).toMatch(/plan lacks this route or its query quota is spent/);
	});
});
