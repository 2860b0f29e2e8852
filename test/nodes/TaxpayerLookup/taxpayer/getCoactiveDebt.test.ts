import { describe, expect, it } from 'vitest';

import { jsonOf, runLookup, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › taxpayer › getCoactiveDebt', () => {
	it('sends GET /api/v2/ruc/{ruc}/deuda-coactiva and outputs one item per debt, amounts as text by default', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getCoactiveDebt', ruc: '20100070970' },
		});

		expect(api.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/ruc/20100070970/deuda-coactiva']);
		expect(jsonOf(result).map((json) => json.monto_deuda)).toEqual(['15230.50', '820.00']);
		expect(jsonOf(result)[0]).toEqual({
			monto_deuda: '15230.50',
			periodo_tributario: '202301',
			fecha_inicio_cobranza: '2023-06-12',
			entidad_asociada: 'SUNAT - INTENDENCIA LIMA',
			ruc: '20100070970',
		});
	});

	it('turns amounts into numbers with the option', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getCoactiveDebt', ruc: '20100070970', options: { numbersAsNumbers: true } },
		});
		expect(jsonOf(result).map((json) => json.monto_deuda)).toEqual([15230.5, 820]);
	});

	it('outputs no item for a taxpayer without coactive debt', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'getCoactiveDebt', ruc: '20131312955' },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});
});
