// One poll of the Exchange Rate Trigger: ask for the latest rate of each followed series (the
// selected SBS currencies, or SUNAT's rate), fetch the days missed since the last emitted one, emit
// each new record once, in date order.
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { checkRateSource, type RateSource } from '../fields';
import { normaliseRecord } from '../output';
import { fetchRateRange, LATEST_RATE_PATH, RATE_HISTORY_PATH, sortRatesByDate } from '../rates';
import { checkCurrency, CURRENCIES, type Currency } from '../validation';
import {
	checkDated,
	DATE,
	nextDay,
	pollDeadline,
	pollRequest,
	type Deadline,
	type Finding,
	type TriggerOptions,
} from './request';
import { readMemory, sameMemory, writeMemory, type Memory, type Series } from './state';
import { fetchSunatLatest, pollSunat } from './sunat';

export { nextDay, type TriggerOptions };

/** The selected source; a workflow saved before the trigger had one follows the SBS, as it did. */
function selectedSource(fns: IPollFunctions): RateSource {
	const raw = fns.getNodeParameter('source', 'sbs') as unknown;
	const checked = checkRateSource(raw);
	if (!checked.valid) {
		throw new NodeOperationError(fns.getNode(), `Source ${JSON.stringify(raw)} ${checked.problem}`, { description: checked.hint });
	}
	return checked.value;
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

async function fetchLatest(fns: IPollFunctions, currency: Currency, deadline: Deadline): Promise<IDataObject> {
	const body = await pollRequest(fns, deadline, {
		url: LATEST_RATE_PATH,
		qs: { moneda: currency },
		subject: `latest ${currency} rate`,
		routeKind: 'exchangeRate',
	});
	checkDated(fns, body, `the latest ${currency} rate`);
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
		await pollRequest(fns, deadline, { url: RATE_HISTORY_PATH, qs, subject, routeKind: 'exchangeRate' });
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

async function pollCurrency(
	fns: IPollFunctions,
	currency: Currency,
	lastEmitted: string | undefined,
	options: TriggerOptions,
	deadline: Deadline,
): Promise<Finding> {
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

/** What a poll follows: each selected SBS currency, or SUNAT's rate; and how one poll of it goes. */
interface Followed {
	series: Series;
	poll(lastEmitted: string | undefined, deadline: Deadline): Promise<Finding>;
	latest(deadline: Deadline): Promise<IDataObject>;
}

function followed(fns: IPollFunctions, options: TriggerOptions): Followed[] {
	if (selectedSource(fns) === 'sunat') {
		return [
			{
				series: 'SUNAT',
				poll: async (lastEmitted, deadline) => await pollSunat(fns, lastEmitted, options, deadline),
				latest: async (deadline) => await fetchSunatLatest(fns, deadline),
			},
		];
	}
	return selectedCurrencies(fns).map((currency) => ({
		series: currency,
		poll: async (lastEmitted, deadline) => await pollCurrency(fns, currency, lastEmitted, options, deadline),
		latest: async (deadline) => await fetchLatest(fns, currency, deadline),
	}));
}

function toItems(records: IDataObject[], options: TriggerOptions): INodeExecutionData[] {
	const order = (record: IDataObject) => CURRENCIES.indexOf(record.moneda as Currency);
	const sorted = [...records].sort(
		(a, b) => String(a.fecha).localeCompare(String(b.fecha)) || order(a) - order(b),
	);
	return sorted.map((record) => ({ json: normaliseRecord(record, { numbersAsNumbers: options.numbersAsNumbers }) }));
}

/** "Fetch Test Event": the latest record of each followed series; the memory stays as it is. */
async function manualPoll(fns: IPollFunctions, series: Followed[], options: TriggerOptions) {
	const records: IDataObject[] = [];
	const deadline = pollDeadline(fns);
	for (const { latest } of series) records.push(await latest(deadline));
	return [toItems(records, options)];
}

/**
 * Triggers with a poll under way. A poll that outlasts the poll interval (a slow API, a long
 * catch-up) must not overlap the next one: both would read the same memory and emit the same rates.
 */
const pollsInFlight = new Set<string>();

export async function pollExchangeRates(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	const series = followed(this, options);
	if (this.getMode() === 'manual') return await manualPoll(this, series, options);

	const key = `${this.getWorkflow().id ?? ''}:${this.getNode().id}:${this.getNode().name}`;
	if (pollsInFlight.has(key)) return null;
	pollsInFlight.add(key);
	try {
		return await pollNewRates(this, series, options);
	} finally {
		pollsInFlight.delete(key);
	}
}

async function pollNewRates(
	fns: IPollFunctions,
	series: Followed[],
	options: TriggerOptions,
): Promise<INodeExecutionData[][] | null> {
	const staticData = fns.getWorkflowStaticData('node');
	const memory = readMemory(staticData);
	const deadline = pollDeadline(fns);
	const next: Memory = {};
	const records: IDataObject[] = [];
	// Every request first; the memory changes only once all of them succeeded, so a failed poll
	// marks nothing as emitted and the next one asks again from the same dates.
	for (const { series: name, poll } of series) {
		const finding = await poll(memory[name], deadline);
		records.push(...finding.records);
		next[name] = finding.remember;
	}

	if (records.length === 0) {
		// Nothing new. The memory only changes here on a first activation (a series followed for the
		// first time), when a series is no longer followed (a currency deselected, the source
		// changed), or when a SUNAT catch-up found no rate in the days it asked; n8n persists the
		// first two with the activation, and the last is only asked again after a restart.
		if (!sameMemory(memory, next)) writeMemory(staticData, next);
		return null;
	}
	writeMemory(staticData, next);
	return [toItems(records, options)];
}
