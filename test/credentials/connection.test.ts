// Why a credential test could not reach the server, in words (nodes/shared/credentialTest.ts): each
// credential's Test button against a refused port, an unknown host, a plain-HTTP server asked over
// HTTPS, a self-signed certificate and an address that is not a URL; the timeout's wording from the
// error n8n's request helper throws.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { ICredentialDataDecryptedObject, ICredentialType } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MessagingApi } from '../../credentials/MessagingApi.credentials';
import { TaxpayerLookupApi } from '../../credentials/TaxpayerLookupApi.credentials';
import { connectionFailure } from '../../nodes/shared/credentialTest';
import { runCredentialTest } from '../harness/credentialTest';

const tls = path.join(__dirname, '..', 'fixtures', 'tls');
let plain: Server;
let selfSigned: Server;
const requests: string[] = [];
const portOf = (server: Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
	plain = createHttpServer((req, res) => {
		requests.push(String(req.url));
		res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
	});
	selfSigned = createHttpsServer(
		{ key: readFileSync(path.join(tls, 'self-signed.key')), cert: readFileSync(path.join(tls, 'self-signed.crt')) },
		(req, res) => {
			requests.push(String(req.url));
			res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
		},
	);
	await Promise.all([plain, selfSigned].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
});
afterAll(() => {
	plain.close();
	selfSigned.close();
});

/** A port nothing listens on: a server opened and closed again. */
async function closedPort(): Promise<number> {
	const server = createHttpServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = portOf(server);
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

const credentials: Array<[string, ICredentialType, string, (url: string) => ICredentialDataDecryptedObject]> = [
	['Taxpayer Lookup', new TaxpayerLookupApi(), 'Base URL', (url) => ({ baseUrl: url, accessToken: 'token-1' })],
	['Messaging', new MessagingApi(), 'Server URL', (url) => ({ serverUrl: url, apiKey: 'key-1' })],
];

describe.each(credentials)('%s API credential test, when the server cannot be reached', (_name, credential, field, data) => {
	const test = async (url: string) => await runCredentialTest(credential, data(url));

	it('says the connection was refused', async () => {
		const port = await closedPort();
		expect(await test(`http://127.0.0.1:${port}`)).toEqual({
			status: 'Error',
			message: `Nothing answers at 127.0.0.1:${port}: the connection was refused. Check the ${field} (host and port) and that the server is running.`,
		});
	});

	it('says the host does not exist', async () => {
		const { status, message } = await test('http://no-such-host.invalid');
		expect(status).toBe('Error');
		// Where no DNS server answers at all, the lookup fails with "could not be looked up" instead.
		expect(message).toMatch(
			new RegExp(`^The host no-such-host\\.invalid (does not exist \\(no DNS record\\)\\. Check the spelling of the ${field}\\.|could not be looked up)`),
		);
	});

	it('says the server does not speak HTTPS when https:// meets a plain HTTP port', async () => {
		const host = `127.0.0.1:${portOf(plain)}`;
		expect(await test(`https://${host}`)).toEqual({
			status: 'Error',
			message: `${host} does not speak HTTPS on this port (TLS failed: EPROTO). If the server has no certificate, start the ${field} with http://.`,
		});
	});

	it('says the certificate is not trusted, without sending the request', async () => {
		requests.length = 0;
		const host = `127.0.0.1:${portOf(selfSigned)}`;
		expect(await test(`https://${host}`)).toEqual({
			status: 'Error',
			message: `The secure connection to ${host} failed: its certificate is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT). Give the server a certificate from a public authority, or make this n8n trust yours (NODE_EXTRA_CA_CERTS).`,
		});
		expect(requests).toEqual([]);
	});

	it.each(['127.0.0.1', 'localhost'])('says an address without http:// (%s:port) is not a web address, and sends nothing', async (host) => {
		requests.length = 0;
		const path = credential.name === 'messagingApi' ? '/instance/fetchInstances' : '/api/v2/tipo-cambio/sbs/ultimo';
		expect(await test(`${host}:${portOf(plain)}`)).toEqual({
			status: 'Error',
			message: `The ${field} "${host}:${portOf(plain)}${path}" is not a web address. Write it in full, starting with https:// (or http://).`,
		});
		expect(requests).toEqual([]);
	});
});

describe('connectionFailure', () => {
	it.each(['ECONNABORTED', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'])('says a %s is a server that did not answer in time', (code) => {
		expect(connectionFailure({ code, message: 'timeout of 10000ms exceeded' }, 'https://evolution.example.com/x', 'Server URL')).toBe(
			'evolution.example.com did not answer within 10 seconds. Check the Server URL, and that this n8n can reach it (firewall, VPN or proxy).',
		);
	});

	it.each([
		['EHOSTUNREACH', /^This n8n has no network route to api\.migo\.pe\./],
		['ECONNRESET', /^api\.migo\.pe closed the connection without answering\./],
		['CERT_HAS_EXPIRED', /^The secure connection to api\.migo\.pe failed: its certificate is not trusted \(CERT_HAS_EXPIRED\)/],
		[undefined, /^Could not reach api\.migo\.pe: socket hang up\. Check the Base URL\.$/],
	])('words %s', (code, expected) => {
		expect(connectionFailure({ code, message: 'socket hang up' }, 'https://api.migo.pe/api/v2/x', 'Base URL')).toMatch(expected);
	});
});
