// Checks of who and what a message goes to, run before any request: the instance, phone numbers
// and number lists, the text and its delay.
import { bad, ok, showValue, type Checked } from '../../shared/checks';

export function checkInstanceName(raw: unknown): Checked<string> {
	const hint = 'Pick the instance from the list, or type its name exactly as the Evolution API manager shows it.';
	if (typeof raw !== 'string' || raw.trim() === '') return bad('is empty: an instance name is required', hint);
	const name = raw.trim();
	// The name becomes a path segment. Encoding keeps these in one segment for the server, but
	// proxies in front of it may decode them (or resolve dots), so the route could change.
	const hasControlCharacter = [...name].some((character) => character.charCodeAt(0) < 0x20);
	if (/[/\\?#%]/.test(name) || hasControlCharacter || /^\.+$/.test(name))
		return bad('cannot be part of a URL path (it holds / \\ ? # %, a control character, or only dots)', hint);
	return ok(name);
}

export function checkMessageText(raw: unknown): Checked<string> {
	if (typeof raw === 'number' || typeof raw === 'boolean') raw = String(raw);
	if (typeof raw !== 'string' || raw.trim() === '')
		return bad('is empty: WhatsApp does not send empty messages', 'Write the text, or check the expression that fills it for this item.');
	return ok(raw);
}

export function checkDelay(raw: unknown): Checked<number | undefined> {
	if (raw === undefined || raw === null || raw === '') return ok(undefined);
	const delay = typeof raw === 'string' ? Number(raw.trim()) : raw;
	if (typeof delay === 'number' && Number.isInteger(delay) && delay >= 0 && delay <= 300_000) return ok(delay);
	return bad('is not a delay in milliseconds from 0 to 300000', 'Give whole milliseconds, e.g. 1200 to show "typing..." for 1.2 seconds.');
}

// ---------------------------------------------------------------- phone numbers

/** WhatsApp addresses that go to the server as they are: a person, a group, a linked-device id. */
export const WHATSAPP_ADDRESS_SUFFIXES = ['@s.whatsapp.net', '@g.us', '@lid'] as const;

const PHONE_HINT =
	'Write the number with its country code, e.g. 51987654321 or +51 987 654 321 for Peru (51 + 9 digits), or a WhatsApp address ending in @s.whatsapp.net, @g.us (group) or @lid.';

/**
 * The one rule for a phone number or WhatsApp address, for recipients and for the trigger's
 * senders alike: spaces, `+`, dashes, dots and parentheses removed, 8 to 15 digits left; a
 * WhatsApp address (person, group, lid) passes as it is. A sender is never a group (`groups: false`).
 */
export function checkPhoneNumber(raw: unknown, { groups = true }: { groups?: boolean } = {}): Checked<string> {
	if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) raw = String(raw);
	if (typeof raw !== 'string') return bad('is not a phone number: expected text such as 51987654321', PHONE_HINT);
	const value = raw.trim();
	if (value === '') return bad('is empty: a phone number with country code is required', PHONE_HINT);
	if (value.includes('@')) {
		const suffix = WHATSAPP_ADDRESS_SUFFIXES.find((s) => value.endsWith(s));
		const local = suffix ? value.slice(0, -suffix.length) : '';
		if (suffix === '@g.us' && !groups) return bad('is a group address: a message comes from a person (…@s.whatsapp.net or …@lid)', PHONE_HINT);
		if (suffix && /^[^\s@]+$/.test(local)) return ok(value);
		return bad('is not a WhatsApp address: only @s.whatsapp.net, @g.us (groups) and @lid are accepted', PHONE_HINT);
	}
	const digits = value.replace(/[\s+\-.()]/g, '');
	if (!/^[0-9]*$/.test(digits)) return bad('holds characters other than digits, spaces, +, -, . and ( )', PHONE_HINT);
	if (digits.length < 8 || digits.length > 15)
		return bad(`has ${digits.length} digits; a number with its country code has 8 to 15`, PHONE_HINT);
	return ok(digits);
}

/** A number as the user gave it and as it is sent. */
export interface CheckedNumber {
	given: string;
	number: string;
}

/** The entries of a number list: an array (from an expression) or text split at commas, semicolons and new lines. */
export function splitNumberList(raw: unknown): unknown[] {
	if (Array.isArray(raw)) return raw.flat().filter((entry) => !(typeof entry === 'string' && entry.trim() === ''));
	if (typeof raw === 'number') return [raw];
	if (typeof raw !== 'string') return raw === undefined || raw === null ? [] : [raw];
	return raw
		.split(/[,;\r\n]+/)
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

/** Every entry checked like a single number, duplicates (after normalising) removed, first spelling kept. */
export function checkNumberList(raw: unknown): Checked<CheckedNumber[]> {
	const entries = splitNumberList(raw);
	if (entries.length === 0)
		return bad('is empty: at least one number is required', 'Give numbers separated by commas, semicolons or new lines, or an array from an expression.');
	const seen = new Set<string>();
	const numbers: CheckedNumber[] = [];
	for (const entry of entries) {
		const checked = checkPhoneNumber(entry);
		if (!checked.valid) return bad(`has the entry ${showValue(entry)}, which ${checked.problem}`, checked.hint);
		if (seen.has(checked.value)) continue;
		seen.add(checked.value);
		numbers.push({ given: typeof entry === 'string' ? entry.trim() : String(entry), number: checked.value });
	}
	return ok(numbers);
}
