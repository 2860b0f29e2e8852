// Records the real Evolution server's answers to the fixed request list
// (test/fixtures/evolution-real/requests.json) into test/fixtures/evolution-real/<release>/, which
// test/fakes/evolution/realServer.test.ts holds the fake to. The server runs offline through the
// realevo harness (a loopback-only network namespace; see docs/development.md):
//
//   node scripts/realevo/record.mjs --tree /tmp/realevo/src-2.3.7 [--harness /work/shared/realevo]
//       starts that prepared tree on a fresh database (as root), records, stops it
//   node scripts/realevo/record.mjs --url http://127.0.0.1:18081 [--key realevo-global-key]
//       records a server already running (its database must hold no instance named realevo-*)
//
// The release is the one GET / names, or --release (2.4.0-rc2's GET / says 2.4.0). A server whose business routes answer 503 LICENSE_REQUIRED
// (2.4 without a licence) is asked the `gate` list, written to gate.json; others the `requests`
// list, written to answers.json.
//
// Then (not behind the gate) the Messaging node's own operations that need no WhatsApp connection
// run through n8n's engine against the same server (test/harness/realItems.ts: instance, settings,
// event transports, proxy, Chatwoot, chatbot sessions, the finds on a fresh instance, labels, the
// uploads of Send Media, Send Audio and Send Video Note, and their errors); their parameters, items
// or error, and every HTTP exchange, masked, are written to items.json
// (test/nodes/Messaging/realServerItems.test.ts holds the fake to them).
//
// Last, issue 42's routes (test/fixtures/evolution-real/chatbots.json: every chatbot's configuration,
// OpenAI's credentials and models, S3's media), scenario by scenario, each on a server started with
// the scenario's environment (all bots on; all switched off), written to chatbots.json
// (test/fakes/evolution/realServerChatbots.test.ts holds the fake to them). With --tree the script
// restarts the server for a scenario that changes the environment; with --url it records only the
// scenarios named by --scenario (default: those that change nothing), the server being started as
// they say, and keeps the other scenarios' recordings.
//   --only requests|chatbots   record only answers.json and items.json, or only chatbots.json
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';

import { run } from '../../test/harness/processes.mjs';
import { FIXTURES, loadChatbotScenarios, loadRequests, mask, replay } from '../../test/harness/realEvolution.mjs';

// The engine and the node are TypeScript: plain Node runs them through the bench's transpiling
// loader (bench/register.cjs), which also pins one copy of n8n-workflow and n8n-core.
const require = createRequire(import.meta.url);
require('../../bench/register.cjs');
/** @type {typeof import('../../test/harness/realItems.ts')} */
const { runItemsOperations } = require('../../test/harness/realItems.ts');

const { values: args } = parseArgs({
	options: {
		tree: { type: 'string' },
		harness: { type: 'string', default: process.env.REALEVO_HARNESS ?? '/work/shared/realevo' },
		url: { type: 'string' },
		key: { type: 'string', default: process.env.REALEVO_KEY ?? 'realevo-global-key' },
		port: { type: 'string', default: '18181' },
		out: { type: 'string', default: FIXTURES },
		// The folder's name when GET / does not tell the release apart (2.4.0-rc2 answers "2.4.0").
		release: { type: 'string' },
		// Only the raw requests (answers.json), not the node's operations (items.json).
		'no-items': { type: 'boolean', default: false },
		// Only one part: `requests` (answers.json, items.json) or `chatbots` (chatbots.json).
		only: { type: 'string' },
		// With --url: the chatbots.json scenarios the running server's environment is set for.
		scenario: { type: 'string', multiple: true },
	},
});
if (args.only !== undefined && !['requests', 'chatbots'].includes(args.only)) {
	console.error('--only takes requests or chatbots');
	process.exit(2);
}

const WRONG_KEY = 'not-the-server-key';

async function harness(action, rest = [], extraEnv = {}) {
	// Its own namespace and database folder per tree, so that another run of the harness is left alone.
	const env = {
		...process.env,
		...extraEnv,
		REALEVO_NS: 'realevo-rec',
		REALEVO_BASE: `/tmp/realevo/rec-${basename(args.tree)}`,
		REALEVO_EXPOSE: args.port,
		REALEVO_KEY: args.key,
	};
	const result = await run('bash', [join(args.harness, 'start.sh'), action, ...rest], { env, onLine: (line) => console.error(line), timeoutMs: 300_000 });
	return result.stdout;
}

/** Starts the tree on a fresh database, with `env` appended to the harness's environment. */
async function freshServer(env = {}) {
	await harness('down', ['--purge']);
	const extra = {};
	if (Object.keys(env).length > 0) {
		const file = join(tmpdir(), `realevo-env-${process.pid}`);
		writeFileSync(file, Object.entries(env).map(([key, value]) => `${key}=${value}\n`).join(''));
		extra.REALEVO_ENV_EXTRA = file;
	}
	await harness('up', [args.tree, '18080'], extra);
}

async function serverInfo(url) {
	const info = await (await fetch(`${url}/`)).json();
	const probe = await fetch(`${url}/instance/fetchInstances`, { headers: { apikey: args.key } });
	const gated = probe.status === 503 && (await probe.json()).code === 'LICENSE_REQUIRED';
	return { release: args.release ?? String(info.version), version: info.version, gated };
}

/**
 * Records chatbots.json's scenarios. `serverFor(scenario)` answers the URL of a server started with
 * the scenario's environment, or undefined to leave that scenario's earlier recording as it is.
 */
async function recordChatbots(release, serverFor) {
	const file = join(args.out, release, 'chatbots.json');
	let earlier = [];
	try {
		earlier = JSON.parse(readFileSync(file, 'utf8')).scenarios;
	} catch (error) {
		if (error.code !== 'ENOENT') throw error;
	}
	const scenarios = [];
	for (const scenario of loadChatbotScenarios()) {
		const url = await serverFor(scenario);
		if (url === undefined) {
			const kept = earlier.find((recorded) => recorded.name === scenario.name);
			if (kept) scenarios.push(kept);
			console.error(`record: chatbots scenario ${scenario.name} not recorded now${kept ? ' (earlier recording kept)' : ''}`);
			continue;
		}
		console.error(`record: chatbots scenario ${scenario.name} (${JSON.stringify(scenario.env)}), ${scenario.requests.length} requests`);
		const answers = await replay(scenario.requests, { url, keys: { global: args.key, wrong: WRONG_KEY } });
		scenarios.push({ name: scenario.name, env: scenario.env, answers });
	}
	mkdirSync(join(args.out, release), { recursive: true });
	const recording = {
		$comment: "Issue 42's routes (chatbots.json's scenarios) as the real Evolution server answered them, each scenario on a fresh server started with the harness's environment plus the scenario's env (scripts/realevo/record.mjs), masked as answers.json. Do not edit by hand.",
		release,
		scenarios,
	};
	writeFileSync(file, `${JSON.stringify(recording, null, '\t')}\n`);
	console.error(`record: ${scenarios.length} chatbots scenarios written to ${file}`);
}

async function record(url) {
	const { release, version, gated } = await serverInfo(url);
	const { requests, gate } = loadRequests();
	const list = gated ? gate : requests;
	console.error(`record: Evolution ${version} as ${release}${gated ? ' (licence gate)' : ''}, ${list.length} requests`);
	const answers = await replay(list, { url, keys: { global: args.key, wrong: WRONG_KEY } });
	const folder = join(args.out, release);
	mkdirSync(folder, { recursive: true });
	const file = join(folder, gated ? 'gate.json' : 'answers.json');
	const recording = {
		$comment: 'Recorded from the real Evolution server by scripts/realevo/record.mjs (realevo harness, offline, environment as its start.sh writes it: websocket on, rabbitmq/nats/sqs/pusher/kafka off, every chatbot on). Do not edit by hand.',
		release,
		list: gated ? 'gate' : 'requests',
		answers,
	};
	writeFileSync(file, `${JSON.stringify(recording, null, '\t')}\n`);
	console.error(`record: ${answers.length} answers written to ${file}`);
	if (gated || args['no-items']) return;
	const results = await runItemsOperations({ url, apiKey: args.key, wrongKey: WRONG_KEY });
	const itemsFile = join(folder, 'items.json');
	const items = {
		$comment: "The Messaging node's operations that need no WhatsApp connection, run through n8n's engine against the real Evolution server after requests.json (scripts/realevo/record.mjs, test/harness/realItems.ts): per operation its parameters, the items it produced (json) or the error that stopped it, and every HTTP exchange (sent: the JSON body or the multipart parts), masked as answers.json. Do not edit by hand.",
		release,
		operations: mask(results),
	};
	writeFileSync(itemsFile, `${JSON.stringify(items, null, '\t')}\n`);
	console.error(`record: ${results.length} operations written to ${itemsFile}`);
}

const sameEnv = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

if (args.url) {
	if (args.only !== 'chatbots') await record(args.url);
	const { release, gated } = await serverInfo(args.url);
	if (args.only !== 'requests' && !gated) {
		const named = args.scenario;
		await recordChatbots(release, async (scenario) => ((named ? named.includes(scenario.name) : Object.keys(scenario.env).length === 0) ? args.url : undefined));
	}
} else if (args.tree) {
	const url = `http://127.0.0.1:${args.port}`;
	try {
		await freshServer();
		if (args.only !== 'chatbots') await record(url);
		const { release, gated } = await serverInfo(url);
		if (args.only !== 'requests' && !gated) {
			// The running server's environment: the harness's own, then each scenario's.
			let running = {};
			await recordChatbots(release, async (scenario) => {
				if (!sameEnv(running, scenario.env)) {
					await freshServer(scenario.env);
					running = scenario.env;
				}
				return url;
			});
		}
	} finally {
		await harness('down', ['--purge']);
	}
} else {
	console.error('usage: record.mjs --tree <prepared Evolution tree> [--harness <realevo dir>] | --url <server URL> [--key <global key>]');
	process.exit(2);
}
