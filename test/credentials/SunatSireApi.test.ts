// The SUNAT SIRE API credential: its fields, and its Test button as n8n's credential tester runs it
// (test/harness/credentialTest.ts: the SUNAT node's sunatSireApiTest) against the SIRE fake, which
// tells a wrong secret, a wrong SOL user or password and a client ID without SIRE apart.
import type { ICredentialType } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SunatSireApi } from '../../credentials/SunatSireApi.credentials';
import { SANDBOX_SIRE_CLIENT, startSireFake, type SireFake } from '../../fakes/sire';
import { runCredentialTest } from '../harness/credentialTest';
import { sireCredential } from '../nodes/SunatInvoice/register/sire';

const credential = new SunatSireApi();

let fake: SireFake;
beforeAll(async () => {
	fake = await startSireFake();
});
beforeEach(() => fake.reset());
afterAll(async () => {
	await fake.close();
});

const testWith = async (changes: Record<string, unknown> = {}) => await runCredentialTest(credential, sireCredential(fake, changes));

describe('SUNAT SIRE API credential', () => {
	it("keeps the token in a hidden expirable field n8n fills through preAuthentication, and defaults to SUNAT's SIRE hosts", () => {
		const byName = Object.fromEntries(credential.properties.map((property) => [property.name, property]));
		expect(credential.name).toBe('sunatSireApi');
		expect(byName.accessToken).toMatchObject({ type: 'hidden', typeOptions: { expirable: true }, default: '' });
		expect(typeof credential.preAuthentication).toBe('function');
		expect(byName.clientSecret.typeOptions?.password).toBe(true);
		expect(byName.solPassword.typeOptions?.password).toBe(true);
		expect(byName.tokenUrl.default).toBe('https://api-seguridad.sunat.gob.pe');
		expect(byName.apiUrl.default).toBe('https://api-sire.sunat.gob.pe');
		expect((credential as ICredentialType).test).toBeUndefined();
	});

	it('passes with the sandbox SOL user: a token, then the sales register periods', async () => {
		expect(await testWith()).toEqual({ status: 'OK', message: `SUNAT gave a token to SOL user ${SANDBOX_SIRE_CLIENT.solUser} of RUC ${SANDBOX_SIRE_CLIENT.ruc} and lists its SIRE periods.` });
		expect(fake.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
			`POST /v1/clientessol/${SANDBOX_SIRE_CLIENT.clientId}/oauth2/token/ 200`,
			'GET /v1/contribuyente/migeigv/libros/rvierce/padron/web/omisos/140000/periodos 200',
		]);
	});

	it('tells a wrong secret, a wrong SOL user or password and a client ID without SIRE apart, in words', async () => {
		expect(await testWith({ clientSecret: 'wrong-secret' })).toEqual({
			status: 'Error',
			message:
				"SUNAT refused the credential's client secret (401: Credenciales del cliente inválidas / invalid_client). Open the SUNAT SIRE API credential and paste the Client Secret SUNAT showed for this client ID (create a new one in SOL if it is lost).",
		});
		expect(await testWith({ solPassword: 'wrong-password' })).toEqual({
			status: 'Error',
			message:
				"SUNAT refused the credential's SOL user or password (400: Usuario o contraseña incorrectos / invalid_grant). Open the SUNAT SIRE API credential: the SOL User is the user alone (the node puts the RUC before it), the RUC the company's, and the SOL Password that user's Clave SOL.",
		});
		expect((await testWith({ solUser: `${SANDBOX_SIRE_CLIENT.ruc}${SANDBOX_SIRE_CLIENT.solUser}` })).message).toMatch(/^SUNAT refused the credential's SOL user or password \(400: /);
		fake.clients.get(SANDBOX_SIRE_CLIENT.clientId)!.sireAccess = false;
		expect(await testWith()).toEqual({
			status: 'Error',
			message:
				"SUNAT's API credential (client ID) has no access to SIRE (400: Cliente no autorizado / unauthorized_client). In SOL, menu Credenciales de API SUNAT, create a client ID for the API SIRE (or add SIRE to this one), then copy its ID and secret into the SUNAT SIRE API credential.",
		});
		expect(await testWith({ clientId: 'unknown-client' })).toEqual({
			status: 'Error',
			message:
				"SUNAT does not know the credential's client ID (400: El cliente no existe / invalid_client). Open the SUNAT SIRE API credential and copy the Client ID again from SOL (menu Credenciales de API SUNAT); check that the Token URL is SUNAT's.",
		});
		expect(fake.apiRequests()).toEqual([]);
	});

	it('checks the RUC and the SOL user before asking SUNAT', async () => {
		expect((await testWith({ ruc: '20100066604' })).message).toMatch(/^The RUC "20100066604" /);
		expect(await testWith({ solUser: ' ' })).toEqual({ status: 'Error', message: 'The SOL User is empty. Enter the SOL user (without the RUC) that may use SIRE.' });
		expect(fake.requests).toEqual([]);
	});
});
