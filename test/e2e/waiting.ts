// What the end-to-end tests of waiting executions share (Send and Wait for Response, the AI agent's
// human review): polling for a state, the links of a WhatsApp text, and a browser's user agent (a
// link opened without one is taken for a link preview and answers nothing).
import type { N8nServer } from './n8n';

export const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Polls `check` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** The links of a sent text: each `*Label:*` with its URL on the next line. */
export const linksOf = (text: string): Record<string, string> =>
	Object.fromEntries([...text.matchAll(/^\*(.+):\*\n(\S+)$/gm)].map(([, label, url]) => [label, url]));

/**
 * Resolves once n8n has saved execution `id` as waiting. A send-and-wait text goes out before that,
 * and a link opened earlier finds no waiting execution.
 */
export const untilWaiting = async (server: N8nServer, id: string) =>
	await eventually(`execution ${id} waiting`, async () => ((await server.execution(id)).status === 'waiting' ? true : undefined));
