import { describe, expect, it } from 'vitest';

import { jsonOf, runRegister, sent, ticketQuery, useSireFake } from './sire';

const sire = useSireFake({ now: new Date('2025-05-10T15:00:00Z') });

describe('SUNAT › Register (SIRE) › Get Sales Proposal', () => {
	it("exports the RVIE proposal, waits, downloads and outputs one item per sale; Simplify keeps ten fields", async () => {
		const result = await runRegister(sire.fake, { operation: 'getSalesProposal', parameters: { period: '202501', simplify: true } });

		expect(result.error).toBeUndefined();
		const { numTicket, reportName } = sire.fake.tickets.all[0];
		expect(sent(sire.fake)).toEqual([
			{ method: 'GET', path: '/rvie/propuesta/web/propuesta/202501/exportapropuesta', query: { codTipoArchivo: '0' } },
			ticketQuery(numTicket, '202501'),
			ticketQuery(numTicket, '202501'),
			{
				method: 'GET',
				path: '/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte',
				query: { nomArchivoReporte: reportName, codTipoArchivoReporte: 'null', codLibro: '140000', perTributario: '202501', codProceso: '10', numTicket },
			},
		]);
		expect(jsonOf(result)).toEqual([
			{
				issueDate: '2025-01-08',
				documentTypeName: 'Factura',
				series: 'F001',
				number: '201',
				customerIdNumber: '20131312955',
				customerName: 'CORPORACION ACEROS AREQUIPA S.A.',
				total: 2360,
				currency: 'PEN',
				documentStatus: '1',
				car: '2010006660301F0010000000201',
			},
			{
				issueDate: '2025-01-09',
				documentTypeName: 'Boleta de venta',
				series: 'B001',
				number: '1045',
				customerIdNumber: '45678912',
				customerName: 'ANA TORRES',
				total: 59.9,
				currency: 'PEN',
				documentStatus: '1',
				car: '2010006660303B0010000001045',
			},
		]);
	});

	it('a period SUNAT refuses at export with 1070 is an empty result: no item, no ticket', async () => {
		const result = await runRegister(sire.fake, { operation: 'getSalesProposal', parameters: { period: '202504' } });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		expect(sent(sire.fake)).toEqual([{ method: 'GET', path: '/rvie/propuesta/web/propuesta/202504/exportapropuesta', query: { codTipoArchivo: '0' } }]);
		expect(sire.fake.apiRequests()[0].status).toBe(422);
	});

	it('refuses a period before SIRE kept the sales register, before any request', async () => {
		const result = await runRegister(sire.fake, { operation: 'getSalesProposal', parameters: { period: 202303 } });
		expect(result.error?.message).toBe('Period 202303 is before SIRE kept the sales register (RVIE) (from 2023-04). Nothing was sent. [item 0]');
		expect(sire.fake.requests).toEqual([]);
	});
});
