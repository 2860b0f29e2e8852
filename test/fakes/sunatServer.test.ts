// What both SUNAT fakes do to every request, through their one server (fakes/sunatServer.ts): the
// answers a test injects, SUNAT's 404, the latency and the records, told with plain HTTP, each fake
// its own way where they differ (SIRE parses the path as a URL and records the query, the invoice
// check records the path as sent).
import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { SANDBOX_SIRE_CLIENT, SIRE_SCOPE, startSireFake, type SireFake } from '../../fakes/sire';
import { SANDBOX_CLIENT, startSunatFake, SUNAT_SCOPE, type SunatFake } from '../../fakes/sunat';

const SIRE = SANDBOX_SIRE_CLIENT;
const FAKES = {
	'invoice check': {
		start: startSunatFake,
		tokenPath: `/v1/clientesextranet/${SANDBOX_CLIENT.clientId}/oauth2/token/`,
		form: new URLSearchParams({ grant_type: 'client_credentials', scope: SUNAT_SCOPE, client_id: SANDBOX_CLIENT.clientId, client_secret: SANDBOX_CLIENT.clientSecret }).toString(),
		firstToken: 'fake-sunat-token-1',
		/** What the fake records besides method, path, headers, body, time and status. */
		recorded: (): object => ({}),
		/** The path it records for `/v1/clientesextranet/../nada?x=1`. */
		dotted: '/v1/clientesextranet/../nada',
	},
	SIRE: {
		start: startSireFake,
		tokenPath: `/v1/clientessol/${SIRE.clientId}/oauth2/token/`,
		form: new URLSearchParams({
			grant_type: 'password',
			scope: SIRE_SCOPE,
			client_id: SIRE.clientId,
			client_secret: SIRE.clientSecret,
			username: `${SIRE.ruc}${SIRE.solUser}`,
			password: SIRE.solPassword,
		}).toString(),
		firstToken: 'fake-sire-token-1',
		recorded: (query: Record<string, string> = {}): object => ({ query }),
		dotted: '/v1/nada',
	},
};

describe.each(Object.keys(FAKES) as Array<keyof typeof FAKES>)('the %s fake, on every request', (name) => {
	const { start, tokenPath, form, firstToken, recorded, dotted } = FAKES[name];
	let fake: SunatFake | SireFake;
	beforeAll(async () => {
		fake = await start();
	});
	beforeEach(() => {
		fake.reset();
		delete fake.options.latencyMs;
	});
	afterAll(() => fake.close());

	/** One request on a connection of its own, with the path as given (node:http sends it unparsed), and the answer as it came. */
	function send(method: string, path: string, body?: string) {
		return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
			const headers = body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' };
			const sent = httpRequest({ host: '127.0.0.1', port: new URL(fake.url).port, method, path, headers, agent: false }, (res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
			});
			sent.on('error', reject);
			sent.end(body);
		});
	}
	const token = { access_token: firstToken, token_type: 'JWT', expires_in: 3600 };
	const asSent = (body?: string) => ({ host: new URL(fake.url).host, connection: 'close', ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) }) });

	it("answers an injected answer once, SUNAT's 503 words by default, then the route again; records both", async () => {
		fake.failNext('oauth2', { status: 503 });
		const failed = await send('POST', `${tokenPath}?via=test`, form);
		expect([failed.status, failed.headers['content-type'], failed.text]).toEqual([503, 'application/json;charset=UTF-8', '{"cod":"503","msg":"Servicio no disponible"}']);
		const granted = await send('POST', tokenPath, form);
		expect([granted.status, JSON.parse(granted.text)]).toEqual([200, token]);
		expect(fake.requests).toEqual([
			{ method: 'POST', path: tokenPath, ...recorded({ via: 'test' }), headers: asSent(form), body: form, at: expect.any(Number), status: 503 },
			{ method: 'POST', path: tokenPath, ...recorded(), headers: asSent(form), body: form, at: expect.any(Number), status: 200 },
		]);
	});

	it('gives injected answers in turn to the requests whose path contains their part: a page as HTML, a JSON body as given', async () => {
		fake.failNext('/nada', { status: 502, text: '<html>Bad Gateway</html>' }, { status: 400, body: { message: 'otra' } });
		const page = await send('GET', '/v1/nada/1');
		expect([page.status, page.headers['content-type'], page.text]).toEqual([502, 'text/html;charset=UTF-8', '<html>Bad Gateway</html>']);
		expect((await send('POST', tokenPath, form)).status).toBe(200);
		const given = await send('GET', '/v1/nada/2');
		expect([given.status, given.headers['content-type'], given.text]).toEqual([400, 'application/json;charset=UTF-8', '{"message":"otra"}']);
		expect(fake.requests.map((request) => request.status)).toEqual([502, 200, 400]);
	});

	it("answers a path without a route, or the token route asked with GET, with SUNAT's 404", async () => {
		for (const path of ['/v1/nada', tokenPath]) {
			const missing = await send('GET', path);
			expect([missing.status, missing.headers['content-type'], missing.text]).toEqual([404, 'application/json;charset=UTF-8', '{"cod":"404","msg":"Recurso no encontrado"}']);
		}
		expect(fake.requests.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([`GET /v1/nada 404`, `GET ${tokenPath} 404`]);
	});

	it(`records ${dotted} for /v1/clientesextranet/../nada?x=1`, async () => {
		expect((await send('GET', '/v1/clientesextranet/../nada?x=1')).status).toBe(404);
		expect(fake.requests).toEqual([{ method: 'GET', path: dotted, ...recorded({ x: '1' }), headers: asSent(), body: '', at: expect.any(Number), status: 404 }]);
	});

	it('holds every answer for options.latencyMs, read at each request; the status is recorded once answered', async () => {
		// The fake's timer of the latency is held here and let go by the test: no test waits on time.
		const held: Array<() => void> = [];
		const realSetTimeout = globalThis.setTimeout as (callback: () => void, ms?: number, ...rest: unknown[]) => NodeJS.Timeout;
		const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number, ...rest: unknown[]) =>
			ms === 4321 ? (held.push(callback), realSetTimeout(() => undefined, 0)) : realSetTimeout(callback, ms, ...rest)) as typeof setTimeout);
		try {
			fake.options.latencyMs = 4321;
			const answer = send('POST', tokenPath, form);
			await vi.waitFor(() => expect(held).toHaveLength(1));
			expect(fake.requests.map((request) => request.status)).toEqual([undefined]);
			held[0]();
			const granted = await answer;
			expect([granted.status, JSON.parse(granted.text)]).toEqual([200, token]);
			expect(fake.requests.map((request) => request.status)).toEqual([200]);
		} finally {
			timers.mockRestore();
		}
	});
});
