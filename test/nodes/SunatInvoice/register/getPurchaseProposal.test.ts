import { describe, expect, it } from 'vitest';

import { RCE, SANDBOX_SIRE_CLIENT } from '../../../../fakes/sire';
import { jsonOf, nextMonth, runRegister, sent, thisMonthShown, ticketQuery, useSireFake } from './sire';

const sire = useSireFake({ now: new Date('2025-05-10T15:00:00Z') });

const exportOf = (period: string) => ({ method: 'GET', path: `/rce/propuesta/web/propuesta/${period}/exportacioncomprobantepropuesta`, query: { codTipoArchivo: '0', codOrigenEnvio: '2' } });
const reportName = (numTicket: string, period: string) => `${numTicket.padStart(24, '0')}__LE${SANDBOX_SIRE_CLIENT.ruc}${period}0008040001EXP2.zip`;
const downloadOf = (numTicket: string, period = '202503') => ({
	method: 'GET',
	path: '/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte',
	query: { nomArchivoReporte: reportName(numTicket, period), codTipoArchivoReporte: 'null', codLibro: '080000', perTributario: period, codProceso: '10', numTicket },
});

/** The first receipt of the sandbox's RCE proposal of 202503, as the node outputs it. */
const F001_123 = {
	taxpayerRuc: '20100066603',
	taxpayerName: 'EMPRESA SANDBOX S.A.C.',
	period: '202503',
	car: '2013131295501F0010000000123',
	issueDate: '2025-03-14',
	dueDate: null,
	documentType: '01',
	documentTypeName: 'Factura',
	series: 'F001',
	customsYear: null,
	number: '123',
	lastNumber: null,
	supplierIdType: '6',
	supplierIdTypeName: 'RUC',
	supplierIdNumber: '20131312955',
	supplierName: 'CORPORACION ACEROS AREQUIPA S.A.',
	taxableBaseDg: 1000.42,
	igvDg: 180.08,
	taxableBaseDgng: 0,
	igvDgng: 0,
	taxableBaseDng: 0,
	igvDng: 0,
	nonTaxedValue: 0,
	isc: 0,
	icbper: 0,
	otherTaxesAndCharges: 0,
	total: 1180.5,
	currency: 'PEN',
	currencyName: 'Sol',
	exchangeRate: 1,
	modifiedDocumentDate: null,
	modifiedDocumentType: null,
	modifiedDocumentTypeName: null,
	modifiedDocumentSeries: null,
	customsOfficeCode: null,
	modifiedDocumentNumber: null,
	goodsServicesClass: null,
	projectId: null,
	participationPercent: null,
	imb: 0,
	originalCar: null,
	detraction: null,
	noteType: null,
	documentStatus: '1',
	incal: '0',
};

describe('SUNAT › Register (SIRE) › Get Purchase Proposal', () => {
	it("requests the export, waits for the ticket, downloads SUNAT's ZIP and outputs one item per receipt, each paired with its input item", async () => {
		const result = await runRegister(sire.fake, { operation: 'getPurchaseProposal', parameters: { period: '2025-03-31' } });

		expect(result.error).toBeUndefined();
		const { numTicket } = sire.fake.tickets.all[0];
		// The fake answers the first query "En proceso" (05), then "Terminado" (06) with the file.
		expect(sent(sire.fake)).toEqual([exportOf('202503'), ticketQuery(numTicket), ticketQuery(numTicket), downloadOf(numTicket)]);
		expect(sire.fake.tokenRequests()).toHaveLength(1);
		const items = jsonOf(result);
		expect(items[0]).toEqual(F001_123);
		expect(items.map((json) => [json.issueDate, json.series, json.number, json.supplierIdNumber, json.total])).toEqual([
			['2025-03-14', 'F001', '123', '20131312955', 1180.5],
			['2025-03-05', 'F002', '31', '20100070970', 84.9],
			['2025-03-10', 'F001', '1688', '20601030013', 590],
			['2025-03-18', 'F020', '40211', '20100128056', 1299],
			['2025-03-31', 'F700', '9921', '20100047218', 45],
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map(() => ({ item: 0 })));
	});

	it('an empty period is no item, however SUNAT says it: 1070 or 1518 at export, a file holding only a BOM, a ticket done without a file', async () => {
		sire.fake.setPeriod(RCE, '202502', { receipts: 0, empty: 'refuse1518' });
		sire.fake.setPeriod(RCE, '202501', { receipts: 0, empty: 'refuse1070' });
		sire.fake.nextTickets({ processingQueries: 0, outcome: 'empty' }, { processingQueries: 0, outcome: 'noFile' });
		const result = await runRegister(sire.fake, {
			operation: 'getPurchaseProposal',
			parameters: { period: '={{ $json.period }}' },
			items: ['202501', '202502', '202504', '202503'].map((period) => ({ json: { period } })),
		});

		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
		const exports = sire.fake.apiRequests().filter((request) => request.path.includes('exportacion'));
		expect(exports.map((request) => request.status).sort()).toEqual([200, 200, 422, 422]);
		// The ticket done without a file is not downloaded; the one holding a BOM-only file is.
		expect(sire.fake.apiRequests().filter((request) => request.path.endsWith('/archivoreporte'))).toHaveLength(1);
	});

	it("a ticket SUNAT fails is the item's error, in SUNAT's words; nothing is downloaded", async () => {
		sire.fake.nextTickets({ processingQueries: 0, outcome: 'failed', failure: 'Error al generar el archivo de la propuesta' });
		const result = await runRegister(sire.fake, { operation: 'getPurchaseProposal', parameters: { period: '202503' } });
		const { numTicket } = sire.fake.tickets.all[0];
		expect(result.error?.message).toBe(
			`SUNAT could not process the export of the purchase register (RCE) proposal of 202503, ticket ${numTicket} (03 Procesado con Errores: Error al generar el archivo de la propuesta) [item 0]`,
		);
		expect(result.error?.description).toBe("SUNAT's words say why. Correct what they name in SIRE, then run again.");
		expect(sent(sire.fake)).toEqual([exportOf('202503'), ticketQuery(numTicket)]);
	});

	it('a ticket still processing at Max Wait is an error naming the ticket and its period, for Get Ticket to continue', async () => {
		sire.fake.nextTickets({ processingQueries: 1000 });
		const result = await runRegister(sire.fake, { operation: 'getPurchaseProposal', parameters: { period: '202503', options: { maxTicketWaitSeconds: 0 } } });
		const { numTicket } = sire.fake.tickets.all[0];
		expect(result.error?.message).toBe(
			`SUNAT is still processing the export of the purchase register (RCE) proposal of 202503: ticket ${numTicket} of period 202503 (05 En proceso) [item 0]`,
		);
		expect(result.error?.description).toBe(
			`Continue it later with Register → Get Ticket (ticket ${numTicket}, period 202503), or raise Max Wait for the Ticket under Options, now 0 s.`,
		);
		expect(sent(sire.fake)).toEqual([exportOf('202503'), ticketQuery(numTicket)]);
	});

	it('a broken ZIP is a clear error and no item, under Continue On Fail too', async () => {
		sire.fake.breakNextDownload('badCrc');
		const result = await runRegister(sire.fake, { operation: 'getPurchaseProposal', parameters: { period: '202503' }, continueOnFail: true });
		const { numTicket } = sire.fake.tickets.all[0];
		expect(jsonOf(result)).toEqual([
			{
				error: `SUNAT's file ${reportName(numTicket, '202503')} of ticket ${numTicket} cannot be read: The ZIP's entry "LE${SANDBOX_SIRE_CLIENT.ruc}2025030008040001EXP2.txt" fails its CRC-32 check: the archive is corrupt. Download the file again. [item 0]` },
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('refuses bad periods before any request, each naming the item, the value and the fix (Continue On Fail: the good item still runs)', async () => {
		const periods = ['2025-13', 'marzo', '202112', nextMonth(), '202502'];
		const result = await runRegister(sire.fake, {
			operation: 'getPurchaseProposal',
			parameters: { period: '={{ $json.period }}' },
			items: periods.map((period) => ({ json: { period } })),
			continueOnFail: true,
		});
		const json = jsonOf(result);
		expect(json.slice(0, 4)).toEqual([
			{ error: 'Period "2025-13" has no month 13. Nothing was sent. [item 0]' },
			{ error: 'Period "marzo" is not a period YYYYMM nor a date. Nothing was sent. [item 1]' },
			{ error: 'Period "202112" is before SIRE kept the purchase register (RCE) (from 2022-01). Nothing was sent. [item 2]' },
			{ error: `Period "${nextMonth()}" is after this month (${thisMonthShown()} in Lima): SUNAT has no register for it yet. Nothing was sent. [item 3]` },
		]);
		expect(result.items[2].error?.description).toBe("Give 202201 or a later period; earlier registers are in SUNAT's PLE, not in SIRE.");
		expect(json.slice(4).map((item) => [item.series, item.number])).toEqual([['F001', '99']]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(sire.fake.apiRequests().filter((request) => request.path.includes('exportacion')).map((request) => request.path)).toEqual([
			'/v1/contribuyente/migeigv/libros/rce/propuesta/web/propuesta/202502/exportacioncomprobantepropuesta',
		]);
	});
});
