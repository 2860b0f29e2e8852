// One transmission of an item's request: made anew each time it goes (a refusal for quota sends it
// again), since a body streamed from n8n's binary store can be read only once; the streamed body
// itself (a file between a head and a tail, as an upload's form frames it); and a request sent with
// the run's own copy of the credential (an API whose token the run renews). What it relies on inside
// n8n: its HTTP client streams a Readable body (`streamedBody`, proven against n8n 2.41.1), and
// RoutingNode sends its own request with a credential it was given as `withCredentials` does
// (RoutingNode's rawRoutingRequest; the compatibility stage runs its tests with each release of
// PROVEN_RELEASES, n8nReleases.ts).
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

/** What n8n's binary store hands out (`helpers.getBinaryStream`): a Node.js Readable. */
interface StoreStream extends AsyncIterable<Buffer> {
	constructor: { from?: (chunks: AsyncIterable<Buffer>, options?: { objectMode: boolean }) => unknown };
}

/**
 * A request body that n8n's HTTP client streams to the server: `head`, the file as n8n's binary
 * store reads it, then `tail`, never held whole. What it relies on, proven against n8n 2.41.1 (and
 * as n8n's own HTTP Request node sends a binary file): n8n's client hands a Readable body to axios
 * (n8n-workflow's isObjectEmpty knows stream classes), which pipes it into the socket. The Readable
 * class comes from the store's stream itself (every Readable's constructor inherits `Readable.from`),
 * since node code may not import `node:stream`. The request must not follow redirects
 * (`disableFollowRedirect`): follow-redirects keeps every byte written in case it must send them again.
 */
export async function streamedBody(file: AsyncIterable<Buffer>, head: Buffer, tail: Buffer): Promise<unknown> {
	async function* parts() {
		yield head;
		yield* file;
		yield tail;
	}
	const from = (file as StoreStream).constructor?.from;
	if (typeof from === 'function') return from(parts(), { objectMode: false });
	// Not a Readable: the body goes as one Buffer.
	const chunks: Buffer[] = [];
	for await (const chunk of parts()) chunks.push(chunk);
	return Buffer.concat(chunks);
}
