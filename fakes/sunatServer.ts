// The HTTP server both SUNAT fakes run (fakes/sunat/, the invoice check; fakes/sire/, SIRE): one port
// on 127.0.0.1 for the token route (fakes/sunatSecurity.ts) and the fake's API. Every request is
// recorded with its body and, once answered, its status; the answers a test injects (`failNext`)
// come before any route, the latency (`options.latencyMs`, read at each request) before every
// answer, and a path no route has gets SUNAT's 404. Each fake gives its token path, its routes and
// what it records besides (SIRE: the query). The other fakes record, fail and wait in ways of their
// own (the lookup fake matches failures on the query too and never reads a body; the OpenAI fake
// records parsed bodies and injects nothing), so this server is the SUNAT fakes' only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { TokenService } from './sunatSecurity.ts';

/** A JSON answer as SUNAT writes it. */
export const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
	res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
	res.end(JSON.stringify(body));
};

/** What a SUNAT fake records of every request. */
export interface RecordedRequest {
	method: string;
	path: string;
	headers: Record<string, string | string[] | undefined>;
	/** The body as sent. */
	body: string;
	at: number;
	/** The status it was answered with, once answered. */
	status?: number;
}

/** An answer a test injects: its status and JSON `body` (SUNAT's 503 words by default), or raw `text` as an HTML page. */
export interface InjectedAnswer {
	status: number;
	body?: unknown;
	text?: string;
	/** Headers besides the content type. */
	headers?: Record<string, string>;
}

export interface SunatServerSetup<Target extends { path: string }, Recorded extends RecordedRequest> {
	/** The fake's options: `port` read once, `latencyMs` at each request (a test may change it). */
	options: { port?: number; latencyMs?: number };
	/**
	 * Reads the request line's target: the path recorded and routed, and what else the fake's routes
	 * read of it (SIRE parses it as a URL for the query; the invoice check keeps the path as sent).
	 */
	read(target: string): Target;
	/** Keeps the record in the fake's `requests`, with what the fake adds to it; its status is written on it once answered. */
	record(request: RecordedRequest, target: Target): Recorded;
	/** The token route's path, the client's id its first group; a POST there is the security service's. */
	tokenPath: RegExp;
	security: TokenService;
	/** The fake's own routes, asked after the injected answers and the token route: whether one answered. */
	route(req: IncomingMessage, res: ServerResponse, request: Recorded, target: Target): boolean;
}

export interface SunatServer {
	url: string;
	/** Answer the next requests whose path contains `path` with these, one each. */
	failNext(path: string, ...answers: InjectedAnswer[]): void;
	/** Forgets the injected answers not given yet. */
	forgetInjected(): void;
	close(): Promise<void>;
}

export async function startSunatServer<Target extends { path: string }, Recorded extends RecordedRequest>(
	setup: SunatServerSetup<Target, Recorded>,
): Promise<SunatServer> {
	const injected: Array<InjectedAnswer & { path: string }> = [];

	function answer(req: IncomingMessage, res: ServerResponse, request: Recorded, target: Target) {
		const index = injected.findIndex((failure) => request.path.includes(failure.path));
		if (index >= 0) {
			const [failure] = injected.splice(index, 1);
			if (failure.text !== undefined) {
				res.writeHead(failure.status, { 'content-type': 'text/html;charset=UTF-8', ...failure.headers });
				return res.end(failure.text);
			}
			return json(res, failure.status, failure.body ?? { cod: String(failure.status), msg: 'Servicio no disponible' }, failure.headers);
		}
		const tokenMatch = setup.tokenPath.exec(request.path);
		if (req.method === 'POST' && tokenMatch) {
			const token = setup.security.answer(decodeURIComponent(tokenMatch[1]), req.headers['content-type'], request.body);
			return json(res, token.status, token.body);
		}
		if (!setup.route(req, res, request, target)) json(res, 404, { cod: '404', msg: 'Recurso no encontrado' });
	}

	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const target = setup.read(req.url ?? '');
			const body = Buffer.concat(chunks).toString('utf8');
			const request = setup.record({ method: req.method ?? '', path: target.path, headers: req.headers, body, at: performance.now() }, target);
			// Every answer is written at once: its status is known when answer returns.
			const answered = () => {
				answer(req, res, request, target);
				request.status = res.statusCode;
			};
			if (setup.options.latencyMs) setTimeout(answered, setup.options.latencyMs);
			else answered();
		});
	});
	await new Promise<void>((resolve) => server.listen(setup.options.port ?? 0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		failNext: (path, ...answers) => void injected.push(...answers.map((failure) => ({ path, ...failure }))),
		forgetInjected: () => void injected.splice(0),
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
