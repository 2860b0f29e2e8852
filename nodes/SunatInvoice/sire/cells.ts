// Reading a proposal's cells where they lie in the file's bytes, without making a string of each: an
// amount parsed from its digits, a value that repeats over the receipts (a date, a code, the
// taxpayer, a supplier) kept once and found again by its bytes, and whether the file is UTF-8. What
// a 20,000-receipt file leaves behind is then its items (BENCHMARKS.md, "SIRE proposal").

/** The most digits an amount is read with here: below 2^53, so the integer and the division are exact. */
const MAX_DIGITS = 15;

/**
 * The amount written in bytes[start, end) (digits, one optional point, an optional sign), or
 * undefined for anything else. Digits over 10^scale give the same number as Number() does: an
 * exact integer divided by an exact power of ten is rounded once, to the nearest double.
 */
export function amountAt(bytes: Uint8Array, start: number, end: number): number | undefined {
	let index = start;
	const sign = bytes[index];
	if (sign === 45 || sign === 43) index++;
	let digits = 0;
	let value = 0;
	let scale = 1;
	let point = false;
	for (; index < end; index++) {
		const byte = bytes[index];
		if (byte === 46 && !point) {
			point = true;
			continue;
		}
		if (byte < 48 || byte > 57 || ++digits > MAX_DIGITS) return undefined;
		value = value * 10 + (byte - 48);
		if (point) scale *= 10;
	}
	if (digits === 0) return undefined;
	const amount = value / scale;
	// No -0: "-0.00" is 0.
	return sign === 45 && amount !== 0 ? -amount : amount;
}

/** A value kept: where its bytes first were, and the string they became. */
interface Seen {
	start: number;
	end: number;
	value: string;
}

/** Values already read, found again by their bytes: each distinct value is one string, whatever the receipts repeating it. */
export class SeenValues {
	private readonly byHash = new Map<number, Seen[]>();

	/** The value kept for the bytes of [start, end), if they were seen. */
	find(bytes: Uint8Array, start: number, end: number): string | undefined {
		const bucket = this.byHash.get(hashOf(bytes, start, end));
		if (bucket) for (const seen of bucket) if (sameBytes(bytes, seen, start, end)) return seen.value;
		return undefined;
	}

	/** Keeps what the bytes of [start, end) became, for the cells that repeat them, and gives it back. */
	keep(bytes: Uint8Array, start: number, end: number, value: string): string {
		const hash = hashOf(bytes, start, end);
		const bucket = this.byHash.get(hash);
		if (bucket) bucket.push({ start, end, value });
		else this.byHash.set(hash, [{ start, end, value }]);
		return value;
	}
}

/** FNV-1a over the bytes, as a small integer (a Map key V8 keeps unboxed). */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
	let hash = 0x811c9dc5 | 0;
	for (let index = start; index < end; index++) hash = Math.imul(hash ^ bytes[index], 0x01000193);
	return hash;
}

function sameBytes(bytes: Uint8Array, seen: Seen, start: number, end: number): boolean {
	if (seen.end - seen.start !== end - start) return false;
	for (let offset = 0; offset < end - start; offset++) if (bytes[seen.start + offset] !== bytes[start + offset]) return false;
	return true;
}

/**
 * Whether the bytes are well-formed UTF-8 (WHATWG's decoder's rules: no overlong forms, no
 * surrogates, nothing above U+10FFFF), checked once over the file before any cell is decoded.
 */
export function isUtf8(bytes: Uint8Array): boolean {
	for (let index = 0; index < bytes.length; ) {
		const lead = bytes[index];
		if (lead < 0x80) {
			index++;
			continue;
		}
		const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
		if (length === 0 || index + length > bytes.length) return false;
		// The second byte's range depends on the lead (Unicode's table 3-7); the others are 80..BF.
		const second = bytes[index + 1];
		const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
		const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
		if (second < low || second > high) return false;
		for (let next = 2; next < length; next++) if (bytes[index + next] < 0x80 || bytes[index + next] > 0xbf) return false;
		index += length;
	}
	return true;
}
