// One bench case in a fresh process, so that its peak memory is its own: loads the engine, warms
// up, then times one implementation over N items against the fake at BENCH_FAKE_URL and reports
// (IPC, or stdout as JSON) wall time, peak RSS and peak heap.
//   node bench/case.cjs <ours|httpRequest|fetch|validate|...> <N>   (the names in bench/cases.ts)
// BENCH_CPU_PROF=<file.cpuprofile> records a CPU profile of the timed run only (not load/warm-up).
// BENCH_COUNT_EXPRESSIONS=1 counts the expressions n8n evaluates in the timed run, by text and call site,
// and the properties RoutingNode visits.
// BENCH_NODES_ROOT=<checkout> runs that checkout's nodes; BENCH_MESSAGING_WIDTH=<k> (and
// BENCH_MESSAGING_FIELDS=shared) sets the widened Messaging of `sendTextWide` (bench/nodeSource.ts).
'use strict';
require('./register.cjs');
const { heapWatcher, runBenchChild } = require('./child.cjs');

const { implementations, inputsOf } = require('./cases.ts');

/**
 * Counts n8n's expression evaluations (the one entry point every engine path goes through), by text
 * and by who asked: RoutingNode's request building (`runNode`: request defaults, then every property
 * of the description), its base-URL check (`resolveBaseUrl`: the base URL and every property again),
 * our code (`getNodeParameter` in nodes/**), or anything else (the HTTP Request node's own reads).
 */
function countExpressions() {
	const { Expression } = require('n8n-workflow');
	const original = Expression.prototype.resolveSimpleParameterValue;
	const counts = {};
	Error.stackTraceLimit = 40;
	const siteOf = (stack) => {
		for (const line of stack.split('\n').slice(2)) {
			if (line.includes('routing-node.js')) {
				const name = /at (?:RoutingNode\.)?(\w+)/.exec(line.trim())?.[1];
				if (name === 'getParameterValue') continue;
				if (name === 'resolveBaseUrl') return 'RoutingNode.resolveBaseUrl (base-URL second pass)';
				if (name === 'runNode') return 'RoutingNode.runNode (request defaults, every property)';
				return `RoutingNode.${name}`;
			}
			if (/\/(nodes|credentials)\/[^ ]*\.ts/.test(line) && !line.includes('node_modules')) return 'our code (getNodeParameter)';
			if (line.includes('/bench/programmatic.ts')) return 'prototype (getNodeParameter)';
		}
		return 'the node (getNodeParameter)';
	};
	Expression.prototype.resolveSimpleParameterValue = function (value, ...rest) {
		if (typeof value === 'string' && value.startsWith('=')) {
			const site = siteOf(new Error().stack);
			counts[value] ??= {};
			counts[value][site] = (counts[value][site] ?? 0) + 1;
		}
		return original.call(this, value, ...rest);
	};
	return counts;
}

/** Counts the properties RoutingNode visits (its top-level `getRequestOptionsFromParameters` calls: both passes, hidden ones included). */
function countPropertyVisits() {
	const { RoutingNode } = require('n8n-core/dist/execution-engine/routing-node.js');
	const original = RoutingNode.prototype.getRequestOptionsFromParameters;
	const visits = { count: 0 };
	RoutingNode.prototype.getRequestOptionsFromParameters = function (fns, property, itemIndex, runIndex, path, ...rest) {
		if (path === '') visits.count++;
		return original.call(this, fns, property, itemIndex, runIndex, path, ...rest);
	};
	return visits;
}

async function startProfiler() {
	const { Session } = require('node:inspector/promises');
	const session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	await session.post('Profiler.setSamplingInterval', { interval: 200 });
	await session.post('Profiler.start');
	return {
		async stopTo(file) {
			const { profile } = await session.post('Profiler.stop');
			require('node:fs').writeFileSync(file, JSON.stringify(profile));
			session.disconnect();
		},
	};
}

async function main() {
	const [implementation, nText] = process.argv.slice(2);
	const n = Number(nText);
	const baseUrl = process.env.BENCH_FAKE_URL;
	const run = implementations[implementation];
	if (!run || !(n > 0) || !baseUrl) throw new Error('usage: BENCH_FAKE_URL=... node bench/case.cjs <ours|httpRequest|fetch|validate|...> <N>');
	const inputItems = inputsOf(implementation);

	// Warm-up: module loading, first-call compilation and connection setup are not per-item costs.
	for (let i = 0; i < 3; i++) await run(baseUrl, inputItems(50));
	const items = inputItems(n);
	global.gc?.();
	const before = process.memoryUsage();
	const expressions = process.env.BENCH_COUNT_EXPRESSIONS ? countExpressions() : undefined;
	const propertyVisits = process.env.BENCH_COUNT_EXPRESSIONS ? countPropertyVisits() : undefined;
	const profiler = process.env.BENCH_CPU_PROF ? await startProfiler() : undefined;
	const watcher = heapWatcher();
	const started = process.hrtime.bigint();
	const cpuBefore = process.cpuUsage();
	const output = await run(baseUrl, items);
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	const cpu = process.cpuUsage(cpuBefore);
	const peakHeap = watcher.stop();
	if (profiler) await profiler.stopTo(process.env.BENCH_CPU_PROF);
	const failed = output.filter((item) => item.error).length;
	const result = {
		implementation,
		n,
		wallMs,
		// This process's CPU time (user + system) over the timed run: less moved by other work on the machine than wall time.
		cpuMs: (cpu.user + cpu.system) / 1000,
		outputItems: output.length,
		failedItems: failed,
		rssBeforeMB: before.rss / 2 ** 20,
		peakRssMB: process.resourceUsage().maxRSS / 1024,
		heapBeforeMB: (before.heapUsed + before.external) / 2 ** 20,
		peakHeapMB: peakHeap / 2 ** 20,
		...(expressions ? { expressions, propertyVisits: propertyVisits.count } : {}),
		// Validate's verdicts, for the parent to hold against the rows' mix.
		...(implementation === 'validate' ? { validItems: output.filter((item) => item.json.valid === true).length } : {}),
	};
	return result;
}

runBenchChild(main);
