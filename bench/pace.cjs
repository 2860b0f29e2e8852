// The pacing cases of the bench, each in a fresh process against the fakes in the parent:
//   BENCH_FAKE_URL=... node bench/pace.cjs quota <ours|httpRequest> <N>
//     N distinct RUCs through Taxpayer Lookup (no option set) or the HTTP Request node (default
//     settings, On Error: Continue so that the failed items can be counted).
//   BENCH_EVOLUTION_URL=... BENCH_EVOLUTION_KEY=... node bench/pace.cjs sends <N> <minSeconds> <maxSeconds>
//     N Send Text items to one chat with Pause Between Messages set.
// Reports wall time, output items and failed items (IPC, or stdout as JSON).
'use strict';
require('./register.cjs');
const { runBenchChild } = require('./child.cjs');

const { manyRucs, VALID_TOKEN } = require('../fakes/lookup/index.ts');
const { runNode } = require('../test/harness/engine.ts');
const { HEADERS } = require('./cases.ts');
const { benchNodeTypes, HTTP_REQUEST, loadHttpRequestNode } = require('./workflow.ts');

function quotaRun(implementation, n) {
	const baseUrl = process.env.BENCH_FAKE_URL;
	const items = manyRucs(n).map((ruc, row) => ({ json: { ruc, row } }));
	if (implementation === 'ours') {
		return {
			type: 'n8n-nodes-taxpayer-messaging.taxpayerLookup',
			typeVersion: 1,
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
			credentials: { taxpayerLookupApi: { baseUrl, accessToken: VALID_TOKEN } },
			items,
			continueOnFail: true,
		};
	}
	return {
		type: HTTP_REQUEST,
		typeVersion: loadHttpRequestNode().description.defaultVersion,
		parameters: {
			method: 'GET',
			url: `=${baseUrl}/api/v2/ruc/{{ $json.ruc }}`,
			authentication: 'none',
			sendHeaders: true,
			headerParameters: { parameters: Object.entries(HEADERS).map(([name, value]) => ({ name, value })) },
			options: {},
		},
		credentials: {},
		items,
		continueOnFail: true,
	};
}

function sendsRun(n, minSeconds, maxSeconds) {
	return {
		type: 'n8n-nodes-taxpayer-messaging.messaging',
		typeVersion: 1,
		parameters: {
			resource: 'message',
			operation: 'sendText',
			instanceName: { __rl: true, mode: 'list', value: 'sales' },
			number: '51987654321',
			text: '=Aviso {{ $json.row }}',
			options: { pauseBetweenMessages: { pause: { minSeconds, maxSeconds } } },
		},
		credentials: { messagingApi: { serverUrl: String(process.env.BENCH_EVOLUTION_URL), apiKey: String(process.env.BENCH_EVOLUTION_KEY) } },
		items: Array.from({ length: n }, (_, row) => ({ json: { row } })),
	};
}

async function main() {
	const [kind, ...args] = process.argv.slice(2);
	const run = kind === 'quota' ? quotaRun(args[0], Number(args[1])) : sendsRun(Number(args[0]), Number(args[1]), Number(args[2]));
	const startedAt = Date.now();
	const started = process.hrtime.bigint();
	const { items, error } = await runNode({ ...run, nodeTypes: benchNodeTypes });
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	const failed = items.filter((item) => item.error || item.json.error);
	const result = {
		startedAt,
		wallMs,
		outputItems: items.length,
		failedItems: failed.length,
		firstError: error?.message ?? failed[0]?.json.error ?? failed[0]?.error?.message,
	};
	return result;
}

runBenchChild(main);
