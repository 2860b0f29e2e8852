// How Messaging talks to the user's Evolution API server: the request defaults, what its answers
// mean (errors.ts) and how a sent message becomes an item.
import type { IDataObject, IHookFunctions, IHttpRequestOptions, ILoadOptionsFunctions, IWebhookFunctions } from 'n8n-workflow';

import { messagingServerUrl } from '../../credentials/MessagingApi.credentials';
import type { About, Api } from '../shared/contract';
import { requestOutsideRouting } from '../shared/runner';
import { isMessagingSuccess, messagingAnswerFailure, messagingLimits, messagingNoAnswerFailure, messagingQuota } from './errors';
import { messagingGate } from './licence';
import { readAnswer } from './media/mediaBody';
import { olderServerFailure } from './releases';

export const MESSAGING_CREDENTIAL = 'messagingApi';

/** Sent with every messaging request; the credential adds the `apikey` header. */
export const messagingRequestDefaults = {
	headers: { Accept: 'application/json' },
	json: true,
	// Error answers come back as responses, for the errors table to explain.
	ignoreHttpStatusErrors: true,
};

/** The sent message as the server describes it, minus the echo of the media's base64 (up to 20 MB). */
function toMessageItems(answer: unknown): IDataObject[] {
	const body = answer as IDataObject;
	const message = body.message as IDataObject | undefined;
	if (message && typeof message === 'object' && 'base64' in message) {
		const rest = { ...message };
		delete rest.base64;
		return [{ ...body, message: rest }];
	}
	return [body];
}

/** The Evolution API as the operation runner uses it. */
export const messagingApi: Api = {
	server: { credentialType: MESSAGING_CREDENTIAL, baseUrl: (credentials) => messagingServerUrl.apply(credentials.serverUrl) },
	// Send Media reads its answer as a stream, leaving the echoed base64 out (media/mediaBody.ts).
	readBody: readAnswer,
	gate: messagingGate,
	olderServerFailure,
	isSuccess: isMessagingSuccess,
	// Evolution answers a key it refuses with 401, whatever the route (docs/evolution-api.md): a refusal of the credential.
	answerFailure: (context, statusCode, body) => {
		const failure = messagingAnswerFailure(context, statusCode, body);
		return statusCode === 401 ? { ...failure, refuses: 'scope' } : failure;
	},
	noAnswerFailure: messagingNoAnswerFailure,
	toItems: toMessageItems,
	quota: messagingQuota,
	limits: messagingLimits,
	// A key one instance refuses may be another instance's token: refused per instance (or for the server's routes).
	refusalScope: (context) => context.about.instance ?? '',
};

/** `GET /webhook/find` answers `null` (JSON) when the instance never had a webhook. */
const answersNullToo: Api = {
	...messagingApi,
	isSuccess: (statusCode, body) => statusCode >= 200 && statusCode < 300 && (body === null || typeof body === 'object'),
};

/** What a request outside routing is about, for its errors: the operation, the subject and the error slots. */
export interface RequestAbout {
	operation: string;
	subject: string;
	about?: About;
	/** The case of the error table: `server` for a request about the server (the instance list); default `instance`. */
	routeKind?: 'instance' | 'server';
}

/**
 * One request to the Evolution API outside declarative routing (an editor list, the trigger's
 * webhook and media calls), with the node's credential; resolves to the answer's body or throws
 * its readable error. `acceptNull` takes a JSON `null` as an answer (webhook/find).
 */
export async function evolutionRequest(
	fns: ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions,
	request: Pick<IHttpRequestOptions, 'method' | 'url' | 'qs' | 'body'>,
	{ operation, subject, about = {}, routeKind = 'instance' }: RequestAbout,
	options: { acceptNull?: boolean } = {},
): Promise<unknown> {
	const credentials = await fns.getCredentials(MESSAGING_CREDENTIAL);
	const baseURL = messagingApi.server.baseUrl(credentials);
	return await requestOutsideRouting(
		fns,
		options.acceptNull ? answersNullToo : messagingApi,
		MESSAGING_CREDENTIAL,
		{ ...request, baseURL, headers: { ...messagingRequestDefaults.headers }, json: true },
		{ operation, subject, about, routeKind, serverUrl: baseURL },
	);
}

/** A GET for a list in the editor (instances, groups). */
export async function listRequest(
	fns: ILoadOptionsFunctions,
	url: string,
	qs: IHttpRequestOptions['qs'],
	about: RequestAbout,
): Promise<unknown> {
	return await evolutionRequest(fns, { method: 'GET', url, qs }, about);
}
