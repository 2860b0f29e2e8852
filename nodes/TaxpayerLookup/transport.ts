// How Taxpayer Lookup talks to the lookup API (MIGO API v2): the request defaults, what its
// answers mean (errors.ts), how they become items, and one request outside routing for the
// Exchange Rate Trigger.
import type { IAllExecuteFunctions, IDataObject } from 'n8n-workflow';

import { lookupBaseUrl } from '../../credentials/TaxpayerLookupApi.credentials';
import { NOT_FOUND, valueOf, type Api } from '../shared/contract';
import { requestOutsideRouting } from '../shared/runner';
import { isLookupSuccess, lookupAnswerFailure, lookupNoAnswerFailure, lookupQuota, type LookupRouteKind } from './errors';
import { DEFAULT_CONCURRENT_REQUESTS, DEFAULT_QUOTA_WAIT_SECONDS, lookupOptions } from './fields';
import { normaliseRecord, recordsOf } from './output';

export const LOOKUP_CREDENTIAL = 'taxpayerLookupApi';

/** Sent with every lookup request; the credential adds the Bearer token. */
export const lookupRequestDefaults = {
	headers: { Accept: 'application/json' },
	json: true,
	// Error answers come back as responses, for the errors table to explain.
	ignoreHttpStatusErrors: true,
};

/** The lookup API as the operation runner uses it. */
export const lookupApi: Api = {
	server: { credentialType: LOOKUP_CREDENTIAL, baseUrl: (credentials) => lookupBaseUrl.apply(credentials.baseUrl) },
	// Every operation's items and pace follow the options.
	fields: [lookupOptions],
	credential: {
		type: LOOKUP_CREDENTIAL,
		displayName: 'Taxpayer Lookup API',
		hint: 'Select a Taxpayer Lookup API credential under Credential to connect with (or create one with your access token). Only Taxpayer → Validate works without one.',
	},
	isSuccess: isLookupSuccess,
	answerFailure: lookupAnswerFailure,
	noAnswerFailure: lookupNoAnswerFailure,
	// One item per record: the `data` list of list routes, or the answer itself.
	toItems: (answer, values) =>
		recordsOf(answer as IDataObject).map((record) => normaliseRecord(record, valueOf(values, lookupOptions))),
	quota: lookupQuota,
	// A token refused is refused everywhere; a plan lacking a route, on that route (its kind).
	refusalScope: (context) => context.routeKind,
	limits: (values) => {
		const options = valueOf(values, lookupOptions);
		return {
			maxInFlight: options.maxConcurrentRequests ?? DEFAULT_CONCURRENT_REQUESTS,
			maxQuotaWaitMs: (options.maxQuotaWaitSeconds ?? DEFAULT_QUOTA_WAIT_SECONDS) * 1000,
		};
	},
};

export interface LookupRequest {
	/** Path under the Base URL, e.g. `/api/v2/tipo-cambio/sbs/ultimo`. */
	url: string;
	qs?: IDataObject;
	/** What the request is about, for errors: "latest USD rate". */
	subject: string;
	routeKind: LookupRouteKind;
	/** Milliseconds to wait for an answer. */
	timeout?: number;
	/** How long a refusal for quota may be waited out; default: not at all (the refusal is the error). */
	maxQuotaWaitMs?: number;
	/** A 404 resolves to NOT_FOUND instead of failing (a day without a SUNAT rate). */
	notFoundIsAnswer?: boolean;
}

/** GET one lookup route outside routing (no item: a trigger's poll); throws the same readable errors as the node. */
export async function lookupRequest(
	fns: IAllExecuteFunctions,
	request: LookupRequest & { notFoundIsAnswer: true },
): Promise<IDataObject | typeof NOT_FOUND>;
export async function lookupRequest(fns: IAllExecuteFunctions, request: LookupRequest): Promise<IDataObject>;
export async function lookupRequest(fns: IAllExecuteFunctions, request: LookupRequest): Promise<IDataObject | typeof NOT_FOUND> {
	const credentials = await fns.getCredentials<{ baseUrl?: string }>(LOOKUP_CREDENTIAL);
	const body = await requestOutsideRouting(
		fns,
		lookupApi,
		LOOKUP_CREDENTIAL,
		{
			method: 'GET',
			baseURL: lookupApi.server.baseUrl(credentials),
			url: request.url,
			qs: request.qs,
			headers: { ...lookupRequestDefaults.headers },
			json: true,
			timeout: request.timeout,
		},
		{ operation: 'poll', routeKind: request.routeKind, subject: request.subject, about: {}, serverUrl: '' },
		request.maxQuotaWaitMs,
		{ notFoundIsAnswer: request.notFoundIsAnswer },
	);
	return body as IDataObject | typeof NOT_FOUND;
}
