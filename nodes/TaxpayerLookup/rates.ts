// Exchange rates over a date range, fetched one year at a time (Get History and the Exchange Rate
// Trigger, each with its own way of sending a request), and SUNAT's rate of a day.
import type { IDataObject } from 'n8n-workflow';

import { NOT_FOUND, type SendRequest } from '../shared/contract';
import { recordsOf } from './output';
import { FIRST_RATE_DATE, type Currency } from './validation';

export const LATEST_RATE_PATH = '/api/v2/tipo-cambio/sbs/ultimo';
export const RATE_HISTORY_PATH = '/api/v2/tipo-cambio/sbs/historico';
/** Get by Date and Get Latest of either source: `{source}` is `sbs` or `sunat`. */
export const RATE_BY_DATE_PATH = '/api/v2/tipo-cambio/{source}';
export const LATEST_RATE_OF_SOURCE_PATH = '/api/v2/tipo-cambio/{source}/ultimo';
/** SUNAT's routes as the Exchange Rate Trigger asks them: the latest rate, and the rate of a day (`fecha`). */
export const SUNAT_LATEST_RATE_PATH = LATEST_RATE_OF_SOURCE_PATH.replace('{source}', 'sunat');
export const SUNAT_RATE_PATH = RATE_BY_DATE_PATH.replace('{source}', 'sunat');

/** How many days before the asked one Get by Date (SUNAT) looks for the last published rate. */
export const SUNAT_DAYS_LOOKED_BACK = 10;

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

const dayBefore = (date: string, days: number) =>
	new Date(Date.parse(`${date}T00:00:00Z`) - days * MS_PER_DAY).toISOString().slice(0, 10);

/** A SUNAT record as items show it: the currency stated even when the API leaves it out, and the day asked for. */
export function sunatRecord(body: unknown, requestedDate?: string): IDataObject {
	const { fecha, moneda, ...rest } = body as IDataObject;
	// `fecha` and `moneda` first, as in SBS records; a missing or null currency is SUNAT's only one.
	return { fecha, moneda: moneda ?? 'USD', ...rest, ...(requestedDate ? { requestedDate } : {}) };
}

/**
 * SUNAT's rate for a day, as the tax rule reads it: the last one published on or before that day.
 * The API may answer a day without a rate with the earlier rate itself, or with 404: then the day
 * before is asked, up to SUNAT_DAYS_LOOKED_BACK days back (one request each).
 */
export async function sunatRateOn(send: SendRequest, date: string): Promise<IDataObject> {
	for (let back = 0; ; back++) {
		const day = dayBefore(date, back);
		const last = back === SUNAT_DAYS_LOOKED_BACK || day <= FIRST_RATE_DATE;
		// The last day's 404 is the error, naming the whole span looked at.
		const subject =
			back === 0
				? `SUNAT USD rate for ${day}`
				: last
					? `SUNAT USD rate for any day from ${day} to ${date}`
					: `SUNAT USD rate for ${day} (looking back from ${date})`;
		const body = await send({ qs: { fecha: day } }, subject, { notFoundIsAnswer: !last });
		if (body !== NOT_FOUND) return sunatRecord(body, date);
	}
}
