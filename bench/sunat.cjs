// The SUNAT Invoice case in a fresh process: the example workflow (bench/example.ts) over N invoices
// against the three fakes in the parent. Three warm-up runs of 50 invoices, then it tells the parent
// (IPC `{ warmedUp: true }`) and waits for `go`, so that the parent can empty the fakes' records and
// count only the timed run's requests; then the timed run, its wall and CPU time, the RSS high-water
// mark from the run on (VmHWM reset with clear_refs) and the sampled heap, over the baseline after
// warm-up, and the workflow's own checks (bench/example.ts exampleChecks). BENCH_COUNT_EXPRESSIONS=1
// counts the expressions n8n evaluates in the timed run, by node.
//   BENCH_SUNAT_URL=... BENCH_FAKE_URL=... BENCH_EVOLUTION_URL=... node bench/sunat.cjs <N>
// Run by hand (no IPC) it does not wait, and the counts at the fakes include the warm-up.
'use strict';
require('./register.cjs');
const fs = require('node:fs');
const { heapWatcher, runBenchChild } = require('./child.cjs');
const { exampleChecks, invoiceRows, runExample } = require('./example.ts');

const WARM_UP_RUNS = 3;
const WARM_UP_N = 50;

function peakRssMB() {
	try {
		return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
	} catch {
		return process.resourceUsage().maxRSS / 1024;
	}
}

/**
 * Counts the expressions n8n evaluates, by the node whose parameter it is (every engine path goes
 * through WorkflowExpression.resolveSimpleParameterValue, the node's name its 6th argument).
 */
function countExpressionsByNode() {
	const { WorkflowExpression } = require('n8n-workflow');
	const original = WorkflowExpression.prototype.resolveSimpleParameterValue;
	const counts = {};
	WorkflowExpression.prototype.resolveSimpleParameterValue = function (value, siblings, runData, runIndex, itemIndex, activeNodeName, ...rest) {
		if (typeof value === 'string' && value.startsWith('=')) counts[activeNodeName] = (counts[activeNodeName] ?? 0) + 1;
		return original.call(this, value, siblings, runData, runIndex, itemIndex, activeNodeName, ...rest);
	};
	return counts;
}

/** Tells the parent the warm-up is over and waits for its go (it empties the fakes' records meanwhile). */
async function readyForTimedRun() {
	if (!process.send) return;
	const go = new Promise((resolve) => process.once('message', resolve));
	process.send({ warmedUp: true });
	await go;
}

async function main() {
	const n = Number(process.argv[2]);
	const fakes = { sunatUrl: process.env.BENCH_SUNAT_URL, lookupUrl: process.env.BENCH_FAKE_URL, evolutionUrl: process.env.BENCH_EVOLUTION_URL };
	if (!(n > 0) || !fakes.sunatUrl || !fakes.lookupUrl || !fakes.evolutionUrl) {
		throw new Error('usage: BENCH_SUNAT_URL=... BENCH_FAKE_URL=... BENCH_EVOLUTION_URL=... node bench/sunat.cjs <N>');
	}
	// Warm-up: module loading, first-call compilation, connections; each run gets its own token.
	for (let i = 0; i < WARM_UP_RUNS; i++) {
		const small = invoiceRows(WARM_UP_N);
		const checks = exampleChecks(small, await runExample(small, fakes));
		if (!checks.validateInOrder) throw new Error(`warm-up: ${JSON.stringify(checks)}`);
	}
	const invoices = invoiceRows(n);
	await readyForTimedRun();
	global.gc?.();
	const before = process.memoryUsage();
	try {
		fs.writeFileSync('/proc/self/clear_refs', '5');
	} catch {
		// No /proc: the high-water mark is the process's (warm-up included).
	}
	const expressions = process.env.BENCH_COUNT_EXPRESSIONS ? countExpressionsByNode() : undefined;
	const watcher = heapWatcher();
	const started = process.hrtime.bigint();
	const cpuBefore = process.cpuUsage();
	const result = await runExample(invoices, fakes);
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	const cpu = process.cpuUsage(cpuBefore);
	const peakHeap = watcher.stop();
	return {
		n,
		wallMs,
		// This process's CPU time (user + system) over the timed run; the fakes run in the parent.
		cpuMs: (cpu.user + cpu.system) / 1000,
		rssBeforeMB: before.rss / 2 ** 20,
		peakRssMB: peakRssMB(),
		heapBeforeMB: (before.heapUsed + before.external) / 2 ** 20,
		peakHeapMB: peakHeap / 2 ** 20,
		checks: exampleChecks(invoices, result),
		// n8n's own measure of each node's run (ms), where the time of the run went.
		...(expressions ? { expressions } : {}),
		nodeMs: Object.fromEntries(Object.entries(result.run.data.resultData.runData).map(([name, tasks]) => [name, tasks.reduce((sum, task) => sum + task.executionTime, 0)])),
	};
}

runBenchChild(main);
