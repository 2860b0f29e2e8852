// Runs one item of an operation: check its fields, send, make its items; any failure becomes one
// readable error. n8n's routing has no hook around the request but its custom-pagination hook, the
// one place that sees input checks, error answers and failures with no answer alike, and where an
// error item can keep its pairedItem (n8n drops it for errors thrown before the hook).
import type {
	DeclarativeRestApiSettings,
	IAllExecuteFunctions,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';

import { apiError, asNodeError, requireValid } from './errors';
import type { Api, Field, ItemReader, Operation, RequestContext, SendRequest } from './operation';

/**
 * Sends one request and gives back a successful answer's body; an error answer or no answer at
 * all becomes the API's readable error, for the item if there is one.
 */
async function exchange(
	api: Api,
	node: INode,
	itemIndex: number | undefined,
	context: RequestContext,
	request: () => Promise<IN8nHttpFullResponse>,
): Promise<unknown> {
	let response: IN8nHttpFullResponse;
	let body: unknown;
	try {
		response = await request();
		// A streamed answer is read here, so a connection lost while reading counts as no answer.
		body = api.readBody ? await api.readBody(response.body) : response.body;
	} catch (error) {
		throw apiError(node, itemIndex, api.noAnswerFailure(context, error));
	}
	if (!api.isSuccess(response.statusCode, body)) {
		throw apiError(node, itemIndex, api.answerFailure(context, response.statusCode, body));
	}
	return body;
}

/** The fields an operation reads, in order: its own, then those of its API. */
export const fieldsOf = (api: Api, op: Operation): Field[] => [...op.fields, ...(api.fields ?? [])];

function itemReader(fns: IExecuteSingleFunctions): ItemReader {
	const itemIndex = fns.getItemIndex();
	return {
		fns,
		parameter: (name, fallback, options) => fns.getNodeParameter(name, fallback, options),
		require: (label, raw, checked) => requireValid(fns.getNode(), itemIndex, label, raw, checked),
	};
}

/** Passes n8n's full response to the runner, which knows the item's checked values. */
async function passResponse(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return [{ json: response as unknown as IDataObject }];
}

async function runItem(
	fns: IExecutePaginationFunctions,
	api: Api,
	resource: string,
	op: Operation,
	fields: Field[],
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const itemIndex = fns.getItemIndex();
	const node = fns.getNode();
	const context: RequestContext = {
		operation: op.value,
		routeKind: op.routeKind ?? resource,
		subject: '',
		values: {},
		serverUrl: String(requestData.options.baseURL ?? ''),
	};
	try {
		const item = itemReader(fns);
		for (const field of fields) {
			const value = await field.read(item);
			context.values[field.name] = value;
			field.to?.(requestData.options, value);
		}
		op.finish?.(requestData.options);
		context.subject = op.subject?.(context.values) ?? '';

		const send: SendRequest = async (change = {}, subject = context.subject) =>
			await exchange(api, node, itemIndex, { ...context, subject }, async () => {
				const [carried] = await fns.makeRoutingRequest({ ...requestData, options: { ...requestData.options, ...change } });
				return carried.json as unknown as IN8nHttpFullResponse;
			});
		const answer = op.send ? await op.send(send, context.values) : await send();
		const toItems = op.toItems ?? api.toItems;
		return toItems(answer, context.values).map((json) => ({ json, pairedItem: { item: itemIndex } }));
	} catch (error) {
		const nodeError = asNodeError(node, error);
		if (!fns.continueOnFail()) throw nodeError;
		return [{ json: { error: nodeError.message }, error: nodeError, pairedItem: { item: itemIndex } }];
	}
}

/** The declarative routing of one operation: its route, and the runner as its request hook. */
export function operationRouting(api: Api, resource: string, op: Operation): INodePropertyRouting {
	// Listed once per operation, not once per item.
	const fields = fieldsOf(api, op);
	async function runOperation(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		return await runItem(this, api, resource, op, fields, requestData);
	}
	return {
		request: { method: op.request.method, url: op.request.path },
		send: { paginate: true },
		operations: { pagination: runOperation },
		output: { postReceive: [passResponse] },
	};
}

/**
 * One request outside declarative routing (a trigger's poll, a list in the editor), with the
 * node's credential; resolves to a successful answer's body, or throws the API's readable error.
 */
export async function requestOutsideRouting(
	fns: IAllExecuteFunctions | ILoadOptionsFunctions,
	api: Api,
	credentialType: string,
	options: IHttpRequestOptions,
	context: RequestContext,
): Promise<unknown> {
	return await exchange(api, fns.getNode(), undefined, context, async () => {
		const request = { ...options, ignoreHttpStatusErrors: true, returnFullResponse: true };
		return (await fns.helpers.httpRequestWithAuthentication.call(fns, credentialType, request)) as IN8nHttpFullResponse;
	});
}
