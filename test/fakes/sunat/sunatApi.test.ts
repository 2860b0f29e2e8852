// The SUNAT fake answers as docs/sunat-cpe-api.md says SUNAT does, told with plain HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { FORMAT_ERROR_CODE, SANDBOX_CLIENT, startSunatFake, SUNAT_SCOPE, type SunatFake } from '../../../fakes/sunat';

let fake: SunatFake;
beforeAll(async () => {
	fake = await startSunatFake();
});
beforeEach(() => {
	fake.reset();
	delete fake.options.codes;
});
afterAll(async () => {
	await fake.close();
});

const form = (changes: Record<string, string> = {}) =>
	new URLSearchParams({ grant_type: 'client_credentials', scope: SUNAT_SCOPE, client_id: SANDBOX_CLIENT.clientId, client_secret: SANDBOX_CLIENT.clientSecret, ...changes }).toString();

async function token(body = form(), clientId = SANDBOX_CLIENT.clientId, contentType = 'application/x-www-form-urlencoded') {
	const response = await fetch(`${fake.url}/v1/clientesextranet/${clientId}/oauth2/token/`, { method: 'POST', headers: { 'content-type': contentType }, body });
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function check(body: unknown, accessToken: string, ruc = SANDBOX_CLIENT.ruc) {
	const response = await fetch(`${fake.url}/v1/contribuyente/contribuyentes/${ruc}/validarcomprobante`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const F001_123 = { numRuc: '20131312955', codComp: '01', numeroSerie: 'F001', numero: '123', fechaEmision: '14/03/2025', monto: '1180.50' };

describe('SUNAT fake', () => {
	it('gives a token for a form with the client credentials', async () => {
		expect(await token()).toEqual({ status: 200, body: { access_token: 'fake-sunat-token-1', token_type: 'JWT', expires_in: 3600 } });
	});

	it('refuses an unknown client (400), a wrong secret (401), another grant or scope and a JSON body, in the words docs/sunat-cpe-api.md gives', async () => {
		const refusal = (status: number, error: string, description: string) => ({ status, body: { error, error_description: description } });
		expect(await token(form({ client_id: 'x' }), 'x')).toEqual(refusal(400, 'invalid_client', 'El cliente no existe'));
		// The path's client is known, the form names another.
		expect(await token(form({ client_id: 'x' }))).toEqual(refusal(400, 'invalid_client', 'El cliente no existe'));
		expect(await token(form({ client_secret: 'x' }))).toEqual(refusal(401, 'invalid_client', 'Credenciales del cliente inválidas'));
		expect(await token(form({ grant_type: 'password' }))).toEqual(refusal(400, 'unsupported_grant_type', 'grant_type no soportado'));
		expect(await token(form({ scope: 'https://api-sire.sunat.gob.pe' }))).toEqual(refusal(400, 'invalid_scope', 'scope no válido'));
		expect(await token('{}', SANDBOX_CLIENT.clientId, 'application/json')).toEqual(refusal(400, 'invalid_request', 'El cuerpo debe ser application/x-www-form-urlencoded'));
	});

	it('answers a known receipt with its codes, and an unknown one with estadoCp 0', async () => {
		const { body } = await token();
		const accessToken = body.access_token as string;
		expect(await check(F001_123, accessToken)).toEqual({ status: 200, body: { success: true, message: 'Operation Success! ', data: { estadoCp: '1', estadoRuc: '00', condDomiRuc: '00' } } });
		expect((await check({ ...F001_123, monto: '1.00' }, accessToken)).body.data).toEqual({ estadoCp: '0', observaciones: ['- El comprobante de pago consultado no existe.'] });
	});

	it.each([
		['text', { estadoCp: '1', estadoRuc: '11', condDomiRuc: '12' }, '0'],
		['number', { estadoCp: 1, estadoRuc: 11, condDomiRuc: 12 }, 0],
		['twoDigits', { estadoCp: '01', estadoRuc: '11', condDomiRuc: '12' }, '00'],
		['fourDigits', { estadoCp: '0001', estadoRuc: '0011', condDomiRuc: '0012' }, '0000'],
	] as const)('writes the codes as %s', async (codes, known, unknown) => {
		fake.options.codes = codes;
		const accessToken = (await token()).body.access_token as string;
		expect((await check({ ...F001_123, numRuc: '20100070970', numeroSerie: 'F002', numero: '7', fechaEmision: '10/01/2025', monto: '500.00' }, accessToken)).body.data).toEqual(known);
		expect(((await check({ ...F001_123, numero: '1' }, accessToken)).body.data as { estadoCp: unknown }).estadoCp).toBe(unknown);
	});

	it('refuses a missing or expired token (401), another RUC (403), a body not JSON (400), a malformed field (success: false)', async () => {
		const accessToken = (await token()).body.access_token as string;
		expect((await check(F001_123, 'nope')).status).toBe(401);
		expect((await check(F001_123, accessToken, '20131312955')).status).toBe(403);
		expect((await check('{"numRuc":', accessToken)).status).toBe(400);
		expect(await check({ ...F001_123, fechaEmision: '2025-03-14' }, accessToken)).toEqual({
			status: 200,
			body: { success: false, message: 'El campo fechaEmision no cumple con el formato establecido', errorCode: FORMAT_ERROR_CODE },
		});
		fake.expireTokens();
		expect(await check(F001_123, accessToken)).toEqual({ status: 401, body: { cod: '401', msg: 'No autorizado: token inválido o expirado' } });
	});
});
