import { describe, expect, it } from 'vitest';

import { jsonOf, runLookup, useLookupFake } from '../lookup';

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
});
