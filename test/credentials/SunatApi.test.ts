// The SUNAT API credential: its fields, n8n's expiring-token mechanism it uses, and its Test button
// as n8n's credential tester runs it (test/harness/credentialTest.ts: the node's sunatApiTest)
// against the SUNAT fake.
import type { ICredentialType } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SunatApi } from '../../credentials/SunatApi.credentials';
import { SANDBOX_CLIENT, startSunatFake, type SunatFake } from '../../fakes/sunat';
import { runCredentialTest } from '../harness/credentialTest';

const credential = new SunatApi();

let fake: SunatFake;
beforeAll(async () => {
	fake = await startSunatFake();
});
beforeEach(() => fake.reset());
afterAll(async () => {
	await fake.close();
});

const testWith = async (changes: Record<string, unknown> = {}) =>
	await runCredentialTest(credential, {
		clientId: SANDBOX_CLIENT.clientId,
		clientSecret: SANDBOX_CLIENT.clientSecret,
		ruc: SANDBOX_CLIENT.ruc,
		tokenUrl: `${fake.url}/`,
		apiUrl: fake.url,
		...changes,
	});

describe('SUNAT API credential', () => {
	it("keeps the token in a hidden expirable field n8n fills through preAuthentication, and defaults to SUNAT's hosts", () => {
		const byName = Object.fromEntries(credential.properties.map((property) => [property.name, property]));
		expect(byName.accessToken).toMatchObject({ type: 'hidden', typeOptions: { expirable: true }, default: '' });
		expect(typeof credential.preAuthentication).toBe('function');
		expect(byName.clientSecret.typeOptions?.password).toBe(true);
		expect(byName.tokenUrl.default).toBe('https://api-seguridad.sunat.gob.pe');
		expect(byName.apiUrl.default).toBe('https://api.sunat.gob.pe');
		expect((credential as ICredentialType).test).toBeUndefined();
	});

	it('gets a token, then makes one check as the RUC with it', async () => {
		expect(await testWith()).toEqual({ status: 'OK', message: `SUNAT gave a token and answers checks as RUC ${SANDBOX_CLIENT.ruc}.` });
		expect(fake.requests.map((request) => request.path)).toEqual([
			`/v1/clientesextranet/${SANDBOX_CLIENT.clientId}/oauth2/token/`,
			`/v1/contribuyente/contribuyentes/${SANDBOX_CLIENT.ruc}/validarcomprobante`,
		]);
		expect(fake.requests[1].headers.authorization).toBe('Bearer fake-sunat-token-1');
	});

	it('says the client ID is unknown', async () => {
		const { status, message } = await testWith({ clientId: 'nobody' });
		expect(status).toBe('Error');
		expect(message).toBe(
			"SUNAT does not know the credential's client ID (400: El cliente no existe / invalid_client). Open the SUNAT API credential and copy the Client ID again from SOL (menu Credenciales de API SUNAT); check that the Token URL is SUNAT's.",
		);
	});

	it('says the secret is wrong, without showing it', async () => {
		const { status, message } = await testWith({ clientSecret: 'not-the-secret' });
		expect(status).toBe('Error');
		expect(message).toMatch(/^SUNAT refused the credential's client secret \(401: Credenciales del cliente inválidas \/ invalid_client\)\. Open the SUNAT API credential and paste the Client Secret/);
		expect(message).not.toContain('not-the-secret');
	});

	it("says the RUC is not the client's", async () => {
		expect(await testWith({ ruc: '20131312955' })).toEqual({
			status: 'Error',
			message:
				'SUNAT refuses RUC 20131312955 for this client ID (403). SUNAT says: "El RUC consultante no corresponde al cliente". Enter the RUC of the company whose SOL user created the client ID.',
		});
	});

	it('says a RUC that fails its check, with no request', async () => {
		const { status, message } = await testWith({ ruc: '20100066604' });
		expect(status).toBe('Error');
		expect(message).toMatch(/^The RUC "20100066604" fails the check digit \(the last digit should be 3\)\./);
		expect(fake.requests).toHaveLength(0);
	});

	it('says when nothing answers at the Token URL', async () => {
		const { status, message } = await testWith({ tokenUrl: 'http://127.0.0.1:9' });
		expect(status).toBe('Error');
		expect(message).toMatch(/^Nothing answers at 127\.0\.0\.1:9: the connection was refused\. Check the Token URL/);
	});
});
