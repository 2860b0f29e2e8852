// `npm start`: the real n8n 2.41.1 with this package installed as a community package, ready in the
// browser at http://localhost:5678. On a fresh machine it installs n8n into its cache folder first
// (once; test/harness/n8n.mjs says where).
//
// Sandbox mode (the default) also starts fakes of the two APIs on loopback, imports credentials that
// point at them and the example workflows of examples/, so everything works without real accounts.
//   SANDBOX=0 npm start          (or: npm start -- --no-sandbox)  no fakes, no fake credentials; the
//                                n8n data then lives in .n8n-sandbox/live, apart from the sandbox's.
//   PORT=5679 npm start          another editor port
//   LISTEN_ADDRESS=0.0.0.0 npm start   reachable from other machines (default: this machine only)
//   SANDBOX_DIR=/tmp/n8n npm start      keep n8n's data there (the browser test uses a fresh one)
//   EVOLUTION_RELEASE=2.4.0-rc2 npm start   the messaging fake plays that release (2.3.6, 2.3.7 the
//                                default, 2.4.0-rc2; EVOLUTION_ACTIVATED=0: 2.4's licence gate closed);
//                                POST /_fake/release {release, activated} changes it while running
// The owner account is created from environment variables (n8n's N8N_INSTANCE_OWNER_* settings), so
// the editor opens at the sign-in page; the address and password are printed when n8n is ready.
// Ctrl-C stops n8n and the fakes.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { ensureN8n } from './n8n/install.mjs';
import {
	N8N_VERSION,
	PACKAGE_NAME,
	SANDBOX_CREDENTIALS,
	SANDBOX_FAKE_OPTIONS,
	bcryptHash,
	installCommunityPackage,
	n8nEnv,
	packPackage,
	repoRoot,
	runN8n,
	startN8n,
} from '../test/harness/n8n.mjs';
import { freePort, portIsFree, run } from '../test/harness/processes.mjs';

const args = process.argv.slice(2);
const sandbox = !(args.includes('--no-sandbox') || ['0', 'false', 'no', 'off'].includes(String(process.env.SANDBOX).toLowerCase()));
const port = Number(process.env.PORT || 5678);
const listenAddress = process.env.LISTEN_ADDRESS || '127.0.0.1';
const SANDBOX_EVOLUTION_RELEASE = '2.3.7';
const userFolder = process.env.SANDBOX_DIR
	? path.resolve(process.env.SANDBOX_DIR)
	: path.join(repoRoot, '.n8n-sandbox', ...(sandbox ? [] : ['live']));
const owner = {
	email: process.env.SANDBOX_OWNER_EMAIL || 'sandbox@example.com',
	password: process.env.SANDBOX_OWNER_PASSWORD || 'Sandbox-n8n-1',
};

const log = (line = '') => console.log(line);
const step = (line) => log(`== ${line}`);

/**
 * n8n's log lines that say something failed where nothing did, each with what it means here,
 * printed once in its place: n8n starts a Python task runner for the Code node only where Python
 * has n8n's virtual environment, and warns on every start where it has not.
 */
const HARMLESS_N8N_LINES = [
	{
		pattern: /Failed to start Python task runner in internal mode/,
		means: "   (n8n: no Python task runner here, so the Code node's Python is off; these nodes don't use it)",
	},
];
const explained = new Set();

/** One line of n8n's output as the sandbox shows it: a harmless warning replaced by its meaning, once. */
function showN8nLine(line) {
	const harmless = HARMLESS_N8N_LINES.find(({ pattern }) => pattern.test(line));
	if (!harmless) return log(line);
	if (!explained.has(harmless)) log(harmless.means);
	explained.add(harmless);
}
const cleanups = [];
/** Commands the banner prints to try the sandbox by hand. */
const tryItLines = [];
let n8nProcess;
let stopping = false;

async function main() {
	if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, not ${process.env.PORT}`);
	step(`n8n ${N8N_VERSION} with ${PACKAGE_NAME}, ${sandbox ? 'sandbox mode (fake APIs)' : 'live mode (no fakes: your own credentials)'}`);
	await ensureN8n({ log });
	if (!(await portIsFree(port))) {
		throw new Error(`port ${port} is taken (another n8n?). Stop it, or choose another: PORT=5679 npm start`);
	}

	if (!existsSync(path.join(repoRoot, 'node_modules', '.package-lock.json'))) step('installing the dev dependencies (npm ci)');
	await run('bash', ['scripts/install-deps.sh'], { cwd: repoRoot, onLine: (line) => line && log(`   ${line}`) });

	step('building the package (npm run build)');
	await run('npm', ['run', '--silent', 'build'], { cwd: repoRoot, onLine: (line) => line && log(`   ${line}`) });

	step(`installing it as a community package into ${path.relative(repoRoot, userFolder)}/.n8n/nodes`);
	const unpacked = await packPackage();
	try {
		await installCommunityPackage(userFolder, unpacked);
	} finally {
		await rm(path.dirname(unpacked), { recursive: true, force: true });
	}

	const env = n8nEnv({
		userFolder,
		port,
		brokerPort: await freePort(),
		extra: {
			N8N_LISTEN_ADDRESS: listenAddress,
			N8N_HOST: 'localhost',
			N8N_EDITOR_BASE_URL: `http://localhost:${port}`,
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: owner.email,
			N8N_INSTANCE_OWNER_FIRST_NAME: 'Sandbox',
			N8N_INSTANCE_OWNER_LAST_NAME: 'Owner',
			N8N_INSTANCE_OWNER_PASSWORD_HASH: await bcryptHash(owner.password),
			// Activated workflows go live through an outbox n8n polls (default every 15 s).
			N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '2000',
			// n8n pings its SQLite file every 2 s and logs "Database ping failed" past 5 s, which a busy
			// 2-core machine reaches while n8n itself starts.
			DB_PING_TIMEOUT_MS: '30000',
		},
	});

	const credentials = [];
	const fakes = [];
	if (sandbox) {
		step('starting the API fakes on loopback');
		const started = await startFakes();
		credentials.push(...started.credentials);
		fakes.push(...started.descriptions);
	}
	const workflows = await readExamples();
	await importIfChanged(env, credentials, workflows);

	step(`starting n8n on http://localhost:${port} (Ctrl-C stops it)`);
	n8nProcess = startN8n({ env, onLine: showN8nLine, keepChars: 20_000 });
	n8nProcess.child.on('exit', (code, signal) => {
		n8nProcess = undefined;
		if (!stopping) {
			log(`n8n exited (${signal ?? code})`);
			void shutdown(code ?? 1);
		}
	});
	await n8nProcess.ready({ timeoutMs: 180_000 });
	const { nodeTypes, cookie } = await checkSignIn();
	const activated = await activateExamples(workflows, cookie);
	banner({ fakes, workflows, nodeTypes, credentials, activated });
}

/** Starts the fakes from fakes/ (TypeScript, run through Node 24's type stripping). */
async function startFakes() {
	silenceTypelessModuleWarning();
	const credentials = [];
	const descriptions = [];
	const lookupFile = path.join(repoRoot, 'fakes/lookup/index.ts');
	if (existsSync(lookupFile)) {
		const { startLookupFake, VALID_TOKEN } = await import(pathToFileURL(lookupFile).href);
		const fake = await startLookupFake({ port: await preferredPort(Number(process.env.LOOKUP_FAKE_PORT || 5701)) });
		cleanups.push(() => fake.close());
		credentials.push({
			...SANDBOX_CREDENTIALS.lookup,
			data: { baseUrl: fake.url, accessToken: VALID_TOKEN },
		});
		descriptions.push(`lookup API fake    ${fake.url}  (token ${VALID_TOKEN}) → credential "${SANDBOX_CREDENTIALS.lookup.name}"`);
	} else log('   (fakes/lookup/index.ts is missing: no lookup fake)');
	const evolutionFile = path.join(repoRoot, 'fakes/evolution/index.ts');
	if (existsSync(evolutionFile)) {
		const { startEvolutionFake, DEFAULT_API_KEY } = await import(pathToFileURL(evolutionFile).href);
		const fake = await startEvolutionFake({
			...SANDBOX_FAKE_OPTIONS.messaging,
			port: await preferredPort(Number(process.env.MESSAGING_FAKE_PORT || 5702)),
			// The reference release (the one most servers run) unless told otherwise: it has Template
			// Edit and Delete, which the fake answers 404 as 2.3.6 (the tests' default) would.
			release: process.env.EVOLUTION_RELEASE || SANDBOX_EVOLUTION_RELEASE,
			...(process.env.EVOLUTION_ACTIVATED ? { activated: !['0', 'false', 'no', 'off'].includes(process.env.EVOLUTION_ACTIVATED.toLowerCase()) } : {}),
		});
		cleanups.push(() => fake.close());
		credentials.push({
			...SANDBOX_CREDENTIALS.messaging,
			data: { serverUrl: fake.url, apiKey: DEFAULT_API_KEY ?? 'global-test-key' },
		});
		const { instances, deliverTo, unregistered } = SANDBOX_FAKE_OPTIONS.messaging;
		const instanceList = instances.map(({ name, connectionStatus }) => `"${name}"${connectionStatus === 'open' ? '' : ` (${connectionStatus === 'close' ? 'disconnected' : connectionStatus})`}`).join(', ');
		descriptions.push(`messaging API fake ${fake.url}  (apikey ${DEFAULT_API_KEY}, instances ${instanceList}; ${unregistered.join(', ')} is not on WhatsApp) → credential "${SANDBOX_CREDENTIALS.messaging.name}"`);
		const deliver = (body) => `   curl -s -X POST ${fake.url}/_fake/deliver -H 'content-type: application/json' -d '${JSON.stringify(body)}'`;
		// "playground" is free for a trigger under test; the published RUC bot listens on "sales".
		tryItLines.push(
			`try a Messaging Trigger: add one to a workflow, pick Instance "${deliverTo}" (no example listens on it), click "Execute step", then send it a message:`,
			deliver({ instance: deliverTo, text: 'Hola', from: '51987654321' }),
			`try the RUC bot (example "RUC bot on WhatsApp", published, listens on instance "sales"): write to it as a customer would, then read its reply`,
			deliver({ instance: 'sales', text: 'Hola, el RUC 20131312955 por favor' }),
			`   curl -s ${fake.url}/_fake/sent`,
			'   (also: {"instance":"sales","text":"20131312956"} for a wrong check digit; "kind" image, status, connection; "lid" for an @lid sender;',
			`    without "instance" the message goes to "${deliverTo}"; every key: docs/development.md, "The fakes")`,
		);
	} else log('   (fakes/evolution/index.ts is missing: no messaging fake)');
	const sunatFile = path.join(repoRoot, 'fakes/sunat/index.ts');
	if (existsSync(sunatFile)) {
		const { startSunatFake, SANDBOX_CLIENT } = await import(pathToFileURL(sunatFile).href);
		const fake = await startSunatFake({ port: await preferredPort(Number(process.env.SUNAT_FAKE_PORT || 5704)) });
		cleanups.push(() => fake.close());
		credentials.push({
			...SANDBOX_CREDENTIALS.sunat,
			data: { clientId: SANDBOX_CLIENT.clientId, clientSecret: SANDBOX_CLIENT.clientSecret, ruc: SANDBOX_CLIENT.ruc, tokenUrl: fake.url, apiUrl: fake.url },
		});
		descriptions.push(`SUNAT invoice fake ${fake.url}  (client ${SANDBOX_CLIENT.clientId}, RUC ${SANDBOX_CLIENT.ruc}) → credential "${SANDBOX_CREDENTIALS.sunat.name}"`);
	} else log('   (fakes/sunat/index.ts is missing: no SUNAT fake)');
	const sireFile = path.join(repoRoot, 'fakes/sire/index.ts');
	if (existsSync(sireFile)) {
		const { startSireFake, SANDBOX_SIRE_CLIENT } = await import(pathToFileURL(sireFile).href);
		const fake = await startSireFake({ port: await preferredPort(Number(process.env.SIRE_FAKE_PORT || 5705)) });
		cleanups.push(() => fake.close());
		const { clientId, clientSecret, ruc, solUser, solPassword } = SANDBOX_SIRE_CLIENT;
		credentials.push({
			...SANDBOX_CREDENTIALS.sunatSire,
			data: { clientId, clientSecret, ruc, solUser, solPassword, tokenUrl: fake.url, apiUrl: fake.url },
		});
		descriptions.push(`SUNAT SIRE fake    ${fake.url}  (client ${clientId}, RUC ${ruc}, SOL user ${solUser}) → credential "${SANDBOX_CREDENTIALS.sunatSire.name}"`);
	} else log('   (fakes/sire/index.ts is missing: no SIRE fake)');
	const openAiFile = path.join(repoRoot, 'fakes/openai/index.ts');
	if (existsSync(openAiFile)) {
		const { startOpenAiFake } = await import(pathToFileURL(openAiFile).href);
		const fake = await startOpenAiFake({ port: await preferredPort(Number(process.env.OPENAI_FAKE_PORT || 5703)) });
		cleanups.push(() => fake.close());
		credentials.push({ ...SANDBOX_CREDENTIALS.openAi, data: { apiKey: fake.apiKey, url: fake.url } });
		descriptions.push(`OpenAI API fake    ${fake.url}  (a stand-in model that knows the AI agent example's task) → credential "${SANDBOX_CREDENTIALS.openAi.name}"`);
		tryItLines.push(
			'try the AI agent (example "AI agent looks up a RUC…"): Execute workflow, then open in your browser the ✓ Aprobar link of the last text',
			'   the messaging fake lists (/_fake/sent above): the agent then sends the taxpayer\'s name, and says so in its output',
		);
	} else log('   (fakes/openai/index.ts is missing: no OpenAI fake)');
	for (const line of descriptions) log(`   ${line}`);
	return { credentials, descriptions };
}

/** `port` when it is free, else any free port (the credentials follow the fakes). */
async function preferredPort(wanted) {
	return (await portIsFree(wanted)) ? wanted : 0;
}

/** Node warns when it loads the fakes' TypeScript as ES modules; harmless here. */
function silenceTypelessModuleWarning() {
	const emit = process.emitWarning;
	process.emitWarning = (warning, ...rest) => {
		const code = typeof rest[0] === 'object' ? rest[0]?.code : rest[1];
		if (code === 'MODULE_TYPELESS_PACKAGE_JSON' || String(warning).includes('Module type of file')) return;
		return emit.call(process, warning, ...rest);
	};
}

/** The example workflows (examples/*.json: one workflow or an array each). */
async function readExamples() {
	const dir = path.join(repoRoot, 'examples');
	if (!existsSync(dir)) return [];
	const workflows = [];
	for (const file of (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()) {
		const content = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
		workflows.push(...(Array.isArray(content) ? content : [content]));
	}
	return workflows;
}

/**
 * Imports credentials and workflows with n8n's CLI, but only when they changed since the last start,
 * so that a restart is quick and keeps what was edited in the editor.
 */
async function importIfChanged(env, credentials, workflows) {
	const stampFile = path.join(userFolder, '.n8n', 'sandbox-imports.json');
	let stamp = {};
	try {
		stamp = JSON.parse(await readFile(stampFile, 'utf8'));
	} catch {
		// first start
	}
	const hash = (value) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
	const work = path.join(userFolder, '.imports');
	await mkdir(work, { recursive: true });
	const next = { ...stamp };
	if (credentials.length > 0 && stamp.credentials !== hash(credentials)) {
		step(`importing ${credentials.length} sandbox credential(s) (n8n import:credentials)`);
		const file = path.join(work, 'credentials.json');
		await writeFile(file, JSON.stringify(credentials, null, 2));
		await runN8n(['import:credentials', `--input=${file}`], { env, onLine: (line) => /import/i.test(line) && log(`   ${line}`) });
		await rm(file);
		next.credentials = hash(credentials);
	}
	if (workflows.length > 0 && stamp.workflows !== hash(workflows)) {
		step(`importing ${workflows.length} example workflow(s) from examples/ (n8n import:workflow)`);
		const file = path.join(work, 'workflows.json');
		await writeFile(file, JSON.stringify(workflows, null, 2));
		await runN8n(['import:workflow', `--input=${file}`], { env, onLine: (line) => /import/i.test(line) && log(`   ${line}`) });
		next.workflows = hash(workflows);
	}
	await writeFile(stampFile, JSON.stringify(next, null, 2) + '\n');
}

/** Signs in as the owner (proves the account works) and lists the package's node types n8n serves. */
async function checkSignIn() {
	const base = `http://127.0.0.1:${port}`;
	const response = await fetch(`${base}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
	});
	if (!response.ok) {
		log(`   warning: signing in as ${owner.email} failed (${response.status}): ${(await response.text()).slice(0, 200)}`);
		return { nodeTypes: [], cookie: undefined };
	}
	const cookie = (response.headers.getSetCookie?.() ?? []).map((value) => value.split(';')[0]).join('; ');
	const types = await fetch(`${base}/types/nodes.json`, { headers: { cookie } });
	if (!types.ok) return { nodeTypes: [], cookie };
	const nodes = await types.json();
	return { nodeTypes: nodes.map((node) => node.name).filter((name) => name.startsWith(`${PACKAGE_NAME}.`)), cookie };
}

/**
 * Publishes the example workflows marked `"active": true` that are not yet (import never activates),
 * in sandbox mode only: live mode would hit real APIs on its own.
 */
async function activateExamples(workflows, cookie) {
	const wanted = workflows.filter((workflow) => workflow.active === true && workflow.id);
	if (!sandbox || !cookie || wanted.length === 0) return [];
	const rest = async (method, route, body) => {
		const response = await fetch(`http://127.0.0.1:${port}/rest${route}`, {
			method,
			headers: { cookie, 'content-type': 'application/json', 'browser-id': 'npm-start' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 300)}`);
		return JSON.parse(text).data;
	};
	const activated = [];
	for (const workflow of wanted) {
		try {
			const current = await rest('GET', `/workflows/${workflow.id}`);
			if (!current.active) await rest('POST', `/workflows/${workflow.id}/activate`, { versionId: current.versionId });
			activated.push(workflow.name);
		} catch (error) {
			log(`   warning: could not activate the example "${workflow.name}": ${error.message}`);
		}
	}
	return activated;
}

function banner({ fakes, workflows, nodeTypes, credentials, activated }) {
	const rule = '='.repeat(78);
	log('');
	log(rule);
	log(` n8n ${N8N_VERSION} is ready:  http://localhost:${port}`);
	log(` sign in with:  ${owner.email}  /  ${owner.password}`);
	log(` package:       ${PACKAGE_NAME} (${nodeTypes.length ? nodeTypes.map((name) => name.split('.')[1]).join(', ') : 'node types not listed'})`);
	if (sandbox) {
		log(' sandbox:');
		for (const line of fakes) log(`   ${line}`);
		if (credentials.length === 0) log('   no fakes found in fakes/');
	} else {
		log(' live mode:     no fakes; add your own credentials in the editor (Credentials → Add credential)');
	}
	log(` workflows:     ${workflows.length ? `${workflows.length} example(s) from examples/` : 'none (examples/ is empty)'}`);
	if (activated.length) log(`                active: ${activated.join(', ')}`);
	if (sandbox) for (const line of tryItLines) log(` ${line}`);
	log(` data folder:   ${path.relative(repoRoot, userFolder)}/.n8n   (delete it to start afresh)`);
	log(sandbox ? ' Ctrl-C stops n8n and the fakes.' : ' Ctrl-C stops n8n.');
	log(rule);
}

async function shutdown(exitCode = 0) {
	if (stopping) return;
	stopping = true;
	if (n8nProcess) {
		log('\n== stopping n8n');
		// On Ctrl-C the terminal already sent SIGINT to n8n too (same process group): give it a moment
		// to shut down by itself, then pass a SIGTERM on, and after 20 s more, kill it.
		await n8nProcess.stop({ waitFirstMs: 3_000, graceMs: 20_000 });
	}
	for (const cleanup of cleanups.reverse()) {
		try {
			await cleanup();
		} catch {
			// already closed
		}
	}
	process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(0));

main().catch(async (error) => {
	console.error(`\nnpm start failed: ${error.message}`);
	await shutdown(1);
});
