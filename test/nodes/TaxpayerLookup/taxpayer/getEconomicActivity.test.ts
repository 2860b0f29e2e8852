import { describe, expect, it } from 'vitest';

import { jsonOf, runLookup, runTaxpayer, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › taxpayer › getEconomicActivity', () => {
	it('sends GET /api/v2/ruc/{ruc}/actividad-economica and outputs the activity record', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getEconomicActivity', ruc: '20131312955' },
		});

		expect(api.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/ruc/20131312955/actividad-economica']);
		expect(jsonOf(result)).toEqual([
			{
				ruc: '20131312955',
				estado: 'ACTIVO',
				condicion: 'HABIDO',
				tipo: 'INSTITUCIONES PUBLICAS',
				actividad_economica_rev3_principal: '75113 - ACTIVIDADES ADMINISTRACION PUBLICA EN GENERAL',
				actividad_economica_rev3_secundaria: '-',
				actividad_economica_rev4_principal: '8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL',
				numero_trabajadores: '10000',
				tipo_facturacion: 'COMPUTARIZADO',
				tipo_contabilidad: 'COMPUTARIZADO',
				comercio_exterior: 'SIN ACTIVIDAD',
				periodo: '202610',
			},
		]);
	});

	it('with Simplify, keeps 10 fields, the CIIU rev3 activities left out; off, all 12', async () => {
		const run = async (simplify: boolean) => await runTaxpayer(api.fake, 'getEconomicActivity', '10123456781', simplify);
		const on = await run(true);
		expect(jsonOf(on)).toEqual([
			{
				ruc: '10123456781',
				estado: 'SUSPENSION TEMPORAL',
				condicion: 'HABIDO',
				tipo: 'PERSONA NATURAL SIN NEGOCIO',
				actividad_economica_rev4_principal: '8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL',
				numero_trabajadores: 'NO DISPONIBLE',
				tipo_facturacion: 'COMPUTARIZADO',
				tipo_contabilidad: 'COMPUTARIZADO',
				comercio_exterior: 'SIN ACTIVIDAD',
				periodo: '202610',
			},
		]);
		expect(on.items[0].pairedItem).toEqual({ item: 0 });
		const [off] = jsonOf(await run(false));
		expect(Object.keys(off)).toHaveLength(12);
		expect(off).toMatchObject({
			actividad_economica_rev3_principal: '75113 - ACTIVIDADES ADMINISTRACION PUBLICA EN GENERAL',
			actividad_economica_rev3_secundaria: '-',
		});
	});
});
