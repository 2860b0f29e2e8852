// The fields of Invoice → Validate: each parameter, its check and where its value goes in SUNAT's
// JSON body (numRuc, codComp, numeroSerie, numero, fechaEmision, monto); and the run's Options.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Field } from '../shared/contract';
import { checkedField, inBody, optionNumber, optionsCollection } from '../shared/fields';
import { checkRuc } from '../shared/ruc';
import { checkAmount, checkIssueDate, checkReceiptNumber, checkReceiptType, checkSeries, RECEIPT_TYPES, type ReceiptType } from './validation';

export const issuerRuc = checkedField(
	{
		displayName: 'Issuer RUC',
		name: 'issuerRuc',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 20131312955',
		description: "The RUC of whoever issued the receipt (the supplier). Checked (prefix and check digit) before any request.",
	},
	checkRuc,
	inBody('numRuc'),
);

const TYPE_OPTIONS: INodePropertyOptions[] = (Object.keys(RECEIPT_TYPES) as ReceiptType[]).map((code) => ({
	name: `${RECEIPT_TYPES[code]} (${code})`,
	value: code,
}));

export const receiptType = checkedField(
	{
		displayName: 'Type',
		name: 'receiptType',
		type: 'options',
		options: TYPE_OPTIONS,
		default: '01',
		description: "The receipt's type, as SUNAT codes it (codComp). An expression may give the code: 01, 03, 04, 07, 08, R1 or R7.",
	},
	checkReceiptType,
	inBody('codComp'),
);

export const series = checkedField(
	{
		displayName: 'Series',
		name: 'series',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. F001',
		description: 'The 4 letters or digits before the dash (F001 in F001-123): F001, B001, E001, EB01, or 0001 on a printed receipt',
	},
	checkSeries,
	inBody('numeroSerie'),
);

export const receiptNumber = checkedField(
	{
		displayName: 'Number',
		name: 'receiptNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 123',
		description: 'The number after the dash (123 in F001-123); leading zeros are dropped',
	},
	checkReceiptNumber,
	inBody('numero'),
);

export const issueDate = checkedField(
	{
		displayName: 'Issue Date',
		name: 'issueDate',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 20/11/2026',
		description: 'The date printed on the receipt: DD/MM/YYYY or YYYY-MM-DD (or a date from an expression)',
	},
	(raw) => checkIssueDate(raw),
	inBody('fechaEmision'),
);

export const amount = checkedField(
	{
		displayName: 'Amount',
		name: 'amount',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1180.50',
		description: "The receipt's total (importe total). Optional: SUNAT checks it against the receipt when given.",
	},
	checkAmount,
	inBody('monto'),
);

export interface SunatOptions {
	maxConcurrentRequests?: number;
	maxWaitSeconds?: number;
	/** SIRE's: how long a run waits for a ticket (an export, an acceptance) to be processed. */
	maxTicketWaitSeconds?: number;
}

/** Requests of a run in flight at once: SUNAT publishes no limit, and its service is slow when pressed. */
export const DEFAULT_CONCURRENT_REQUESTS = 4;
const MAX_CONCURRENT_REQUESTS = 20;
/** How long refusals and outages are waited out, by default. */
export const DEFAULT_WAIT_SECONDS = 300;
const MAX_WAIT_SECONDS = 3600;

/**
 * The run's Options of a SUNAT API: requests in flight (`requests` names them: "checks"), how long
 * SUNAT's refusals are waited out, and the API's own options after them (`more`: SIRE's ticket wait).
 */
export function sunatOptionsField(defaultConcurrent: number, requests: string, more: INodeProperties[] = []): Field<'options', SunatOptions> {
	return {
		name: 'options',
		properties: [
			optionsCollection([
				{
					displayName: 'Max Concurrent Requests',
					name: 'maxConcurrentRequests',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: MAX_CONCURRENT_REQUESTS },
					default: defaultConcurrent,
					description: `How many ${requests} of this run may wait for SUNAT at once`,
				},
				{
					displayName: 'Max Wait for SUNAT (Seconds)',
					name: 'maxWaitSeconds',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: MAX_WAIT_SECONDS },
					default: DEFAULT_WAIT_SECONDS,
					description: 'When SUNAT refuses requests as too many (429) or is down (502, 503, 504), the node waits and tries again, up to this long; then the items still waiting fail. 0: never wait.',
				},
				...more,
			]),
		],
		read(item) {
			const options = item.parameter('options', {}) as SunatOptions;
			return {
				maxConcurrentRequests: optionNumber(item, 'Max Concurrent Requests', options.maxConcurrentRequests, [1, MAX_CONCURRENT_REQUESTS], 'requests', true),
				maxWaitSeconds: optionNumber(item, 'Max Wait for SUNAT', options.maxWaitSeconds, [0, MAX_WAIT_SECONDS], 'seconds'),
				...(more.length ? { maxTicketWaitSeconds: optionNumber(item, 'Max Wait for the Ticket', options.maxTicketWaitSeconds, [0, MAX_WAIT_SECONDS], 'seconds') } : {}),
			};
		},
	};
}

export const sunatOptions = sunatOptionsField(DEFAULT_CONCURRENT_REQUESTS, 'checks');
