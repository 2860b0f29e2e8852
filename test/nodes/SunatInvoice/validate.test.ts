import { describe, expect, it } from 'vitest';

import { manyRucs } from '../../../fakes/lookup';
import { SANDBOX_CLIENT, SUNAT_SCOPE } from '../../../fakes/sunat';
import { unordered } from '../../harness/unordered';
import { FROM_ITEM, jsonOf, runInvoice, sunatCredential, useSunatFake } from './sunat';

const api = useSunatFake();

const F001_123 = { ruc: '20131312955', type: '01', series: 'F001', number: '123', date: '14/03/2025', amount: '1180.50' };

describe('SUNAT Invoice › invoice › validate', () => {
	it("gets a token with the form SUNAT's manual gives, then POSTs the check with it, and outputs the codes in words", async () => {
		const result = await runInvoice(api.fake, {
			parameters: { issuerRuc: ' 20131312955 ', receiptType: '01', series: 'f001', receiptNumber: '00000123', issueDate: '2025-03-14', amount: '1,180.50' },
		});

		expect(result.error).toBeUndefined();
		const [token, check] = api.fake.requests;
		expect(api.fake.requests).toHaveLength(2);
		expect(token.method).toBe('POST');
		expect(token.path).toBe(`/v1/clientesextranet/${SANDBOX_CLIENT.clientId}/oauth2/token/`);
		expect(token.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
			grant_type: 'client_credentials',
			scope: SUNAT_SCOPE,
			client_id: SANDBOX_CLIENT.clientId,
			client_secret: SANDBOX_CLIENT.clientSecret,
		});
		expect(check.method).toBe('POST');
		expect(check.path).toBe(`/v1/contribuyente/contribuyentes/${SANDBOX_CLIENT.ruc}/validarcomprobante`);
		expect(check.headers.authorization).toBe('Bearer fake-sunat-token-1');
		expect(check.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(check.body)).toEqual({
			numRuc: '20131312955',
			codComp: '01',
			numeroSerie: 'F001',
			numero: '123',
			fechaEmision: '14/03/2025',
			monto: '1180.50',
		});
		expect(jsonOf(result)).toEqual([
			{
				valid: true,
				issuerRuc: '20131312955',
				type: '01',
				typeName: 'Factura',
				series: 'F001',
				number: '123',
				issueDate: '14/03/2025',
				amount: 1180.5,
				estadoCp: '1',
				estado: 'ACEPTADO',
				estadoRucCode: '00',
				estadoRuc: 'ACTIVO',
				condDomiRuc: '00',
				condicionDomicilio: 'HABIDO',
				observaciones: [],
			},
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('validates a sheet: one token for the run, every item answered once, in input order, with its verdict', async () => {
		const items = [
			F001_123,
			{ ruc: '20131312955', type: '01', series: 'F001', number: 99, date: '2025-02-20', amount: 300 },
			{ ruc: '20100070970', type: 1, series: 'F002', number: '7', date: '10/01/2025', amount: 500 },
			{ ruc: '10123456781', type: 'r1', series: 'E001', number: '15', date: '30/06/2025', amount: '1500' },
			{ ruc: '20131312955', type: '01', series: '0001', number: '456', date: '01/12/2024', amount: '' },
			{ ruc: '20131312955', type: '03', series: 'B001', number: '46', date: '02/05/2025', amount: '59.90' },
		].map((json) => ({ json }));
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items });

		expect(result.error).toBeUndefined();
		expect(api.fake.tokenRequests()).toHaveLength(1);
		expect(api.fake.checks()).toHaveLength(6);
		expect(jsonOf(result).map((json) => [json.series, json.number, json.estado, json.estadoRuc, json.condicionDomicilio, json.valid])).toEqual([
			['F001', '123', 'ACEPTADO', 'ACTIVO', 'HABIDO', true],
			['F001', '99', 'ANULADO', 'ACTIVO', 'HABIDO', false],
			['F002', '7', 'ACEPTADO', 'BAJA DE OFICIO', 'NO HABIDO', false],
			['E001', '15', 'ACEPTADO', 'SUSPENSION TEMPORAL', 'HABIDO', false],
			['0001', '456', 'AUTORIZADO', 'ACTIVO', 'HABIDO', true],
			['B001', '46', 'NO EXISTE', null, null, false],
		]);
		expect(jsonOf(result)[3].observaciones).toEqual(['- El emisor se encuentra en SUSPENSION TEMPORAL.']);
		expect(jsonOf(result)[5]).toMatchObject({ estadoCp: '0', estadoRucCode: null, condDomiRuc: null });
		// Each item's values as SUNAT takes them: codes and numbers as text, the date DD/MM/YYYY, the
		// amount with two decimals, no amount left out. The checks go out together, in no set order.
		expect(unordered(api.fake.checks().map((check) => JSON.parse(check.body) as unknown))).toEqual(
			unordered([
				{ numRuc: '20131312955', codComp: '01', numeroSerie: 'F001', numero: '123', fechaEmision: '14/03/2025', monto: '1180.50' },
				{ numRuc: '20131312955', codComp: '01', numeroSerie: 'F001', numero: '99', fechaEmision: '20/02/2025', monto: '300.00' },
				{ numRuc: '20100070970', codComp: '01', numeroSerie: 'F002', numero: '7', fechaEmision: '10/01/2025', monto: '500.00' },
				{ numRuc: '10123456781', codComp: 'R1', numeroSerie: 'E001', numero: '15', fechaEmision: '30/06/2025', monto: '1500.00' },
				{ numRuc: '20131312955', codComp: '01', numeroSerie: '0001', numero: '456', fechaEmision: '01/12/2024' },
				{ numRuc: '20131312955', codComp: '03', numeroSerie: 'B001', numero: '46', fechaEmision: '02/05/2025', monto: '59.90' },
			]),
		);
		expect(jsonOf(result).map((json) => [json.issuerRuc, json.type, json.typeName, json.issueDate, json.amount])).toEqual([
			['20131312955', '01', 'Factura', '14/03/2025', 1180.5],
			['20131312955', '01', 'Factura', '20/02/2025', 300],
			['20100070970', '01', 'Factura', '10/01/2025', 500],
			['10123456781', 'R1', 'Recibo por honorarios', '30/06/2025', 1500],
			['20131312955', '01', 'Factura', '01/12/2024', null],
			['20131312955', '03', 'Boleta de venta', '02/05/2025', 59.9],
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	});

	it('uses a stored token with no token request, and renews it once when SUNAT answers 401', async () => {
		const store = { sunatApi: sunatCredential(api.fake) };
		await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: F001_123 }] }, store);
		expect(store.sunatApi.accessToken).toBe('fake-sunat-token-1');

		api.fake.requests.length = 0;
		await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: F001_123 }] }, store);
		expect(api.fake.tokenRequests()).toHaveLength(0);

		api.fake.requests.length = 0;
		api.fake.expireTokens();
		const renewed = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: F001_123 }, { json: F001_123 }] }, store);
		expect(renewed.error).toBeUndefined();
		expect(api.fake.requests.map((request) => [request.path.includes('token') ? 'token' : 'check', request.headers.authorization ?? null])).toEqual([
			['check', 'Bearer fake-sunat-token-1'],
			['token', null],
			['check', 'Bearer fake-sunat-token-2'],
			['check', 'Bearer fake-sunat-token-2'],
		]);
		expect(jsonOf(renewed).map((json) => json.valid)).toEqual([true, true]);
		expect(store.sunatApi.accessToken).toBe('fake-sunat-token-2');
	});

	it('fails once when even the renewed token is refused, saying what to check', async () => {
		api.fake.failNext('validarcomprobante', { status: 401 }, { status: 401 });
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: F001_123 }] });
		expect(api.fake.tokenRequests()).toHaveLength(2);
		expect(api.fake.checks()).toHaveLength(2);
		expect(result.error?.message).toBe(
			'SUNAT refused the token, even a new one, for receipt 01 F001-123 of RUC 20131312955 (401: Servicio no disponible) [item 0]',
		);
	});

	it.each([
		['an unknown client ID', { clientId: 'nobody' }, 'SUNAT does not know the credential\'s client ID (400: El cliente no existe / invalid_client) [item 0]'],
		['a wrong secret', { clientSecret: 'wrong' }, "SUNAT refused the credential's client secret (401: Credenciales del cliente inválidas / invalid_client) [item 0]"],
		['a RUC that is not the client\'s', { ruc: '20131312955' }, 'SUNAT does not let this credential ask as the RUC in it, for receipt 01 F001-123 of RUC 20131312955 (403: El RUC consultante no corresponde al cliente) [item 0]'],
	])('says which part of the credential SUNAT refuses: %s', async (_case, credential, message) => {
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: F001_123 }], credential });
		expect(result.error?.message).toBe(message);
		expect(api.fake.tokenRequests()).toHaveLength(1);
	});

	it('refuses bad input per item with Continue On Fail, naming the item, and checks the others (the checks and their sources: prechecks.test.ts)', async () => {
		const items = [{ json: F001_123 }, { json: { ...F001_123, ruc: '20131312954' } }];
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items, continueOnFail: true });
		expect(jsonOf(result)[0].valid).toBe(true);
		expect(jsonOf(result)[1]).toEqual({ error: 'Issuer RUC "20131312954" fails the check digit (the last digit should be 5). Nothing was sent. [item 1]' });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(api.fake.checks()).toHaveLength(1);
	});

	it('stops at bad input without Continue On Fail, before any request, with what to do', async () => {
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: { ...F001_123, series: 'X1' } }] });
		expect(result.error?.message).toBe('Series "X1" is not 4 letters or digits. Nothing was sent. [item 0]');
		expect(result.error?.description).toContain('A series has 4 letters or digits');
		expect(api.fake.requests).toHaveLength(0);
	});

	it("quotes SUNAT's reason for a check it cannot make (success: false), per item with Continue On Fail", async () => {
		api.fake.failNext('validarcomprobante', { status: 200, body: { success: false, message: 'El campo numero no cumple con el formato establecido' } });
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: F001_123 }], continueOnFail: true });
		expect(jsonOf(result)).toEqual([
			{ error: 'SUNAT could not check receipt 01 F001-123 of RUC 20131312955 (200: El campo numero no cumple con el formato establecido) [item 0]' },
		]);
	});

	it('waits out an outage (503) and a refusal (429), then answers every item', async () => {
		api.fake.failNext('validarcomprobante', { status: 503 }, { status: 429 });
		const result = await runInvoice(api.fake, { parameters: { ...FROM_ITEM, options: { maxConcurrentRequests: 1 } }, items: [{ json: F001_123 }, { json: F001_123 }] });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => json.valid)).toEqual([true, true]);
		expect(api.fake.checks()).toHaveLength(4);
		expect(api.fake.tokenRequests()).toHaveLength(1);
	});

	it('gives up on an outage after Max Wait for SUNAT, saying so', async () => {
		api.fake.failNext('validarcomprobante', { status: 503 });
		const result = await runInvoice(api.fake, { parameters: { ...FROM_ITEM, options: { maxWaitSeconds: 0 } }, items: [{ json: F001_123 }] });
		expect(result.error?.message).toBe('SUNAT is unavailable for receipt 01 F001-123 of RUC 20131312955 (503: Servicio no disponible) [item 0]');
		expect(result.error?.description).toContain('Max Wait for SUNAT');
	});
});

describe('SUNAT Invoice › a sheet of a few hundred invoices', () => {
	const bulk = useSunatFake({ everyReceiptExists: true });

	it('answers every item once, in input order, with one token for the run', async () => {
		const rucs = manyRucs(300);
		const items = rucs.map((ruc, n) => ({ json: { ruc, type: '01', series: 'F001', number: String(n + 1), date: '14/03/2025', amount: '100.00' } }));
		const result = await runInvoice(bulk.fake, { parameters: FROM_ITEM, items });
		expect(result.error).toBeUndefined();
		expect(bulk.fake.tokenRequests()).toHaveLength(1);
		expect(bulk.fake.checks()).toHaveLength(300);
		expect(new Set(bulk.fake.checks().map((check) => (JSON.parse(check.body) as { numero: string }).numero)).size).toBe(300);
		expect(jsonOf(result).map((json) => [json.issuerRuc, json.number, json.valid])).toEqual(rucs.map((ruc, n) => [ruc, String(n + 1), true]));
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	});
});
