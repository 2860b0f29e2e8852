// The TXT files inside the SIRE fake's ZIPs: the proposal as SUNAT exports it, one receipt per
// line, fields separated by `|`, a header line of column titles first. The columns and their order
// are those of SUNAT's export as public clients read it from real files (docs/sunat-sire-api.md,
// "The files"; what each column means: docs/sunat-sire-layouts.md). The fake writes them itself
// and imports nothing from nodes/.

/** The sales register (RVIE, book 140000): the export's 40 columns, in order. */
export const RVIE_COLUMNS = [
	['ruc', 'Ruc'],
	['razonSocial', 'Razon Social'],
	['periodo', 'Periodo'],
	['carSunat', 'CAR SUNAT'],
	['fecEmision', 'Fecha de emisión'],
	['fecVencPag', 'Fecha Vcto/Pago'],
	['codTipoCDP', 'Tipo CP/Doc.'],
	['numSerieCDP', 'Serie del CDP'],
	['numCDP', 'Nro CP o Doc. Nro Inicial (Rango)'],
	['numCDPRangoFinal', 'Nro Final (Rango)'],
	['codTipoDocIdentidad', 'Tipo Doc Identidad'],
	['numDocIdentidad', 'Nro Doc Identidad'],
	['nomRazonSocialCliente', 'Apellidos Nombres/ Razón Social'],
	['mtoValFactExpo', 'Valor Facturado Exportación'],
	['mtoBIGravada', 'BI Gravada'],
	['mtoDsctoBI', 'Dscto BI'],
	['mtoIGV', 'IGV / IPM'],
	['mtoDsctoIGV', 'Dscto IGV / IPM'],
	['mtoExonerado', 'Mto Exonerado'],
	['mtoInafecto', 'Mto Inafecto'],
	['mtoISC', 'ISC'],
	['mtoBIIvap', 'BI Grav IVAP'],
	['mtoIvap', 'IVAP'],
	['mtoIcbp', 'ICBPER'],
	['mtoOtrosTrib', 'Otros Tributos'],
	['mtoTotalCP', 'Total CP'],
	['codMoneda', 'Moneda'],
	['mtoTipoCambio', 'Tipo Cambio'],
	['fecEmisionMod', 'Fecha Emisión Doc Modificado'],
	['codTipoCDPMod', 'Tipo CP Modificado'],
	['numSerieCDPMod', 'Serie CP Modificado'],
	['numCDPMod', 'Nro CP Modificado'],
	['idProyectoAtribucion', 'ID Proyecto Operadores Atribución'],
	['codTipoNota', 'Tipo de Nota'],
	['codEstadoComprobante', 'Est. Comp'],
	['mtoValorFob', 'Valor FOB Embarcado'],
	['mtoValorOpGratuitas', 'Valor OP Gratuitas'],
	['codTipoOperacion', 'Tipo Operación'],
	['numDam', 'DAM / CP'],
	['clu', 'CLU'],
] as const;

/** The purchase register (RCE, book 080000): the export's 41 columns and the 39 free CLU columns. */
export const RCE_COLUMNS = [
	['ruc', 'RUC'],
	['razonSocial', 'Apellidos y Nombres o Razón social'],
	['periodo', 'Periodo'],
	['carSunat', 'CAR SUNAT'],
	['fecEmision', 'Fecha de emisión'],
	['fecVencPag', 'Fecha Vcto/Pago'],
	['codTipoCDP', 'Tipo CP/Doc.'],
	['numSerieCDP', 'Serie del CDP'],
	['anioDam', 'Año'],
	['numCDP', 'Nro CP o Doc. Nro Inicial (Rango)'],
	['numCDPRangoFinal', 'Nro Final (Rango)'],
	['codTipoDocIdentidad', 'Tipo Doc Identidad'],
	['numDocIdentidad', 'Nro Doc Identidad'],
	// Two spaces: the title as the real files write it.
	['nomRazonSocialProveedor', 'Apellidos Nombres/ Razón  Social'],
	['mtoBIGravadaDG', 'BI Gravado DG'],
	['mtoIgvIpmDG', 'IGV / IPM DG'],
	['mtoBIGravadaDGNG', 'BI Gravado DGNG'],
	['mtoIgvIpmDGNG', 'IGV / IPM DGNG'],
	['mtoBIGravadaDNG', 'BI Gravado DNG'],
	['mtoIgvIpmDNG', 'IGV / IPM DNG'],
	['mtoValorAdqNG', 'Valor Adq. NG'],
	['mtoISC', 'ISC'],
	['mtoIcbp', 'ICBPER'],
	['mtoOtrosTrib', 'Otros Trib/ Cargos'],
	['mtoTotalCP', 'Total CP'],
	['codMoneda', 'Moneda'],
	['mtoTipoCambio', 'Tipo de Cambio'],
	['fecEmisionMod', 'Fecha Emisión Doc Modificado'],
	['codTipoCDPMod', 'Tipo CP Modificado'],
	['numSerieCDPMod', 'Serie CP Modificado'],
	['codDamDsi', 'COD. DAM O DSI'],
	['numCDPMod', 'Nro CP Modificado'],
	['codClasifBienServ', 'Clasif de Bss y Sss'],
	['idProyectoOperadores', 'ID Proyecto Operadores'],
	['porcPart', 'PorcPart'],
	['impBenef', 'IMB'],
	['carOrigen', 'CAR Orig/ Ind E o I'],
	['detraccion', 'Detracción'],
	['codTipoNota', 'Tipo de Nota'],
	['codEstadoComprobante', 'Est. Comp.'],
	['incal', 'Incal'],
	...Array.from({ length: 39 }, (_, i) => [`clu${i + 1}`, `CLU${i + 1}`] as const),
] as const;

export type Book = '140000' | '080000';
export const RVIE: Book = '140000';
export const RCE: Book = '080000';

/** A receipt of a proposal: column keys of its book's layout and their text; a missing key is an empty field. */
export type ProposalRow = Record<string, string>;

export const columnsOf = (book: Book): ReadonlyArray<readonly [string, string]> => (book === RVIE ? RVIE_COLUMNS : RCE_COLUMNS);

/** The header line of a book's export. */
export const headerLine = (book: Book) => columnsOf(book).map(([, title]) => title).join('|');

/** One receipt as a line: its fields in the book's column order, the generator's RUC, name and period filled in. */
export function rowLine(book: Book, row: ProposalRow, owner: { ruc: string; razonSocial: string; period: string }): string {
	const filled: ProposalRow = { ruc: owner.ruc, razonSocial: owner.razonSocial, periodo: owner.period, ...row };
	return columnsOf(book)
		.map(([key]) => filled[key] ?? '')
		.join('|');
}

/** The CAR SUNAT of a receipt (27 characters: issuer's RUC, type, series, number in 10 digits). */
export const carOf = (issuerRuc: string, type: string, series: string, number: string) => `${issuerRuc}${type}${series}${number.padStart(10, '0')}`;

const money = (cents: number) => (cents / 100).toFixed(2);

/** Suppliers and customers the generated rows use (RUCs with a valid check digit). */
const PARTIES = [
	['20131312955', 'CORPORACION ACEROS AREQUIPA S.A.'],
	['20100070970', 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA'],
	['20100047218', 'BANCO DE CREDITO DEL PERU'],
	['20100128056', 'SAGA FALABELLA S A'],
	['20601030013', 'SERVICIOS GENERALES LIMA S.A.C.'],
] as const;

/** A receipt in soles, as a proposal lists it: the other party, the document, base and IGV in cents. */
export interface Receipt {
	type: string;
	series: string;
	number: string;
	/** `dd/mm/yyyy` */
	date: string;
	/** The other party's document type (6 RUC, 1 DNI) and number, and name. */
	partyDocType: string;
	partyDoc: string;
	partyName: string;
	baseCents: number;
	igvCents: number;
}

const common = (receipt: Receipt): ProposalRow => ({
	fecEmision: receipt.date,
	codTipoCDP: receipt.type,
	numSerieCDP: receipt.series,
	numCDP: receipt.number,
	codTipoDocIdentidad: receipt.partyDocType,
	numDocIdentidad: receipt.partyDoc,
	mtoTotalCP: money(receipt.baseCents + receipt.igvCents),
	codMoneda: 'PEN',
	mtoTipoCambio: '1.000',
	codEstadoComprobante: '1',
});

/** A sale (RVIE): taxed base and IGV, zeros written `0` as the real exports write them; the CAR carries the generator's RUC. */
export const saleRow = (receipt: Receipt): ProposalRow => ({
	...common(receipt),
	carSunat: carOf('{ruc}', receipt.type, receipt.series, receipt.number),
	nomRazonSocialCliente: receipt.partyName,
	mtoValFactExpo: '0',
	mtoBIGravada: money(receipt.baseCents),
	mtoDsctoBI: '0',
	mtoIGV: money(receipt.igvCents),
	mtoDsctoIGV: '0',
	mtoExonerado: '0',
	mtoInafecto: '0',
	mtoISC: '0',
	mtoBIIvap: '0',
	mtoIvap: '0',
	mtoIcbp: '0',
	mtoOtrosTrib: '0',
	mtoValorFob: '0',
	mtoValorOpGratuitas: '0',
	codTipoOperacion: '0101',
});

/** A purchase (RCE) destined to taxed operations (DG), zeros written `0.00` as the real exports write them. */
export const purchaseRow = (receipt: Receipt): ProposalRow => ({
	...common(receipt),
	carSunat: carOf(receipt.partyDoc, receipt.type, receipt.series, receipt.number),
	nomRazonSocialProveedor: receipt.partyName,
	mtoBIGravadaDG: money(receipt.baseCents),
	mtoIgvIpmDG: money(receipt.igvCents),
	mtoBIGravadaDGNG: '0.00',
	mtoIgvIpmDGNG: '0.00',
	mtoBIGravadaDNG: '0.00',
	mtoIgvIpmDNG: '0.00',
	mtoValorAdqNG: '0.00',
	mtoISC: '0.00',
	mtoIcbp: '0.00',
	mtoOtrosTrib: '0.00',
	impBenef: '0.00',
	incal: '0',
});

/**
 * The `index`-th generated receipt of a period (`YYYYMM`): a factura of series F001 with number
 * index+1, issued on a day of the period, base and IGV at 18 %. The same index always gives the
 * same receipt, so a test can write out the rows it expects.
 */
export function generatedRow(book: Book, period: string, index: number): ProposalRow {
	const [partyDoc, partyName] = PARTIES[index % PARTIES.length];
	const baseCents = 10_000 + ((index * 7919) % 990_000);
	const receipt: Receipt = {
		type: '01',
		series: 'F001',
		number: String(index + 1),
		date: `${String((index % 28) + 1).padStart(2, '0')}/${period.slice(4, 6)}/${period.slice(0, 4)}`,
		partyDocType: '6',
		partyDoc,
		partyName,
		baseCents,
		igvCents: Math.round(baseCents * 0.18),
	};
	return book === RVIE ? saleRow(receipt) : purchaseRow(receipt);
}

/** The UTF-8 byte-order mark SUNAT's files begin with; an empty period's file holds only it. */
export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export interface TxtOptions {
	/** Line ending (default CRLF). */
	lineEnding?: '\n' | '\r\n';
	/** Begin with a UTF-8 byte-order mark (default true). */
	bom?: boolean;
}

/** A proposal's TXT: header and one line per receipt, or only the byte-order mark when there are none. */
export function proposalTxt(book: Book, rows: Iterable<ProposalRow>, owner: { ruc: string; razonSocial: string; period: string }, options: TxtOptions = {}): Buffer {
	const eol = options.lineEnding ?? '\r\n';
	const lines: string[] = [];
	for (const row of rows) lines.push(rowLine(book, row, owner).replace(/\{ruc\}/g, owner.ruc));
	const bom = options.bom === false ? Buffer.alloc(0) : BOM;
	if (lines.length === 0) return bom;
	return Buffer.concat([bom, Buffer.from(headerLine(book) + eol + lines.join(eol) + eol, 'utf8')]);
}

/** The rows of a period: given ones as they are, or `count` generated ones. */
export function* rowsOf(book: Book, period: string, receipts: ProposalRow[] | number): Generator<ProposalRow> {
	if (typeof receipts === 'number') {
		for (let i = 0; i < receipts; i++) yield generatedRow(book, period, i);
	} else yield* receipts;
}

/** The titles of a book's summary (resumen) file, as the real summaries read by public clients carry them. */
export const SUMMARY_COLUMNS: Record<Book, { titles: string; amounts: string[] }> = {
	'140000': {
		titles:
			'Tipo de Documento|Total Documentos|Valor facturado la exportacion|Base imponible de la operación gravada|Dscto. de la Base Imponible|Monto Total del IGV|Dscto. del IGV|Importe total de la operación exonerada|Importe total de la operación inafecta|ISC|Base imponible de la operación gravada con el Impuesto a las Ventas del Arroz Pilado|Impuesto a las Ventas del Arroz Pilado|ICBPER|Otros Trib/ Cargos|Total CP',
		amounts: ['mtoValFactExpo', 'mtoBIGravada', 'mtoDsctoBI', 'mtoIGV', 'mtoDsctoIGV', 'mtoExonerado', 'mtoInafecto', 'mtoISC', 'mtoBIIvap', 'mtoIvap', 'mtoIcbp', 'mtoOtrosTrib', 'mtoTotalCP'],
	},
	'080000': {
		titles: 'Tipo de Documento|Total Documentos|BI Gravado DG|IGV / IPM DG|BI Gravado DGNG|IGV / IPM DGNG|BI Gravado DNG|IGV / IPM DNG|Valor Adq. NG|ISC|ICBPER|Otros Trib/ Cargos|Total CP',
		amounts: ['mtoBIGravadaDG', 'mtoIgvIpmDG', 'mtoBIGravadaDGNG', 'mtoIgvIpmDGNG', 'mtoBIGravadaDNG', 'mtoIgvIpmDNG', 'mtoValorAdqNG', 'mtoISC', 'mtoIcbp', 'mtoOtrosTrib', 'mtoTotalCP'],
	},
};

/** Names of the receipt types the summaries show (SUNAT's table 10 of types). */
const TYPE_NAMES: Record<string, string> = {
	'01': 'Factura',
	'03': 'Boleta de Venta',
	'07': 'Nota de crédito',
	'08': 'Nota de débito',
	'14': 'Recibo por servicios públicos',
};

/** The period's summary: one line per receipt type with its count and summed amounts, then TOTAL. */
export function summaryTxt(book: Book, rows: Iterable<ProposalRow>, eol = '\n'): string {
	const { titles, amounts } = SUMMARY_COLUMNS[book];
	const byType = new Map<string, { count: number; cents: number[] }>();
	const total = { count: 0, cents: amounts.map(() => 0) };
	for (const row of rows) {
		const type = row.codTipoCDP ?? '';
		const entry = byType.get(type) ?? { count: 0, cents: amounts.map(() => 0) };
		entry.count++;
		total.count++;
		amounts.forEach((key, i) => {
			const cents = Math.round(Number(row[key] || 0) * 100);
			entry.cents[i] += cents;
			total.cents[i] += cents;
		});
		byType.set(type, entry);
	}
	const line = (label: string, entry: { count: number; cents: number[] }) => [label, String(entry.count), ...entry.cents.map(money)].join('|');
	const lines = [...byType.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([type, entry]) => line(`${type}-${TYPE_NAMES[type] ?? 'Otros'}`, entry));
	return [titles, ...lines, line('TOTAL ', total)].join(eol) + eol;
}
