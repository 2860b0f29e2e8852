// Shared set-up of the Exchange Rate Trigger tests: the trigger against the lookup fake, and
// ways to read what it asked the fake.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { VALID_TOKEN, type LookupFake } from '../../../../fakes/lookup';
import { PollTriggerHarness } from '../../../harness/poll';

export const NODE_NAME = 'Exchange Rate Trigger';
export const LATEST_PATH = '/api/v2/tipo-cambio/sbs/ultimo';
export const HISTORY_PATH = '/api/v2/tipo-cambio/sbs/historico';
export const SUNAT_LATEST_PATH = '/api/v2/tipo-cambio/sunat/ultimo';
export const SUNAT_RATE_PATH = '/api/v2/tipo-cambio/sunat';

export function exchangeRateTrigger(
	fake: LookupFake,
	parameters: Record<string, unknown> = {},
	options: { saved?: string; token?: string; pollBudgetMs?: number } = {},
): PollTriggerHarness {
	return new PollTriggerHarness({
		type: 'exchangeRateTrigger',
		nodeName: NODE_NAME,
		parameters: { currencies: ['USD'], ...parameters },
		credentials: { taxpayerLookupApi: { baseUrl: fake.url, accessToken: options.token ?? VALID_TOKEN } },
		saved: options.saved,
		pollBudgetMs: options.pollBudgetMs,
	});
}

/** The trigger with Source SUNAT, as the editor saves it: no Currencies (hidden for SUNAT). */
export function sunatRateTrigger(
	fake: LookupFake,
	parameters: Record<string, unknown> = {},
	options: { saved?: string; token?: string; pollBudgetMs?: number } = {},
): PollTriggerHarness {
	return new PollTriggerHarness({
		type: 'exchangeRateTrigger',
		nodeName: NODE_NAME,
		parameters: { source: 'sunat', ...parameters },
		credentials: { taxpayerLookupApi: { baseUrl: fake.url, accessToken: options.token ?? VALID_TOKEN } },
		saved: options.saved,
		pollBudgetMs: options.pollBudgetMs,
	});
}

/** Static data as n8n saves it, with this memory for the trigger. */
export const savedMemory = (memory: Record<string, string>) => JSON.stringify({ [`node:${NODE_NAME}`]: { lastEmittedDate: memory } });

export const jsonOf = (items: INodeExecutionData[] | null | undefined): IDataObject[] => (items ?? []).map((item) => item.json);

export const addDays = (date: string, days: number) =>
	new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every date from start to end, both included. */
export function daysFrom(start: string, end: string): string[] {
	const days: string[] = [];
	for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
	return days;
}

/** The requests the fake received from index `from` on, as `route currency [range]`. */
export function requestsSince(fake: LookupFake, from: number): string[] {
	return fake.requests.slice(from).map(({ path, query }) => {
		if (path === LATEST_PATH) return `latest ${query.moneda}`;
		if (path === HISTORY_PATH) return `history ${query.moneda} ${query.fecha_inicio}..${query.fecha_fin}`;
		if (path === SUNAT_LATEST_PATH && Object.keys(query).length === 0) return 'sunat latest';
		if (path === SUNAT_RATE_PATH && Object.keys(query).length === 1 && query.fecha) return `sunat ${query.fecha}`;
		return `${path} ${JSON.stringify(query)}`;
	});
}

/** The records the fake publishes for these currencies between two dates, in the order the trigger emits them. */
export function publishedBetween(fake: LookupFake, start: string, end: string, currencies: Array<'USD' | 'EUR'>): IDataObject[] {
	const all = currencies.flatMap((currency) => fake.ratesBetween(start, end, currency));
	const order = (record: IDataObject) => currencies.indexOf(record.moneda as 'USD' | 'EUR');
	return all.sort((a, b) => a.fecha.localeCompare(b.fecha) || order(a) - order(b));
}

/** SUNAT's records the fake publishes between two dates, as the trigger emits them (`moneda` stated). */
export function sunatPublishedBetween(fake: LookupFake, start: string, end: string): IDataObject[] {
	return fake.sunatRatesBetween(start, end).map(({ fecha, precio_compra, precio_venta }) => ({ fecha, moneda: 'USD', precio_compra, precio_venta }));
}
