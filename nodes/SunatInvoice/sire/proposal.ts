// SUNAT's proposal file as items: the ZIP's TXT read line by line, one item per receipt with the
// layout's named, typed fields (layouts.ts). The file's bytes are scanned in place: a cell becomes a
// string only when an item keeps it, and a value that repeats is one string (cells.ts), so reading
// a 20,000-receipt file takes little more memory than the file and its items (BENCHMARKS.md, "SIRE proposal").
import type { IDataObject } from 'n8n-workflow';

import { amountAt, isUtf8, SeenValues } from './cells';
import { headerKey, isFreeColumn, LAYOUTS, type Book, type Column, type Layout } from './layouts';
import { unzip, type ZipEntry } from './zip';

/** A proposal file that cannot be read: the message names the line and says what to do. */
export class ProposalError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ProposalError';
	}
}

/** The items of a proposal ZIP as SUNAT's download gives it: each TXT it holds, in order. */
export async function readProposalZip(book: Book, zip: Uint8Array): Promise<IDataObject[]> {
	const entries: Array<ZipEntry | undefined> = await unzip(zip);
	const names = entries.map((entry) => entry?.name ?? '');
	const texts = names.flatMap((name, index) => (/\.txt$/i.test(name) ? [index] : []));
	if (texts.length === 0) {
		const listed = names.map((name) => `"${name}"`).join(', ') || 'no file';
		throw new ProposalError(
			names.some((name) => /\.csv$/i.test(name))
				? `SUNAT's ZIP holds its CSV export (${listed}), which is not read: ask for the TXT (codTipoArchivo=0).`
				: `SUNAT's ZIP holds ${listed} and no TXT proposal: check that the file is the proposal SUNAT sent.`,
		);
	}
	if (texts.length === 1) return parseProposalBytes(book, bytesOf(entries, texts[0]));
	const items: IDataObject[] = [];
	for (const index of texts) for (const item of parseProposalBytes(book, bytesOf(entries, index))) items.push(item);
	return items;
}

/** An entry's bytes, taken out of the list: once its items are read, nothing holds them. */
function bytesOf(entries: Array<ZipEntry | undefined>, index: number): Uint8Array {
	const { data } = entries[index]!;
	entries[index] = undefined;
	return data;
}

/** The receipts of a proposal TXT given as text (see parseProposalBytes). */
export function parseProposal(book: Book, text: string): IDataObject[] {
	return parseProposalBytes(book, new TextEncoder().encode(text));
}

/** The file being read: its bytes, how its text is decoded, the values met so far. */
interface Source {
	bytes: Uint8Array;
	decoder: { decode(input: Uint8Array): string };
	seen: SeenValues;
}

/** The current line's cells: where each starts and ends in the bytes. */
interface Cells {
	count: number;
	starts: Int32Array;
	ends: Int32Array;
}

/** How a file's lines become items: each field read from its cell, and how many cells a line has. */
interface Plan {
	layout: Layout;
	cellCount: number;
	/** What the count is compared with, for errors: the header or SUNAT's layout. */
	countSource: string;
	fromHeader: boolean;
	reads: Array<{ cell: number; column: Column; nameField?: string }>;
	/**
	 * Every item's fields, null, in the layout's order: each item is a copy of it, so that all share
	 * one shape V8 keeps compact (an object given 45 fields one by one becomes a dictionary, 8 times larger).
	 */
	template: IDataObject;
}

/**
 * The receipts of a proposal TXT: pipe-separated, a header line first as SUNAT's export writes it
 * (without one, the columns are taken in the layout's order), UTF-8 as SUNAT writes it (a BOM or
 * not), or Windows-1252 when it is not UTF-8. An empty or BOM-only file has none. A line with
 * another number of columns than the header, or a date or amount that is not one, throws a
 * ProposalError naming the line.
 */
export function parseProposalBytes(book: Book, bytes: Uint8Array): IDataObject[] {
	const layout = LAYOUTS[book];
	const source: Source = { bytes, decoder: new TextDecoder(isUtf8(bytes) ? 'utf-8' : 'windows-1252'), seen: new SeenValues() };
	const items: IDataObject[] = [];
	const maxCells = layout.columns.length + layout.freeColumns + 64;
	const cells: Cells = { count: 0, starts: new Int32Array(maxCells + 1), ends: new Int32Array(maxCells + 1) };
	let plan: Plan | undefined;
	let position = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
	for (let line = 1; position < bytes.length; line++) {
		const newline = bytes.indexOf(10, position);
		const end = newline === -1 ? bytes.length : newline;
		const lineEnd = end > position && bytes[end - 1] === 13 ? end - 1 : end;
		if (!isBlank(bytes, position, lineEnd)) {
			splitCells(bytes, position, lineEnd, cells, maxCells);
			if (!plan) {
				plan = planOf(layout, source, cells);
				if (plan.fromHeader) {
					position = end + 1;
					continue;
				}
			}
			items.push(itemOf(plan, source, cells, line));
		}
		position = end + 1;
	}
	return items;
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
	for (let index = start; index < end; index++) if (bytes[index] > 32) return false;
	return true;
}

/** Finds the line's cells between its pipes (at most `max`; more is an error its count reports). */
function splitCells(bytes: Uint8Array, start: number, end: number, cells: Cells, max: number): void {
	let count = 0;
	let cellStart = start;
	for (;;) {
		const pipe = bytes.indexOf(124, cellStart);
		const cellEnd = pipe === -1 || pipe > end ? end : pipe;
		cells.starts[count] = cellStart;
		cells.ends[count] = cellEnd;
		count++;
		if (cellEnd === end || count > max) break;
		cellStart = cellEnd + 1;
	}
	cells.count = count;
}

const textAt = (source: Source, start: number, end: number) => source.decoder.decode(source.bytes.subarray(start, end));
const cellText = (source: Source, cells: Cells, index: number) => textAt(source, cells.starts[index], cells.ends[index]).trim();

/** The plan from the first line: its header names the columns; a first line that is a receipt is read in the layout's order. */
function planOf(layout: Layout, source: Source, cells: Cells): Plan {
	const first = cellText(source, cells, 0);
	const fieldFor = (column: Column) => ({ column, nameField: column.kind === 'code' ? `${column.field}Name` : undefined });
	if (/^\d+$/.test(first)) {
		const reads = layout.columns.map((column, cell) => ({ cell, ...fieldFor(column) }));
		return planWith(layout, layout.columns.length + layout.freeColumns, `SUNAT's layout`, false, reads);
	}
	if (cells.count === 1 && first.includes(',')) {
		throw new ProposalError(`The file is SUNAT's CSV export (its first line is separated by commas), which is not read: ask for the TXT (codTipoArchivo=0), whose columns are separated by "|".`);
	}
	const headers = Array.from({ length: cells.count }, (_, index) => cellText(source, cells, index));
	const cellOf = new Map<string, number>();
	headers.forEach((header, cell) => cellOf.has(headerKey(header)) || cellOf.set(headerKey(header), cell));
	const reads: Plan['reads'] = [];
	const missing: string[] = [];
	for (const column of layout.columns) {
		const cell = [column.sunat, ...(column.aliases ?? [])].map((name) => cellOf.get(headerKey(name))).find((found) => found !== undefined);
		if (cell === undefined) missing.push(`"${column.sunat}"`);
		else reads.push({ cell, ...fieldFor(column) });
	}
	if (missing.length > 0) {
		throw new ProposalError(
			`The ${layout.title} proposal's header (line 1) lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: the file is not SUNAT's ${layout.title} proposal, or SUNAT changed its layout. Check that the file is the book asked for.`,
		);
	}
	// A column SUNAT adds is kept as text under its own header, so nothing in the file is lost.
	const known = new Set(reads.map((read) => read.cell));
	headers.forEach((header, cell) => {
		if (!known.has(cell) && !isFreeColumn(header) && header !== '') reads.push({ cell, column: { sunat: header, field: header, kind: 'text' } });
	});
	return planWith(layout, cells.count, 'its header', true, reads);
}

function planWith(layout: Layout, cellCount: number, countSource: string, fromHeader: boolean, reads: Plan['reads']): Plan {
	const fields: IDataObject = {};
	for (const { column, nameField } of reads) {
		fields[column.field] = null;
		if (nameField) fields[nameField] = null;
	}
	// JSON.parse builds an object with a compact shape however many fields it has.
	return { layout, cellCount, countSource, fromHeader, reads, template: JSON.parse(JSON.stringify(fields)) as IDataObject };
}

/** One receipt: each field from its cell, typed; an empty cell is null. */
function itemOf(plan: Plan, source: Source, cells: Cells, line: number): IDataObject {
	// A line closed by a pipe (as SUNAT's PLE files are) has one empty cell more: it is not a column.
	const closedByPipe = cells.count === plan.cellCount + 1 && cells.starts[plan.cellCount] === cells.ends[plan.cellCount];
	if (cells.count !== plan.cellCount && !closedByPipe) {
		const counted = cells.count > plan.cellCount + 64 ? `more than ${plan.cellCount + 64}` : String(cells.count);
		throw new ProposalError(
			`Line ${line} of the ${plan.layout.title} proposal has ${counted} columns where ${plan.countSource} has ${plan.cellCount}: the file is damaged or is not SUNAT's ${plan.layout.title} proposal. Download the proposal again; check that the file is the book asked for.`,
		);
	}
	const { bytes } = source;
	const item: IDataObject = { ...plan.template };
	for (const { cell, column, nameField } of plan.reads) {
		let start = cells.starts[cell];
		let end = cells.ends[cell];
		while (start < end && bytes[start] <= 32) start++;
		while (end > start && bytes[end - 1] <= 32) end--;
		const value = start === end ? null : valueOf(plan, column, source, start, end, line);
		item[column.field] = value;
		if (nameField) item[nameField] = value === null ? null : (column.names?.[value as string] ?? null);
	}
	return item;
}

function valueOf(plan: Plan, column: Column, source: Source, start: number, end: number, line: number): string | number {
	if (column.kind === 'amount') {
		const amount = amountAt(source.bytes, start, end) ?? Number(textAt(source, start, end));
		if (Number.isFinite(amount)) return amount;
		throw cellError(plan, column, textAt(source, start, end), line, 'is not an amount (digits with a decimal point)');
	}
	if (column.unique) return textOrDate(plan, column, source, start, end, line);
	return source.seen.find(source.bytes, start, end) ?? source.seen.keep(source.bytes, start, end, textOrDate(plan, column, source, start, end, line));
}

const textOrDate = (plan: Plan, column: Column, source: Source, start: number, end: number, line: number) =>
	column.kind === 'date' ? isoDate(plan, column, source, start, end, line) : textAt(source, start, end);

/** DD/MM/YYYY as SUNAT writes it, or an ISO date already, as an ISO date. */
function isoDate(plan: Plan, column: Column, source: Source, start: number, end: number, line: number): string {
	const b = source.bytes;
	if (end - start === 10 && b[start + 2] === 47 && b[start + 5] === 47 && digitsOnly(b, start, end, 2, 5)) {
		return String.fromCharCode(b[start + 6], b[start + 7], b[start + 8], b[start + 9], 45, b[start + 3], b[start + 4], 45, b[start], b[start + 1]);
	}
	if (end - start === 10 && b[start + 4] === 45 && b[start + 7] === 45 && digitsOnly(b, start, end, 4, 7)) return textAt(source, start, end);
	throw cellError(plan, column, textAt(source, start, end), line, 'is not a date DD/MM/YYYY');
}

/** Whether every byte but the two separators is a digit. */
function digitsOnly(bytes: Uint8Array, start: number, end: number, first: number, second: number): boolean {
	for (let index = start; index < end; index++) {
		const offset = index - start;
		if (offset !== first && offset !== second && (bytes[index] < 48 || bytes[index] > 57)) return false;
	}
	return true;
}

function cellError(plan: Plan, column: Column, value: string, line: number, what: string): ProposalError {
	return new ProposalError(
		`Line ${line} of the ${plan.layout.title} proposal has "${value}" in the column "${column.sunat}" (${column.field}), which ${what}: the file is damaged or SUNAT changed its layout. Download the proposal again; check the line in the file (Download gives it as SUNAT sent it).`,
	);
}
