// Exchange rates over a date range, fetched one year at a time: Get History and the Exchange Rate
// Trigger both use it, each with its own way of sending a request.
import type { IDataObject } from 'n8n-workflow';

import { recordsOf } from './output';
import type { Currency } from './validation';

export const LATEST_RATE_PATH = '/api/v2/tipo-cambio/sbs/ultimo';
export const RATE_HISTORY_PATH = '/api/v2/tipo-cambio/sbs/historico';

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Splits an inclusive date range into consecutive ranges of at most one year (366 days). */
export function yearChunks(start: string, end: string): Array<{ start: string; end: string }> {
	const chunks: Array<{ start: string; end: string }> = [];
	let from = Date.parse(`${start}T00:00:00Z`);
	const last = Date.parse(`${end}T00:00:00Z`);
	while (from <= last) {
		const next = new Date(from);
		next.setUTCFullYear(next.getUTCFullYear() + 1);
		const to = Math.min(next.getTime() - MS_PER_DAY, last);
		chunks.push({ start: new Date(from).toISOString().slice(0, 10), end: new Date(to).toISOString().slice(0, 10) });
		from = to + MS_PER_DAY;
	}
	return chunks;
}

/** Rate records in date order, each date once (chunk edges may repeat a day). */
export function sortRatesByDate(records: IDataObject[]): IDataObject[] {
	const byDate = new Map<string, IDataObject>();
	for (const record of records) byDate.set(String(record.fecha), record);
	return [...byDate.values()].sort((a, b) => String(a.fecha).localeCompare(String(b.fecha)));
}

/** Sends one history request (its query, and what errors call it) and resolves to the answer's body. */
export type GetRateHistory = (qs: IDataObject, subject: string) => Promise<unknown>;

/** The rates of one currency from `start` to `end` (included), one request per year of the range, in date order. */
export async function fetchRateRange(get: GetRateHistory, currency: Currency, start: string, end: string): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	// One chunk at a time: the rate limit counts per 15-minute window, and order must hold.
	for (const chunk of yearChunks(start, end)) {
		const qs = { fecha_inicio: chunk.start, fecha_fin: chunk.end, moneda: currency };
		const body = await get(qs, `${currency} rates from ${chunk.start} to ${chunk.end}`);
		records.push(...recordsOf(body as IDataObject));
	}
	return sortRatesByDate(records);
}
