// SUNAT's proposal file as items: the ZIP's TXT decoded once and read line by line, one item per
// receipt with the layout's named, typed fields (layouts.ts). The text is scanned in place, by
// offsets, so no copy of a line or of an unused cell is made: a 20,000-receipt file is read with
// little more memory than its items (BENCHMARKS.md, "SIRE proposal").
import type { IDataObject } from 'n8n-workflow';

import { amountAt, SeenValues } from './cells';
import { headerKey, isFreeColumn, LAYOUTS, type Book, type Column, type Layout } from './layouts';
import { unzip, type ZipEntry } from './zip';

/** A proposal file that cannot be read: the message names the line and says what to do. */
export class ProposalError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ProposalError';
	}
}

/** SUNAT writes its files in UTF-8 (with a byte-order mark); text that is not UTF-8 is read as Windows-1252. */
export function decodeProposal(bytes: Uint8Array): string {
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return new TextDecoder('windows-1252').decode(bytes);
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
	if (texts.length === 1) return parseProposal(book, textOf(entries, texts[0]));
	const items: IDataObject[] = [];
	for (const index of texts) for (const item of parseProposal(book, textOf(entries, index))) items.push(item);
	return items;
}

/** An entry's text, its bytes let go as it is decoded: while its items are read, only the text is held. */
function textOf(entries: Array<ZipEntry | undefined>, index: number): string {
	const data = entries[index]!.data;
	entries[index] = undefined;
	return decodeProposal(data);
}

/** One cell of the current line: where it starts and ends in the text. */
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
	reads: Array<{ cell: number; column: Column; nameField?: string }>;
	/**
	 * Every item's fields, null, in the layout's order: each item is a copy of it, so that all share
	 * one shape V8 keeps compact (an object given 45 fields one by one becomes a dictionary, 8 times larger).
	 */
	template: IDataObject;
	/** The values met so far that repeat over the receipts (dates, codes, the taxpayer, suppliers): each kept once. */
	seen: SeenValues;
}

function planWith(layout: Layout, cellCount: number, countSource: string, reads: Plan['reads']): Plan {
	const fields: IDataObject = {};
	for (const { column, nameField } of reads) {
		fields[column.field] = null;
		if (nameField) fields[nameField] = null;
	}
	// JSON.parse builds an object with a compact shape however many fields it has.
	return { layout, cellCount, countSource, reads, template: JSON.parse(JSON.stringify(fields)) as IDataObject, seen: new SeenValues() };
}

/**
 * The receipts of a proposal TXT (pipe-separated, a header line first as SUNAT's export writes it;
 * without one, the columns are taken in the layout's order). An empty or BOM-only file has none.
 * A line with another number of columns than the header, or a date or amount that is not one,
 * throws a ProposalError naming the line.
 */
export function parseProposal(book: Book, text: string): IDataObject[] {
	const layout = LAYOUTS[book];
	const items: IDataObject[] = [];
	const maxCells = layout.columns.length + layout.freeColumns + 64;
	const cells: Cells = { count: 0, starts: new Int32Array(maxCells + 1), ends: new Int32Array(maxCells + 1) };
	let plan: Plan | undefined;
	let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	for (let line = 1; position < text.length; line++) {
		const newline = text.indexOf('\n', position);
		const end = newline === -1 ? text.length : newline;
		const lineEnd = end > position && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
		if (!isBlank(text, position, lineEnd)) {
			splitCells(text, position, lineEnd, cells, maxCells);
			if (!plan) {
				plan = planOf(layout, text, cells);
				if (plan.countSource === 'its header') {
					position = end + 1;
					continue;
				}
			}
			items.push(itemOf(plan, text, cells, line));
		}
		position = end + 1;
	}
	return items;
}

function isBlank(text: string, start: number, end: number): boolean {
	for (let index = start; index < end; index++) if (text.charCodeAt(index) > 32) return false;
	return true;
}

/** Finds the line's cells between its pipes (at most `max`; more is an error its count reports). */
function splitCells(text: string, start: number, end: number, cells: Cells, max: number): void {
	let count = 0;
	let cellStart = start;
	for (;;) {
		const pipe = text.indexOf('|', cellStart);
		const cellEnd = pipe === -1 || pipe > end ? end : pipe;
		cells.starts[count] = cellStart;
		cells.ends[count] = cellEnd;
		count++;
		if (cellEnd === end || count > max) break;
		cellStart = cellEnd + 1;
	}
	cells.count = count;
}

const cellText = (text: string, cells: Cells, index: number) => text.slice(cells.starts[index], cells.ends[index]).trim();

/** The plan from the first line: its header names the columns; a first line that is a receipt is read in the layout's order. */
function planOf(layout: Layout, text: string, cells: Cells): Plan {
	const first = cellText(text, cells, 0);
	const fieldFor = (column: Column) => ({ column, nameField: column.kind === 'code' ? `${column.field}Name` : undefined });
	if (/^\d+$/.test(first)) {
		const cellCount = layout.columns.length + layout.freeColumns;
		return planWith(layout, cellCount, `SUNAT's layout`, layout.columns.map((column, cell) => ({ cell, ...fieldFor(column) })));
	}
	if (cells.count === 1 && first.includes(',')) {
		throw new ProposalError(`The file is SUNAT's CSV export (its first line is separated by commas), which is not read: ask for the TXT (codTipoArchivo=0), whose columns are separated by "|".`);
	}
	const headers = Array.from({ length: cells.count }, (_, index) => cellText(text, cells, index));
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
	return planWith(layout, cells.count, 'its header', reads);
}

/** One receipt: each field from its cell, typed; an empty cell is null. */
function itemOf(plan: Plan, text: string, cells: Cells, line: number): IDataObject {
	// A line closed by a pipe (as SUNAT's PLE files are) has one empty cell more: it is not a column.
	const closedByPipe = cells.count === plan.cellCount + 1 && cells.starts[plan.cellCount] === cells.ends[plan.cellCount];
	if (cells.count !== plan.cellCount && !closedByPipe) {
		const counted = cells.count > plan.cellCount + 64 ? `more than ${plan.cellCount + 64}` : String(cells.count);
		throw new ProposalError(
			`Line ${line} of the ${plan.layout.title} proposal has ${counted} columns where ${plan.countSource} has ${plan.cellCount}: the file is damaged or is not SUNAT's ${plan.layout.title} proposal. Download the proposal again; check that the file is the book asked for.`,
		);
	}
	const item: IDataObject = { ...plan.template };
	for (const { cell, column, nameField } of plan.reads) {
		let start = cells.starts[cell];
		let end = cells.ends[cell];
		while (start < end && text.charCodeAt(start) <= 32) start++;
		while (end > start && text.charCodeAt(end - 1) <= 32) end--;
		const value = start === end ? null : valueOf(plan, column, text, start, end, line);
		item[column.field] = value;
		if (nameField) item[nameField] = value === null ? null : (column.names?.[value as string] ?? null);
	}
	return item;
}

function valueOf(plan: Plan, column: Column, text: string, start: number, end: number, line: number): string | number {
	if (column.kind === 'amount') {
		const amount = amountAt(text, start, end) ?? Number(text.slice(start, end));
		if (Number.isFinite(amount)) return amount;
		throw cellError(plan, column, text.slice(start, end), line, 'is not an amount (digits with a decimal point)');
	}
	if (column.unique) return column.kind === 'date' ? isoDate(plan, column, text, start, end, line) : text.slice(start, end);
	const seen = plan.seen.find(text, start, end);
	if (seen !== undefined) return seen;
	const raw = text.slice(start, end);
	const value = column.kind === 'date' ? isoDate(plan, column, text, start, end, line) : raw;
	plan.seen.keep(raw, value);
	return value;
}

/** DD/MM/YYYY as SUNAT writes it, or an ISO date already, as an ISO date. */
function isoDate(plan: Plan, column: Column, text: string, start: number, end: number, line: number): string {
	if (end - start === 10 && text.charCodeAt(start + 2) === 47 && text.charCodeAt(start + 5) === 47 && digitsOnly(text, start, end, 2, 5)) {
		return `${text.slice(start + 6, end)}-${text.slice(start + 3, start + 5)}-${text.slice(start, start + 2)}`;
	}
	if (end - start === 10 && text.charCodeAt(start + 4) === 45 && text.charCodeAt(start + 7) === 45 && digitsOnly(text, start, end, 4, 7)) {
		return text.slice(start, end);
	}
	throw cellError(plan, column, text.slice(start, end), line, 'is not a date DD/MM/YYYY');
}

/** Whether every character but the two separators is a digit. */
function digitsOnly(text: string, start: number, end: number, first: number, second: number): boolean {
	for (let index = start; index < end; index++) {
		const offset = index - start;
		if (offset === first || offset === second) continue;
		const char = text.charCodeAt(index);
		if (char < 48 || char > 57) return false;
	}
	return true;
}

function cellError(plan: Plan, column: Column, value: string, line: number, what: string): ProposalError {
	return new ProposalError(
		`Line ${line} of the ${plan.layout.title} proposal has "${value}" in the column "${column.sunat}" (${column.field}), which ${what}: the file is damaged or SUNAT changed its layout. Download the proposal again; check the line in the file (Download gives it as SUNAT sent it).`,
	);
}
