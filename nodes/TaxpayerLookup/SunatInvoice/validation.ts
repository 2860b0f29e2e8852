// Checks of an invoice to validate at SUNAT, run before any request, each from SUNAT's published
// material (docs/sunat-cpe-api.md names the source of each): its type (SUNAT's codes), series,
// number, issue date and amount in the forms SUNAT takes them. What SUNAT can answer about a
// receipt (a series or date it does not know) is left to SUNAT: a guess here would keep a real
// receipt from it. The issuer's RUC is the lookup's own check (../validation.ts).
import { bad, ok, type Checked } from '../../shared/checks';
import { isRealDate, todayInLima } from '../validation';

/** SUNAT's receipt types (codComp) the invoice check takes, with their names in SUNAT's words. */
export const RECEIPT_TYPES = {
	'01': 'Factura',
	'03': 'Boleta de venta',
	'04': 'Liquidación de compra',
	'07': 'Nota de crédito',
	'08': 'Nota de débito',
	R1: 'Recibo por honorarios',
	R7: 'Nota de crédito de recibos',
} as const;
export type ReceiptType = keyof typeof RECEIPT_TYPES;
const TYPE_CODES = Object.keys(RECEIPT_TYPES) as ReceiptType[];

const typeList = TYPE_CODES.map((code) => `${code} (${RECEIPT_TYPES[code]})`).join(', ');

/** A type code; a spreadsheet's 1 or "1" is 01, and r1 is R1. */
export function checkReceiptType(raw: unknown): Checked<ReceiptType> {
	const hint = `Use one of SUNAT's codes: ${typeList}.`;
	if (typeof raw === 'number' && Number.isInteger(raw)) raw = String(raw);
	if (typeof raw !== 'string') return bad('is not a receipt type', hint);
	let code = raw.trim().toUpperCase();
	if (code === '') return bad('is empty: a receipt type is required', hint);
	if (/^\d$/.test(code)) code = `0${code}`;
	if (TYPE_CODES.includes(code as ReceiptType)) return ok(code as ReceiptType);
	return bad('is not a receipt type SUNAT checks', hint);
}

/**
 * The series: 4 letters or digits, as SUNAT's manual gives numeroSerie ([M] in docs/sunat-cpe-api.md).
 * Which series a type takes (F… for facturas, B… for boletas, E… from SUNAT's portal) is not
 * checked: neither the manual nor the clients generated from its API description restrict it, and
 * SUNAT answers a receipt it does not know with estadoCp 0 (NO EXISTE). A spreadsheet's 1 is 0001.
 */
export function checkSeries(raw: unknown): Checked<string> {
	const hint = 'A series has 4 letters or digits (F001, B001, E001, EB01, or 0001 on a printed receipt). Copy it from the receipt, without the number.';
	if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) raw = String(raw).padStart(4, '0');
	if (typeof raw !== 'string') return bad('is not a series', hint);
	const series = raw.trim().toUpperCase();
	if (series === '') return bad('is empty: a series is required', hint);
	if (!/^[A-Z0-9]{4}$/.test(series)) return bad('is not 4 letters or digits', hint);
	return ok(series);
}

/** The correlative number: 1 to 8 digits, sent without leading zeros ("00000123" is 123). */
export function checkReceiptNumber(raw: unknown): Checked<string> {
	const hint = 'Give the number after the series (F001-123 has number 123): 1 to 8 digits.';
	if (typeof raw === 'number' && Number.isInteger(raw)) raw = String(raw);
	if (typeof raw !== 'string') return bad('is not a receipt number', hint);
	const number = raw.trim();
	if (number === '') return bad('is empty: a number is required', hint);
	if (!/^\d{1,8}$/.test(number)) return bad('is not 1 to 8 digits', hint);
	return ok(number.replace(/^0+(?=\d)/, ''));
}

/** A date as n8n hands it over (a picked date, a Luxon or JS date, YYYY-MM-DD or DD/MM/YYYY): YYYY-MM-DD, or undefined. */
function isoDateOf(raw: unknown): string | undefined {
	if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? '' : todayInLima(raw);
	if (raw && typeof raw === 'object' && typeof (raw as { toISODate?: unknown }).toISODate === 'function')
		return String((raw as { toISODate: () => string | null }).toISODate() ?? '');
	if (typeof raw !== 'string') return undefined;
	const text = raw.trim();
	const dayFirst = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
	if (dayFirst) return `${dayFirst[3]}-${dayFirst[2].padStart(2, '0')}-${dayFirst[1].padStart(2, '0')}`;
	const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
	return iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : text === '' ? '' : 'not a date';
}

/**
 * The issue date: a real calendar day, sent as SUNAT's manual asks, DD/MM/YYYY. How far back SUNAT
 * looks, and a date after today, are SUNAT's to answer (estadoCp 0 for a receipt it does not know).
 */
export function checkIssueDate(raw: unknown): Checked<string> {
	const hint = 'Give the date printed on the receipt as DD/MM/YYYY or YYYY-MM-DD (or pick it).';
	const date = isoDateOf(raw);
	if (date === undefined || date === 'not a date') return bad('is not a date in the form DD/MM/YYYY or YYYY-MM-DD', hint);
	if (date === '') return bad('is empty: an issue date is required', hint);
	const [year, month, day] = date.split('-').map(Number);
	if (!isRealDate(year, month, day)) return bad('is not a real calendar date', hint);
	return ok(date.split('-').reverse().join('/'));
}

/**
 * The receipt's total, optional (monto is not among the required fields of SUNAT's API description):
 * a number, sent as text with 2 decimals ("118.00", as the manual's example); thousands commas
 * (1,180.50) are removed. One with more decimals, or negative, goes as written: SUNAT says whether
 * it takes it. Empty: undefined, left out of the request.
 */
export function checkAmount(raw: unknown): Checked<string | undefined> {
	const hint = 'Give the receipt\'s total (importe total) as a number such as 118 or 1180.50, with no currency sign, or leave it empty.';
	if (raw === undefined || raw === null || raw === '') return ok(undefined);
	let text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
	if (text === undefined) return bad('is not an amount', hint);
	if (text === '') return ok(undefined);
	if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
	if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(Number(text))) return bad('is not an amount', hint);
	const decimals = text.split('.')[1] ?? '';
	return ok(decimals.length <= 2 ? Number(text).toFixed(2) : text);
}
