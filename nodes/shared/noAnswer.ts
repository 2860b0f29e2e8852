// Classifies a request that got no HTTP answer (refused, dropped, timed out), for both APIs' error tables.
import { failureTexts } from './n8nReleases';

/** How a request that got no HTTP answer ended. */
export type NoAnswer = { kind: 'timeout' | 'dropped' | 'unreachable'; code: string };

const TIMEOUT_CODES = ['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT'];
const DROPPED_CODES = ['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE'];

/** What Node and n8n say, in words, of a failure whose code is not given. */
const CODES_BY_WORDING: Array<[RegExp, string]> = [
	[/socket hang up|closed unexpectedly/i, 'ECONNRESET'],
	[/refused the connection/i, 'ECONNREFUSED'],
	[/timeout|timed out/i, 'ETIMEDOUT'],
	[/connection was aborted/i, 'ECONNABORTED'],
	[/incorrect host/i, 'ENOTFOUND'],
	[/host is unreachable/i, 'EHOSTUNREACH'],
];

/** The socket error code (ECONNREFUSED, ...) of a failure, looked for along its causes. */
export function noAnswer(error: unknown): NoAnswer {
	let code = '';
	const seen = new Set<unknown>();
	let current = error as { code?: unknown; cause?: unknown } | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		if (typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) {
			code = current.code;
			break;
		}
		current = current.cause as typeof current;
	}
	if (!code) {
		// n8n-workflow before 2.36 drops the cause of the NodeApiError n8n wraps a failed request in,
		// and puts its own wording in the message: the socket's message ("connect ECONNREFUSED ...",
		// "socket hang up") is still among its `messages`.
		const texts = failureTexts(error);
		code =
			texts.map((text) => /\bE[A-Z]{4,}(?:_[A-Z]+)*\b/.exec(text)?.[0]).find(Boolean) ??
			CODES_BY_WORDING.find(([wording]) => texts.some((text) => wording.test(text)))?.[1] ??
			'';
	}
	if (TIMEOUT_CODES.includes(code)) return { kind: 'timeout', code };
	if (DROPPED_CODES.includes(code)) return { kind: 'dropped', code };
	return { kind: 'unreachable', code };
}
