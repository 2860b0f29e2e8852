// How the Messaging node's declarative routes are sent: through the routing hook (see
// ../routing.ts). The input checks run there too, instead of in preSend, so that a failing item
// keeps its pairedItem under Continue On Fail: n8n drops it for errors thrown before the hook.
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ErrorAnswer, runItemRequest } from '../routing';

import {
	isMessagingSuccess,
	messagingResponseError,
	messagingTransportError,
	type MessagingOperation,
	type MessagingRequestContext,
} from './errors';

/**
 * The server's address as users paste it, made a base URL: spaces, trailing slashes and a
 * `/manager` page path (with anything after it) removed. Shared by the node and the credential.
 */
export const SERVER_URL_EXPRESSION =
	'={{ $credentials.serverUrl.trim().replace(/\\/+$/, "").replace(/\\/manager(\\/.*)?$/i, "").replace(/\\/+$/, "") }}';

/** The same rule as SERVER_URL_EXPRESSION, for code that is not an expression (list search). */
export function serverBaseUrl(serverUrl: unknown): string {
	return String(serverUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/manager(\/.*)?$/i, '')
		.replace(/\/+$/, '');
}

/** Sent with every messaging request; the credential adds the `apikey` header. */
export const messagingRequestDefaults = {
	baseURL: SERVER_URL_EXPRESSION,
	headers: { Accept: 'application/json' },
	json: true,
	// Error answers come back as responses so that postReceive can explain them.
	ignoreHttpStatusErrors: true,
};

/** The request a route builds: n8n's declarative request options. */
export type MessagingRequest = DeclarativeRestApiSettings.HttpRequestOptions;

/**
 * One step that reads the current item's parameters, checks them (throwing a NodeOperationError
 * that names the item and the value; nothing is sent) and puts the clean values into the request.
 * It also notes what the request is about in `context`, for error messages.
 */
export type PrepareStep = (
	this: IExecuteSingleFunctions,
	request: MessagingRequest,
	context: MessagingRequestContext,
) => Promise<void> | void;

/** postReceive: fails on an error answer, else passes the answer's JSON on. */
export function assertMessagingSuccess(response: IN8nHttpFullResponse): IDataObject | IDataObject[] {
	if (!isMessagingSuccess(response.statusCode, response.body)) throw new ErrorAnswer(response.statusCode, response.body);
	return response.body as IDataObject | IDataObject[];
}

/** Replaces `{instanceName}` in the route by the encoded name, so nothing typed changes the path. */
export function fillInstance(url: string, instanceName: string): string {
	return url.replace('{instanceName}', encodeURIComponent(instanceName));
}

function toNodeError(fns: IExecuteSingleFunctions, context: MessagingRequestContext, error: unknown) {
	if (error instanceof ErrorAnswer) return messagingResponseError(fns.getNode(), context, error.statusCode, error.body);
	if (error instanceof NodeOperationError) return error;
	// Anything else got no HTTP answer (status errors come back as answers): n8n's client has
	// already wrapped it in a generic NodeApiError, whose cause keeps the connection error's code.
	return messagingTransportError(fns.getNode(), context, error);
}

/** The request hook: checks the item, sends, and turns any failure into a readable error. */
function sendWith(operation: MessagingOperation, prepare: PrepareStep[]) {
	return async function sendMessagingRequest(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		const context: MessagingRequestContext = { itemIndex, operation, serverUrl: String(requestData.options.baseURL ?? '') };
		return await runItemRequest(
			this,
			async () => {
				for (const step of prepare) await step.call(this, requestData.options, context);
				return await this.makeRoutingRequest(requestData);
			},
			(error) => toNodeError(this, context, error),
		);
	};
}

/** The routing of one messaging operation: its request, its input checks, and its output shaping. */
export function messagingRoute(
	operation: MessagingOperation,
	request: { method: IHttpRequestMethods; url: string },
	prepare: PrepareStep[],
	toItems: (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>,
): INodePropertyRouting {
	return {
		request: { method: request.method, url: request.url },
		send: { paginate: true },
		operations: { pagination: sendWith(operation, prepare) },
		output: { postReceive: [toItems] },
	};
}
