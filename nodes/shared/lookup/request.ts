// Sends one lookup request outside declarative routing (the Exchange Rate Trigger's polls) and
// gives back the body of a successful answer. Every other outcome becomes the same readable
// error the Taxpayer Lookup node gives, from the errors module.
import type { IAllExecuteFunctions, IDataObject, IHttpRequestOptions, IN8nHttpFullResponse, NodeApiError } from 'n8n-workflow';

import { isLookupSuccess, lookupResponseError, lookupTransportError, type LookupRequestContext } from './errors';
import { lookupRequestDefaults } from './transport';

export const LOOKUP_CREDENTIAL = 'taxpayerLookupApi';

export interface LookupRequest {
	/** Path under the Base URL, e.g. `/api/v2/tipo-cambio/sbs/ultimo`. */
	url: string;
	qs?: IDataObject;
	/** The input item the request is for; leave out when there is none (a trigger's poll). */
	itemIndex?: number;
	/** Milliseconds to wait for an answer. */
	timeout?: number;
}

/** A trigger has no items: its errors should not start with "Item 0:". */
function withoutItem(error: NodeApiError): NodeApiError {
	const message = error.message.replace(/^Item \d+: /, '');
	error.message = message.charAt(0).toUpperCase() + message.slice(1);
	delete error.context.itemIndex;
	return error;
}

/** GET one lookup route with the node's `taxpayerLookupApi` credential; throws a readable NodeApiError. */
export async function lookupRequest(fns: IAllExecuteFunctions, request: LookupRequest): Promise<IDataObject> {
	const credentials = await fns.getCredentials<{ baseUrl?: string }>(LOOKUP_CREDENTIAL);
	const context: LookupRequestContext = { itemIndex: request.itemIndex ?? 0, url: request.url, query: request.qs };
	const fail = (error: NodeApiError) => (request.itemIndex === undefined ? withoutItem(error) : error);
	const options: IHttpRequestOptions = {
		method: 'GET',
		baseURL: String(credentials.baseUrl ?? '').replace(/\/+$/, ''),
		url: request.url,
		qs: request.qs,
		headers: { ...lookupRequestDefaults.headers },
		json: true,
		// Error answers come back as responses so that the errors module can explain them.
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		timeout: request.timeout,
	};
	let response: IN8nHttpFullResponse;
	try {
		response = (await fns.helpers.httpRequestWithAuthentication.call(fns, LOOKUP_CREDENTIAL, options)) as IN8nHttpFullResponse;
	} catch (error) {
		throw fail(lookupTransportError(fns.getNode(), context, error));
	}
	if (!isLookupSuccess(response.statusCode, response.body)) {
		throw fail(lookupResponseError(fns.getNode(), context, response.statusCode, response.body));
	}
	return response.body as IDataObject;
}
