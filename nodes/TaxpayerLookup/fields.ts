// The fields of Taxpayer Lookup's operations: each parameter, its check and where its value goes.
// A field used by several operations is one property (n8n evaluates every property for every item).
import type { INodeProperties } from 'n8n-workflow';

import { pickerCheck, type PickerOption } from '../shared/checks';
import type { Field } from '../shared/contract';
import { checkedField, inPath, inQuery, optionNumber, optionsCollection } from '../shared/fields';
import { checkRuc } from '../shared/ruc';
import type { OutputOptions } from './output';
import {
	checkCurrency,
	checkDateRange,
	checkDni,
	checkRateDate,
	CURRENCY_OPTIONS,
	type Currency,
	type DateRange,
} from './validation';

export interface LookupOptions extends OutputOptions {
	maxConcurrentRequests?: number;
	maxQuotaWaitSeconds?: number;
}

/** A run's requests in flight at once, unless the user sets another number. */
export const DEFAULT_CONCURRENT_REQUESTS = 5;
const MAX_CONCURRENT_REQUESTS = 50;
/** One 15-minute quota window and a minute of margin. */
export const DEFAULT_QUOTA_WAIT_SECONDS = 16 * 60;
const MAX_QUOTA_WAIT_SECONDS = 24 * 3600;

export { CURRENCY_OPTIONS };

/** The taxpayer's RUC: 11 digits, so nothing typed can change the path. */
export const ruc = checkedField(
	{
		displayName: 'RUC',
		name: 'ruc',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 20131312955',
		description: "The taxpayer's 11-digit RUC (tax number). Checked (prefix and check digit) before any request, so a typo costs no quota.",
	},
	checkRuc,
	inPath('ruc'),
);

/** A person's DNI: 8 digits, so nothing typed can change the path. */
export const dni = checkedField(
	{
		displayName: 'DNI',
		name: 'dni',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 07289524',
		description:
			"The person's 8-digit DNI (national ID). Checked before any request; a number that lost its leading zeros in a spreadsheet gets them back.",
	},
	checkDni,
	inPath('dni'),
);

const currencyProperty: INodeProperties = {
	displayName: 'Currency',
	name: 'currency',
	type: 'options',
	options: CURRENCY_OPTIONS,
	default: 'USD',
	description: 'The currency whose rate against the Peruvian sol to get',
};

export const currency = checkedField(currencyProperty, checkCurrency, inQuery('moneda'));

/** Who publishes the rate: the banking regulator (SBS) or the tax authority (SUNAT). */
export type RateSource = 'sbs' | 'sunat';

export interface SourcedCurrency {
	source: RateSource;
	currency: Currency;
}

/** SUNAT publishes the US dollar only. */
const SUNAT_CURRENCY: Currency = 'USD';

/** The Source parameter of Exchange Rate operations and of the Exchange Rate Trigger. */
const RATE_SOURCE_OPTIONS: Array<PickerOption<RateSource>> = [
	{
		name: 'SBS (Banking Regulator)',
		value: 'sbs',
		description: 'USD and EUR, business days only: for balances and financial statements',
	},
	{
		name: 'SUNAT (Tax Authority)',
		value: 'sunat',
		description: 'USD only: the rate the law requires on invoices and in tax books',
	},
];

export const rateSourceProperty: INodeProperties = {
	displayName: 'Source',
	name: 'source',
	type: 'options',
	options: RATE_SOURCE_OPTIONS,
	default: 'sbs',
	description: 'Who publishes the rate',
};

/**
 * The source and, for the SBS, the currency: the source picks the route (`{source}` in its path);
 * SUNAT's routes take no currency, so the field is hidden and nothing is sent for it.
 */
export const sourcedCurrency: Field<'rate', SourcedCurrency> = {
	name: 'rate',
	properties: [rateSourceProperty, { ...currencyProperty, displayOptions: { hide: { source: ['sunat'] } } }],
	read(item) {
		const rawSource = item.parameter('source', 'sbs');
		const source = item.require('Source', rawSource, checkRateSource(rawSource));
		if (source === 'sunat') return { source, currency: SUNAT_CURRENCY };
		const rawCurrency = item.parameter('currency', 'USD');
		return { source, currency: item.require('Currency', rawCurrency, checkCurrency(rawCurrency)) };
	},
	to(request, { source, currency }) {
		inPath<RateSource>('source')(request, source);
		if (source === 'sbs') inQuery<Currency>('moneda')(request, currency);
	},
};

/** The error-table case of a sourced rate: SUNAT's days without a rate are told apart from the SBS's. */
export const rateRouteKind = ({ rate }: { rate: SourcedCurrency }) => (rate.source === 'sunat' ? 'sunatRate' : 'exchangeRate');

export const checkRateSource = pickerCheck(RATE_SOURCE_OPTIONS, {
	problem: 'is not a rate source',
	hint: 'Use sbs (the banking regulator) or sunat (the tax authority).',
	normalise: (text) => text.trim().toLowerCase(),
});

/** A date in Lima, `days` before today, as an expression the date field starts with. */
const limaDaysAgo = (days: number) =>
	`={{ $now.setZone('America/Lima')${days ? `.minus({ days: ${days} })` : ''}.toISODate() }}`;

/** A rate date: a date-only picker that starts filled in, so the first run needs no typing. */
const rateDateProperty = (name: string, displayName: string, description: string, daysAgo: number): INodeProperties => ({
	displayName,
	name,
	type: 'dateTime',
	typeOptions: { dateOnly: true },
	required: true,
	default: limaDaysAgo(daysAgo),
	placeholder: 'e.g. 2026-11-20',
	description: `${description} From 2010-01-01 up to today (Lima time); expressions may give a date or a YYYY-MM-DD text`,
});

export const date = checkedField(
	rateDateProperty('date', 'Date', 'The day of the rate. Starts as today in Lima.', 0),
	(raw) => checkRateDate(raw),
	inQuery('fecha'),
);

/** The default range: the last 30 days, today included. */
const startDate = rateDateProperty('startDate', 'Start Date', 'The first day of the range. Starts 30 days ago.', 30);
const endDate = rateDateProperty('endDate', 'End Date', 'The last day of the range (included). Starts as today in Lima.', 0);

/** Start and end date, each a rate date, the start on or before the end. */
export const dateRange: Field<'range', DateRange> = {
	name: 'range',
	properties: [startDate, endDate],
	read(item) {
		const [start, end] = [startDate, endDate].map((property) => {
			const raw = item.parameter(property.name);
			return item.require(property.displayName, raw, checkRateDate(raw));
		});
		return item.require('Date range', `${start} to ${end}`, checkDateRange(start, end));
	},
	to(request, range) {
		request.qs = { ...request.qs, fecha_inicio: range.start, fecha_fin: range.end };
	},
};

/** How records become items, and the pace of the run's requests; every operation reads them. */
export const lookupOptions: Field<'options', LookupOptions> = {
	name: 'options',
	properties: [
		optionsCollection([
			{
				displayName: 'Convert Amounts to Numbers',
				name: 'numbersAsNumbers',
				type: 'boolean',
				default: false,
				description: 'Whether to turn price and amount texts (precio_compra, precio_venta, monto_deuda) into numbers',
			},
			{
				displayName: 'Max Concurrent Requests',
				name: 'maxConcurrentRequests',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_CONCURRENT_REQUESTS },
				default: DEFAULT_CONCURRENT_REQUESTS,
				description: 'How many requests of this run may wait for an answer at once, whatever the batching of Request Options says',
			},
			{
				displayName: 'Max Wait for Quota (Seconds)',
				name: 'maxQuotaWaitSeconds',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_QUOTA_WAIT_SECONDS },
				default: DEFAULT_QUOTA_WAIT_SECONDS,
				description:
					"When the plan's quota is spent, the node waits for the next 15-minute window and goes on. This bounds how long it waits; past it, the items still waiting fail. 0: never wait.",
			},
			{
				displayName: 'Placeholders to Null',
				name: 'placeholdersToNull',
				type: 'boolean',
				default: false,
				description: 'Whether to turn the registry\'s "-" (no value) placeholders into null',
			},
		]),
	],
	read(item) {
		const options = item.parameter('options', {}) as LookupOptions;
		return {
			...options,
			maxConcurrentRequests: optionNumber(item, 'Max Concurrent Requests', options.maxConcurrentRequests, [1, MAX_CONCURRENT_REQUESTS], 'requests', true),
			maxQuotaWaitSeconds: optionNumber(item, 'Max Wait for Quota', options.maxQuotaWaitSeconds, [0, MAX_QUOTA_WAIT_SECONDS], 'seconds'),
		};
	},
};
