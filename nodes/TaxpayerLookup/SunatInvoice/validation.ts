// Checks of an invoice to validate at SUNAT, run before any request: its type (SUNAT's codes), its
// series (the form each type's series takes), number, issue date and amount. The issuer's RUC is
// the lookup's own check (../validation.ts). The rules and their sources: docs/sunat-cpe-api.md.
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
 * The series each type's receipts carry: electronic ones start with a letter (F… for facturas and
 * their notes, B… for boletas and theirs, E001 for those issued in SUNAT's own portal, EB01 for its
 * boletas), printed ones are 4 digits.
 */
const SERIES_FORMS: Record<ReceiptType, { pattern: RegExp; forms: string }> = {
	'01': { pattern: /^(F[A-Z0-9]{3}|E001|\d{4})$/, forms: 'F followed by 3 letters or digits (F001), E001, or 4 digits for a printed one (0001)' },
	'03': { pattern: /^(B[A-Z0-9]{3}|EB01|\d{4})$/, forms: 'B followed by 3 letters or digits (B001), EB01, or 4 digits for a printed one (0001)' },
	'04': { pattern: /^(E001|\d{4})$/, forms: 'E001, or 4 digits for a printed one (0001)' },
	'07': { pattern: /^([FB][A-Z0-9]{3}|E001|EB01|\d{4})$/, forms: "the series of the receipt it corrects: F### or B### (F001, B001), E001, EB01, or 4 digits" },
	'08': { pattern: /^([FB][A-Z0-9]{3}|E001|EB01|\d{4})$/, forms: "the series of the receipt it corrects: F### or B### (F001, B001), E001, EB01, or 4 digits" },
	R1: { pattern: /^(E001|\d{4})$/, forms: 'E001 for an electronic one, or 4 digits for a printed one (0001)' },
	R7: { pattern: /^E001$/, forms: 'E001' },
};

/** Whether a series is an electronic receipt's (it starts with a letter); printed ones are digits. */
export const isElectronicSeries = (series: string) => /^[A-Z]/.test(series);

export function checkSeries(raw: unknown, type: ReceiptType): Checked<string> {
	const { pattern, forms } = SERIES_FORMS[type];
	const hint = `A ${RECEIPT_TYPES[type]} (${type}) has a series of 4 characters: ${forms}. Copy it from the receipt, without the number.`;
	if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) raw = String(raw).padStart(4, '0');
	if (typeof raw !== 'string') return bad('is not a series', hint);
	const series = raw.trim().toUpperCase();
	if (series === '') return bad('is empty: a series is required', hint);
	if (!pattern.test(series)) return bad(`is not a series a ${RECEIPT_TYPES[type]} takes`, hint);
	return ok(series);
}

/** The correlative number: 1 to 8 digits, sent without leading zeros ("00000123" is 123). */
export function checkReceiptNumber(raw: unknown): Checked<string> {
	const hint = 'Give the number after the series (F001-123 has number 123): 1 to 8 digits, at least 1.';
	if (typeof raw === 'number' && Number.isInteger(raw)) raw = String(raw);
	if (typeof raw !== 'string') return bad('is not a receipt number', hint);
	const number = raw.trim();
	if (number === '') return bad('is empty: a number is required', hint);
	if (!/^\d{1,8}$/.test(number)) return bad('is not 1 to 8 digits', hint);
	if (Number(number) === 0) return bad('is zero', hint);
	return ok(String(Number(number)));
}

/** The first issue date SUNAT's invoice check is asked for (electronic invoicing began in 2010). */
export const FIRST_ISSUE_DATE = '2010-01-01';

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

/** The issue date: a real day from 2010-01-01 up to today in Lima; sent as SUNAT asks, DD/MM/YYYY. */
export function checkIssueDate(raw: unknown, today: string = todayInLima()): Checked<string> {
	const hint = `Give the date printed on the receipt as DD/MM/YYYY or YYYY-MM-DD (or pick it), from ${FIRST_ISSUE_DATE} up to today (${today}, Lima time).`;
	const date = isoDateOf(raw);
	if (date === undefined || date === 'not a date') return bad('is not a date in the form DD/MM/YYYY or YYYY-MM-DD', hint);
	if (date === '') return bad('is empty: an issue date is required', hint);
	const [year, month, day] = date.split('-').map(Number);
	if (!isRealDate(year, month, day)) return bad('is not a real calendar date', hint);
	if (date < FIRST_ISSUE_DATE) return bad(`is before ${FIRST_ISSUE_DATE}: SUNAT's check does not go that far back`, hint);
	if (date > today) return bad(`is in the future (today in Lima is ${today})`, hint);
	return ok(date.split('-').reverse().join('/'));
}

/**
 * The receipt's total: not negative, at most 2 decimals, sent as text with 2 ("118.00"); thousands
 * commas (1,180.50) are removed. Empty: undefined, left out of the request.
 */
export function checkAmount(raw: unknown): Checked<string | undefined> {
	const hint = 'Give the receipt\'s total (importe total) as a number such as 118 or 1180.50, with no currency sign.';
	if (raw === undefined || raw === null || raw === '') return ok(undefined);
	let text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
	if (text === undefined) return bad('is not an amount', hint);
	if (text === '') return ok(undefined);
	if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
	const amount = Number(text);
	if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(amount)) return bad('is not an amount', hint);
	if (amount < 0) return bad('is negative: a receipt total never is (a credit note too states a positive total)', hint);
	if (Math.round(amount * 100) !== Number((amount * 100).toFixed(6))) return bad('has more than 2 decimals', hint);
	return ok(amount.toFixed(2));
}
