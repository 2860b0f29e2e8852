import { describe, expect, it } from 'vitest';

import { CURRENCY_NAMES, IDENTITY_DOCUMENT_NAMES, RECEIPT_TYPE_NAMES } from '../../../../nodes/SunatInvoice/sire/codes';
import { parseProposal, parseProposalBytes, ProposalError, readProposalZip } from '../../../../nodes/SunatInvoice/sire/proposal';
import { pythonZip } from './archives';

// The headers as SUNAT's export writes them (docs/sunat-sire-layouts.md): RVIE's 40 columns, RCE's
// 41 and its 39 free columns.
const RVIE_HEADER = [
	'RUC', 'Apellidos y Nombres o Razón social', 'Periodo', 'CAR SUNAT', 'Fecha de emisión', 'Fecha Vcto/Pago', 'Tipo CP/Doc.', 'Serie del CDP',
	'Nro CP o Doc. Nro Inicial (Rango)', 'Nro Final (Rango)', 'Tipo Doc Identidad', 'Nro Doc Identidad', 'Apellidos Nombres/ Razón Social',
	'Valor Facturado Exportación', 'BI Gravada', 'Dscto BI', 'IGV / IPM', 'Dscto IGV / IPM', 'Mto Exonerado', 'Mto Inafecto', 'ISC', 'BI Grav IVAP',
	'IVAP', 'ICBPER', 'Otros Tributos', 'Total CP', 'Moneda', 'Tipo Cambio', 'Fecha Emisión Doc Modificado', 'Tipo CP Modificado',
	'Serie CP Modificado', 'Nro CP Modificado', 'ID Proyecto Operadores Atribución', 'Tipo de Nota', 'Est. Comp', 'Valor FOB Embarcado',
	'Valor OP Gratuitas', 'Tipo Operación', 'DAM / CP', 'CLU',
].join('|');
const RCE_HEADER = [
	'RUC', 'Apellidos y Nombres o Razón social', 'Periodo', 'CAR SUNAT', 'Fecha de emisión', 'Fecha Vcto/Pago', 'Tipo CP/Doc.', 'Serie del CDP', 'Año',
	'Nro CP o Doc. Nro Inicial (Rango)', 'Nro Final (Rango)', 'Tipo Doc Identidad', 'Nro Doc Identidad', 'Apellidos Nombres/ Razón  Social',
	'BI Gravado DG', 'IGV / IPM DG', 'BI Gravado DGNG', 'IGV / IPM DGNG', 'BI Gravado DNG', 'IGV / IPM DNG', 'Valor Adq. NG', 'ISC', 'ICBPER',
	'Otros Trib/ Cargos', 'Total CP', 'Moneda', 'Tipo de Cambio', 'Fecha Emisión Doc Modificado', 'Tipo CP Modificado', 'Serie CP Modificado',
	'COD. DAM O DSI', 'Nro CP Modificado', 'Clasif de Bss y Sss', 'ID Proyecto Operadores', 'PorcPart', 'IMB', 'CAR Orig/ Ind E o I', 'Detracción',
	'Tipo de Nota', 'Est. Comp.', 'Incal', ...Array.from({ length: 39 }, (_, index) => `CLU${index + 1}`),
].join('|');

/** A line of cells: the layout's columns, then as many empty free columns as the book has. */
const line = (cells: string[], freeColumns: number) => [...cells, ...Array<string>(freeColumns).fill('')].join('|');

// A sale invoice of 1,180.00 soles, then the credit note that cancels it.
const SALE = line(
	['20131312955', 'EMPRESA DEMO S.A.C.', '202501', '2013131295501F0010000000123', '14/01/2025', '13/02/2025', '01', 'F001', '00000123', '', '6',
		'20100066603', 'CLIENTE UNO S.A.', '0', '1000.00', '0', '180.00', '0', '0', '0', '0', '0', '0', '0', '0', '1180.00', 'PEN', '1.000', '', '', '',
		'', '', '', '1', '0', '0', '0101', ''],
	1,
);
const CREDIT_NOTE = line(
	['20131312955', 'EMPRESA DEMO S.A.C.', '202501', '2013131295507FC010000000007', '20/01/2025', '', '07', 'FC01', '7', '', '6', '20100066603',
		'CLIENTE UNO S.A.', '0', '-1000.00', '0', '-180.00', '0', '0', '0', '0', '0', '0', '0.50', '0', '-1180.00', 'USD', '3.712', '14/01/2025', '01',
		'F001', '00000123', '', '01', '1', '0', '0', '', ''],
	1,
);
// A purchase in dollars from a supplier whose name has an accent, partly for taxed and untaxed sales.
const PURCHASE = line(
	['20131312955', 'EMPRESA DEMO S.A.C.', '202501', '2060829118101F0010000006742', '24/01/2025', '24/02/2025', '01', 'F001', '', '0006742', '',
		'6', '20608291181', 'DISTRIBUIDORA ÑANDÚ S.A.C.', '166.02', '29.88', '100.00', '18.00', '0.00', '0.00', '10.00', '0.00', '0.20', '1.00',
		'325.10', 'USD', '3.705', '', '', '', '', '', '1', '', '', '0.00', '', '', '', '1', '0'],
	39,
);

const SALE_ITEM = {
	taxpayerRuc: '20131312955', taxpayerName: 'EMPRESA DEMO S.A.C.', period: '202501', car: '2013131295501F0010000000123',
	issueDate: '2025-01-14', dueDate: '2025-02-13', documentType: '01', documentTypeName: 'Factura', series: 'F001', number: '00000123',
	lastNumber: null, customerIdType: '6', customerIdTypeName: 'RUC', customerIdNumber: '20100066603', customerName: 'CLIENTE UNO S.A.',
	exportValue: 0, taxableBase: 1000, taxableBaseDiscount: 0, igv: 180, igvDiscount: 0, exemptAmount: 0, nonTaxableAmount: 0, isc: 0,
	ivapTaxableBase: 0, ivap: 0, icbper: 0, otherTaxes: 0, total: 1180, currency: 'PEN', currencyName: 'Sol', exchangeRate: 1,
	modifiedDocumentDate: null, modifiedDocumentType: null, modifiedDocumentTypeName: null, modifiedDocumentSeries: null,
	modifiedDocumentNumber: null, projectId: null, noteType: null, documentStatus: '1', fobValue: 0, freeOperationsValue: 0,
	operationType: '0101', customsDocument: null,
};
const CREDIT_NOTE_ITEM = {
	taxpayerRuc: '20131312955', taxpayerName: 'EMPRESA DEMO S.A.C.', period: '202501', car: '2013131295507FC010000000007',
	issueDate: '2025-01-20', dueDate: null, documentType: '07', documentTypeName: 'Nota de crédito', series: 'FC01', number: '7',
	lastNumber: null, customerIdType: '6', customerIdTypeName: 'RUC', customerIdNumber: '20100066603', customerName: 'CLIENTE UNO S.A.',
	exportValue: 0, taxableBase: -1000, taxableBaseDiscount: 0, igv: -180, igvDiscount: 0, exemptAmount: 0, nonTaxableAmount: 0, isc: 0,
	ivapTaxableBase: 0, ivap: 0, icbper: 0.5, otherTaxes: 0, total: -1180, currency: 'USD', currencyName: 'US Dollar', exchangeRate: 3.712,
	modifiedDocumentDate: '2025-01-14', modifiedDocumentType: '01', modifiedDocumentTypeName: 'Factura', modifiedDocumentSeries: 'F001',
	modifiedDocumentNumber: '00000123', projectId: null, noteType: '01', documentStatus: '1', fobValue: 0, freeOperationsValue: 0,
	operationType: null, customsDocument: null,
};
const PURCHASE_ITEM = {
	taxpayerRuc: '20131312955', taxpayerName: 'EMPRESA DEMO S.A.C.', period: '202501', car: '2060829118101F0010000006742',
	issueDate: '2025-01-24', dueDate: '2025-02-24', documentType: '01', documentTypeName: 'Factura', series: 'F001', customsYear: null,
	number: '0006742', lastNumber: null, supplierIdType: '6', supplierIdTypeName: 'RUC', supplierIdNumber: '20608291181',
	supplierName: 'DISTRIBUIDORA ÑANDÚ S.A.C.', taxableBaseDg: 166.02, igvDg: 29.88, taxableBaseDgng: 100, igvDgng: 18, taxableBaseDng: 0,
	igvDng: 0, nonTaxedValue: 10, isc: 0, icbper: 0.2, otherTaxesAndCharges: 1, total: 325.1, currency: 'USD', currencyName: 'US Dollar',
	exchangeRate: 3.705, modifiedDocumentDate: null, modifiedDocumentType: null, modifiedDocumentTypeName: null, modifiedDocumentSeries: null,
	customsOfficeCode: null, modifiedDocumentNumber: null, goodsServicesClass: '1', projectId: null, participationPercent: null, imb: 0,
	originalCar: null, detraction: null, noteType: null, documentStatus: '1', incal: '0',
};

/** The ProposalError parseProposal throws, as its message. */
function refusal(read: () => unknown): string {
	try {
		read();
	} catch (error) {
		expect(error).toBeInstanceOf(ProposalError);
		return (error as ProposalError).message;
	}
	throw new Error('parseProposal did not throw');
}

describe('parseProposal: SUNAT\'s TXT as one item per receipt', () => {
	it('reads the sales proposal (RVIE): a header, a BOM, Windows line ends; dates ISO, amounts numbers, numbers as text, codes with their meaning', () => {
		expect(parseProposal('RVIE', `\ufeff${RVIE_HEADER}\r\n${SALE}\r\n${CREDIT_NOTE}\r\n`)).toEqual([SALE_ITEM, CREDIT_NOTE_ITEM]);
	});

	it('reads the purchase proposal (RCE), its 39 free columns left out', () => {
		expect(parseProposal('RCE', `${RCE_HEADER}\n${PURCHASE}\n`)).toEqual([PURCHASE_ITEM]);
	});

	it('reads a file without a header in the layout\'s order, lines closed by a pipe, and cells padded with spaces', () => {
		expect(parseProposal('RVIE', `${SALE}\n${CREDIT_NOTE}`)).toEqual([SALE_ITEM, CREDIT_NOTE_ITEM]);
		expect(parseProposal('RVIE', `${SALE}|\r\n${CREDIT_NOTE}|\r\n`)).toEqual([SALE_ITEM, CREDIT_NOTE_ITEM]);
		expect(parseProposal('RCE', `${RCE_HEADER}|\n${PURCHASE}|\n`)).toEqual([PURCHASE_ITEM]);
		const padded = PURCHASE.replace('|DISTRIBUIDORA ÑANDÚ S.A.C.|', '|  DISTRIBUIDORA ÑANDÚ S.A.C. \t|').replace('|24/01/2025|', '| 24/01/2025 |');
		expect(parseProposal('RCE', padded)).toEqual([PURCHASE_ITEM]);
	});

	it('finds the columns by their header in any order and spelling SUNAT uses, and keeps a column it does not know under its header', () => {
		const header = RVIE_HEADER.replace('Apellidos y Nombres o Razón social', 'Razon Social').replace('Tipo Cambio', 'Tipo de Cambio');
		expect(parseProposal('RVIE', `${header}|Nuevo Campo\n${SALE}|X-1\n`)).toEqual([{ ...SALE_ITEM, 'Nuevo Campo': 'X-1' }]);
		const [first, ...rest] = RCE_HEADER.split('|');
		const [ruc, ...cells] = PURCHASE.split('|');
		expect(parseProposal('RCE', `${[...rest, first].join('|')}\n${[...cells, ruc].join('|')}`)).toEqual([PURCHASE_ITEM]);
	});

	it('gives no items for an empty file, a BOM alone, blank lines or a header alone', () => {
		expect(parseProposal('RVIE', '')).toEqual([]);
		expect(parseProposal('RVIE', '\ufeff')).toEqual([]);
		expect(parseProposal('RCE', '\ufeff\r\n  \n')).toEqual([]);
		expect(parseProposal('RCE', `\ufeff${RCE_HEADER}\r\n`)).toEqual([]);
		expect(parseProposalBytes('RVIE', new Uint8Array([0xef, 0xbb, 0xbf]))).toEqual([]);
	});

	it('gives each code its meaning from SUNAT\'s tables, and null for a code a table lacks', () => {
		const cells = SALE.split('|');
		const withCodes = (documentType: string, idType: string, currency: string) =>
			Object.assign([...cells], { 6: documentType, 10: idType, 26: currency }).join('|');
		const codes = [
			...Object.keys(RECEIPT_TYPE_NAMES).map((code) => [code, '6', 'PEN']),
			...Object.keys(IDENTITY_DOCUMENT_NAMES).map((code) => ['01', code, 'PEN']),
			...Object.keys(CURRENCY_NAMES).map((code) => ['01', '6', code]),
			['33', 'Z', 'XYZ'],
		];
		const items = parseProposal('RVIE', codes.map(([type, id, currency]) => withCodes(type, id, currency)).join('\n'));
		expect(items.map((item) => [item.documentTypeName, item.customerIdTypeName, item.currencyName])).toEqual([
			...Object.values(RECEIPT_TYPE_NAMES).map((name) => [name, 'RUC', 'Sol']),
			...Object.values(IDENTITY_DOCUMENT_NAMES).map((name) => ['Factura', name, 'Sol']),
			...Object.values(CURRENCY_NAMES).map((name) => ['Factura', 'RUC', name]),
			[null, null, null],
		]);
		expect([RECEIPT_TYPE_NAMES['03'], RECEIPT_TYPE_NAMES['08'], IDENTITY_DOCUMENT_NAMES['1'], CURRENCY_NAMES.EUR]).toEqual([
			'Boleta de venta', 'Nota de débito', 'DNI', 'Euro',
		]);
	});
});

describe('parseProposal: a file it cannot read throws a ProposalError naming the line', () => {
	it('a line with another number of columns than the header', () => {
		const short = SALE.split('|').slice(0, 39).join('|');
		expect(refusal(() => parseProposal('RVIE', `${RVIE_HEADER}\n${SALE}\n\n${short}\n`))).toBe(
			"Line 4 of the sales (RVIE) proposal has 39 columns where its header has 40: the file is damaged or is not SUNAT's sales (RVIE) proposal. Download the proposal again; check that the file is the book asked for.",
		);
		expect(refusal(() => parseProposal('RCE', `${PURCHASE}|x\n`))).toBe(
			"Line 1 of the purchase (RCE) proposal has 81 columns where SUNAT's layout has 80: the file is damaged or is not SUNAT's purchase (RCE) proposal. Download the proposal again; check that the file is the book asked for.",
		);
		expect(refusal(() => parseProposal('RVIE', `${RVIE_HEADER}\n${'|'.repeat(500)}\n`))).toBe(
			"Line 2 of the sales (RVIE) proposal has more than 104 columns where its header has 40: the file is damaged or is not SUNAT's sales (RVIE) proposal. Download the proposal again; check that the file is the book asked for.",
		);
	});

	it('a date or an amount that is not one', () => {
		expect(refusal(() => parseProposal('RVIE', `${RVIE_HEADER}\n${SALE.replace('14/01/2025', '2025/01/14')}`))).toBe(
			'Line 2 of the sales (RVIE) proposal has "2025/01/14" in the column "Fecha de emisión" (issueDate), which is not a date DD/MM/YYYY: the file is damaged or SUNAT changed its layout. Download the proposal again; check the line in the file (Download gives it as SUNAT sent it).',
		);
		expect(refusal(() => parseProposal('RCE', PURCHASE.replace('325.10', '325,10')))).toBe(
			'Line 1 of the purchase (RCE) proposal has "325,10" in the column "Total CP" (total), which is not an amount (digits with a decimal point): the file is damaged or SUNAT changed its layout. Download the proposal again; check the line in the file (Download gives it as SUNAT sent it).',
		);
	});

	it("another book's file, or a header without the layout's columns", () => {
		expect(refusal(() => parseProposal('RVIE', `${RCE_HEADER}\n${PURCHASE}`))).toBe(
			`The sales (RVIE) proposal's header (line 1) lacks the columns "Valor Facturado Exportación", "BI Gravada", "Dscto BI", "Dscto IGV / IPM", "Mto Exonerado", "Mto Inafecto", "BI Grav IVAP", "IVAP", "Otros Tributos", "ID Proyecto Operadores Atribución", "Valor FOB Embarcado", "Valor OP Gratuitas", "Tipo Operación", "DAM / CP": the file is not SUNAT's sales (RVIE) proposal, or SUNAT changed its layout. Check that the file is the book asked for.`,
		);
		expect(refusal(() => parseProposal('RCE', `${RCE_HEADER.replace('|Incal|', '|')}\n`))).toBe(
			`The purchase (RCE) proposal's header (line 1) lacks the column "Incal": the file is not SUNAT's purchase (RCE) proposal, or SUNAT changed its layout. Check that the file is the book asked for.`,
		);
	});

	it("SUNAT's CSV export", () => {
		expect(refusal(() => parseProposal('RVIE', `\ufeff${RVIE_HEADER.replaceAll('|', ',')}\n`))).toBe(
			'The file is SUNAT\'s CSV export (its first line is separated by commas), which is not read: ask for the TXT (codTipoArchivo=0), whose columns are separated by "|".',
		);
	});
});

describe('parseProposalBytes and readProposalZip', () => {
	it('reads UTF-8 (with its BOM or without) and, for bytes that are not UTF-8, Windows-1252', () => {
		const expected = [{ ...PURCHASE_ITEM }];
		expect(parseProposalBytes('RCE', new Uint8Array(Buffer.from(`\ufeff${RCE_HEADER}\n${PURCHASE}`, 'utf8')))).toEqual(expected);
		expect(parseProposalBytes('RCE', new Uint8Array(Buffer.from(`${RCE_HEADER}\n${PURCHASE}`, 'latin1')))).toEqual(expected);
	});

	it("reads the TXT in SUNAT's ZIP", async () => {
		const zip = pythonZip({ method: 'deflated', files: [{ name: 'LE2013131295520250100080400001OIE2.txt', content: `\ufeff${RCE_HEADER}\r\n${PURCHASE}\r\n` }] });
		expect(await readProposalZip('RCE', zip)).toEqual([PURCHASE_ITEM]);
	});

	it('reads each TXT of a ZIP holding several, in order, and nothing else it holds', async () => {
		const zip = pythonZip({
			method: 'deflated',
			files: [
				{ name: 'parte1.TXT', content: `${RVIE_HEADER}\n${SALE}\n` },
				{ name: 'leeme.pdf', content: '%PDF' },
				{ name: 'parte2.txt', content: `${RVIE_HEADER}\n${CREDIT_NOTE}\n` },
			],
		});
		expect(await readProposalZip('RVIE', zip)).toEqual([SALE_ITEM, CREDIT_NOTE_ITEM]);
	});

	it('refuses a ZIP holding a CSV, or no TXT', async () => {
		const csv = pythonZip({ method: 'deflated', files: [{ name: 'propuesta.csv', content: RVIE_HEADER.replaceAll('|', ',') }] });
		await expect(readProposalZip('RVIE', csv)).rejects.toThrow(
			new ProposalError('SUNAT\'s ZIP holds its CSV export ("propuesta.csv"), which is not read: ask for the TXT (codTipoArchivo=0).'),
		);
		const other = pythonZip({ method: 'stored', files: [{ name: 'leeme.pdf', content: '%PDF' }] });
		await expect(readProposalZip('RVIE', other)).rejects.toThrow(
			new ProposalError('SUNAT\'s ZIP holds "leeme.pdf" and no TXT proposal: check that the file is the proposal SUNAT sent.'),
		);
	});
});
