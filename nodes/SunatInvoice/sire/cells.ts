// Reading a cell of a proposal's text where it lies, without making a string of it first: an amount
// parsed from its characters, and a value that repeats over the receipts (a date, a code, the
// taxpayer, a supplier) kept once and found again by its characters. What a 20,000-receipt file
// leaves behind is then its items, not a string per cell (BENCHMARKS.md, "SIRE proposal").

/** The most digits an amount is read with here: below 2^53, so the integer and the division are exact. */
const MAX_DIGITS = 15;

/**
 * The amount written in text[start, end) (digits, one optional point, an optional sign), or
 * undefined for anything else. Digits over 10^scale give the same number as Number() does: an
 * exact integer divided by an exact power of ten is rounded once, to the nearest double.
 */
export function amountAt(text: string, start: number, end: number): number | undefined {
	let index = start;
	const sign = text.charCodeAt(index);
	if (sign === 45 || sign === 43) index++;
	let digits = 0;
	let value = 0;
	let scale = 1;
	let point = false;
	for (; index < end; index++) {
		const char = text.charCodeAt(index);
		if (char === 46 && !point) {
			point = true;
			continue;
		}
		if (char < 48 || char > 57 || ++digits > MAX_DIGITS) return undefined;
		value = value * 10 + (char - 48);
		if (point) scale *= 10;
	}
	if (digits === 0) return undefined;
	const amount = value / scale;
	// No -0: "-0.00" is 0.
	return sign === 45 && amount !== 0 ? -amount : amount;
}

interface Seen {
	/** The cell's characters as written. */
	raw: string;
	/** What they became (the same string, or a date made ISO). */
	value: string;
}

/** Values already read, found again by their characters in the text: each distinct value is one string. */
export class SeenValues {
	private readonly byHash = new Map<number, Seen[]>();

	/** The value kept for the characters of text[start, end), if they were seen. */
	find(text: string, start: number, end: number): string | undefined {
		const bucket = this.byHash.get(hashOf(text, start, end));
		if (bucket) for (const seen of bucket) if (sameCharacters(seen.raw, text, start, end)) return seen.value;
		return undefined;
	}

	/** Keeps what the characters `raw` became, for the cells that repeat them. */
	keep(raw: string, value: string): void {
		const hash = hashOf(raw, 0, raw.length);
		const bucket = this.byHash.get(hash);
		if (bucket) bucket.push({ raw, value });
		else this.byHash.set(hash, [{ raw, value }]);
	}
}

/** FNV-1a over the characters, as a small integer (a Map key V8 keeps unboxed). */
function hashOf(text: string, start: number, end: number): number {
	let hash = 0x811c9dc5 | 0;
	for (let index = start; index < end; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
	return hash;
}

function sameCharacters(raw: string, text: string, start: number, end: number): boolean {
	if (raw.length !== end - start) return false;
	for (let index = 0; index < raw.length; index++) if (raw.charCodeAt(index) !== text.charCodeAt(start + index)) return false;
	return true;
}
