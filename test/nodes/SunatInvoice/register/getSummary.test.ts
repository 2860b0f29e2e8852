import { describe, expect, it } from 'vitest';

import { jsonOf, runRegister, sent, useSireFake } from './sire';

const sire = useSireFake({ now: new Date('2025-05-10T15:00:00Z') });

describe('SUNAT › Register (SIRE) › Get Summary', () => {
	it("gets the proposal's summary of the purchase register: one item per receipt type and the total, amounts as numbers", async () => {
		const result = await runRegister(sire.fake, { operation: 'getSummary', parameters: { book: 'RCE', period: '202503' } });

		expect(result.error).toBeUndefined();
		expect(sent(sire.fake)).toEqual([{ method: 'GET', path: '/rvierce/resumen/web/resumencomprobantes/202503/1/0/exporta', query: { codLibro: '080000' } }]);
		const amounts = (base: number, igv: number, total: number) => ({
			'BI Gravado DG': base,
			'IGV / IPM DG': igv,
			'BI Gravado DGNG': 0,
			'IGV / IPM DGNG': 0,
			'BI Gravado DNG': 0,
			'IGV / IPM DNG': 0,
			'Valor Adq. NG': 0,
			ISC: 0,
			ICBPER: 0,
			'Otros Trib/ Cargos': 0,
			'Total CP': total,
		});
		expect(jsonOf(result)).toEqual([
			{ register: 'RCE', period: '202503', summary: 'Proposal', documentType: '01', documentTypeName: 'Factura', 'Total Documentos': 5, ...amounts(2711.36, 488.04, 3199.4) },
			{ register: 'RCE', period: '202503', summary: 'Proposal', documentType: 'TOTAL', documentTypeName: null, 'Total Documentos': 5, ...amounts(2711.36, 488.04, 3199.4) },
		]);
	});

	it('asks for the summary picked, of the sales register; an empty period (1070) gives no item', async () => {
		const result = await runRegister(sire.fake, { operation: 'getSummary', parameters: { book: 'RVIE', period: '202504', summaryType: 4 } });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(sent(sire.fake)).toEqual([{ method: 'GET', path: '/rvierce/resumen/web/resumencomprobantes/202504/4/0/exporta', query: { codLibro: '140000' } }]);
		expect(sire.fake.apiRequests()[0].status).toBe(422);
	});
});
