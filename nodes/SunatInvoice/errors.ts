// What each way a SUNAT invoice check can fail means for the user: the token refused (which part
// of the credential), the check's error answers, SUNAT's outages and refusals (waited out, bounded),
// and failures with no answer. The token and the secret never appear.
import type { IDataObject } from 'n8n-workflow';

import { SunatTokenError } from '../../credentials/SunatApi.credentials';
import type { Answer, QuotaRules, QuotaWait, RequestContext } from '../shared/contract';
import { detail, textReason, type Failure } from '../shared/errors';
import { failureTexts } from '../shared/n8nReleases';
import { noAnswer } from '../shared/noAnswer';
import { askedFor, duration, waitedFor } from '../shared/quota';
import { isReadableAnswer } from './output';

/** The longest part of an answer's raw body an error quotes. */
const RAW_LIMIT = 500;

/** An answer's body as it came, for an answer the node cannot read: its text, cut short. */
export function rawBody(body: unknown): string {
	const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
	const trimmed = (text ?? '').trim();
	if (trimmed === '') return 'an empty body';
	return trimmed.length > RAW_LIMIT ? `${trimmed.slice(0, RAW_LIMIT)}…` : trimmed;
}

/** SUNAT's error code (the answer model's `errorCode`), as sent, text or number. */
function errorCodeOf(body: IDataObject): string | undefined {
	const code = body.errorCode;
	return (typeof code === 'string' && code.trim() !== '') || typeof code === 'number' ? String(code).trim() : undefined;
}

/** SUNAT's own words in an error body: `message`/`msg`, each of `errors`' messages, and its `errorCode`. */
export function sunatReason(body: unknown): string {
	if (typeof body === 'string') return textReason(body);
	if (!body || typeof body !== 'object') return '';
	const { message, msg, errors, error_description: description } = body as IDataObject;
	const parts = [message, msg, description].filter((part): part is string => typeof part === 'string' && part.trim() !== '').map((part) => part.trim());
	if (Array.isArray(errors)) {
		for (const entry of errors) {
			const text = typeof entry === 'string' ? entry : ((entry as IDataObject)?.msg ?? (entry as IDataObject)?.message);
			if (typeof text === 'string' && text.trim()) parts.push(text.trim());
		}
	}
	const errorCode = errorCodeOf(body as IDataObject);
	if (errorCode !== undefined) parts.push(`errorCode ${errorCode}`);
	return parts.join('; ');
}

/** Whether the answer says `success: false` (a boolean, or as text). */
const saysFailure = (body: IDataObject) => body.success === false || String(body.success).trim().toLowerCase() === 'false';

/** A 2xx JSON answer that does not say `"success": false` and holds the receipt's state. */
export function isSunatSuccess(statusCode: number, body: unknown): boolean {
	return statusCode >= 200 && statusCode < 300 && body !== null && typeof body === 'object' && !saysFailure(body as IDataObject) && isReadableAnswer(body);
}

const CREDENTIAL = 'Open the SUNAT API credential';

/** What SUNAT's token service refusing the credential means: which part is wrong (a refusal of the credential, for the whole run). */
export function tokenFailure(statusCode: number, reason: string): Failure {
	const httpCode = String(statusCode);
	const words = detail(httpCode, reason);
	if (statusCode === 400 || statusCode === 404) {
		return {
			message: `SUNAT does not know the credential's client ID ${words}`,
			description: `${CREDENTIAL} and copy the Client ID again from SOL (menu Credenciales de API SUNAT); check that the Token URL is SUNAT's.`,
			httpCode,
			refuses: 'credential',
		};
	}
	if (statusCode === 401 || statusCode === 403) {
		return {
			message: `SUNAT refused the credential's client secret ${words}`,
			description: `${CREDENTIAL} and paste the Client Secret SUNAT showed for this client ID (create a new one in SOL if it is lost).`,
			httpCode,
			refuses: 'credential',
		};
	}
	if (statusCode >= 500) return { message: `SUNAT's token service failed ${words}`, description: 'SUNAT is having a problem. Try again in a few minutes.', httpCode };
	return { message: `SUNAT's token service answered ${words}`, description: `${CREDENTIAL} and check the Client ID, Client Secret and Token URL.`, httpCode };
}

/** What an answer of the invoice check that is not a success means. */
export function sunatAnswerFailure(context: RequestContext, statusCode: number, body: unknown): Failure {
	const reason = sunatReason(body);
	const httpCode = String(statusCode);
	const { subject } = context;
	const failure = (message: string, description: string): Failure => ({ message, description, httpCode });
	if (statusCode >= 200 && statusCode < 300) {
		const unreadable = (what: string) =>
			failure(
				`SUNAT's answer for ${subject} cannot be read: ${what} ${detail(httpCode, rawBody(body))}`,
				'Check the API URL in the SUNAT API credential and try again; if SUNAT keeps answering so, report this answer.',
			);
		if (body === null || typeof body !== 'object' || Array.isArray(body)) return unreadable('it is not a JSON object');
		if (!saysFailure(body as IDataObject)) return unreadable('it holds no receipt state (data.estadoCp)');
		return failure(
			`SUNAT could not check ${subject} ${detail(httpCode, reason || rawBody(body))}`,
			'SUNAT names the field it rejects: correct it in the input and run again.',
		);
	}
	switch (statusCode) {
		case 400:
		case 422:
			return failure(`SUNAT rejected the request for ${subject} ${detail(httpCode, reason)}`, 'SUNAT names the field it rejects: correct it in the input and run again.');
		// The run renewed the token once already: the credential itself is refused, as it is for a RUC not the client's.
		case 401:
			return {
				...failure(
					`SUNAT refused the token, even a new one, for ${subject} ${detail(httpCode, reason)}`,
					`${CREDENTIAL}, click Test, and check that its client ID is allowed the invoice check (scope) in SOL.`,
				),
				refuses: 'credential',
			};
		case 403:
			return {
				...failure(
					`SUNAT does not let this credential ask as the RUC in it, for ${subject} ${detail(httpCode, reason)}`,
					`${CREDENTIAL}: its RUC must be that of the company whose SOL user created the client ID.`,
				),
				refuses: 'credential',
			};
		case 404:
			return failure(`no SUNAT invoice check answers at the API URL ${detail(httpCode, reason)}`, `${CREDENTIAL} and keep the API URL https://api.sunat.gob.pe.`);
	}
	if (statusCode >= 500) {
		return failure(`SUNAT failed on ${subject} ${detail(httpCode, reason)}`, 'SUNAT is having a problem. Try again in a few minutes (or turn on Retry On Fail).');
	}
	return failure(`SUNAT answered ${subject} ${detail(httpCode, reason)}`, 'Check the input and the SUNAT API credential, then try again.');
}

/**
 * A refusal of the token service found along a failure's causes, or (where n8n dropped the cause,
 * n8nReleases.ts) in the words it kept of it.
 */
function tokenErrorIn(error: unknown): SunatTokenError | undefined {
	const seen = new Set<unknown>();
	let current = error as { cause?: unknown; name?: unknown } | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		if (current instanceof SunatTokenError || current.name === 'SunatTokenError') return current as SunatTokenError;
		seen.add(current);
		current = current.cause as typeof current;
	}
	for (const text of failureTexts(error)) {
		const said = /SUNAT refused the token request \((\d{3})(?:: (.*))?\)$/.exec(text);
		if (said) return new SunatTokenError(Number(said[1]), said[2] ?? '');
	}
	return undefined;
}

/**
 * What a failure with no answer means for one SUNAT API (its table of token refusals, its
 * credential's name): the token refused, or nothing answered.
 */
export function noAnswerFailureOf(refusal: (statusCode: number, reason: string) => Failure, credential: string) {
	return (context: RequestContext, error: unknown): Failure => {
		const refused = tokenErrorIn(error);
		if (refused) return refusal(refused.statusCode, refused.reason);
		const { kind, code } = noAnswer(error);
		const { subject } = context;
		if (kind === 'timeout') return { message: `SUNAT did not answer in time for ${subject} (${code})`, description: 'SUNAT is often slow: try again later, or raise the Timeout under Request Options.' };
		if (kind === 'dropped') return { message: `SUNAT closed the connection while answering ${subject} (${code})`, description: 'Try again in a moment (or turn on Retry On Fail).' };
		return {
			message: `cannot reach SUNAT for ${subject}${code ? ` (${code})` : ''}`,
			description: `Check the Token URL and API URL in the ${credential} credential and that this n8n can reach them.`,
		};
	};
}

/** A failure with no answer of the check: the token refused, or nothing answered. */
export const sunatNoAnswerFailure = noAnswerFailureOf(tokenFailure, 'SUNAT API');

/** 429 (too many requests) and the gateway's outage answers: nothing was checked, so the request may go again. */
const REFUSALS = [429, 502, 503, 504];
/** The longest blind backoff between tries while SUNAT refuses or is down. */
const BACKOFF_CAP_MS = 60_000;

function refusalsLasted(context: RequestContext, answer: Answer, wait: QuotaWait): Failure {
	const httpCode = String(answer.statusCode);
	const waited = waitedFor(wait.waitedMs);
	const what = answer.statusCode === 429 ? `SUNAT ${waited}refuses requests as too many` : `SUNAT is ${waited}unavailable`;
	return {
		message: `${what} for ${context.subject || 'the request'}${askedFor(wait, 'SUNAT')} ${detail(httpCode, sunatReason(answer.body))}`,
		description: `The node waits for SUNAT up to Max Wait for SUNAT (Options), now ${duration(wait.maxWaitMs)}. Raise it, lower Max Concurrent Requests, or run again later.`,
		httpCode,
	};
}

export const sunatRefusals: QuotaRules = {
	isRefusal: ({ statusCode }) => REFUSALS.includes(statusCode),
	backoffCapMs: BACKOFF_CAP_MS,
	exhausted: refusalsLasted,
};
