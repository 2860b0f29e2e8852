import { describe, expect, it } from 'vitest';

import { unordered } from '../../../harness/unordered';
import { jsonOf, runLookup, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › taxpayer › getLegalRepresentatives', () => {
	it('sends GET /api/v2/ruc/{ruc}/representantes-legales and outputs one item per representative', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getLegalRepresentatives', ruc: '={{ $json.ruc }}' },
			items: [{ json: { ruc: '20131312955' } }, { json: { ruc: '20100070970' } }],
		});

		// The items are sent concurrently: which request arrives first is not defined.
		expect(unordered(api.fake.requests.map((r) => `${r.method} ${r.path}`))).toEqual(
			unordered(['GET /api/v2/ruc/20131312955/representantes-legales', 'GET /api/v2/ruc/20100070970/representantes-legales']),
		);
		// Two representatives for the first RUC, none for the second.
		expect(jsonOf(result)).toEqual([
			{ documento: 'DNI', dni: '07289524', nombre: 'MARTINEZ ZUÑIGA LUIS ENRIQUE', cargo: 'SUPERINTENDENTE NACIONAL', fecha: '2021-06-01', ruc: '20131312955' },
			{ documento: 'DNI', dni: '10203040', nombre: 'ROJAS TORRES ANA MARIA', cargo: 'INTENDENTE NACIONAL', fecha: '2023-02-15', ruc: '20131312955' },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});
});
