// What each way a SIRE request can fail means for the user: the token refused (the client's secret,
// the SOL user or password, an API credential without SIRE), SIRE's error answers (SUNAT's codes and
// words), and failures with no answer. docs/sunat-sire-api.md has the facts and their sources.
import type { IDataObject } from 'n8n-workflow';

import type { RequestContext } from '../../shared/contract';
import { detail, textReason, type Failure } from '../../shared/errors';
import { noAnswerFailureOf, rawBody } from '../errors';

/**
 * SUNAT's codes for "nothing to export", with which a period without receipts is refused at export
 * (1070: no receipts in the period, 1518: no documents to export; docs/sunat-sire-api.md).
 */
export const NO_DATA_CODES = ['1070', '1518'];

/** An answer's body as JSON where it is: a download's error answer comes as bytes. */
export function decoded(body: unknown): unknown {
	if (!Buffer.isBuffer(body)) return body;
	const text = body.toString('utf8');
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** SUNAT's error entries in a SIRE answer: `errors: [{ cod, msg }]`. */
function errorEntries(body: unknown): Array<{ code: string; text: string }> {
	const errors = (decoded(body) as IDataObject | null)?.errors;
	if (!Array.isArray(errors)) return [];
	return errors.map((entry) => {
		const { cod, code, msg, message } = (entry ?? {}) as IDataObject;
		return { code: String(cod ?? code ?? '').trim(), text: String(msg ?? message ?? '').trim() };
	});
}

/**
 * SUNAT's own words in a SIRE answer: each of its errors as "code: words" (a 422's catalogue entries,
 * which say more than its envelope's "Unprocessable Entity"), else its `msg` (or `message`).
 */
export function sireReason(answer: unknown): string {
	const body = decoded(answer);
	if (typeof body === 'string') return textReason(body);
	if (!body || typeof body !== 'object' || Array.isArray(body)) return '';
	const errors = errorEntries(body).map(({ code, text }) => (code && text ? `${code}: ${text}` : code || text)).filter(Boolean);
	if (errors.length) return errors.join('; ');
	const { msg, message, error_description: description } = body as IDataObject;
	return [msg, message, description].filter((part): part is string => typeof part === 'string' && part.trim() !== '').map((part) => part.trim()).join('; ');
}

/** Whether SUNAT says there is nothing for the period (1070, 1518), which is an answer: no receipts. */
export const saysNoData = (body: unknown) => errorEntries(body).some((entry) => NO_DATA_CODES.includes(entry.code));

/** A 2xx answer with a body (JSON, or a file's bytes); and SUNAT's "nothing to export", which is an empty result, not an error. */
export function isSireSuccess(statusCode: number, body: unknown): boolean {
	if (statusCode >= 400 && saysNoData(body)) return true;
	return statusCode >= 200 && statusCode < 300 && body !== undefined && body !== null && body !== '';
}

const CREDENTIAL = 'Open the SUNAT SIRE API credential';

/** SUNAT's OAuth error code at the end of a token refusal's words ("… / invalid_grant"). */
const oauthCode = (reason: string) => /(?:^|\/ )([a-z_]+)$/.exec(reason.trim())?.[1] ?? '';

/**
 * What SUNAT's token service refusing SIRE's password grant means: which part of the credential is
 * wrong (a refusal of the credential, for the whole run). SUNAT's OAuth code tells them apart.
 */
export function sireTokenFailure(statusCode: number, reason: string): Failure {
	const httpCode = String(statusCode);
	const words = detail(httpCode, reason);
	const refused = (message: string, description: string): Failure => ({ message, description, httpCode, refuses: 'credential' });
	switch (oauthCode(reason)) {
		case 'invalid_grant':
			return refused(`SUNAT refused the credential's SOL user or password ${words}`, `${CREDENTIAL}: the SOL User is the user alone (the node puts the RUC before it), the RUC the company's, and the SOL Password that user's Clave SOL.`);
		case 'unauthorized_client':
			return refused(`SUNAT's API credential (client ID) has no access to SIRE ${words}`, "In SOL, menu Credenciales de API SUNAT, create a client ID for the API SIRE (or add SIRE to this one), then copy its ID and secret into the SUNAT SIRE API credential.");
		case 'invalid_scope':
			return refused(`SUNAT refused SIRE's scope for this client ID ${words}`, 'In SOL, give this client ID access to the API SIRE, or create one for it.');
	}
	if (statusCode === 400 || statusCode === 404) {
		return refused(`SUNAT does not know the credential's client ID ${words}`, `${CREDENTIAL} and copy the Client ID again from SOL (menu Credenciales de API SUNAT); check that the Token URL is SUNAT's.`);
	}
	if (statusCode === 401 || statusCode === 403) {
		return refused(`SUNAT refused the credential's client secret ${words}`, `${CREDENTIAL} and paste the Client Secret SUNAT showed for this client ID (create a new one in SOL if it is lost).`);
	}
	if (statusCode >= 500) return { message: `SUNAT's token service failed ${words}`, description: 'SUNAT is having a problem. Try again in a few minutes.', httpCode };
	return { message: `SUNAT's token service answered ${words}`, description: `${CREDENTIAL} and check the Client ID, Client Secret, SOL User, SOL Password and Token URL.`, httpCode };
}

/** What a SIRE answer that is not a success means. */
export function sireAnswerFailure(context: RequestContext, statusCode: number, answer: unknown): Failure {
	const body = decoded(answer);
	const reason = sireReason(body);
	const httpCode = String(statusCode);
	const { subject } = context;
	const failure = (message: string, description: string): Failure => ({ message, description, httpCode });
	if (statusCode >= 200 && statusCode < 300) {
		return failure(`SUNAT's answer for ${subject} is empty ${detail(httpCode, rawBody(body))}`, 'Check the API URL in the SUNAT SIRE API credential and try again; if SUNAT keeps answering so, report this answer.');
	}
	switch (statusCode) {
		case 400:
		case 422:
			return failure(`SUNAT refused ${subject} ${detail(httpCode, reason || rawBody(body))}`, "SUNAT's words say what it refuses: correct the input (the period, the ticket) and run again.");
		// The run renewed the token once already: the credential itself is refused.
		case 401:
			return {
				...failure(`SUNAT refused the token, even a new one, for ${subject} ${detail(httpCode, reason)}`, `${CREDENTIAL}, click Test, and check in SOL that its client ID has access to SIRE.`),
				refuses: 'credential',
			};
		case 403:
			return {
				...failure(`SUNAT does not let this SOL user use SIRE, for ${subject} ${detail(httpCode, reason)}`, `${CREDENTIAL}: the SOL user must be the company's main user, or a secondary user given SIRE's registers in SOL.`),
				refuses: 'credential',
			};
		case 404:
			return failure(`SIRE does not answer ${subject} at the API URL ${detail(httpCode, reason)}`, `${CREDENTIAL} and keep the API URL https://api-sire.sunat.gob.pe.`);
	}
	if (statusCode >= 500) return failure(`SUNAT failed on ${subject} ${detail(httpCode, reason)}`, 'SUNAT is having a problem. Try again in a few minutes (or turn on Retry On Fail).');
	return failure(`SUNAT answered ${subject} ${detail(httpCode, reason)}`, 'Check the input and the SUNAT SIRE API credential, then try again.');
}

/** A failure with no answer: the token refused (SIRE's table), or nothing answered. */
export const sireNoAnswerFailure = noAnswerFailureOf(sireTokenFailure, 'SUNAT SIRE API');
