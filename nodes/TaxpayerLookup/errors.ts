// What each way a lookup API call can fail means for the user: the table of answers and of
// failures with no answer. The errors themselves are built in ../shared/errors.ts; the token
// never appears (it is only in a request header, which nothing here reads).
import { detail, textReason, type Failure } from '../shared/errors';
import { noAnswer } from '../shared/noAnswer';
import type { Answer, QuotaRules, QuotaWait, RequestContext } from '../shared/contract';
import { askedFor, duration, statedLimit, waitedFor } from '../shared/quota';

/**
 * The route kinds the table tells apart: `liveTaxpayer` routes ask the tax authority (SUNAT) live;
 * `exchangeRate` is the SBS's rate, `sunatRate` SUNAT's; `person` the DNI route.
 */
export type LookupRouteKind = 'taxpayer' | 'liveTaxpayer' | 'exchangeRate' | 'sunatRate' | 'person';

/** The human part of an error body: `message`, Laravel's per-field `errors`, an HTML page's title. */
export function serverReason(body: unknown): string {
	if (typeof body === 'string') return textReason(body);
	if (!body || typeof body !== 'object') return '';
	const { message, errors } = body as { message?: unknown; errors?: unknown };
	const parts: string[] = [];
	if (typeof message === 'string' && message.trim()) parts.push(message.trim());
	if (errors && typeof errors === 'object') {
		for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
			const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
			parts.push(`${field}: ${list.join(' ')}`);
		}
	}
	return parts.join('; ');
}

/** A 2xx answer with a JSON body that does not say `"success": false`. */
export function isLookupSuccess(statusCode: number, body: unknown): boolean {
	return (
		statusCode >= 200 &&
		statusCode < 300 &&
		body !== null &&
		typeof body === 'object' &&
		(body as { success?: unknown }).success !== false
	);
}

/** What an answer that is not a success (see isLookupSuccess) means. */
export function lookupAnswerFailure(context: RequestContext, statusCode: number, body: unknown): Failure {
	const reason = serverReason(body);
	const httpCode = String(statusCode);
	const { subject, routeKind } = context;
	const failure = (message: string, description: string, refuses?: Failure['refuses']): Failure => ({ message, description, httpCode, refuses });

	if (statusCode >= 200 && statusCode < 300) {
		if (body === null || typeof body !== 'object') {
			return failure(
				`the lookup API answered ${subject} with something that is not JSON ${detail(httpCode, reason)}`,
				'The API or a proxy in front of it returned an unexpected page. Check the Base URL in the credential, then try again.',
			);
		}
		return failure(
			`the lookup API reported a failure for ${subject} ${detail(httpCode, reason)}`,
			'The request reached the API but it could not answer it. Check the input, then try again later.',
		);
	}

	switch (statusCode) {
		case 401:
			return failure(
				`the access token was rejected ${detail(httpCode, reason)}`,
				'Open the Taxpayer Lookup API credential and paste the access token again from your account page.',
				'credential',
			);
		case 403:
			return failure(
				`access denied for ${subject} ${detail(httpCode, reason)}`,
				'Your plan may not include this route, or its query quota is spent. Check your plan and usage on your account page.',
				// A 403 that is the quota is waited out before this table is read (lookupQuota): this is the plan, per route.
				'scope',
			);
		case 404:
			if (routeKind === 'sunatRate') {
				return failure(
					`no ${subject} was published ${detail(httpCode, reason)}`,
					'SUNAT rates exist from 2010-01-01. Get by Date looks back for the last published rate; if none was found, check the date, or use the SBS source.',
				);
			}
			if (routeKind === 'person') {
				return failure(
					`no person found with ${subject} ${detail(httpCode, reason)}`,
					'The DNI is well formed but the registry has no person with it. Check the number with the person (8 digits, leading zeros included).',
				);
			}
			if (routeKind === 'exchangeRate') {
				return failure(
					`no ${subject} was published ${detail(httpCode, reason)}`,
					'The SBS publishes rates on business days only: weekends and public holidays have none. Pick a business day, or use Get History to take the days that exist.',
				);
			}
			return failure(
				`no taxpayer found with ${subject} ${detail(httpCode, reason)}`,
				'The RUC is well formed but the registry has no taxpayer with it. Check the number with the taxpayer.',
			);
		case 422:
			return failure(`the API rejected the request for ${subject} ${detail(httpCode, reason)}`, 'Correct the fields the API names and run again.');
		case 429:
			return failure(
				`rate limited by the lookup API ${detail(httpCode, reason)}`,
				'Too many requests in the current 15-minute window. Run again when the window ends.',
			);
	}
	if (statusCode >= 500 && routeKind === 'liveTaxpayer') {
		return failure(
			`the tax authority (SUNAT) is not answering for ${subject} ${detail(httpCode, reason)}`,
			'This operation asks SUNAT in real time, and SUNAT is often slow or down. Try again in a few minutes (or turn on Retry On Fail).',
		);
	}
	if (statusCode >= 500) {
		return failure(
			`the lookup API failed on ${subject} ${detail(httpCode, reason)}`,
			'The server had a problem. Try again in a few minutes (or turn on Retry On Fail).',
		);
	}
	return failure(`the lookup API answered ${subject} ${detail(httpCode, reason)}`, 'Check the input and the Base URL in the credential, then try again.');
}

/** What a request that got no answer (refused, dropped, timed out) means. */
export function lookupNoAnswerFailure(context: RequestContext, error: unknown): Failure {
	const { kind, code } = noAnswer(error);
	const { subject } = context;
	if (context.routeKind === 'liveTaxpayer' && kind !== 'unreachable') {
		return {
			message: `the tax authority (SUNAT) is not answering for ${subject} (${code})`,
			description: 'This operation asks SUNAT in real time and the answer did not come. Try again in a few minutes (or turn on Retry On Fail).',
		};
	}
	if (kind === 'timeout') {
		return {
			message: `the lookup API did not answer in time for ${subject} (${code})`,
			description: 'Try again later, or raise the Timeout under Request Options.',
		};
	}
	if (kind === 'dropped') {
		return {
			message: `the lookup API closed the connection while answering ${subject} (${code})`,
			description: 'Try again in a moment (or turn on Retry On Fail).',
		};
	}
	return {
		message: `cannot reach the lookup API for ${subject}${code ? ` (${code})` : ''}`,
		description: 'Check the Base URL in the Taxpayer Lookup API credential and that this n8n can reach it.',
	};
}

/** What a 403 says when it is the quota, not the plan, that refuses (the API's wording is not published). */
const QUOTA_SPENT = /l[ií]mite|cuota|quota|limit|demasiad|too many|exced/i;

/** The plans' allowances (docs/lookup-api.md, "Quotas"): per route family, per 15-minute window. */
const PLAN_ALLOWANCES = 'The plans allow 900, 1,800 or 3,600 queries per 15-minute window (basic, business, premium).';
const QUOTA_WINDOW_MS = 15 * 60_000;

/** A 429, or a 403 that says the quota is spent: nothing was looked up, so the request may go again. */
function isQuotaRefusal({ statusCode, body }: Answer): boolean {
	return statusCode === 429 || (statusCode === 403 && QUOTA_SPENT.test(serverReason(body)));
}

/** The error when the quota did not come back within Max Wait for Quota. */
function quotaExhausted(context: RequestContext, answer: Answer, wait: QuotaWait): Failure {
	const httpCode = String(answer.statusCode);
	const limit = statedLimit(answer.headers);
	const allowance = limit ? `Your plan allows ${limit} queries per window (X-RateLimit-Limit).` : PLAN_ALLOWANCES;
	return {
		message: `the lookup API's quota is ${waitedFor(wait.waitedMs)}spent for ${subject(context)}${askedFor(wait, 'the API')} ${detail(httpCode, serverReason(answer.body))}`,
		description:
			context.operation === 'poll'
				? `${allowance} A poll waits for the quota only while it may run (${duration(wait.maxWaitMs)} here); the next poll tries again.`
				: `${allowance} The node waits for the quota up to Max Wait for Quota (Options), now ${duration(wait.maxWaitMs)}. Raise it, run fewer items at a time, or move to a larger plan.`,
		httpCode,
	};
}

const subject = (context: RequestContext) => context.subject || 'the request';

/** How the lookup API refuses for quota: waited out per `Retry-After`, else backing off up to a window. */
export const lookupQuota: QuotaRules = {
	isRefusal: isQuotaRefusal,
	backoffCapMs: QUOTA_WINDOW_MS,
	exhausted: quotaExhausted,
};
