// The RUC, Peru's taxpayer number, as SUNAT defines it: 11 digits, a prefix that says the kind of
// taxpayer, and a modulo-11 check digit. Both services check it before any request: the lookup's
// RUC and Validate, SUNAT Invoice's issuer.
import { bad, digits, ok, type Checked } from './checks';

const RUC_PREFIXES = ['10', '15', '16', '17', '20'];
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The modulo-11 check digit of the first ten digits of a RUC. */
export function rucCheckDigit(firstTenDigits: string): number {
	let sum = 0;
	for (let i = 0; i < 10; i++) sum += RUC_WEIGHTS[i] * Number(firstTenDigits[i]);
	return (11 - (sum % 11)) % 10;
}

/** A RUC, trimmed (a whole number counts: a spreadsheet's cell), or what is wrong with it and how to fix it. */
export function checkRuc(raw: unknown): Checked<string> {
	const hint =
		'A RUC has 11 digits: 10 + national ID + check digit for persons, 15/16/17 for persons without national ID, 20 for companies.';
	if (typeof raw === 'number' && Number.isInteger(raw)) raw = String(raw);
	if (typeof raw !== 'string') return bad('is not a RUC: expected 11 digits as text', hint);
	const ruc = raw.trim();
	if (ruc === '') return bad('is empty: a RUC is required', hint);
	if (!/^[0-9]+$/.test(ruc)) return bad('holds characters other than digits', hint);
	if (ruc.length !== 11) return bad(`has ${digits(ruc.length)} instead of 11`, hint);
	if (!RUC_PREFIXES.includes(ruc.slice(0, 2)))
		return bad(`starts with ${ruc.slice(0, 2)}, which no RUC does (10, 15, 16, 17 or 20)`, hint);
	const expected = rucCheckDigit(ruc);
	if (expected !== Number(ruc[10]))
		return bad(
			`fails the check digit (the last digit should be ${expected})`,
			'Look for a mistyped digit; copy the RUC again from the invoice or registry.',
		);
	return ok(ruc);
}
