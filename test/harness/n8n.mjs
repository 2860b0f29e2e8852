// What `npm start` (scripts/start.mjs), the browser test, the end-to-end tests (test/e2e/) and the
// queue-mode test (test/queue/) share about running the real n8n: where it is installed, the
// environment it runs with, how this package gets into a user folder (packed, as a community
// package or installed with npm), how a CLI command is run, and how a server (`n8n start`, `n8n
// worker`) is started, waited for and stopped. Plain JavaScript, so that the scripts (run by Node
// without a build) and the TypeScript tests share it; types in n8n.d.mts beside this file.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { answersOk, run, startProcess, stopProcess, waitUntilReady } from './processes.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The n8n release `npm test`, `npm start`, the browser, queue and install tests and the bench run. */
export const PINNED_N8N_VERSION = '2.41.1';
/**
 * The release this process runs: `N8N_VERSION` picks another one of test/n8n-releases/ (the
 * compatibility stage, scripts/compat.sh); each is installed from its own lockfile there.
 */
export const N8N_VERSION = process.env.N8N_VERSION || PINNED_N8N_VERSION;
/** The releases a lockfile is kept for: `test/n8n-releases/<version>/package-lock.json`. */
export const releasesDir = path.join(repoRoot, 'test', 'n8n-releases');
/**
 * Where installed n8n releases are kept, one folder each (`n8n-<version>`), outside the clone so
 * that every clone on the machine reuses them: `N8N_RELEASES_CACHE`, else `$XDG_CACHE_HOME` or
 * `~/.cache`, under `n8n-nodes-taxpayer-messaging/`.
 */
export const releasesCacheRoot =
	process.env.N8N_RELEASES_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'n8n-nodes-taxpayer-messaging');
export const cacheDir = path.join(releasesCacheRoot, `n8n-${N8N_VERSION}`);
export const n8nBin = path.join(cacheDir, 'node_modules', 'n8n', 'bin', 'n8n');

/** Whether the running release has a backend module (n8n refuses to disable one it does not know). */
export function releaseHasModule(name) {
	return existsSync(path.join(cacheDir, 'node_modules', 'n8n', 'dist', 'modules', name));
}
export const PACKAGE_NAME = 'n8n-nodes-taxpayer-messaging';
/** A fixed key for local sandboxes and tests only; it protects nothing of value. */
export const DEV_ENCRYPTION_KEY = 'taxpayer-messaging-local-dev-key-not-a-secret';

/**
 * The credentials `npm start` creates in sandbox mode (pointing at the fakes). Example workflows in
 * examples/ refer to them by these ids, so they run as imported.
 */
export const SANDBOX_CREDENTIALS = {
	lookup: { id: 'sandboxLookupApi', name: 'Taxpayer Lookup (sandbox fake)', type: 'taxpayerLookupApi' },
	messaging: { id: 'sandboxMessaging', name: 'Messaging (sandbox fake)', type: 'messagingApi' },
	sunat: { id: 'sandboxSunatApi', name: 'SUNAT API (sandbox fake)', type: 'sunatApi' },
	sunatSire: { id: 'sandboxSunatSireApi', name: 'SUNAT SIRE API (sandbox fake)', type: 'sunatSireApi' },
	// n8n's own OpenAI credential, pointed at fakes/openai (the stand-in model) for the AI agent example.
	openAi: { id: 'sandboxOpenAiApi', name: 'OpenAI (sandbox stand-in model)', type: 'openAiApi' },
};

/** The sandbox's instance for trying a Messaging Trigger: connected, and no example listens on it. */
export const SANDBOX_PLAYGROUND_INSTANCE = 'playground';

/**
 * How `npm start` sets up the fakes in sandbox mode (the end-to-end tests of examples/ use the same):
 * one number that is not on WhatsApp and one contact name, so Check Numbers shows both answers; the
 * fake's three instances (`sales`, which the published RUC bot listens on, `Support Team`,
 * `offline`) plus `playground`, connected and used by no example: the one to try a Messaging
 * Trigger on, and where `POST /_fake/deliver` delivers when its body names no instance.
 */
export const SANDBOX_FAKE_OPTIONS = {
	messaging: {
		unregistered: ['51911111111'],
		contacts: { '51987654321': 'Ana Torres' },
		// `instances` replaces the fake's default list: the default three stay as they are.
		instances: [
			{ name: 'sales', connectionStatus: 'open' },
			{ name: 'Support Team', connectionStatus: 'open' },
			{ name: 'offline', connectionStatus: 'close' },
			{ name: SANDBOX_PLAYGROUND_INSTANCE, connectionStatus: 'open' },
		],
		deliverTo: SANDBOX_PLAYGROUND_INSTANCE,
	},
};

/**
 * The environment of an n8n process using `userFolder` (n8n keeps its data in `<userFolder>/.n8n`).
 * Every listening port is explicit so that several n8n processes can run side by side.
 */
export function n8nEnv({ userFolder, port, brokerPort, extra = {} }) {
	const env = { ...process.env };
	// Settings of an n8n the caller may run elsewhere must not leak in.
	for (const key of Object.keys(env)) {
		if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|GENERIC_TIMEZONE$|WEBHOOK_URL$)/.test(key)) delete env[key];
		// Under a test runner NODE_ENV is "test", and n8n then refuses to load nodes and logs nothing.
		if (/^(NODE_ENV$|VITEST|TEST$|JEST_WORKER_ID$)/.test(key)) delete env[key];
	}
	return {
		...env,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: DEV_ENCRYPTION_KEY,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_SECURE_COOKIE: 'false',
		// Quiet and offline: no Python runner (not installed), no registry fetches from api.n8n.io.
		N8N_PYTHON_ENABLED: 'false',
		// 1.x and 2.0 have no such module and refuse to start when asked to disable it.
		...(releaseHasModule('mcp-registry') ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// Today's defaults, set explicitly so n8n does not warn that they will change.
		N8N_RUNNERS_TASK_TIMEOUT: '300',
		N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES: String(2 * 1024 ** 3),
		N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES: '5000',
		DB_TYPE: 'sqlite',
		GENERIC_TIMEZONE: 'America/Lima',
		N8N_PORT: String(port),
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		...extra,
	};
}

/**
 * Runs `npm pack` on the repository (it must be built) into a new temporary folder: the tarball
 * users install. Returns its path; the caller removes `path.dirname(result)` when done.
 */
export async function packTarball() {
	const dir = await mkdtemp(path.join(tmpdir(), 'taxpayer-messaging-pack-'));
	const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
		cwd: repoRoot,
	});
	const [{ filename }] = JSON.parse(stdout);
	return path.join(dir, path.basename(filename));
}

/**
 * The packed package unpacked beside its tarball (which is removed): exactly what
 * `npm install n8n-nodes-taxpayer-messaging` would put on disk. Returns the unpacked package
 * folder; the caller removes `path.dirname(result)` when done.
 */
export async function packPackage() {
	const tarball = await packTarball();
	const dir = path.dirname(tarball);
	await run('tar', ['-xzf', tarball, '-C', dir]);
	await rm(tarball);
	return path.join(dir, 'package');
}

/**
 * Installs the tarball into an n8n user folder as README's Installation says to install a build:
 * `npm install --legacy-peer-deps <tarball>` in `<userFolder>/.n8n/nodes` (the peer dependency,
 * n8n-workflow, is n8n's own; no registry is asked).
 */
export async function installTarball(userFolder, tarball) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	await mkdir(nodesDir, { recursive: true });
	await run('npm', ['install', '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: nodesDir });
}

/**
 * Installs the unpacked package as a community package of the n8n user folder `userFolder`, the way
 * n8n's own installer lays it out: `.n8n/nodes/node_modules/<name>` plus `.n8n/nodes/package.json`
 * listing it. n8n then loads its node types as `n8n-nodes-taxpayer-messaging.<node>`.
 */
export async function installCommunityPackage(userFolder, unpackedDir) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	await rm(target, { recursive: true, force: true });
	await mkdir(path.dirname(target), { recursive: true });
	await cp(unpackedDir, target, { recursive: true });
	const { version } = JSON.parse(await readFile(path.join(unpackedDir, 'package.json'), 'utf8'));
	const manifest = { name: 'installed-nodes', private: true, dependencies: { [PACKAGE_NAME]: version } };
	await writeFile(path.join(nodesDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
	return target;
}

/** Files of a folder, recursively, as paths relative to it. */
export async function listFiles(dir) {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
		.sort();
}

/**
 * Starts an n8n server, `n8n <command> <args>` (default `n8n start`), in the user folder and with
 * the environment of `env` (see n8nEnv); `name` is what errors call it. Its output is collected
 * (`output()`), or printed with `inherit`. `ready()` waits until `url` answers 2xx (default: its
 * `/healthz/readiness` on N8N_PORT; a worker's is on its QUEUE_HEALTH_CHECK_PORT) and throws with
 * the output's tail if n8n exits first or is not ready within `timeoutMs`. `stop()` stops it (see
 * stopProcess).
 */
export function startN8n({ env, command = 'start', args = [], inherit = false, onLine, keepChars, name = `n8n ${command}` }) {
	const { child, output } = startProcess(process.execPath, [n8nBin, command, ...args], { cwd: env.N8N_USER_FOLDER, env, inherit, onLine, keepChars });
	return {
		child,
		output,
		ready: ({ url = `http://127.0.0.1:${env.N8N_PORT}/healthz/readiness`, timeoutMs = 120_000 } = {}) =>
			waitUntilReady(child, name, answersOk(url), output, timeoutMs),
		stop: (options) => stopProcess(child, options),
	};
}

/** Runs the n8n CLI (the release installed in cacheDir) with `env` (see n8nEnv). */
export function runN8n(args, { env, cwd, allowFailure, onLine, timeoutMs }) {
	return run(process.execPath, [n8nBin, ...args], { env, cwd: cwd ?? env.N8N_USER_FOLDER, allowFailure, onLine, timeoutMs });
}

/** bcrypt hash of a password, made with the bcryptjs n8n itself uses (owner set-up from env vars). */
export async function bcryptHash(password) {
	const { createRequire } = await import('node:module');
	const require = createRequire(path.join(cacheDir, 'node_modules', 'n8n', 'package.json'));
	const bcrypt = require('bcryptjs');
	return bcrypt.hashSync(password, 10);
}
