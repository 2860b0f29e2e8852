// What the two declarative nodes share about sending a request. n8n's routing has no hook around
// the request itself; its custom-pagination hook is the one place that sees the input checks, the
// error answers and the failures with no HTTP answer at all, so every route of both nodes goes
// through it, by way of runItemRequest.
import type { IExecutePaginationFunctions, INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';

/** An error answer (status and body), carried from postReceive to the hook, which knows the request. */
export class ErrorAnswer {
	constructor(
		readonly statusCode: number,
		readonly body: unknown,
	) {}
}

/**
 * Runs one item's request. A failure is made readable by `explain`; it stops the run, or, with
 * Continue On Fail, becomes the item's error item, paired with its input (n8n itself leaves
 * `pairedItem` out of error items, which breaks pairing when other items give several results).
 */
export async function runItemRequest(
	fns: IExecutePaginationFunctions,
	work: () => Promise<INodeExecutionData[]>,
	explain: (error: unknown) => NodeApiError | NodeOperationError,
): Promise<INodeExecutionData[]> {
	try {
		return await work();
	} catch (error) {
		const nodeError = explain(error);
		if (!fns.continueOnFail()) throw nodeError;
		return [{ json: { error: nodeError.message }, error: nodeError, pairedItem: { item: fns.getItemIndex() } }];
	}
}

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

/** The human part of a text (non-JSON) answer: an HTML page's title, or the text itself, cut short. */
export function textReason(body: string, limit = 200): string {
	const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
	if (title) return `an HTML page titled "${title}"`;
	const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, limit);
	if (/^\s*</.test(body)) return text ? `an HTML page saying "${text}"` : 'an HTML page';
	return text;
}
