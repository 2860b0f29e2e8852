// "registry.npmjs.org, served by our Verdaccio": an HTTPS proxy on a free loopback port for the n8n
// under test. n8n keeps its default registry (https://registry.npmjs.org): a custom one
// (N8N_COMMUNITY_PACKAGES_REGISTRY) is an Enterprise feature (feat:communityNodes:customRegistry)
// that a community-edition n8n refuses, so the installer is tested with the setting users have,
// and only the network is redirected. n8n's npm commands and its own requests find the proxy in
// HTTPS_PROXY; for `CONNECT registry.npmjs.org:443` the proxy answers the TLS itself with a
// certificate for registry.npmjs.org from a certificate authority made for this run (openssl, in a
// temporary folder, trusted only by the processes given its file) and passes each request on to
// Verdaccio over plain HTTP, Host and protocol kept, so the tarball URLs Verdaccio writes are
// registry.npmjs.org's. Every other host (api.n8n.io, say) is refused, and recorded.
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { aptInstall, canInstall } from '../harness/debian.mjs';
import { run } from '../harness/processes.mjs';

export const NPMJS_HOST = 'registry.npmjs.org';

export interface NpmjsProxy {
	/** `http://127.0.0.1:<port>`, for HTTPS_PROXY. */
	url: string;
	/** The PEM file of the certificate authority that signed the proxy's registry.npmjs.org certificate. */
	caFile: string;
	/** `CONNECT` targets refused (`host:port`), in arrival order. */
	refused: string[];
	/** Requests passed on to Verdaccio: `METHOD /path`. */
	forwarded: string[];
	close(): Promise<void>;
}

/** Installs Debian's openssl when missing and running as root (as CI does), or says how to. */
async function ensureOpenssl() {
	const found = await run('openssl', ['version'], { allowFailure: true }).then(
		(result) => result.code === 0,
		() => false,
	);
	if (found) return;
	if (!canInstall()) throw new Error("The install test needs Debian's openssl: sudo apt-get install openssl");
	aptInstall(['openssl']);
}

/** A certificate authority and a certificate for `host` signed by it, made with openssl. */
async function makeCertificates(dir: string, host: string) {
	await ensureOpenssl();
	const file = (name: string) => path.join(dir, name);
	await run('openssl', [
		'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=n8n-nodes-taxpayer-messaging install test CA',
		'-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
		'-keyout', file('ca.key'), '-out', file('ca.crt'),
	]);
	await run('openssl', ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${host}`, '-keyout', file('host.key'), '-out', file('host.csr')]);
	await writeFile(file('host.ext'), `subjectAltName=DNS:${host}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`);
	await run('openssl', [
		'x509', '-req', '-in', file('host.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial',
		'-days', '2', '-extfile', file('host.ext'), '-out', file('host.crt'),
	]);
	return { caFile: file('ca.crt'), key: await readFile(file('host.key')), cert: await readFile(file('host.crt')) };
}

/** Starts the proxy; `verdaccioUrl` is where registry.npmjs.org's requests go. */
export async function startNpmjsProxy(verdaccioUrl: string): Promise<NpmjsProxy> {
	const dir = await mkdtemp(path.join(tmpdir(), 'install-test-ca-'));
	const { caFile, key, cert } = await makeCertificates(dir, NPMJS_HOST);
	const target = new URL(verdaccioUrl);
	const refused: string[] = [];
	const forwarded: string[] = [];

	const forward = (request: IncomingMessage, response: ServerResponse) => {
		forwarded.push(`${request.method} ${request.url}`);
		const upstream = httpRequest(
			{
				host: target.hostname,
				port: target.port,
				method: request.method,
				path: request.url,
				headers: { ...request.headers, host: NPMJS_HOST, 'x-forwarded-proto': 'https' },
			},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
			},
		);
		upstream.on('error', (error) => {
			if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
			response.end(`install-test proxy: Verdaccio did not answer: ${error.message}`);
		});
		request.pipe(upstream);
	};
	// Not listening: CONNECTed sockets are handed to it.
	const tlsServer = createHttpsServer({ key, cert }, forward);
	const sockets = new Set<Socket>();
	const proxy = createHttpServer((request, response) => {
		// A plain-HTTP proxy request (n8n's fakes are reached directly: NO_PROXY).
		refused.push(`${request.method} ${request.url}`);
		response.writeHead(403, { 'content-type': 'text/plain' }).end('install-test proxy: only registry.npmjs.org is served\n');
	});
	proxy.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	proxy.on('connect', (request: IncomingMessage, socket: Socket) => {
		socket.on('error', () => undefined);
		if (request.url !== `${NPMJS_HOST}:443`) {
			refused.push(request.url ?? '');
			socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
			return;
		}
		socket.write('HTTP/1.1 200 Connection Established\r\n\r\n', () => tlsServer.emit('connection', socket));
	});
	proxy.listen(0, '127.0.0.1');
	await once(proxy, 'listening');
	const { port } = proxy.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		caFile,
		refused,
		forwarded,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise((resolve) => proxy.close(resolve));
			await rm(dir, { recursive: true, force: true });
		},
	};
}
