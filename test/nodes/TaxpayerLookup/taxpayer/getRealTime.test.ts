import { describe, expect, it } from 'vitest';

import { jsonOf, runLookup, runTaxpayer, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › taxpayer › getRealTime', () => {
	it('sends GET /api/v2/ruc/{ruc}/sunat and repairs the key published with a stray quote', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getRealTime', ruc: '20131312955' },
		});

		expect(api.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/ruc/20131312955/sunat']);
		const [json] = jsonOf(result);
		expect(json.sistema_contabilidad).toBe('COMPUTARIZADO');
		expect(Object.keys(json).some((key) => key.includes('"'))).toBe(false);
		expect(json).not.toHaveProperty('success');
		expect(json.fecha_inscripcion).toBe('24-06-1993');
		expect(json.actividades_economicas).toEqual([
			'Principal - 8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL',
			'Secundaria 1 - 8413 - REGULACION DE LA ACTIVIDAD ECONOMICA',
		]);
	});

	it('turns "-" into null inside the record with the option, arrays left as they are', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getRealTime', ruc: '20131312955', options: { placeholdersToNull: true } },
		});
		expect(result.items[0].json.nombre_comercial).toBeNull();
		expect(result.items[0].json.afiliado_ple_desde).toBeNull();
		expect(result.items[0].json.padrones).toHaveLength(1);
	});

	it('with Simplify, keeps 10 fields, the principal activity flattened; off, the whole record', async () => {
		const run = async (simplify: boolean) => await runTaxpayer(api.fake, 'getRealTime', '20131312955', simplify);
		const on = await run(true);
		expect(jsonOf(on)).toEqual([
			{
				ruc: '20131312955',
				nombre_o_razon_social: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
				nombre_comercial: '-',
				tipo_contribuyente: 'INSTITUCION PUBLICA',
				estado_del_contribuyente: 'ACTIVO',
				condicion_de_domicilio: 'HABIDO',
				direccion: 'AV. GARCILASO DE LA VEGA NRO. 1472 LIMA - LIMA - LIMA',
				fecha_inicio_actividades: '01-06-1993',
				actividad_economica_principal: 'Principal - 8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL',
				emisor_electronico_desde: '01-09-2014',
			},
		]);
		expect(on.items[0].pairedItem).toEqual({ item: 0 });
		expect(jsonOf(await run(false))).toEqual([
			{
				ruc: '20131312955',
				nombre_o_razon_social: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
				tipo_contribuyente: 'INSTITUCION PUBLICA',
				nombre_comercial: '-',
				fecha_inscripcion: '24-06-1993',
				fecha_inicio_actividades: '01-06-1993',
				estado_del_contribuyente: 'ACTIVO',
				condicion_de_domicilio: 'HABIDO',
				departamento: 'LIMA',
				provincia: 'LIMA',
				distrito: 'LIMA',
				direccion: 'AV. GARCILASO DE LA VEGA NRO. 1472 LIMA - LIMA - LIMA',
				sistema_emision_comprobante: 'MANUAL/COMPUTARIZADO',
				actividad_comercio_exterior: 'SIN ACTIVIDAD',
				sistema_contabilidad: 'COMPUTARIZADO',
				actividades_economicas: [
					'Principal - 8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL',
					'Secundaria 1 - 8413 - REGULACION DE LA ACTIVIDAD ECONOMICA',
				],
				sistema_emision_electronica: ['FACTURA PORTAL DESDE 01/09/2014', 'BOLETA PORTAL DESDE 01/03/2015'],
				emisor_electronico_desde: '01-09-2014',
				afiliado_ple_desde: '-',
				padrones: ['Incorporado al Régimen de Agentes de Retención de IGV (R.S.037-2002) a partir del 01/06/2002'],
			},
		]);
	});
});
