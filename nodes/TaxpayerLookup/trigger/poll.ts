// One poll of the Exchange Rate Trigger: ask for the latest rate of each selected currency, fetch
// the days missed since the last emitted one, emit each new record once, in date order.
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { normaliseRecord } from '../output';
import { fetchRateRange, LATEST_RATE_PATH, RATE_HISTORY_PATH, sortRatesByDate } from '../rates';
import { lookupRequest } from '../transport';
import { checkCurrency, CURRENCIES, type Currency } from '../validation';
import { readMemory, sameMemory, writeMemory, type Memory } from './state';

export interface TriggerOptions {
	/** On first activation, emit the latest rate once instead of nothing. */
	emitLatestOnFirstActivation?: boolean;
	/** Turn precio_compra / precio_venta into numbers. */
	numbersAsNumbers?: boolean;
}

/** The longest one request may take; a poll also stays within the engine's poll budget. */
const REQUEST_TIMEOUT_MS = 60_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function nextDay(date: string): string {
	return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The selected currencies, each once, in the order USD, EUR. */
export function selectedCurrencies(fns: IPollFunctions): Currency[] {
	const raw = fns.getNodeParameter('currencies', ['USD']) as unknown;
	const values = Array.isArray(raw) ? raw : [raw];
	const chosen = new Set<Currency>();
	for (const value of values) {
		const checked = checkCurrency(value);
		if (!checked.valid) {
			throw new NodeOperationError(fns.getNode(), `Currency ${JSON.stringify(value)} ${checked.problem}`, {
				description: checked.hint,
			});
		}
		chosen.add(checked.value);
	}
	if (chosen.size === 0) {
		throw new NodeOperationError(fns.getNode(), 'No currency selected', {
			description: 'Pick USD, EUR or both under Currencies.',
		});
	}
	return CURRENCIES.filter((currency) => chosen.has(currency));
}

/**
 * When this poll must be done by: n8n abandons a poll that outlasts its budget, so each request
 * waits at most for what is left of it (and never more than REQUEST_TIMEOUT_MS).
 */
type Deadline = number;

function pollDeadline(fns: IPollFunctions): Deadline {
	const budget = typeof fns.getPollBudgetMs === 'function' ? fns.getPollBudgetMs() : REQUEST_TIMEOUT_MS;
	return Date.now() + budget;
}

const timeLeft = (deadline: Deadline) => Math.max(1, Math.min(REQUEST_TIMEOUT_MS, deadline - Date.now()));

/** A poll waits out a quota refusal if the quota comes back before its deadline; a manual test never waits. */
const quotaWait = (fns: IPollFunctions, deadline: Deadline) => (fns.getMode() === 'manual' ? 0 : deadline - Date.now());

async function fetchLatest(fns: IPollFunctions, currency: Currency, deadline: Deadline): Promise<IDataObject> {
	const body = await lookupRequest(fns, {
		url: LATEST_RATE_PATH,
		qs: { moneda: currency },
		subject: `latest ${currency} rate`,
		routeKind: 'exchangeRate',
		timeout: timeLeft(deadline),
		maxQuotaWaitMs: quotaWait(fns, deadline),
	});
	if (typeof body.fecha !== 'string' || !DATE.test(body.fecha)) {
		throw new NodeOperationError(fns.getNode(), `The lookup API answered the latest ${currency} rate without a date`, {
			description: `Expected a "fecha" as YYYY-MM-DD, got ${JSON.stringify(body.fecha)}. Try again later; if it persists, the API changed.`,
		});
	}
	return { ...body, moneda: body.moneda ?? currency };
}

/** Records of one currency published from `start` to `end`, one request per year of the range. */
async function fetchHistory(
	fns: IPollFunctions,
	currency: Currency,
	start: string,
	end: string,
	deadline: Deadline,
): Promise<IDataObject[]> {
	const get = async (qs: IDataObject, subject: string) =>
		await lookupRequest(fns, {
			url: RATE_HISTORY_PATH,
			qs,
			subject,
			routeKind: 'exchangeRate',
			timeout: timeLeft(deadline),
			maxQuotaWaitMs: quotaWait(fns, deadline),
		});
	const records = await fetchRateRange(get, currency, start, end);
	return records.map((record) => ({ ...record, moneda: record.moneda ?? currency }));
}

/**
 * The records of one currency to emit now: those after the last emitted date, up to and
 * including the latest one, each date once, in date order.
 */
export function recordsSince(lastEmitted: string, latest: IDataObject, history: IDataObject[]): IDataObject[] {
	const latestDate = String(latest.fecha);
	const inRange = history.filter((record) => {
		const date = String(record.fecha);
		return DATE.test(date) && date > lastEmitted && date <= latestDate;
	});
	// The latest answer is a record of the range too: even if the history lags behind it, it counts.
	return sortRatesByDate([latest, ...inRange]);
}

/** What one currency's poll found: the records to emit and the date to remember. */
interface CurrencyFinding {
	records: IDataObject[];
	remember: string;
}

async function pollCurrency(
	fns: IPollFunctions,
	currency: Currency,
	lastEmitted: string | undefined,
	options: TriggerOptions,
	deadline: Deadline,
): Promise<CurrencyFinding> {
	const latest = await fetchLatest(fns, currency, deadline);
	const latestDate = String(latest.fecha);
	if (lastEmitted === undefined) {
		// First activation: from now on. The option gives the workflow one record to work with.
		return { records: options.emitLatestOnFirstActivation ? [latest] : [], remember: latestDate };
	}
	if (latestDate <= lastEmitted) return { records: [], remember: lastEmitted };
	const firstMissed = nextDay(lastEmitted);
	// The day right after the last emitted one has no other day to fill in: the latest is all.
	const history = firstMissed === latestDate ? [] : await fetchHistory(fns, currency, firstMissed, latestDate, deadline);
	return { records: recordsSince(lastEmitted, latest, history), remember: latestDate };
}

function toItems(records: IDataObject[], options: TriggerOptions): INodeExecutionData[] {
	const order = (record: IDataObject) => CURRENCIES.indexOf(record.moneda as Currency);
	const sorted = [...records].sort(
		(a, b) => String(a.fecha).localeCompare(String(b.fecha)) || order(a) - order(b),
	);
	return sorted.map((record) => ({ json: normaliseRecord(record, { numbersAsNumbers: options.numbersAsNumbers }) }));
}

/** "Fetch Test Event": the latest record of each selected currency; the memory stays as it is. */
async function manualPoll(fns: IPollFunctions, currencies: Currency[], options: TriggerOptions) {
	const records: IDataObject[] = [];
	const deadline = pollDeadline(fns);
	for (const currency of currencies) records.push(await fetchLatest(fns, currency, deadline));
	return [toItems(records, options)];
}

/**
 * Triggers with a poll under way. A poll that outlasts the poll interval (a slow API, a long
 * catch-up) must not overlap the next one: both would read the same memory and emit the same rates.
 */
const pollsInFlight = new Set<string>();

export async function pollExchangeRates(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const currencies = selectedCurrencies(this);
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	if (this.getMode() === 'manual') return await manualPoll(this, currencies, options);

	const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}:${this.getNode().name}`;
	if (pollsInFlight.has(key)) return null;
	pollsInFlight.add(key);
	try {
		return await pollNewRates(this, currencies, options);
	} finally {
		pollsInFlight.delete(key);
	}
}

async function pollNewRates(
	fns: IPollFunctions,
	currencies: Currency[],
	options: TriggerOptions,
): Promise<INodeExecutionData[][] | null> {
	const staticData = fns.getWorkflowStaticData('node');
	const memory = readMemory(staticData);
	const deadline = pollDeadline(fns);
	const next: Memory = {};
	const records: IDataObject[] = [];
	// Every request first; the memory changes only once all of them succeeded, so a failed poll
	// marks nothing as emitted and the next one asks again from the same dates.
	for (const currency of currencies) {
		const finding = await pollCurrency(fns, currency, memory[currency], options, deadline);
		records.push(...finding.records);
		next[currency] = finding.remember;
	}

	if (records.length === 0) {
		// Nothing new. The memory only changes here on a first activation (a currency seen for the
		// first time) or when a currency was deselected; n8n persists that with the activation.
		if (!sameMemory(memory, next)) writeMemory(staticData, next);
		return null;
	}
	writeMemory(staticData, next);
	return [toItems(records, options)];
}
