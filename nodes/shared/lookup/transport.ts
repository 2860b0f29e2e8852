// How the Taxpayer Lookup node's declarative routes are sent: through the routing hook (see
// ../routing.ts), which also lets Get History send one request per year of its range.
import {
	NodeApiError,
	NodeOperationError,
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type INode,
	type INodePropertyRouting,
} from 'n8n-workflow';

import { isLookupSuccess, lookupResponseError, lookupTransportError } from './errors';
import { ErrorAnswer, runItemRequest } from '../routing';
import { normaliseRecord, recordsOf, sortRatesByDate, type OutputOptions } from './output';

/** Sent with every lookup request; the credential adds the Bearer token. */
export const lookupRequestDefaults = {
	baseURL: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}',
	headers: { Accept: 'application/json' },
	json: true,
	// Error answers come back as responses so that toLookupItems can explain them.
	ignoreHttpStatusErrors: true,
};

/** postReceive: fails on an error answer, else gives one item per record, paired with its input. */
export async function toLookupItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (!isLookupSuccess(response.statusCode, response.body)) throw new ErrorAnswer(response.statusCode, response.body);
	const itemIndex = this.getItemIndex();
	const options = this.getNodeParameter('options', {}) as OutputOptions;
	return recordsOf(response.body as IDataObject).map((record) => ({
		json: normaliseRecord(record, options),
		pairedItem: { item: itemIndex },
	}));
}

/** Sends one request; any failure becomes the readable error of the errors module. */
async function sendOne(
	fns: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	try {
		return await fns.makeRoutingRequest(requestData);
	} catch (error) {
		const { url, qs } = requestData.options;
		const context = { itemIndex: fns.getItemIndex(), url: String(url ?? ''), query: qs as IDataObject };
		if (error instanceof ErrorAnswer) {
			throw lookupResponseError(fns.getNode(), context, error.statusCode, error.body);
		}
		throw lookupTransportError(fns.getNode(), context, error);
	}
}

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

/** Sends Get History's range one year at a time and joins the records in date order. */
export async function sendInYearChunks(
	fns: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const qs = requestData.options.qs as IDataObject;
	const records: IDataObject[] = [];
	// One chunk at a time: the rate limit is per 15-minute window, and order must hold.
	for (const chunk of yearChunks(String(qs.fecha_inicio), String(qs.fecha_fin))) {
		const options = { ...requestData.options, qs: { ...qs, fecha_inicio: chunk.start, fecha_fin: chunk.end } };
		for (const item of await sendOne(fns, { ...requestData, options })) records.push(item.json);
	}
	const itemIndex = fns.getItemIndex();
	return sortRatesByDate(records).map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/** Every error here is already one of n8n's node errors; anything else is wrapped as one. */
function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error);
}

/** Reads, checks and writes this item's parameters into the request; throws when one is bad. */
export type PrepareRequest = (
	this: IExecuteSingleFunctions,
	request: DeclarativeRestApiSettings.HttpRequestOptions,
) => Promise<DeclarativeRestApiSettings.HttpRequestOptions>;

/**
 * The routing of one lookup operation. Its input checks run inside the request hook rather than
 * as preSend, so that every failure of an item (bad input, error answer, no answer) takes one
 * path (runItemRequest).
 */
export function lookupRoute(
	url: string,
	prepare: PrepareRequest[],
	send: typeof sendOne = sendOne,
): INodePropertyRouting {
	async function prepareAndSend(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		return await runItemRequest(
			this,
			async () => {
				for (const step of prepare) requestData.options = await step.call(this, requestData.options);
				return await send(this, requestData);
			},
			(error) => asNodeError(this.getNode(), error),
		);
	}
	return {
		request: { method: 'GET', url },
		send: { paginate: true },
		operations: { pagination: prepareAndSend },
		output: { postReceive: [toLookupItems] },
	};
}
