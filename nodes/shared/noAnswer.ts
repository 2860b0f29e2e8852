// Classifies a request that got no HTTP answer (refused, dropped, timed out), for both APIs' error tables.

/** How a request that got no HTTP answer ended. */
export type NoAnswer = { kind: 'timeout' | 'dropped' | 'unreachable'; code: string };

const TIMEOUT_CODES = ['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT'];
const DROPPED_CODES = ['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE'];

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
		const text = String((error as Error)?.message ?? '');
		code = /timeout|timed out/i.test(text) ? 'ETIMEDOUT' : (/E[A-Z]{4,}/.exec(text)?.[0] ?? '');
	}
	if (TIMEOUT_CODES.includes(code)) return { kind: 'timeout', code };
	if (DROPPED_CODES.includes(code)) return { kind: 'dropped', code };
	return { kind: 'unreachable', code };
}
