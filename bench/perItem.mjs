// Per item, measured (issue 25): what n8n does per item for Taxpayer Lookup → Get, Messaging →
// Send Text and Send Media from a URL (issues 36, 38), this checkout's nodes against another checkout's (`--compare=<path>`), and how Send
// Text's cost per item grows with the number of properties of the node (Messaging widened k times,
// bench/nodeSource.ts). Every case runs in a fresh child (bench/case.cjs) against fakes in this
// process; before and after alternate (A B A B) so that the machine's load falls on both alike.
// Used by bench/run.mjs (the full run) and bench/per-item-only.mjs (this section alone).
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./register.cjs');
const { startLookupFake } = require('../fakes/lookup/index.ts');
const { startEvolutionFake } = require('../fakes/evolution/index.ts');

/** Items each child sends while warming up (3 runs of 50), before its timed run. */
const WARM_UP_REQUESTS = 150;
const COUNT_N = 100;

/** The settings of the section: N for before/after, N and widths for the properties sweep. */
export const perItemSettings = (quick) => ({
	n: quick ? 1000 : 10_000,
	repeats: quick ? 1 : 2,
	widthN: quick ? 500 : 2000,
	widths: quick ? [1, 5] : [1, 2, 3, 5],
	widthRepeats: quick ? 1 : 5,
});

function runCase(implementation, n, env) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--expose-gc', path.join(root, 'bench', 'case.cjs'), implementation, String(n)], {
			cwd: root,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		let result;
		const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
		child.on('message', (message) => (result = message));
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			if (code === 0 && result) resolve(result);
			else reject(new Error(`bench/case.cjs ${implementation} ${n} failed (${signal ?? `exit ${code}`})`));
		});
	});
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The checkout's commit, to name it in the report. */
function commitOf(dir) {
	try {
		return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
	} catch {
		return 'unknown commit';
	}
}

/**
 * Measures the section. `compare`: the path of another checkout whose nodes are "before" (or
 * undefined: this checkout only); `repeats`: runs of each case per checkout (default 2, 1 with
 * `quick`). `log` gets one line per run.
 */
export async function measurePerItem({ quick = false, compare, repeats, log = console.error } = {}) {
	const settings = { ...perItemSettings(quick), ...(repeats ? { repeats } : {}) };
	const startedAt = new Date().toISOString();
	const loadBefore = os.loadavg();
	const lookup = await startLookupFake({ today: '2026-11-20' });
	const evolution = await startEvolutionFake();
	const OPERATIONS = {
		get: { implementation: 'ours', fake: lookup, sent: () => lookup.requests.length },
		sendText: { implementation: 'sendText', fake: evolution, sent: () => evolution.requests.filter((r) => r.path.startsWith('/message/sendText/')).length },
		sendMediaUrl: { implementation: 'sendMediaUrl', fake: evolution, sent: () => evolution.requests.filter((r) => r.path.startsWith('/message/sendMedia/')).length },
	};
	const checkouts = [
		...(compare ? [{ name: 'before', root: path.resolve(compare), env: { BENCH_NODES_ROOT: path.resolve(compare) } }] : []),
		{ name: 'after', root, env: {} },
	].map((checkout) => ({ ...checkout, commit: commitOf(checkout.root) }));

	async function measured(operation, n, env) {
		const { implementation, fake, sent } = OPERATIONS[operation];
		fake.reset();
		const result = await runCase(implementation, n, { BENCH_FAKE_URL: fake.url, ...env });
		if (result.outputItems !== n || result.failedItems !== 0 || sent() !== n + WARM_UP_REQUESTS) {
			throw new Error(`${operation} N=${n} ${JSON.stringify(env)}: ${result.outputItems} items, ${result.failedItems} failed, the fake saw ${sent()} requests`);
		}
		return result;
	}
	const expressionsOf = (result) => Object.values(result.expressions).flatMap((sites) => Object.values(sites)).reduce((a, b) => a + b, 0) / COUNT_N;

	// Before and after, A B A B.
	const cases = [];
	for (const operation of Object.keys(OPERATIONS)) {
		const runs = Object.fromEntries(checkouts.map((c) => [c.name, []]));
		for (let repeat = 0; repeat < settings.repeats; repeat++) {
			for (const checkout of checkouts) {
				const result = await measured(operation, settings.n, checkout.env);
				runs[checkout.name].push(result);
				log(`per item: ${operation} ${checkout.name} N ${settings.n}  ${result.wallMs.toFixed(0)} ms`);
			}
		}
		for (const checkout of checkouts) {
			const counted = await measured(operation, COUNT_N, { ...checkout.env, BENCH_COUNT_EXPRESSIONS: '1' });
			const list = runs[checkout.name];
			cases.push({
				operation,
				checkout: checkout.name,
				n: settings.n,
				runs: list.map((r) => r.wallMs),
				wallMs: median(list.map((r) => r.wallMs)),
				cpuMs: median(list.map((r) => r.cpuMs)),
				cpuRuns: list.map((r) => r.cpuMs),
				rssMB: Math.max(...list.map((r) => r.peakRssMB - r.rssBeforeMB)),
				heapMB: Math.max(...list.map((r) => r.peakHeapMB - r.heapBeforeMB)),
				expressionsPerItem: expressionsOf(counted),
				expressions: counted.expressions,
				propertyVisitsPerItem: counted.propertyVisits / COUNT_N,
			});
		}
	}

	// Send Text on Messaging widened 1..k times, each copy with fields of its own; and the widest
	// with the copies sharing the originals' fields (one property per meaning).
	const variants = [
		...settings.widths.map((width) => ({ width, fields: 'own' })),
		{ width: settings.widths.at(-1), fields: 'shared' },
	];
	const envOf = (v) => ({ BENCH_MESSAGING_WIDTH: String(v.width), BENCH_MESSAGING_FIELDS: v.fields });
	const widthRuns = variants.map(() => []);
	for (let repeat = 0; repeat < settings.widthRepeats; repeat++) {
		for (const [index, variant] of variants.entries()) {
			evolution.reset();
			const result = await runCase('sendTextWide', settings.widthN, { BENCH_FAKE_URL: evolution.url, ...envOf(variant) });
			if (result.outputItems !== settings.widthN || result.failedItems !== 0) throw new Error(`sendTextWide ${JSON.stringify(variant)}: ${result.failedItems} failed`);
			widthRuns[index].push(result);
			log(`per item: sendText ${variant.width}× (${variant.fields} fields) N ${settings.widthN}  ${result.wallMs.toFixed(0)} ms, CPU ${result.cpuMs.toFixed(0)} ms`);
		}
	}
	// The description's size, built here as the child builds it.
	const { widenedMessaging } = require('./nodeSource.ts');
	const widths = [];
	for (const [index, variant] of variants.entries()) {
		evolution.reset();
		const counted = await runCase('sendTextWide', COUNT_N, { BENCH_FAKE_URL: evolution.url, BENCH_COUNT_EXPRESSIONS: '1', ...envOf(variant) });
		const description = widenedMessaging(variant.width, variant.fields === 'shared').description;
		const operations = description.properties
			.filter((p) => p.name === 'operation')
			.reduce((sum, p) => sum + p.options.length, 0);
		widths.push({
			...variant,
			n: settings.widthN,
			properties: description.properties.length,
			operations,
			runs: widthRuns[index].map((r) => r.wallMs),
			wallMs: median(widthRuns[index].map((r) => r.wallMs)),
			cpuMs: median(widthRuns[index].map((r) => r.cpuMs)),
			expressionsPerItem: expressionsOf(counted),
			propertyVisitsPerItem: counted.propertyVisits / COUNT_N,
		});
	}
	await lookup.close();
	await evolution.close();
	return { settings, checkouts: checkouts.map(({ env: _env, ...c }) => c), cases, widths, startedAt, loadBefore, loadAfter: os.loadavg() };
}
