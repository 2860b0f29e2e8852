// Checks of the lookup's input, run before any request so bad input never spends quota: the DNI,
// exchange-rate dates and currencies (the RUC's check is shared with SUNAT Invoice:
// nodes/shared/ruc.ts); and Validate's offline verdict on a RUC or DNI.
import { bad, digits, ok, pickerCheck, type Checked, type PickerOption } from '../shared/checks';
import { isRealDate, todayInLima } from '../shared/dates';
import { checkRuc, rucCheckDigit } from '../shared/ruc';

// ---------------------------------------------------------------- DNI

const DNI_DIGITS = 8;

/** A whole number of up to 8 digits: a DNI, maybe without the leading zeros a spreadsheet dropped. */
const isDniNumber = (raw: unknown): raw is number =>
	typeof raw === 'number' && Number.isInteger(raw) && raw > 0 && raw < 10 ** DNI_DIGITS;

/**
 * A DNI (national ID): 8 digits, kept as text. A number shorter than that is a DNI whose leading
 * zeros a spreadsheet dropped (07289524 arrives as 7289524), so it is padded back.
 */
export function checkDni(raw: unknown): Checked<string> {
	const hint = 'A DNI has 8 digits (leading zeros included), without the check character printed after it.';
	if (isDniNumber(raw)) raw = String(raw).padStart(DNI_DIGITS, '0');
	if (typeof raw !== 'string') return bad('is not a DNI: expected 8 digits as text', hint);
	const dni = raw.trim();
	if (dni === '') return bad('is empty: a DNI is required', hint);
	if (!/^[0-9]+$/.test(dni)) return bad('holds characters other than digits', hint);
	if (dni.length !== DNI_DIGITS) return bad(`has ${digits(dni.length)} instead of 8`, hint);
	return ok(dni);
}

/** A person's RUC: 10, the DNI, and the check digit. */
export const rucOfDni = (dni: string): string => `10${dni}${rucCheckDigit(`10${dni}`)}`;

// ---------------------------------------------------------------- Validate

/** What kind of taxpayer a RUC's first two digits say. */
export type RucType = 'natural_person' | 'other_person' | 'legal_entity';

const RUC_TYPES: Record<string, RucType> = {
	'10': 'natural_person',
	'15': 'other_person',
	'16': 'other_person',
	'17': 'other_person',
	'20': 'legal_entity',
};

/** Validate's verdict on one value: always an answer, never an error, so a whole column can be checked. */
export interface RucVerdict {
	/** The value as given, as text. */
	input: string;
	/** The RUC: as given (trimmed), or made from the DNI given. */
	ruc: string;
	valid: boolean;
	/** Why it is not valid; null when it is. */
	reason: string | null;
	/** From the prefix, when the prefix is a RUC's; null otherwise. */
	type: RucType | null;
	/** The DNI given, or the one inside a valid 10 RUC; null otherwise. */
	dni: string | null;
}

/** Checks a RUC (11 digits) or derives one from a DNI (8 digits), with no request. */
export function verdictOn(raw: unknown): RucVerdict {
	// A missing column or a null cell is an empty cell.
	const cell = raw ?? '';
	const input = typeof cell === 'object' ? JSON.stringify(cell) : String(cell);
	const text = input.trim();
	// A number of up to 8 digits, or 8 digits of text, is a DNI; anything else is judged as a RUC.
	const isDni = isDniNumber(raw) || /^[0-9]{8}$/.test(text);
	if (isDni) {
		const dni = checkDni(raw) as { value: string };
		return { input, ruc: rucOfDni(dni.value), valid: true, reason: null, type: 'natural_person', dni: dni.value };
	}
	const checked = checkRuc(cell);
	const type = RUC_TYPES[text.slice(0, 2)] ?? null;
	if (!checked.valid) {
		const problem = /^[0-9]+$/.test(text) && text.length !== 11 ? `has ${digits(text.length)}: a RUC has 11, a DNI 8` : checked.problem;
		// "is empty: ..." reads as a sentence of its own: "Empty: ...".
		const reason = problem.replace(/^is /, '').replace(/^./, (first) => first.toUpperCase());
		return { input, ruc: text, valid: false, reason, type: /^[0-9]{11}$/.test(text) ? type : null, dni: null };
	}
	return { input, ruc: checked.value, valid: true, reason: null, type, dni: type === 'natural_person' ? checked.value.slice(2, 10) : null };
}

// ---------------------------------------------------------------- dates

/** The first day with exchange-rate data. */
export const FIRST_RATE_DATE = '2010-01-01';

/**
 * Accepts what n8n hands a node for a date: a `YYYY-MM-DD` string, an ISO date-time string
 * (the date picker's value), a Luxon DateTime or a JS Date from an expression. Gives `YYYY-MM-DD`.
 */
export function checkRateDate(raw: unknown, today: string = todayInLima()): Checked<string> {
	const hint = `Use a date as YYYY-MM-DD (or pick one), between ${FIRST_RATE_DATE} and today (${today}, Lima time).`;
	let text: string | undefined;
	if (typeof raw === 'string') text = raw.trim();
	else if (raw instanceof Date) text = Number.isNaN(raw.getTime()) ? '' : todayInLima(raw);
	else if (raw && typeof raw === 'object' && typeof (raw as { toISODate?: unknown }).toISODate === 'function')
		text = String((raw as { toISODate: () => string | null }).toISODate() ?? '');
	if (text === undefined) return bad('is not a date', hint);
	if (text === '') return bad('is empty: a date is required', hint);
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
	if (!match) return bad('is not a date in the form YYYY-MM-DD', hint);
	const [, year, month, day] = match;
	if (!isRealDate(Number(year), Number(month), Number(day))) return bad('is not a real calendar date', hint);
	const date = `${year}-${month}-${day}`;
	if (date < FIRST_RATE_DATE) return bad(`is before ${FIRST_RATE_DATE}, when the rate data starts`, hint);
	if (date > today) return bad(`is in the future (today in Lima is ${today})`, hint);
	return ok(date);
}

export interface DateRange {
	start: string;
	end: string;
}

export function checkDateRange(start: string, end: string): Checked<DateRange> {
	if (start > end)
		return bad(
			`starts after it ends (${start} > ${end})`,
			'Swap Start Date and End Date: the start must be on or before the end.',
		);
	return ok({ start, end });
}

// ---------------------------------------------------------------- currency

/** The currencies the SBS publishes a rate for, with their names. */
export const CURRENCY_NAMES = { USD: 'US Dollar', EUR: 'Euro' } as const;
export type Currency = keyof typeof CURRENCY_NAMES;
export const CURRENCIES = Object.keys(CURRENCY_NAMES) as Currency[];

/** The currencies as options of a parameter: "US Dollar (USD)". */
export const CURRENCY_OPTIONS: Array<PickerOption<Currency>> = CURRENCIES.map((code) => ({ name: `${CURRENCY_NAMES[code]} (${code})`, value: code }));

export const checkCurrency = pickerCheck(CURRENCY_OPTIONS, {
	problem: 'is not a supported currency',
	hint: 'Use USD or EUR: the only currencies the SBS rate is published for.',
	normalise: (text) => text.trim().toUpperCase(),
});
