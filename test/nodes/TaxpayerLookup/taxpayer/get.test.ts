import { describe, expect, it } from 'vitest';

import { VALID_TOKEN } from '../../../../fakes/lookup';
import { unordered } from '../../../harness/unordered';
import { jsonOf, runLookup, runTaxpayer, useLookupFake } from '../lookup';

const api = useLookupFake();

/** SUNAT's record as the item gives it: the API's answer without its `success` flag, the "-" placeholders kept. */
const SUNAT_RECORD = {
	ruc: '20131312955',
	nombre_o_razon_social: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
	estado_del_contribuyente: 'ACTIVO',
	condicion_de_domicilio: 'HABIDO',
	ubigeo: '150101',
	tipo_de_via: 'AV.',
	nombre_de_via: 'GARCILASO DE LA VEGA',
	codigo_de_zona: '-',
	tipo_de_zona: '-',
	numero: '1472',
	interior: '-',
	lote: '-',
	dpto: '-',
	manzana: '-',
	kilometro: '-',
	distrito: 'LIMA',
	provincia: 'LIMA',
	departamento: 'LIMA',
	direccion_simple: 'AV. GARCILASO DE LA VEGA NRO. 1472',
	direccion: 'AV. GARCILASO DE LA VEGA NRO. 1472 LIMA - LIMA - LIMA',
	actualizado_en: '2026-11-20 03:12:45',
};

describe('Taxpayer Lookup › taxpayer › get', () => {
	it('sends GET /api/v2/ruc/{ruc} with the Bearer token and JSON Accept header, and outputs the record', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: ' 20131312955 ' },
		});

		expect(result.error).toBeUndefined();
		expect(api.fake.requests).toHaveLength(1);
		const [request] = api.fake.requests;
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/api/v2/ruc/20131312955');
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(`Bearer ${VALID_TOKEN}`);
		expect(request.headers.accept).toBe('application/json');
		expect(jsonOf(result)).toEqual([SUNAT_RECORD]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('looks up one RUC per input item, taken from the item by an expression, keeping pairing', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.supplierRuc }}' },
			items: [{ json: { supplierRuc: '20100070970' } }, { json: { supplierRuc: 10123456781 } }],
		});

		// The items are sent concurrently: which request arrives first is not defined.
		expect(unordered(api.fake.requests.map((r) => r.path))).toEqual(unordered(['/api/v2/ruc/20100070970', '/api/v2/ruc/10123456781']));
		expect(jsonOf(result).map((json) => json.estado_del_contribuyente)).toEqual(['BAJA DE OFICIO', 'SUSPENSION TEMPORAL']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('keeps "-" placeholders by default and turns them into null with the option', async () => {
		const plain = await runLookup(api.fake, { parameters: { resource: 'taxpayer', operation: 'get', ruc: '10123456781' } });
		expect(plain.items[0].json.ubigeo).toBe('-');

		const cleaned = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '10123456781', options: { placeholdersToNull: true } },
		});
		expect(cleaned.items[0].json.ubigeo).toBeNull();
		expect(cleaned.items[0].json.direccion).toBeNull();
		expect(cleaned.items[0].json.nombre_o_razon_social).toBe('PEREZ QUISPE JUAN CARLOS');
	});

	it('with Simplify, keeps 10 fields (the address in `direccion`, its parts left out); off, the whole record', async () => {
		const run = async (simplify: boolean) => await runTaxpayer(api.fake, 'get', '20131312955', simplify);
		const on = await run(true);
		expect(jsonOf(on)).toEqual([
			{
				ruc: '20131312955',
				nombre_o_razon_social: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
				estado_del_contribuyente: 'ACTIVO',
				condicion_de_domicilio: 'HABIDO',
				direccion: 'AV. GARCILASO DE LA VEGA NRO. 1472 LIMA - LIMA - LIMA',
				distrito: 'LIMA',
				provincia: 'LIMA',
				departamento: 'LIMA',
				ubigeo: '150101',
				actualizado_en: '2026-11-20 03:12:45',
			},
		]);
		expect(on.items[0].pairedItem).toEqual({ item: 0 });
		expect(jsonOf(await run(false))).toEqual([SUNAT_RECORD]);
	});

	it('simplifies after the Options: a placeholder made null stays null', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '10123456781', simplify: true, options: { placeholdersToNull: true } },
		});
		expect(jsonOf(result)[0]).toMatchObject({ ruc: '10123456781', direccion: null, ubigeo: null, estado_del_contribuyente: 'SUSPENSION TEMPORAL' });
	});
});
