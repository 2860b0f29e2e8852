// SUNAT's answers read as SUNAT sends them: its codes as text or numbers, with or without leading
// zeros; its errorCode quoted; an answer the node cannot read quoted as it came
// (docs/sunat-cpe-api.md, "The answer").
import { describe, expect, it } from 'vitest';

import type { CodeForm } from '../../../../fakes/sunat';
import { FROM_ITEM, jsonOf, runInvoice, useSunatFake } from './sunat';

const api = useSunatFake();

const ACCEPTED = { ruc: '20131312955', type: '01', series: 'F001', number: '123', date: '14/03/2025', amount: '1180.50' };
const ISSUER_GONE = { ruc: '20100070970', type: '01', series: 'F002', number: '7', date: '10/01/2025', amount: '500.00' };
const UNKNOWN = { ruc: '20131312955', type: '01', series: 'F001', number: '1', date: '14/03/2025', amount: '' };
const SUBJECT = 'receipt 01 F001-123 of RUC 20131312955';

const codesOf = (json: Record<string, unknown>) => [json.estadoCp, json.estado, json.estadoRucCode, json.estadoRuc, json.condDomiRuc, json.condicionDomicilio, json.valid];

describe("SUNAT Invoice › SUNAT's codes, however SUNAT writes them", () => {
	it.each<[CodeForm, string]>([
		['text', '"1", "00"'],
		['number', '1, 0'],
		['twoDigits', '"01", "00"'],
		['fourDigits', '"0001", "0000"'],
	])('reads codes written as %s (%s) as the manual\'s codes, with the same meanings and verdict', async (codes) => {
		api.fake.options.codes = codes;
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [ACCEPTED, ISSUER_GONE, UNKNOWN].map((json) => ({ json })) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map(codesOf)).toEqual([
			['1', 'ACEPTADO', '00', 'ACTIVO', '00', 'HABIDO', true],
			['1', 'ACEPTADO', '11', 'BAJA DE OFICIO', '12', 'NO HABIDO', false],
			['0', 'NO EXISTE', null, null, null, null, false],
		]);
	});

	it('keeps a code it does not know visible, in the form SUNAT sent it', async () => {
		api.fake.failNext('validarcomprobante', { status: 200, body: { success: true, message: 'Operation Success! ', data: { estadoCp: '0009', estadoRuc: 'X1', condDomiRuc: 0 } } });
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: ACCEPTED }] });
		expect(codesOf(jsonOf(result)[0])).toEqual(['9', 'UNKNOWN CODE 9', 'X1', 'UNKNOWN CODE X1', '00', 'HABIDO', false]);
	});
});

describe("SUNAT Invoice › SUNAT's errorCode", () => {
	it.each([
		['with its message', { success: false, message: 'El comprobante no pudo ser consultado', errorCode: '0115' }, '(200: El comprobante no pudo ser consultado; errorCode 0115)'],
		['as a number, with no message', { success: false, errorCode: 98 }, '(200: errorCode 98)'],
		['with success given as text', { success: 'false', message: 'Error en la consulta', errorCode: '0101' }, '(200: Error en la consulta; errorCode 0101)'],
	])('is quoted in the error, %s', async (_case, body, quoted) => {
		api.fake.failNext('validarcomprobante', { status: 200, body });
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: ACCEPTED }], continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: `SUNAT could not check ${SUBJECT} ${quoted} [item 0]` }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('is quoted from an error status too', async () => {
		api.fake.failNext('validarcomprobante', { status: 400, body: { success: false, message: 'Parámetros inválidos', errorCode: '0400' } });
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: ACCEPTED }] });
		expect(result.error?.message).toBe(`SUNAT rejected the request for ${SUBJECT} (400: Parámetros inválidos; errorCode 0400) [item 0]`);
	});
});

describe('SUNAT Invoice › an answer the node cannot read', () => {
	it.each([
		[
			'a success with no receipt state',
			{ status: 200, body: { success: true, message: 'Operation Success! ' } },
			'it holds no receipt state (data.estadoCp) (200: {"success":true,"message":"Operation Success! "})',
		],
		[
			'a success whose data is empty',
			{ status: 200, body: { success: true, message: 'Operation Success! ', data: { estadoCp: '', observaciones: [] } } },
			'it holds no receipt state (data.estadoCp) (200: {"success":true,"message":"Operation Success! ","data":{"estadoCp":"","observaciones":[]}})',
		],
		['a list', { status: 200, body: [{ estadoCp: '1' }] }, 'it is not a JSON object (200: [{"estadoCp":"1"}])'],
		['a page that is not JSON', { status: 200, text: '<html><body>Servicio en mantenimiento</body></html>' }, 'it is not a JSON object (200: <html><body>Servicio en mantenimiento</body></html>)'],
	])('is said with its raw body: %s', async (_case, answer, said) => {
		api.fake.failNext('validarcomprobante', answer);
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: ACCEPTED }], continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: `SUNAT's answer for ${SUBJECT} cannot be read: ${said} [item 0]` }]);
		// Answered once: an answer that was read is not asked again.
		expect(api.fake.checks()).toHaveLength(1);
	});

	it('quotes the raw body of a refusal that gives no words of its own', async () => {
		api.fake.failNext('validarcomprobante', { status: 200, body: { success: false } });
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: ACCEPTED }] });
		expect(result.error?.message).toBe(`SUNAT could not check ${SUBJECT} (200: {"success":false}) [item 0]`);
	});
});
