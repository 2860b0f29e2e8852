// Shared set-up of the Exchange Rate Trigger tests: the trigger against the lookup fake, and
// ways to read what it asked the fake.
import type { IDataObject, INodeExecutionData, NodeParameterValueType } from 'n8n-workflow';

import { rateOn, sunatRateOn, VALID_TOKEN, type LookupFake } from '../../../../fakes/lookup';
import { PollTriggerHarness } from '../../../harness/poll';

export const NODE_NAME = 'Exchange Rate Trigger';
export const LATEST_PATH = '/api/v2/tipo-cambio/sbs/ultimo';
export const HISTORY_PATH = '/api/v2/tipo-cambio/sbs/historico';
export const SUNAT_LATEST_PATH = '/api/v2/tipo-cambio/sunat/ultimo';
export const SUNAT_RATE_PATH = '/api/v2/tipo-cambio/sunat';

type Parameters = Record<string, NodeParameterValueType | object>;
type TriggerOptions = { saved?: string; token?: string; pollBudgetMs?: number };

function rateTrigger(fake: LookupFake, parameters: Parameters, options: TriggerOptions): PollTriggerHarness {
	return new PollTriggerHarness({
		type: 'exchangeRateTrigger',
		nodeName: NODE_NAME,
		parameters,
		credentials: { taxpayerLookupApi: { baseUrl: fake.url, accessToken: options.token ?? VALID_TOKEN } },
		saved: options.saved,
		pollBudgetMs: options.pollBudgetMs,
	});
}

/** The trigger as the editor saves it without a Source (the SBS), following USD unless told otherwise. */
export const exchangeRateTrigger = (fake: LookupFake, parameters: Parameters = {}, options: TriggerOptions = {}) =>
	rateTrigger(fake, { currencies: ['USD'], ...parameters }, options);

/** The trigger with Source SUNAT, as the editor saves it: no Currencies (hidden for SUNAT). */
export const sunatRateTrigger = (fake: LookupFake, parameters: Parameters = {}, options: TriggerOptions = {}) =>
	rateTrigger(fake, { source: 'sunat', ...parameters }, options);

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

/** SUNAT's rate of a day as an item: the fake leaves `moneda` out, the trigger states it. */
export const sunatItem = (fecha: string): IDataObject => {
	const { precio_compra, precio_venta } = sunatRateOn(fecha);
	return { fecha, moneda: 'USD', precio_compra, precio_venta };
};

type TriggerOf = (fake: LookupFake, parameters?: Parameters, options?: TriggerOptions) => PollTriggerHarness;

/**
 * What differs between the trigger's two sources, for the suites that run once per source. "Every
 * rate" is what a trigger following all of the source's rates asks and emits: the SBS's USD and
 * EUR, SUNAT's one USD rate; the plain trigger follows the SBS's USD only.
 */
export interface RateSource {
	name: 'SBS' | 'SUNAT';
	trigger: TriggerOf;
	/** Parameters following every rate; the SBS's currencies chosen in another order than the one it emits in (USD, EUR). */
	everyRate: Parameters;
	/** The route of the latest rate, as `fake.failNext` matches it. */
	latestRoute: string;
	/** The latest rate as the node's errors name it. */
	latestSubject: string;
	/** The Taxpayer Lookup node's operation giving the latest rate (to compare error words). */
	latestLookup: Parameters;
	/** The field the API's 422 names for the latest rate. */
	requiredField: string;
	/** The 404's words for the latest rate. */
	notFound: RegExp;
	/** What a poll that finds nothing new asks. */
	latestRequests: (every?: boolean) => string[];
	/** The memory after emitting up to `date`. */
	memory: (date: string, every?: boolean) => Record<string, string>;
	/** The records the fake publishes between two dates, as the trigger emits them. */
	published: (fake: LookupFake, start: string, end: string, every?: boolean) => IDataObject[];
	/** The plain trigger's item of a published day. */
	itemOn: (fecha: string) => IDataObject;
	/** Literal items: the plain trigger's item of 2026-06-03, and every rate of 2026-06-02 as numbers. */
	june3: IDataObject;
	june2AsNumbers: IDataObject[];
}

export const SBS: RateSource = {
	name: 'SBS',
	trigger: exchangeRateTrigger,
	everyRate: { currencies: ['EUR', 'USD'] },
	latestRoute: '/ultimo',
	latestSubject: 'latest USD rate',
	latestLookup: { resource: 'exchangeRate', operation: 'getLatest', currency: 'USD' },
	requiredField: 'moneda',
	notFound: /404/,
	latestRequests: (every) => (every ? ['latest USD', 'latest EUR'] : ['latest USD']),
	memory: (date, every): Record<string, string> => (every ? { USD: date, EUR: date } : { USD: date }),
	published: (fake, start, end, every) => publishedBetween(fake, start, end, every ? ['USD', 'EUR'] : ['USD']),
	itemOn: (fecha) => rateOn(fecha, 'USD'),
	june3: { fecha: '2026-06-03', moneda: 'USD', precio_compra: '3.213', precio_venta: '3.225' },
	june2AsNumbers: [
		{ fecha: '2026-06-02', moneda: 'USD', precio_compra: 3.219, precio_venta: 3.231 },
		{ fecha: '2026-06-02', moneda: 'EUR', precio_compra: 3.719, precio_venta: 3.731 },
	],
};

export const SUNAT: RateSource = {
	name: 'SUNAT',
	trigger: sunatRateTrigger,
	everyRate: {},
	latestRoute: '/sunat/ultimo',
	latestSubject: 'latest SUNAT USD rate',
	latestLookup: { resource: 'exchangeRate', operation: 'getLatest', source: 'sunat' },
	requiredField: 'fecha',
	notFound: /^No latest SUNAT USD rate was published \(404/,
	latestRequests: () => ['sunat latest'],
	memory: (date) => ({ SUNAT: date }),
	published: (fake, start, end) => sunatPublishedBetween(fake, start, end),
	itemOn: sunatItem,
	june3: { fecha: '2026-06-03', moneda: 'USD', precio_compra: '3.217', precio_venta: '3.229' },
	june2AsNumbers: [{ fecha: '2026-06-02', moneda: 'USD', precio_compra: 3.223, precio_venta: 3.235 }],
};

export const SOURCES = [SBS, SUNAT];
