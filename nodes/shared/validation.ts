// Input rules checked before any request is sent, so bad input never spends API quota.
// Each check returns the cleaned value or a problem (what is wrong) and a hint (what to do);
// callers turn a problem into an error that also names the item.

export type Checked<T> = { valid: true; value: T } | { valid: false; problem: string; hint: string };

const ok = <T>(value: T): Checked<T> => ({ valid: true, value });
const bad = <T>(problem: string, hint: string): Checked<T> => ({ valid: false, problem, hint });

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

// ---------------------------------------------------------------- RUC

const RUC_PREFIXES = ['10', '15', '16', '17', '20'];
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The modulo-11 check digit of the first ten digits of a RUC. */
export function rucCheckDigit(firstTenDigits: string): number {
	let sum = 0;
	for (let i = 0; i < 10; i++) sum += RUC_WEIGHTS[i] * Number(firstTenDigits[i]);
	return (11 - (sum % 11)) % 10;
}

export function checkRuc(raw: unknown): Checked<string> {
	const hint =
		'A RUC has 11 digits: 10 + national ID + check digit for persons, 15/16/17 for persons without national ID, 20 for companies.';
	if (typeof raw === 'number' && Number.isInteger(raw)) raw = String(raw);
	if (typeof raw !== 'string') return bad('is not a RUC: expected 11 digits as text', hint);
	const ruc = raw.trim();
	if (ruc === '') return bad('is empty: a RUC is required', hint);
	if (!/^[0-9]+$/.test(ruc)) return bad('holds characters other than digits', hint);
	if (ruc.length !== 11) return bad(`has ${ruc.length} digits instead of 11`, hint);
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

// ---------------------------------------------------------------- dates

/** The first day with exchange-rate data. */
export const FIRST_RATE_DATE = '2010-01-01';

/** Lima has no daylight saving time: it is always UTC-5. */
export function todayInLima(now: Date = new Date()): string {
	return new Date(now.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function isRealDate(year: number, month: number, day: number): boolean {
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

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

export function checkDateRange(start: string, end: string): Checked<{ start: string; end: string }> {
	if (start > end)
		return bad(
			`starts after it ends (${start} > ${end})`,
			'Swap Start Date and End Date: the start must be on or before the end.',
		);
	return ok({ start, end });
}

// ---------------------------------------------------------------- currency

export const CURRENCIES = ['USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function checkCurrency(raw: unknown): Checked<Currency> {
	const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
	if ((CURRENCIES as readonly string[]).includes(code)) return ok(code as Currency);
	return bad('is not a supported currency', 'Use USD or EUR: the only currencies the SBS rate is published for.');
}

// ---------------------------------------------------------------- instance and text (messaging)

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

// ---------------------------------------------------------------- phone numbers (messaging)

/** WhatsApp addresses that go to the server as they are: a person, a group, a linked-device id. */
export const WHATSAPP_ADDRESS_SUFFIXES = ['@s.whatsapp.net', '@g.us', '@lid'] as const;

const PHONE_HINT =
	'Write the number with its country code, e.g. 51987654321 or +51 987 654 321 for Peru (51 + 9 digits), or a WhatsApp address ending in @s.whatsapp.net, @g.us (group) or @lid.';

/**
 * A recipient as the server wants it: spaces, `+`, dashes, dots and parentheses removed, 8 to 15
 * digits left; a WhatsApp address (person, group, lid) passes as it is.
 */
export function checkPhoneNumber(raw: unknown): Checked<string> {
	if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) raw = String(raw);
	if (typeof raw !== 'string') return bad('is not a phone number: expected text such as 51987654321', PHONE_HINT);
	const value = raw.trim();
	if (value === '') return bad('is empty: a phone number with country code is required', PHONE_HINT);
	if (value.includes('@')) {
		const suffix = WHATSAPP_ADDRESS_SUFFIXES.find((s) => value.endsWith(s));
		const local = suffix ? value.slice(0, -suffix.length) : '';
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

// ---------------------------------------------------------------- media (messaging)

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The documented limit for media content: 15 MB (15 × 1024 × 1024 bytes). */
export const MAX_MEDIA_BYTES = 15 * 1024 * 1024;

export function checkMediaType(raw: unknown): Checked<MediaType> {
	if (typeof raw === 'string' && (MEDIA_TYPES as readonly string[]).includes(raw.trim())) return ok(raw.trim() as MediaType);
	return bad('is not a media type', 'Use image, video, audio or document.');
}

export function checkMediaUrl(raw: unknown): Checked<string> {
	const hint = 'Give the full address of the file, starting with https:// (or http://), reachable from the Evolution API server.';
	if (typeof raw !== 'string' || raw.trim() === '') return bad('is empty: a media URL is required', hint);
	const text = raw.trim();
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return bad('is not a URL', hint);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		return bad(`uses ${url.protocol.replace(/:$/, '')}, not http or https`, hint);
	return ok(text);
}

/** Bytes encoded by a padded base64 text, without decoding it. */
export function base64ByteLength(base64: string): number {
	const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
	return (base64.length / 4) * 3 - padding;
}

/** "1.5 MB" style size, in units of 1024. */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} bytes`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
	return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

export function checkMediaSize(bytes: number, limit: number = MAX_MEDIA_BYTES): Checked<number> {
	if (bytes <= limit) return ok(bytes);
	return bad(
		`is ${formatBytes(bytes)} (${bytes.toLocaleString('en-US')} bytes), over the ${formatBytes(limit)} (${limit.toLocaleString('en-US')} bytes) limit for media`,
		'Compress or shrink the file, or put it on a web server and send it with Media Source "URL".',
	);
}

export interface Base64Media {
	/** Raw base64: no `data:` prefix, no line breaks, padded. */
	base64: string;
	/** The MIME type a `data:` prefix named, if any. */
	mimeType?: string;
	bytes: number;
}

const DATA_URL_PREFIX = /^data:([^;,]*)(?:;[^,]*)?;base64,/i;

/**
 * Base64 media as the server accepts it (raw base64 only): a `data:...;base64,` prefix and any
 * line breaks or spaces are removed, missing padding added. Checks the size before the
 * characters, so an oversized text fails fast; copies the text only when something is removed.
 */
export function checkBase64Media(raw: unknown, limit: number = MAX_MEDIA_BYTES): Checked<Base64Media> {
	const hint = 'Give the file as base64 text (with or without a data:...;base64, prefix), or use Media Source "Binary File" for a file from a previous node.';
	if (typeof raw !== 'string' || raw.trim() === '') return bad('is empty: base64 content is required', hint);
	let text = raw;
	let mimeType: string | undefined;
	const prefix = DATA_URL_PREFIX.exec(text.slice(0, 256).trimStart());
	if (prefix) {
		mimeType = prefix[1].trim().toLowerCase() || undefined;
		text = text.trimStart().slice(prefix[0].length);
	}
	if (/\s/.test(text)) text = text.replace(/\s+/g, '');
	if (text.length % 4 === 1) return bad('is not valid base64 (its length is wrong: the text looks cut off)', hint);
	if (text.length % 4 !== 0) text += '='.repeat(4 - (text.length % 4));
	const bytes = base64ByteLength(text);
	const size = checkMediaSize(bytes, limit);
	if (!size.valid) return bad(size.problem, size.hint);
	if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text))
		return bad('is not valid base64 (it holds characters other than A-Z, a-z, 0-9, + and /)', hint);
	if (bytes === 0) return bad('is empty: base64 content is required', hint);
	return ok({ base64: text, mimeType, bytes });
}

export function checkMimeType(raw: unknown): Checked<string | undefined> {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return ok(undefined);
	const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
	if (/^[a-z0-9][\w.+-]*\/[\w.+-]+$/.test(text)) return ok(text);
	return bad('is not a MIME type', 'Use the form type/subtype, e.g. image/png or application/pdf, or leave it empty to take it from the file.');
}

export function checkFileName(raw: unknown): Checked<string | undefined> {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return ok(undefined);
	if (typeof raw !== 'string') return bad('is not a file name', 'Give a name such as invoice.pdf.');
	const name = raw.trim();
	if (/[\\/]/.test(name) || name.length > 255)
		return bad('is not a plain file name (no folders, at most 255 characters)', 'Give a name such as invoice.pdf; its extension sets the MIME type WhatsApp shows.');
	return ok(name);
}

const EXTENSION_BY_MIME: Record<string, string> = {
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/gif': 'gif',
	'image/webp': 'webp',
	'video/mp4': 'mp4',
	'video/3gpp': '3gp',
	'video/quicktime': 'mov',
	'audio/mpeg': 'mp3',
	'audio/ogg': 'ogg',
	'audio/mp4': 'm4a',
	'audio/aac': 'aac',
	'audio/amr': 'amr',
	'audio/wav': 'wav',
	'application/pdf': 'pdf',
	'application/msword': 'doc',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
	'application/vnd.ms-excel': 'xls',
	'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
	'application/vnd.ms-powerpoint': 'ppt',
	'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
	'application/zip': 'zip',
	'application/json': 'json',
	'application/xml': 'xml',
	'text/plain': 'txt',
	'text/csv': 'csv',
	'text/html': 'html',
	'text/xml': 'xml',
};

const MIME_BY_EXTENSION: Record<string, string> = Object.fromEntries(
	Object.entries(EXTENSION_BY_MIME).map(([mime, extension]) => [extension, mime]),
);
MIME_BY_EXTENSION.jpeg = 'image/jpeg';
MIME_BY_EXTENSION.xml = 'application/xml';

export function extensionForMimeType(mimeType: string | undefined): string | undefined {
	if (!mimeType) return undefined;
	const base = mimeType.split(';')[0].trim().toLowerCase();
	return EXTENSION_BY_MIME[base];
}

export function mimeTypeForFileName(fileName: string | undefined): string | undefined {
	const extension = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase();
	return extension ? MIME_BY_EXTENSION[extension] : undefined;
}

/** The name a file without one is sent under, e.g. `document.pdf`; the extension comes from the MIME type. */
export function defaultMediaFileName(mediaType: MediaType, mimeType?: string): string {
	// An unlisted but plain subtype (image/heic, audio/opus) is its own extension.
	const subtype = /^[a-z]+\/([a-z0-9]{2,5})$/.exec(mimeType?.split(';')[0].trim().toLowerCase() ?? '')?.[1];
	return `${mediaType}.${extensionForMimeType(mimeType) ?? subtype ?? 'bin'}`;
}
