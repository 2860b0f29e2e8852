// What every input check returns: the cleaned value, or a problem (what is wrong) and a hint (what
// to do). The operation runner turns a problem into an error naming the item (see errors.ts).

export type Checked<T> = { valid: true; value: T } | { valid: false; problem: string; hint: string };

export const ok = <T>(value: T): Checked<T> => ({ valid: true, value });
export const bad = <T>(problem: string, hint: string): Checked<T> => ({ valid: false, problem, hint });

/** "1 digit", "10 digits": a length in a problem's words. */
export const digits = (count: number) => `${count} digit${count === 1 ? '' : 's'}`;

/** A value's text, trimmed: an entry of a collection the user left empty (null, undefined) is ''. */
export const trimmedText = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** Shows a user's value in a message: strings quoted, other values as JSON, long values cut. */
export function showValue(value: unknown): string {
	let text: string;
	if (typeof value === 'string') text = JSON.stringify(value);
	else if (value === undefined) text = 'nothing';
	else {
		try {
			text = JSON.stringify(value) ?? String(value);
		} catch {
			text = String(value);
		}
	}
	return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * A value and what is wrong with it, as a sentence goes on after the value's label: `"abc" is not a
 * number`; an absent value (undefined) is not shown, the problem says what is missing.
 */
export const valueAndProblem = (value: unknown, problem: string) => (value === undefined ? problem : `${showValue(value)} ${problem}`);

/** A number from `min` to `max` (a numeric text from an expression counts); `whole`: no fraction. */
export function checkNumberInRange(raw: unknown, min: number, max: number, unit: string, whole = false): Checked<number> {
	const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : raw;
	if (typeof number === 'number' && Number.isFinite(number) && number >= min && number <= max && (!whole || Number.isInteger(number))) {
		return ok(number);
	}
	const kind = whole ? 'a whole number' : 'a number';
	return bad(`is not ${kind} of ${unit} from ${min} to ${max}`, `Give ${kind} of ${unit} from ${min} to ${max}, or remove the option to use its default.`);
}

/** One option of a picker (an options parameter), as n8n lists it. */
export interface PickerOption<T extends string | number> {
	name: string;
	value: T;
	description?: string;
}

/** What a picker says of a value that is none of its options; how it reads a typed text first. */
export interface PickerRefusal {
	problem: string;
	hint: string;
	/** How a text (from an expression) is read before it is matched: trimmed, upper-cased… Default: as it is. */
	normalise?: (text: string) => string;
}

/**
 * The check of a picker, derived from its options: the value must be one of theirs. A text from an
 * expression is read with `normalise`, and, for options whose values are numbers, as a number.
 */
export function pickerCheck<T extends string | number>(options: ReadonlyArray<{ value: T }>, refusal: PickerRefusal): (raw: unknown) => Checked<T> {
	const values: unknown[] = options.map((option) => option.value);
	const numeric = typeof values[0] === 'number';
	return (raw) => {
		let value = raw;
		if (typeof raw === 'string') {
			const text = refusal.normalise ? refusal.normalise(raw) : raw;
			value = numeric && text.trim() !== '' ? Number(text) : text;
		}
		return values.includes(value) ? ok(value as T) : bad(refusal.problem, refusal.hint);
	};
}
