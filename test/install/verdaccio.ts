// A local npm registry for the install test: Verdaccio (installed into .cache/verdaccio by
// scripts/verdaccio/install.mjs, which the install test's script runs first), started on a free loopback port with its config, storage and
// users in a new temporary folder. Everything but this package is fetched from the npm registry
// (the `npmjs` uplink); this package has no uplink, so only the versions published here exist.
// Publishing is as a user created through the registry's own API (what `npm adduser` calls), with
// its token in a temporary .npmrc given to npm as its user config; ~/.npmrc is never written.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PACKAGE_NAME } from '../harness/n8n.mjs';
import { answersOk, freePort, run, startProcess, stopProcess, waitUntilReady } from '../harness/processes.mjs';
import { verdaccioBin, verdaccioDir } from '../harness/verdaccio.mjs';

const PUBLISHER = { name: 'install-test', password: 'install-test-password-1' };

export interface Verdaccio {
	url: string;
	/** Everything Verdaccio printed so far. */
	output(): string;
	/** Publishes a copy of the unpacked package as `version`, with the dist-tag `latest`. */
	publish(unpackedDir: string, version: string): Promise<void>;
	/** The registry's document of this package (versions, dist-tags). */
	packument(): Promise<{ versions: Record<string, unknown>; 'dist-tags': Record<string, string> }>;
	stop(): Promise<void>;
}

const config = (dir: string) => `# Written by test/install/verdaccio.ts for one run of the install test.
storage: ${path.join(dir, 'storage')}
auth:
  htpasswd:
    file: ${path.join(dir, 'htpasswd')}
    max_users: 10
uplinks:
  npmjs:
    url: https://registry.npmjs.org/
packages:
  '${PACKAGE_NAME}':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    proxy: npmjs
web:
  enable: false
log:
  type: stdout
  format: pretty
  level: http
`;

export async function startVerdaccio(): Promise<Verdaccio> {
	const dir = await mkdtemp(path.join(tmpdir(), 'install-test-verdaccio-'));
	await writeFile(path.join(dir, 'config.yaml'), config(dir));
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	const { child, output } = startProcess(process.execPath, [verdaccioBin, '--config', path.join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`], {
		cwd: verdaccioDir,
		env: { ...process.env, NODE_ENV: 'production' },
	});
	await waitUntilReady(child, 'verdaccio', answersOk(`${url}/-/ping`), output, 60_000);

	// A user, as `npm adduser` creates one: PUT /-/user/org.couchdb.user:<name>; the answer has its token.
	const created = await fetch(`${url}/-/user/org.couchdb.user:${PUBLISHER.name}`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ name: PUBLISHER.name, password: PUBLISHER.password, type: 'user', roles: [] }),
	});
	const { token } = (await created.json()) as { token?: string };
	if (!created.ok || !token) throw new Error(`verdaccio refused the publisher account: ${created.status}`);
	const npmrc = path.join(dir, 'publisher.npmrc');
	await writeFile(npmrc, `//127.0.0.1:${port}/:_authToken=${token}\n`);

	return {
		url,
		output,
		publish: async (unpackedDir, version) => {
			const copy = path.join(dir, 'publish', version);
			await rm(copy, { recursive: true, force: true });
			await mkdir(path.dirname(copy), { recursive: true });
			await cp(unpackedDir, copy, { recursive: true });
			const manifestFile = path.join(copy, 'package.json');
			const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
			await writeFile(manifestFile, JSON.stringify({ ...manifest, version }, null, 2) + '\n');
			await run('npm', ['publish', '--registry', `${url}/`, '--tag', 'latest', '--ignore-scripts', '--no-provenance', '--loglevel=error'], {
				cwd: copy,
				env: { ...process.env, npm_config_userconfig: npmrc },
			});
		},
		packument: async () => {
			const response = await fetch(`${url}/${PACKAGE_NAME}`, { headers: { accept: 'application/json' } });
			if (!response.ok) throw new Error(`GET ${url}/${PACKAGE_NAME}: ${response.status}`);
			return (await response.json()) as Awaited<ReturnType<Verdaccio['packument']>>;
		},
		stop: async () => {
			await stopProcess(child);
			await rm(dir, { recursive: true, force: true });
		},
	};
}
