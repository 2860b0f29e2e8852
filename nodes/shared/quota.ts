// How long an API asks a client to wait after refusing a request for quota or rate: `Retry-After`
// (seconds or a date) and the `X-RateLimit-*` headers Laravel-style APIs send; and how a wait is
// written in errors.
import type { IDataObject } from 'n8n-workflow';

import type { QuotaWait } from './contract';

function header(headers: IDataObject, name: string): string | undefined {
	for (const [key, value] of Object.entries(headers ?? {})) {
		if (key.toLowerCase() === name) return String(Array.isArray(value) ? value[0] : value).trim();
	}
	return undefined;
}

const NUMBER = /^\d+(\.\d+)?$/;

/** `X-RateLimit-Reset` as a moment: epoch seconds (or milliseconds), or seconds from now. */
function resetMoment(value: string, now: number): number | undefined {
	if (!NUMBER.test(value)) return undefined;
	const reset = Number(value);
	if (reset > 1e12) return reset;
	if (reset > 1e9) return reset * 1000;
	return now + reset * 1000;
}

/**
 * How long the answer asks to wait, in ms, or undefined if it does not say. `Retry-After` counts
 * in whole seconds; a `X-RateLimit-Reset` moment that agrees with it (the clocks agree) is exact.
 */
export function askedWaitMs(headers: IDataObject, now = Date.now()): number | undefined {
	const retryAfter = header(headers, 'retry-after');
	let fromRetryAfter: number | undefined;
	if (retryAfter && NUMBER.test(retryAfter)) fromRetryAfter = Number(retryAfter) * 1000;
	else if (retryAfter && !Number.isNaN(Date.parse(retryAfter))) fromRetryAfter = Math.max(0, Date.parse(retryAfter) - now);

	const reset = header(headers, 'x-ratelimit-reset');
	const resetAt = reset === undefined ? undefined : resetMoment(reset, now);
	const fromReset = resetAt === undefined ? undefined : Math.max(0, resetAt - now);
	if (fromReset !== undefined && (fromRetryAfter === undefined || Math.abs(fromReset - fromRetryAfter) <= 1_500)) {
		return fromRetryAfter === undefined ? fromReset : Math.min(fromReset, fromRetryAfter);
	}
	if (fromRetryAfter !== undefined) return fromRetryAfter;
	return undefined;
}

/** The plan's allowance the answer states (`X-RateLimit-Limit`), if it does. */
export const statedLimit = (headers: IDataObject): string | undefined => header(headers, 'x-ratelimit-limit');

/** "16 min", "2 min 5 s", "3.4 s". */
export function duration(ms: number): string {
	if (ms < 59_950) return `${Math.round(ms / 100) / 10} s`;
	const totalSeconds = Math.round(ms / 1000);
	const minutes = Math.floor(totalSeconds / 60);
	const seconds = totalSeconds % 60;
	return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** "still (after 16 min of waiting) ", before what refuses; empty when the node did not wait. */
export const waitedFor = (waitedMs: number): string => (waitedMs >= 1000 ? `still (after ${duration(waitedMs)} of waiting) ` : '');

/** "; the API asks to wait 15 min", when the answer said how long; `who` is what asks. */
export const askedFor = (wait: QuotaWait, who: string): string =>
	wait.askedMs === undefined ? '' : `; ${who} asks to wait ${duration(wait.askedMs)}`;
