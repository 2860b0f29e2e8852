// SIRE's two registers (books) and the period a request is about, checked before any request: its
// form (YYYYMM, or a date: its month), not after this month in Lima, not before SIRE kept the book
// (docs/sunat-sire-api.md, "Periods", cites the sources of each first period).
import { bad, ok, type Checked } from '../../shared/checks';
import { todayInLima } from '../../shared/dates';

export type BookName = 'RVIE' | 'RCE';

export interface Book {
	name: BookName;
	/** SUNAT's code of the book (codLibro). */
	code: string;
	/** What the user calls it. */
	title: string;
	/** The first period SIRE keeps the book for, YYYYMM. */
	firstPeriod: string;
}

/**
 * SIRE's books. The first periods are the earliest SUNAT's material shows each book's API for, so that
 * no period SIRE may hold is refused (docs/sunat-sire-api.md, "Periods"): the RCE service is
 * documented from 01/02/2022 and exported a proposal in March 2022 ([C], [C22] 5.39); the RVIE
 * service from 01/04/2023 ([V]). SIRE became mandatory later, from July 2023 ([W131]).
 */
export const BOOKS: Record<BookName, Book> = {
	RVIE: { name: 'RVIE', code: '140000', title: 'sales register (RVIE)', firstPeriod: '202304' },
	RCE: { name: 'RCE', code: '080000', title: 'purchase register (RCE)', firstPeriod: '202201' },
};

/** A period as `YYYY-MM` for people. */
const shown = (period: string) => `${period.slice(0, 4)}-${period.slice(4)}`;

/** YYYYMM from what n8n hands over (a picked or expression date, a Luxon or JS date, text, a number), or undefined. */
function periodOf(raw: unknown): string | undefined {
	if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? undefined : todayInLima(raw).slice(0, 7).replace('-', '');
	if (raw && typeof raw === 'object' && typeof (raw as { toFormat?: unknown }).toFormat === 'function') return (raw as { toFormat: (format: string) => string }).toFormat('yyyyMM');
	if (typeof raw === 'number' && Number.isInteger(raw)) raw = String(raw);
	if (typeof raw !== 'string') return undefined;
	const text = raw.trim();
	// A moment with its zone (an ISO timestamp): its month in Lima, as SUNAT counts it.
	if (/^\d{4}-\d{2}-\d{2}T.*(?:Z|[+-]\d{2}:?\d{2})$/.test(text)) return periodOf(new Date(text));
	const yearFirst = /^(\d{4})[-/]?(\d{2})(?:[-/]\d{2}(?:[T ].*)?)?$/.exec(text);
	if (yearFirst) return `${yearFirst[1]}${yearFirst[2]}`;
	const dayFirst = /^\d{1,2}\/(\d{1,2})\/(\d{4})$/.exec(text);
	return dayFirst ? `${dayFirst[2]}${dayFirst[1].padStart(2, '0')}` : undefined;
}

/** The period of the month `now` falls in, in Lima: YYYYMM. */
export const thisPeriod = (now = new Date()) => todayInLima(now).slice(0, 7).replace('-', '');

/**
 * A tax period of `book`: YYYYMM (2025-03, a date such as 2025-03-31 or 31/03/2025 means its month),
 * a real month, not after this month in Lima, not before SIRE kept the book.
 */
export function checkPeriod(raw: unknown, book: Book, now = new Date()): Checked<string> {
	const hint = 'Give the tax period as YYYYMM (202503 for March 2025), or a date of that month.';
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return bad('is empty: a period is required', hint);
	const period = periodOf(raw);
	if (period === undefined) return bad('is not a period YYYYMM nor a date', hint);
	const month = Number(period.slice(4));
	if (month < 1 || month > 12) return bad(`has no month ${period.slice(4)}`, hint);
	const current = thisPeriod(now);
	if (period > current) return bad(`is after this month (${shown(current)} in Lima): SUNAT has no register for it yet`, `Give ${current} or an earlier period.`);
	if (period < book.firstPeriod) {
		return bad(`is before SIRE kept the ${book.title} (from ${shown(book.firstPeriod)})`, `Give ${book.firstPeriod} or a later period; earlier registers are in SUNAT's PLE, not in SIRE.`);
	}
	return ok(period);
}
