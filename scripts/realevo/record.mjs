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
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';

import { run } from '../../test/harness/processes.mjs';
import { FIXTURES, loadRequests, mask, replay } from '../../test/harness/realEvolution.mjs';

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
	},
});

const WRONG_KEY = 'not-the-server-key';

async function harness(action, ...rest) {
	// Its own namespace and database folder per tree, so that another run of the harness is left alone.
	const env = {
		...process.env,
		REALEVO_NS: 'realevo-rec',
		REALEVO_BASE: `/tmp/realevo/rec-${basename(args.tree)}`,
		REALEVO_EXPOSE: args.port,
		REALEVO_KEY: args.key,
	};
	const result = await run('bash', [join(args.harness, 'start.sh'), action, ...rest], { env, onLine: (line) => console.error(line), timeoutMs: 300_000 });
	return result.stdout;
}

async function record(url) {
	const info = await (await fetch(`${url}/`)).json();
	const release = args.release ?? String(info.version);
	const probe = await fetch(`${url}/instance/fetchInstances`, { headers: { apikey: args.key } });
	const gated = probe.status === 503 && (await probe.json()).code === 'LICENSE_REQUIRED';
	const { requests, gate } = loadRequests();
	const list = gated ? gate : requests;
	console.error(`record: Evolution ${info.version} as ${release}${gated ? ' (licence gate)' : ''}, ${list.length} requests`);
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

if (args.url) {
	await record(args.url);
} else if (args.tree) {
	await harness('down', '--purge');
	await harness('up', args.tree, '18080');
	try {
		await record(`http://127.0.0.1:${args.port}`);
	} finally {
		await harness('down', '--purge');
	}
} else {
	console.error('usage: record.mjs --tree <prepared Evolution tree> [--harness <realevo dir>] | --url <server URL> [--key <global key>]');
	process.exit(2);
}
