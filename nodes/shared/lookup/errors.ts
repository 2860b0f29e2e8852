// Turns every way a lookup API call can fail into one error that says what happened, in which
// item, and what to do. The server's own reason is kept; the token never appears.
import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

import { noAnswer, textReason } from '../routing';

/** Routes that ask the tax authority (SUNAT) live instead of the daily-refreshed database. */
const LIVE_ROUTE = /\/(sunat|representantes-legales|deuda-coactiva)$/;

export type LookupRouteKind = 'taxpayer' | 'liveTaxpayer' | 'exchangeRate';

export function routeKindOf(url: string): LookupRouteKind {
	const path = url.split('?')[0];
	if (path.includes('/tipo-cambio/')) return 'exchangeRate';
	return LIVE_ROUTE.test(path) ? 'liveTaxpayer' : 'taxpayer';
}

/** What the failing request was about, to name it in the message. */
export interface LookupRequestContext {
	itemIndex: number;
	url: string;
	query?: Record<string, unknown>;
}

interface LookupFailure {
	message: string;
	description: string;
	httpCode?: string;
}

function failure(node: INode, context: LookupRequestContext, { message, description, httpCode }: LookupFailure) {
	const error = new NodeApiError(node, { message, description } as JsonObject, {
		httpCode,
		itemIndex: context.itemIndex,
	});
	// Set after construction: NodeApiError swaps messages that mention a socket code for generic ones.
	error.message = `Item ${context.itemIndex}: ${message}`;
	error.description = description;
	return error;
}

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

function subjectOf(context: LookupRequestContext): string {
	const path = context.url.split('?')[0];
	const ruc = /\/(\d{11})(?:\/|$)/.exec(path)?.[1];
	if (ruc) return `RUC ${ruc}`;
	const query = context.query ?? {};
	const currency = query.moneda ? `${String(query.moneda)} ` : '';
	if (query.fecha) return `${currency}rate for ${String(query.fecha)}`;
	if (query.fecha_inicio) return `${currency}rates from ${String(query.fecha_inicio)} to ${String(query.fecha_fin)}`;
	return `latest ${currency}rate`;
}

/** "(404: No se encontró el RUC)": the status and the server's own words. */
const detail = (status: string, reason: string) => `(${reason ? `${status}: ${reason}` : status})`;

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

/** The error for an answer that is not a success (see isLookupSuccess). */
export function lookupResponseError(
	node: INode,
	context: LookupRequestContext,
	statusCode: number,
	body: unknown,
): NodeApiError {
	const kind = routeKindOf(context.url);
	const reason = serverReason(body);
	const httpCode = String(statusCode);
	const subject = subjectOf(context);

	if (statusCode >= 200 && statusCode < 300) {
		if (body === null || typeof body !== 'object') {
			return failure(node, context, {
				message: `the lookup API answered ${subject} with something that is not JSON ${detail(httpCode, reason)}`,
				description: 'The API or a proxy in front of it returned an unexpected page. Check the Base URL in the credential, then try again.',
				httpCode,
			});
		}
		if ((body as { success?: unknown }).success === false) {
			return failure(node, context, {
				message: `the lookup API reported a failure for ${subject} ${detail(httpCode, reason)}`,
				description: 'The request reached the API but it could not answer it. Check the input, then try again later.',
				httpCode,
			});
		}
	}

	switch (statusCode) {
		case 401:
			return failure(node, context, {
				message: `the access token was rejected ${detail(httpCode, reason)}`,
				description: 'Open the Taxpayer Lookup API credential and paste the access token again from your account page.',
				httpCode,
			});
		case 403:
			return failure(node, context, {
				message: `access denied for ${subject} ${detail(httpCode, reason)}`,
				description: 'Your plan may not include this route, or its query quota is spent. Check your plan and usage on your account page.',
				httpCode,
			});
		case 404:
			if (kind === 'exchangeRate') {
				return failure(node, context, {
					message: `no ${subject} was published ${detail(httpCode, reason)}`,
					description: 'The SBS publishes rates on business days only: weekends and public holidays have none. Pick a business day, or use Get History to take the days that exist.',
					httpCode,
				});
			}
			return failure(node, context, {
				message: `no taxpayer found with ${subject} ${detail(httpCode, reason)}`,
				description: 'The RUC is well formed but the registry has no taxpayer with it. Check the number with the taxpayer.',
				httpCode,
			});
		case 422:
			return failure(node, context, {
				message: `the API rejected the request for ${subject} ${detail(httpCode, reason)}`,
				description: 'Correct the fields the API names and run again.',
				httpCode,
			});
		case 429:
			return failure(node, context, {
				message: `rate limited by the lookup API ${detail(httpCode, reason)}`,
				description: "Too many requests in the current 15-minute window. Space them out with the node's Request Options > Batching (items per batch and batch interval), or run again later.",
				httpCode,
			});
	}
	if (statusCode >= 500 && kind === 'liveTaxpayer') {
		return failure(node, context, {
			message: `the tax authority (SUNAT) is not answering for ${subject} ${detail(httpCode, reason)}`,
			description: 'This operation asks SUNAT in real time, and SUNAT is often slow or down. Try again in a few minutes (or turn on Retry On Fail).',
			httpCode,
		});
	}
	if (statusCode >= 500) {
		return failure(node, context, {
			message: `the lookup API failed on ${subject} ${detail(httpCode, reason)}`,
			description: 'The server had a problem. Try again in a few minutes (or turn on Retry On Fail).',
			httpCode,
		});
	}
	return failure(node, context, {
		message: `the lookup API answered ${subject} ${detail(httpCode, reason)}`,
		description: 'Check the input and the Base URL in the credential, then try again.',
		httpCode,
	});
}

/** The error for a request that got no HTTP answer: refused, dropped, timed out. */
export function lookupTransportError(node: INode, context: LookupRequestContext, error: unknown): NodeApiError {
	const { kind, code } = noAnswer(error);
	const subject = subjectOf(context);
	if (routeKindOf(context.url) === 'liveTaxpayer' && kind !== 'unreachable') {
		return failure(node, context, {
			message: `the tax authority (SUNAT) is not answering for ${subject} (${code})`,
			description: 'This operation asks SUNAT in real time and the answer did not come. Try again in a few minutes (or turn on Retry On Fail).',
		});
	}
	if (kind === 'timeout') {
		return failure(node, context, {
			message: `the lookup API did not answer in time for ${subject} (${code})`,
			description: 'Try again later, or raise the Timeout under Request Options.',
		});
	}
	if (kind === 'dropped') {
		return failure(node, context, {
			message: `the lookup API closed the connection while answering ${subject} (${code})`,
			description: 'Try again in a moment (or turn on Retry On Fail).',
		});
	}
	return failure(node, context, {
		message: `cannot reach the lookup API for ${subject}${code ? ` (${code})` : ''}`,
		description: 'Check the Base URL in the Taxpayer Lookup API credential and that this n8n can reach it.',
	});
}
