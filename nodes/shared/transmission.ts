// One transmission of an item's request: made anew each time it goes (a refusal for quota sends it
// again), since a body streamed from n8n's binary store can be read only once; and a request sent
// with the run's own copy of the credential (an API whose token the run renews).
import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INode,
} from 'n8n-workflow';

import type { Api, RequestOptions } from './contract';
import { asNodeError } from './errors';

/** Destroys a body that is a stream; one read to its end is closed already. */
function closeBody(body: unknown): void {
	const stream = body as { destroy?: () => void; pipe?: unknown } | undefined;
	if (stream && typeof stream.pipe === 'function' && typeof stream.destroy === 'function') stream.destroy();
}

/**
 * Sends `request` once, as the operation's `requestAsSent` makes it (when it has one). Failing to
 * make it (a file that cannot be opened) is an operation error, not the server's: nothing went out.
 * A streamed body the server did not read to its end (an early error answer) is closed after.
 */
export async function transmitted(
	node: INode,
	itemIndex: number,
	request: RequestOptions,
	transmit: (request: RequestOptions) => Promise<IN8nHttpFullResponse>,
	make?: (request: RequestOptions) => Promise<RequestOptions>,
): Promise<IN8nHttpFullResponse> {
	let outgoing = request;
	if (make) {
		try {
			outgoing = await make(request);
		} catch (error) {
			if (error instanceof NodeOperationError) throw asNodeError(node, error);
			throw new NodeOperationError(node, error as Error, { itemIndex, message: `The file could not be read: ${(error as Error).message}. Nothing was sent.` });
		}
	}
	try {
		return await transmit(outgoing);
	} finally {
		closeBody(outgoing.body);
	}
}

/**
 * A request with `credentials` as the run holds them: n8n's preAuthentication fills the token in that
 * object when it is empty (and stores it), and authenticates the request with it. Errors come back
 * as answers (`ignoreHttpStatusErrors`): a 401 thrown would make n8n renew the token per request.
 * RoutingNode's own request goes the same way when it is given the credential (rawRoutingRequest).
 */
export async function withCredentials(
	fns: IExecuteSingleFunctions | IExecuteFunctions,
	api: Api,
	options: RequestOptions,
	credentials: ICredentialDataDecryptedObject,
): Promise<IN8nHttpFullResponse> {
	const type = api.server.credentialType;
	const details = fns.getNode().credentials?.[type];
	const credentialsDecrypted = { id: details?.id ?? '', name: details?.name ?? type, type, data: credentials };
	const request = { ...(options as IHttpRequestOptions), ignoreHttpStatusErrors: true, returnFullResponse: true };
	return (await fns.helpers.httpRequestWithAuthentication.call(fns, type, request, { credentialsDecrypted })) as IN8nHttpFullResponse;
}
