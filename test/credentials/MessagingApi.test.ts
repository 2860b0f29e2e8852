// The Messaging API credential: its fields, its authentication, and its Test button as n8n's
// credential tester runs it (test/harness/credentialTest.ts: the nodes' messagingApiTest).
import { createServer } from 'node:http';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { MessagingApi } from '../../credentials/MessagingApi.credentials';
import { runCredentialTest } from '../harness/credentialTest';
import { useEvolutionFake, withEvolutionFakes } from '../harness/evolutionFake';

/** The credential test as n8n's "Test" button runs it. */
const testCredential = async (data: ICredentialDataDecryptedObject) => await runCredentialTest(new MessagingApi(), data);

const state = useEvolutionFake();

/** A server that answers every request with one status, like a proxy in front of a stopped server. */
async function answering(status: number): Promise<{ url: string; close: () => void }> {
	const server = createServer((_req, res) => {
		res.writeHead(status, { 'content-type': 'text/html' });
		res.end(`<h1>${status}</h1>`);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() };
}

describe('Messaging API credential', () => {
	it('is named messagingApi and sends the key in the apikey header', async () => {
		const credential = new MessagingApi();
		expect(credential.name).toBe('messagingApi');
		expect(credential.displayName).toBe('Messaging (WhatsApp Evolution) API');
		expect(credential.properties.map((p) => [p.name, p.required ?? false, p.typeOptions?.password ?? false])).toEqual([
			['provider', false, false],
			['serverUrl', true, false],
			['apiKey', true, true],
		]);
		const authenticate = credential.authenticate as (c: object, r: object) => Promise<{ headers: object }>;
		const signed = await authenticate({ serverUrl: 'http://x', apiKey: 'key-1' }, { url: '/chat', headers: { accept: 'application/json' } });
		expect(signed.headers).toEqual({ accept: 'application/json', apikey: 'key-1' });
	});

	it('passes with the global key or an instance token, calling GET /instance/fetchInstances, then GET / for the release', async () => {
		expect(await testCredential({ serverUrl: state.fake.url, apiKey: state.fake.apiKey })).toEqual({
			status: 'OK',
			message: 'Evolution API 2.3.6 accepted the key: it lists 3 instances.',
		});
		expect(await testCredential({ serverUrl: state.fake.url, apiKey: 'sales-token' })).toEqual({
			status: 'OK',
			message: 'Evolution API 2.3.6 accepted the key: it lists 1 instance.',
		});
		expect(state.fake.requests.map((r) => [r.method, r.path, r.headers.apikey])).toEqual([
			['GET', '/instance/fetchInstances', state.fake.apiKey],
			['GET', '/', state.fake.apiKey],
			['GET', '/instance/fetchInstances', 'sales-token'],
			['GET', '/', 'sales-token'],
		]);
	});

	it('warns of a release the node is not tested with, and passes when GET / does not tell one', async () => {
		await withEvolutionFakes([{ serverVersion: '2.4.0' }, { serverVersion: '2.0.10' }, { serverVersion: '2.2.3' }], async ([newer, older, within]) => {
			expect(await testCredential({ serverUrl: newer.url, apiKey: newer.apiKey })).toEqual({
				status: 'OK',
				message:
					"Evolution API 2.4.0 accepted the key: it lists 3 instances. This node is tested with Evolution API 2.3.7 (2.1 to 2.3.6 differences documented); 2.4.0 is not: see Compatibility in the node's README.",
			});
			expect((await testCredential({ serverUrl: older.url, apiKey: older.apiKey })).message).toMatch(/2\.0\.10 is not: see Compatibility/);
			expect((await testCredential({ serverUrl: within.url, apiKey: within.apiKey })).message).toBe('Evolution API 2.2.3 accepted the key: it lists 3 instances.');
		});
		state.fake.failNext(404, '<h1>Not Found</h1>', 1, (request) => request.path === '/');
		expect(await testCredential({ serverUrl: state.fake.url, apiKey: state.fake.apiKey })).toEqual({ status: 'OK', message: 'Evolution API accepted the key: it lists 3 instances.' });
		state.fake.failNext(200, { version: 'see <a href=x>' }, 1, (request) => request.path === '/');
		expect((await testCredential({ serverUrl: state.fake.url, apiKey: state.fake.apiKey })).message).toBe('Evolution API accepted the key: it lists 3 instances.');
	});

	it('passes 2.3.7, the reference release, without a warning', async () => {
		state.fake.release = '2.3.7';
		expect(await testCredential({ serverUrl: state.fake.url, apiKey: state.fake.apiKey })).toEqual({ status: 'OK', message: 'Evolution API 2.3.7 accepted the key: it lists 3 instances.' });
	});

	it("names 2.4's licence gate: the server is not activated, where to register it, the licence's docs", async () => {
		state.fake.release = '2.4.0-rc2';
		state.fake.activated = false;
		expect(await testCredential({ serverUrl: `${state.fake.url}/manager`, apiKey: state.fake.apiKey })).toEqual({
			status: 'Error',
			message: `The Evolution API server is not activated: open ${state.fake.url}/manager/login to register it (503: LICENSE_REQUIRED; licensing: https://docs.evolutionfoundation.com.br/licensing). Evolution API 2.4 refuses every request until the server is registered with the Evolution Foundation's licensing: sign in to its manager and register it, or put a licensing key as AUTHENTICATION_API_KEY in its .env and restart it. Nothing was done on the server; run again once it is activated.`,
		});
		expect(state.fake.requests.map((request) => request.path)).toEqual(['/instance/fetchInstances']);
		// Without the server's addresses, its own manager under the Server URL.
		state.fake.failNext(503, { error: 'service not activated', code: 'LICENSE_REQUIRED' });
		expect((await testCredential({ serverUrl: state.fake.url, apiKey: state.fake.apiKey })).message).toMatch(
			new RegExp(`^The Evolution API server is not activated: open ${state.fake.url}/manager to register it \\(503: LICENSE_REQUIRED\\)\\. `),
		);
		// Activated, 2.4.0 (as 2.4.0-rc2's GET / names itself) passes with the untested-release warning.
		state.fake.activated = true;
		expect((await testCredential({ serverUrl: state.fake.url, apiKey: state.fake.apiKey })).message).toMatch(/^Evolution API 2\.4\.0 accepted the key: it lists 3 instances\. This node is tested with Evolution API 2\.3\.7/);
	});

	it.each(['/', '/manager', '/manager/', '//', '/manager/instance/sales'])('tolerates a Server URL ending in %j', async (suffix) => {
		expect((await testCredential({ serverUrl: ` ${state.fake.url}${suffix} `, apiKey: state.fake.apiKey })).status).toBe('OK');
		expect(state.fake.requests[0].path).toBe('/instance/fetchInstances');
	});

	it('explains a wrong key (401)', async () => {
		expect(await testCredential({ serverUrl: state.fake.url, apiKey: 'wrong' })).toEqual({
			status: 'Error',
			message:
				"Evolution API rejected the key (401 Unauthorized). Paste the server's global API key (AUTHENTICATION_API_KEY in its .env) or an instance's token (on its card in the Evolution Manager: your server's address followed by /manager).",
		});
	});

	it('explains a Server URL where no Evolution API answers (404)', async () => {
		const result = await testCredential({ serverUrl: `${state.fake.url}/api`, apiKey: state.fake.apiKey });
		expect(result.message).toMatch(/^No Evolution API answers at this Server URL \(404/);
	});

	it.each([
		[502, /unreachable: its proxy answered 502/],
		[503, /unreachable: its proxy answered 503/],
		[504, /did not answer its proxy in time \(504/],
	])('explains an unreachable server behind a proxy (%i)', async (status, message) => {
		const proxy = await answering(status);
		try {
			const result = await testCredential({ serverUrl: proxy.url, apiKey: state.fake.apiKey });
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(message);
		} finally {
			proxy.close();
		}
	});

	it('says so when something else answers at the Server URL (an HTML page with 200)', async () => {
		const site = await answering(200);
		try {
			expect(await testCredential({ serverUrl: site.url, apiKey: state.fake.apiKey })).toEqual({
				status: 'Error',
				message:
					'Something answers at this Server URL, but not Evolution API v2 (no instance list). Use the address of the Evolution API server itself (the one its manager page is under), with http:// or https:// as it is served.',
			});
		} finally {
			site.close();
		}
	});

	it("explains a 403 with the server's reason, the key masked as n8n masks secrets", async () => {
		state.fake.failNext(403, { status: 403, error: 'Forbidden', response: { message: [`key ${state.fake.apiKey} may not list instances`] } });
		expect(await testCredential({ serverUrl: state.fake.url, apiKey: state.fake.apiKey })).toEqual({
			status: 'Error',
			message: `The key may not list instances (403 Forbidden). Use the global API key, or an instance token the server accepts. The server says: "key *****${state.fake.apiKey.slice(-3)} may not list instances".`,
		});
	});
});
