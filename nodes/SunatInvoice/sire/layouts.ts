// The columns of SUNAT's proposal files, in order, for the sales register (RVIE, book 140000) and
// the purchase register (RCE, book 080000): SUNAT's header for each, the field it becomes and its
// kind. docs/sunat-sire-layouts.md gives each column's source. Field names are camelCase English,
// one rule for both books; a code column also gives its meaning in `<field>Name`.
import { CURRENCY_NAMES, IDENTITY_DOCUMENT_NAMES, RECEIPT_TYPE_NAMES } from './codes';

/**
 * What a cell becomes: `text` as written (RUCs, series, numbers keep their zeros), `date` an ISO
 * date from SUNAT's DD/MM/YYYY, `amount` a number; `code` is text with its meaning beside it.
 * An empty cell is null whatever its kind.
 */
export type ColumnKind = 'text' | 'date' | 'amount' | 'code';

export interface Column {
	/** SUNAT's header for the column, as its export writes it. */
	sunat: string;
	/** Other spellings of the header seen in SUNAT's files (the manuals' versions differ). */
	aliases?: readonly string[];
	field: string;
	kind: ColumnKind;
	/** A `code` column's table: the item gets `<field>Name`, null for a code the table lacks. */
	names?: Readonly<Record<string, string>>;
	/** A value of its own on each receipt (a number, SUNAT's key): not looked for among the values already read. */
	unique?: true;
}

export type Book = 'RVIE' | 'RCE';

export interface Layout {
	book: Book;
	/** SUNAT's code of the book (codLibro). */
	code: '140000' | '080000';
	/** The book's name in the user's words, for errors. */
	title: string;
	columns: readonly Column[];
	/** The user's free columns after the layout's own (CLU, CLU1…): empty in a proposal, left out of the items. */
	freeColumns: number;
}

const text = (sunat: string, field: string, aliases?: string[]): Column => ({ sunat, field, kind: 'text', aliases });
const unique = (column: Column): Column => ({ ...column, unique: true });
const date = (sunat: string, field: string, aliases?: string[]): Column => ({ sunat, field, kind: 'date', aliases });
const amount = (sunat: string, field: string, aliases?: string[]): Column => ({ sunat, field, kind: 'amount', aliases });
const code = (sunat: string, field: string, names: Readonly<Record<string, string>>, aliases?: string[]): Column => ({ sunat, field, kind: 'code', names, aliases });

/** The columns both books open with: the taxpayer, the period, SUNAT's receipt key and the receipt's dates and type. */
const OPENING = [
	text('RUC', 'taxpayerRuc'),
	text('Apellidos y Nombres o Razón social', 'taxpayerName', ['Razon Social', 'ID']),
	text('Periodo', 'period'),
	unique(text('CAR SUNAT', 'car')),
	date('Fecha de emisión', 'issueDate'),
	date('Fecha Vcto/Pago', 'dueDate'),
	code('Tipo CP/Doc.', 'documentType', RECEIPT_TYPE_NAMES),
	text('Serie del CDP', 'series'),
];

/** The modified receipt's date and type, which a credit or debit note names. */
const MODIFIED_DATE_AND_TYPE = [
	date('Fecha Emisión Doc Modificado', 'modifiedDocumentDate'),
	code('Tipo CP Modificado', 'modifiedDocumentType', RECEIPT_TYPE_NAMES),
	text('Serie CP Modificado', 'modifiedDocumentSeries'),
];

const SALES: Layout = {
	book: 'RVIE',
	code: '140000',
	title: 'sales (RVIE)',
	columns: [
		...OPENING,
		unique(text('Nro CP o Doc. Nro Inicial (Rango)', 'number')),
		unique(text('Nro Final (Rango)', 'lastNumber')),
		code('Tipo Doc Identidad', 'customerIdType', IDENTITY_DOCUMENT_NAMES),
		text('Nro Doc Identidad', 'customerIdNumber'),
		text('Apellidos Nombres/ Razón Social', 'customerName'),
		amount('Valor Facturado Exportación', 'exportValue'),
		amount('BI Gravada', 'taxableBase'),
		amount('Dscto BI', 'taxableBaseDiscount'),
		amount('IGV / IPM', 'igv', ['IGV / IPM DG']),
		amount('Dscto IGV / IPM', 'igvDiscount'),
		amount('Mto Exonerado', 'exemptAmount'),
		amount('Mto Inafecto', 'nonTaxableAmount'),
		amount('ISC', 'isc'),
		amount('BI Grav IVAP', 'ivapTaxableBase'),
		amount('IVAP', 'ivap'),
		amount('ICBPER', 'icbper'),
		amount('Otros Tributos', 'otherTaxes'),
		amount('Total CP', 'total'),
		code('Moneda', 'currency', CURRENCY_NAMES),
		amount('Tipo Cambio', 'exchangeRate', ['Tipo de Cambio']),
		...MODIFIED_DATE_AND_TYPE,
		unique(text('Nro CP Modificado', 'modifiedDocumentNumber')),
		text('ID Proyecto Operadores Atribución', 'projectId'),
		text('Tipo de Nota', 'noteType'),
		text('Est. Comp', 'documentStatus'),
		amount('Valor FOB Embarcado', 'fobValue'),
		amount('Valor OP Gratuitas', 'freeOperationsValue'),
		text('Tipo Operación', 'operationType'),
		text('DAM / CP', 'customsDocument'),
	],
	freeColumns: 1,
};

const PURCHASES: Layout = {
	book: 'RCE',
	code: '080000',
	title: 'purchase (RCE)',
	columns: [
		...OPENING,
		text('Año', 'customsYear'),
		unique(text('Nro CP o Doc. Nro Inicial (Rango)', 'number')),
		unique(text('Nro Final (Rango)', 'lastNumber')),
		code('Tipo Doc Identidad', 'supplierIdType', IDENTITY_DOCUMENT_NAMES),
		text('Nro Doc Identidad', 'supplierIdNumber'),
		text('Apellidos Nombres/ Razón Social', 'supplierName'),
		amount('BI Gravado DG', 'taxableBaseDg'),
		amount('IGV / IPM DG', 'igvDg'),
		amount('BI Gravado DGNG', 'taxableBaseDgng'),
		amount('IGV / IPM DGNG', 'igvDgng'),
		amount('BI Gravado DNG', 'taxableBaseDng'),
		amount('IGV / IPM DNG', 'igvDng'),
		amount('Valor Adq. NG', 'nonTaxedValue'),
		amount('ISC', 'isc'),
		amount('ICBPER', 'icbper'),
		amount('Otros Trib/ Cargos', 'otherTaxesAndCharges'),
		amount('Total CP', 'total'),
		code('Moneda', 'currency', CURRENCY_NAMES),
		amount('Tipo de Cambio', 'exchangeRate', ['Tipo Cambio']),
		...MODIFIED_DATE_AND_TYPE,
		text('COD. DAM O DSI', 'customsOfficeCode'),
		unique(text('Nro CP Modificado', 'modifiedDocumentNumber')),
		text('Clasif de Bss y Sss', 'goodsServicesClass'),
		text('ID Proyecto Operadores', 'projectId', ['ID Proyecto Operadores/Participes', 'ID Proyecto Operadores/Partícipes']),
		amount('PorcPart', 'participationPercent'),
		amount('IMB', 'imb'),
		text('CAR Orig/ Ind E o I', 'originalCar', ['CAR Orig']),
		text('Detracción', 'detraction'),
		text('Tipo de Nota', 'noteType'),
		text('Est. Comp.', 'documentStatus'),
		text('Incal', 'incal'),
	],
	freeColumns: 39,
};

export const LAYOUTS: Readonly<Record<Book, Layout>> = { RVIE: SALES, RCE: PURCHASES };

/**
 * A header as compared: lower case, without accents, dots or spaces, so "Razón  Social",
 * "Razon Social" and "Est. Comp." / "Est. Comp" are each one name (SUNAT's files differ in these).
 */
export function headerKey(header: string): string {
	return header
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[\s.]+/g, '');
}

/** Whether a header is one of the user's free columns (CLU, CLU1 … CLU39). */
export const isFreeColumn = (header: string): boolean => /^clu\d*$/.test(headerKey(header));
