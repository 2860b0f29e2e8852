import { describe, expect, it } from 'vitest';

import { TAXPAYERS } from '../../../../fakes/lookup';
import { jsonOf, runLookup, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › taxpayer › getWithActivity', () => {
	it('sends GET /api/v2/ruc-actividad/{ruc} and outputs the record with its nested activity', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getWithActivity', ruc: '20100070970', options: { placeholdersToNull: true } },
		});

		expect(api.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/ruc-actividad/20100070970']);
		const [json] = jsonOf(result);
		expect(json.nombre_o_razon_social).toBe(TAXPAYERS['20100070970'].nombre_o_razon_social);
		expect(json.codigo_de_zona).toBeNull();
		expect(json.actividad_economica).toMatchObject({
			tipo: 'INSTITUCIONES PUBLICAS',
			actividad_economica_rev3_secundaria: null,
			periodo_publicacion: '202610',
		});
		// The API counts this route as two queries.
		expect(api.fake.queriesUsed).toBe(2);
	});
});
