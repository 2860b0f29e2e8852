import { describe, expect, it } from 'vitest';

import { jsonOf, runLookup, runTaxpayer, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › taxpayer › getWithActivity', () => {
	it('sends GET /api/v2/ruc-actividad/{ruc} and outputs the record with its nested activity', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getWithActivity', ruc: '20100070970', options: { placeholdersToNull: true } },
		});

		expect(api.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/ruc-actividad/20100070970']);
		const [json] = jsonOf(result);
		expect(json.nombre_o_razon_social).toBe('SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA');
		expect(json.codigo_de_zona).toBeNull();
		expect(json.actividad_economica).toMatchObject({
			tipo: 'INSTITUCIONES PUBLICAS',
			actividad_economica_rev3_secundaria: null,
			periodo_publicacion: '202610',
		});
		// The API counts this route as two queries.
		expect(api.fake.queriesUsed).toBe(2);
	});

	it("with Simplify, keeps 10 fields, the activity's flattened; off, the record with its nested activity", async () => {
		const run = async (simplify: boolean) => await runTaxpayer(api.fake, 'getWithActivity', '20100070970', simplify);
		const on = await run(true);
		expect(jsonOf(on)).toEqual([
			{
				ruc: '20100070970',
				nombre_o_razon_social: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA',
				estado_del_contribuyente: 'BAJA DE OFICIO',
				condicion_de_domicilio: 'NO HABIDO',
				direccion: 'CAL. MORELLI NRO. 181 LIMA - LIMA - SAN BORJA',
				actualizado_en: '2026-11-20 03:12:45',
				tipo: 'INSTITUCIONES PUBLICAS',
				actividad_economica_rev4_principal: '8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL',
				numero_trabajadores: '10000',
				comercio_exterior: 'SIN ACTIVIDAD',
			},
		]);
		expect(on.items[0].pairedItem).toEqual({ item: 0 });
		expect(jsonOf(await run(false))).toEqual([
			{
				ruc: '20100070970',
				nombre_o_razon_social: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA',
				estado_del_contribuyente: 'BAJA DE OFICIO',
				condicion_de_domicilio: 'NO HABIDO',
				ubigeo: '150131',
				tipo_de_via: 'CAL.',
				nombre_de_via: 'MORELLI',
				codigo_de_zona: '-',
				tipo_de_zona: '-',
				numero: '181',
				interior: '-',
				lote: '-',
				dpto: '-',
				manzana: '-',
				kilometro: '-',
				distrito: 'SAN BORJA',
				provincia: 'LIMA',
				departamento: 'LIMA',
				direccion_simple: 'CAL. MORELLI NRO. 181',
				direccion: 'CAL. MORELLI NRO. 181 LIMA - LIMA - SAN BORJA',
				actualizado_en: '2026-11-20 03:12:45',
				actividad_economica: {
					tipo: 'INSTITUCIONES PUBLICAS',
					actividad_economica_rev3_principal: '75113 - ACTIVIDADES ADMINISTRACION PUBLICA EN GENERAL',
					actividad_economica_rev3_secundaria: '-',
					actividad_economica_rev4_principal: '8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL',
					numero_trabajadores: '10000',
					tipo_facturacion: 'COMPUTARIZADO',
					tipo_contabilidad: 'COMPUTARIZADO',
					comercio_exterior: 'SIN ACTIVIDAD',
					periodo_publicacion: '202610',
				},
			},
		]);
	});
});
