// The SIRE fake's sandbox taxpayer (npm start, the example workflow, the tests' default): its API
// credential and SOL user, and a few periods of both books. The purchase proposal of March 2025
// holds receipts SUNAT's invoice check fake knows (fakes/sunat, RECEIPTS), so the example can
// validate the proposal's receipts a purchases sheet lacks.
import { purchaseRow, saleRow, type Book, type ProposalRow } from './layouts.ts';

export const SANDBOX_SIRE_CLIENT = {
	clientId: 'sandbox-sire-client-id',
	clientSecret: 'sandbox-sire-client-secret',
	ruc: '20100066603',
	razonSocial: 'EMPRESA SANDBOX S.A.C.',
	solUser: 'SANDBOX1',
	solPassword: 'sandbox-sol-password',
};

/** Base and IGV (18 %) of a total in soles, in cents. */
function split(total: string) {
	const totalCents = Math.round(Number(total) * 100);
	const baseCents = Math.round(totalCents / 1.18);
	return { baseCents, igvCents: totalCents - baseCents };
}

/** A factura in soles from a supplier, as the RCE proposal lists it. */
const purchase = (ruc: string, name: string, series: string, number: string, date: string, total: string) =>
	purchaseRow({ type: '01', series, number, date, partyDocType: '6', partyDoc: ruc, partyName: name, ...split(total) });

/** A factura or boleta in soles to a customer, as the RVIE proposal lists it. */
const sale = (type: '01' | '03', series: string, number: string, date: string, partyDocType: string, partyDoc: string, partyName: string, total: string) =>
	saleRow({ type, series, number, date, partyDocType, partyDoc, partyName, ...split(total) });

/** What the fake knows of one period of one book. */
export interface PeriodSetup {
	/** The proposal's receipts, or how many to generate (generatedRow); none or 0: an empty period. */
	receipts?: ProposalRow[] | number;
	/**
	 * How an empty period is told: refused at export with error 1070 (default) or 1518 (the RCE
	 * manual's "No existen documentos para exportar"), or a ticket whose file holds only a BOM.
	 */
	empty?: 'refuse1070' | 'refuse1518' | 'bomOnly';
	/** The period's state in the periods route (default 01 Presentado before the latest period, else the fake's own "02 Pendiente"). */
	state?: { codEstado: string; desEstado: string };
}

export const SANDBOX_PERIODS: Record<Book, Record<string, PeriodSetup>> = {
	'080000': {
		'202501': {
			receipts: [
				purchase('20100070970', 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', 'F002', '7', '10/01/2025', '500.00'),
				purchase('20601030013', 'SERVICIOS GENERALES LIMA S.A.C.', 'F001', '1520', '15/01/2025', '236.00'),
			],
		},
		'202502': {
			receipts: [purchase('20131312955', 'CORPORACION ACEROS AREQUIPA S.A.', 'F001', '99', '20/02/2025', '300.00')],
		},
		'202503': {
			receipts: [
				purchase('20131312955', 'CORPORACION ACEROS AREQUIPA S.A.', 'F001', '123', '14/03/2025', '1180.50'),
				purchase('20100070970', 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', 'F002', '31', '05/03/2025', '84.90'),
				purchase('20601030013', 'SERVICIOS GENERALES LIMA S.A.C.', 'F001', '1688', '10/03/2025', '590.00'),
				purchase('20100128056', 'SAGA FALABELLA S A', 'F020', '40211', '18/03/2025', '1299.00'),
				purchase('20100047218', 'BANCO DE CREDITO DEL PERU', 'F700', '9921', '31/03/2025', '45.00'),
			],
		},
		'202504': { empty: 'bomOnly' },
	},
	'140000': {
		'202501': {
			receipts: [
				sale('01', 'F001', '201', '08/01/2025', '6', '20131312955', 'CORPORACION ACEROS AREQUIPA S.A.', '2360.00'),
				sale('03', 'B001', '1045', '09/01/2025', '1', '45678912', 'ANA TORRES', '59.90'),
			],
		},
		'202502': { receipts: [sale('01', 'F001', '202', '12/02/2025', '6', '20100070970', 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', '1180.00')] },
		'202503': {
			receipts: [
				sale('01', 'F001', '203', '03/03/2025', '6', '20601030013', 'SERVICIOS GENERALES LIMA S.A.C.', '3540.00'),
				sale('01', 'F001', '204', '21/03/2025', '6', '20131312955', 'CORPORACION ACEROS AREQUIPA S.A.', '708.00'),
				sale('03', 'B001', '1046', '22/03/2025', '1', '45678912', 'ANA TORRES', '120.00'),
			],
		},
		'202504': { empty: 'refuse1070' },
	},
};
