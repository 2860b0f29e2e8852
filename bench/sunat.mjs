// SUNAT Invoice (issue 37): N invoices through the example workflow
// examples/validate-supplier-invoices.json in n8n-core's engine (bench/example.ts), against the
// SUNAT, lookup and Evolution fakes in this process. Each run in a fresh child (bench/sunat.cjs);
// the fakes' records are emptied once the child has warmed up, so the requests counted here are the
// timed run's. A run fails unless every invoice was answered once, in input order, with one token.
// Used by bench/run.mjs (the full run) and bench/sunat-only.mjs (this section alone).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./register.cjs');
const { startLookupFake } = require('../fakes/lookup/index.ts');
const { startEvolutionFake } = require('../fakes/evolution/index.ts');
const { startSunatFake } = require('../fakes/sunat/index.ts');
const { INVOICE_KINDS, invoiceRows, rowsToReview } = require('./example.ts');

export const sunatSettings = (quick) => ({ n: quick ? 500 : 2000, repeats: quick ? 1 : 3, countN: 100 });

/** One child: warm-up, then (on its signal) the fakes emptied, then its timed run. */
function runChild(n, env, onWarmedUp) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--expose-gc', path.join(root, 'bench', 'sunat.cjs'), String(n)], {
			cwd: root,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		let result;
		const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
		child.on('message', (message) => {
			if (message?.warmedUp) {
				onWarmedUp();
				child.send('go');
			} else result = message;
		});
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			if (code === 0 && result) resolve(result);
			else reject(new Error(`bench/sunat.cjs ${n} failed (${signal ?? `exit ${code}`})`));
		});
	});
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** What the fakes saw of one timed run, and what it must have seen: every invoice checked once, one token, one message. */
function atTheFakes(n, { sunat, lookup, evolution }) {
	const invoices = invoiceRows(n);
	const checks = sunat.checks().map((request) => JSON.parse(request.body));
	// Every invoice has a number of its own (its row + 1): a check names its row.
	const checksPerRow = new Array(n).fill(0);
	let mismatched = 0;
	for (const check of checks) {
		const row = Number(check.numero) - 1;
		const invoice = invoices[row];
		if (!invoice || check.numRuc !== invoice.ruc || check.codComp !== invoice.type || check.numeroSerie !== invoice.series) mismatched++;
		else checksPerRow[row]++;
	}
	const sends = evolution.requests.filter((request) => request.path.startsWith('/message/sendText/'));
	const lookups = lookup.requests.filter((request) => request.path.startsWith('/api/v2/ruc/'));
	const byFake = (requests) => {
		const counts = {};
		for (const request of requests) {
			const route = `${request.method} ${request.path.replace(/\/api\/v2\/ruc\/\d+/, '/api/v2/ruc/{ruc}').replace(/contribuyentes\/\d+/, 'contribuyentes/{ruc}').replace(/clientesextranet\/[^/]+/, 'clientesextranet/{client}').replace(/\/sendText\/[^/]+/, '/sendText/{instance}')}`;
			counts[route] = (counts[route] ?? 0) + 1;
		}
		return counts;
	};
	return {
		tokenRequests: sunat.tokenRequests().length,
		sunatChecks: checks.length,
		rowsCheckedOnce: checksPerRow.filter((count) => count === 1).length,
		rowsCheckedTwice: checksPerRow.filter((count) => count > 1).length,
		checksNotMatchingARow: mismatched,
		lookups: lookups.length,
		sends: sends.length,
		sentLines: sends[0] ? String(sends[0].body.text).split('\n').length - 1 : 0,
		requests: { sunat: byFake(sunat.requests), lookup: byFake(lookup.requests), evolution: byFake(evolution.requests) },
		totals: { sunat: sunat.requests.length, lookup: lookup.requests.length, evolution: evolution.requests.length },
	};
}

/** The reasons a run does not meet the case's checks (none: it does). */
function problemsOf(n, run) {
	const c = run.checks;
	const f = run.fakes;
	const review = rowsToReview(n);
	const problems = [];
	const expect = (what, actual, wanted) => actual !== wanted && problems.push(`${what}: ${actual}, expected ${wanted}`);
	expect('SUNAT Invoice output items', c.validateItems, n);
	expect('SUNAT Invoice output in input order', c.validateInOrder, true);
	expect('SUNAT Invoice items with an error', c.validateErrors, 0);
	expect('valid invoices', c.validItems, n - review);
	expect('Look up supplier output items in input order', c.lookupInOrder, true);
	expect('Flag invoice output in input order', c.flagInOrder, true);
	expect('invoices OK', c.okItems, n - review);
	expect('invoices to review, in order', c.reviewInOrder, true);
	expect('count in the message', c.summaryCount, review);
	expect('messages sent (output items)', c.messageItems, 1);
	expect('token requests at the SUNAT fake', f.tokenRequests, 1);
	expect('checks at the SUNAT fake', f.sunatChecks, n);
	expect('invoices checked exactly once', f.rowsCheckedOnce, n);
	expect('checks not matching their invoice', f.checksNotMatchingARow, 0);
	expect('lookups at the lookup fake', f.lookups, n);
	expect('messages at the Evolution fake', f.sends, 1);
	expect('invoice lines in the message', f.sentLines, review);
	return problems;
}

/** Measures the section: `repeats` fresh children of N invoices each. `log` gets one line per run. */
export async function measureSunat({ quick = false, log = console.error } = {}) {
	const settings = sunatSettings(quick);
	const startedAt = new Date().toISOString();
	const loadBefore = os.loadavg();
	const sunat = await startSunatFake({ everyReceiptExists: true });
	const lookup = await startLookupFake({ today: '2026-11-20', everyValidRucExists: true });
	const evolution = await startEvolutionFake();
	const fakes = { sunat, lookup, evolution };
	const env = { BENCH_SUNAT_URL: sunat.url, BENCH_FAKE_URL: lookup.url, BENCH_EVOLUTION_URL: evolution.url };
	const runs = [];
	/** One child of `n` invoices, its run held to the checks; `extraEnv` for the counting run. */
	async function measured(n, extraEnv = {}) {
		for (const fake of Object.values(fakes)) fake.reset();
		const result = await runChild(n, { ...env, ...extraEnv }, () => {
			for (const fake of Object.values(fakes)) fake.reset();
		});
		const run = { ...result, fakes: atTheFakes(n, fakes) };
		const problems = problemsOf(n, run);
		if (problems.length) throw new Error(`SUNAT Invoice N=${n}: ${problems.join('; ')}`);
		return run;
	}
	let counted;
	try {
		for (let repeat = 0; repeat < settings.repeats; repeat++) {
			const run = await measured(settings.n);
			runs.push(run);
			log(`sunat invoice N ${settings.n}  ${run.wallMs.toFixed(0)} ms, CPU ${run.cpuMs.toFixed(0)} ms  ${run.fakes.tokenRequests} token, ${run.fakes.sunatChecks} checks, ${run.fakes.lookups} lookups, ${run.fakes.sends} message`);
		}
		// Expressions per invoice, by node: they do not depend on the machine.
		counted = await measured(settings.countN, { BENCH_COUNT_EXPRESSIONS: '1' });
	} finally {
		for (const fake of Object.values(fakes)) await fake.close();
	}
	return {
		settings,
		startedAt,
		loadBefore,
		loadAfter: os.loadavg(),
		kinds: INVOICE_KINDS.map((kind) => ({ kind: kind.kind, per20: kind.places.length, review: kind.review })),
		review: rowsToReview(settings.n),
		expressionsPerInvoice: Object.fromEntries(Object.entries(counted.expressions).map(([node, count]) => [node, count / settings.countN])),
		runs: runs.map(({ wallMs, cpuMs, rssBeforeMB, peakRssMB, heapBeforeMB, peakHeapMB, checks, fakes: seen, nodeMs }) => ({
			wallMs,
			cpuMs,
			nodeMs,
			rssMB: peakRssMB - rssBeforeMB,
			heapMB: peakHeapMB - heapBeforeMB,
			checks,
			fakes: seen,
		})),
		wallMs: median(runs.map((run) => run.wallMs)),
		cpuMs: median(runs.map((run) => run.cpuMs)),
		rssMB: Math.max(...runs.map((run) => run.peakRssMB - run.rssBeforeMB)),
		heapMB: Math.max(...runs.map((run) => run.peakHeapMB - run.heapBeforeMB)),
	};
}
