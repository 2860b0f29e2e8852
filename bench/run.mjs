// `npm run bench`: Taxpayer Lookup `get` vs n8n's HTTP Request node vs a plain fetch loop, through
// n8n-core's engine against the lookup fake on loopback; Taxpayer → Validate over a sheet's rows
// (offline: nothing may reach the fake); Send Media's memory for a 15 MB file; the Messaging Trigger's for a 50 MB video; the Exchange Rate
// Trigger's API calls per poll; the SUNAT Invoice example workflow over 2,000 invoices; a 20,000-receipt SIRE proposal from ZIP to items. Prints the tables and writes BENCHMARKS.md (its text: bench/report.mjs).
//
// The fakes run in this process; every timed case runs in a fresh child process (bench/case.cjs)
// so that its peak RSS and heap are its own, and the fake has the other core.
//   npm run bench                 full run (about 12-15 minutes on 2 cores)
//   npm run bench -- --quick      N = 100 and 1,000 only (Validate 1,000), one repeat, no profiles (a smoke test)
//   npm run bench -- --with=nodeHttp   add the node:http floor (the client n8n's axios sits on)
//   npm run bench -- --compare=<checkout>   "Per item" section: also the nodes of another checkout, as "before"
//   npm run bench:per-item -- [--compare=<checkout>]   only the "Per item" section (bench/per-item-only.mjs)
//   npm run bench:sunat           only the SUNAT Invoice section: the example workflow over 2,000 invoices (bench/sunat-only.mjs)
//   npm run bench:sire            only the SIRE proposal section: 20,000 receipts from SUNAT's ZIP to items (bench/sire-only.mjs)
//   node bench/media-only.mjs     only the Send Media memory case
//   node bench/media-trigger-only.mjs   only the Messaging Trigger media case (writes its section into BENCHMARKS.md)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { measurePerItem } from './perItem.mjs';
import { measureSire } from './sire.mjs';
import { measureSunat } from './sunat.mjs';
import { measureTriggerMedia } from './triggerMedia.mjs';
import { benchmarksReport, fmt, ms } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./register.cjs');

const quick = process.argv.includes('--quick');
const SIZES = quick ? [100, 1000] : [100, 1000, 10_000];
/** Validate's N: a sheet of 10,000 rows is what the issue promises to clean in one run. */
const VALIDATE_SIZES = quick ? [1000] : [1000, 10_000];
const LATENCIES = [0, 20];
/** A checkout whose nodes the "Per item" section measures as "before" (bench/perItem.mjs). */
const compare = process.argv.find((arg) => arg.startsWith('--compare='))?.slice('--compare='.length);
const extra = (process.argv.find((arg) => arg.startsWith('--with='))?.slice('--with='.length).split(',') ?? []).filter(Boolean);
/** `oursProgrammatic` is a reference row: a measurement prototype (bench/programmatic.ts), not shipped. */
const IMPLEMENTATIONS = ['fetch', 'ours', 'oursWide', 'oursProgrammatic', 'httpRequest', ...extra.filter((name) => name !== 'oursProgrammatic')];
/** Repeats per case (the median is reported): small N are noisy, 10,000 takes long enough to be steady. */
const repeatsFor = (n) => (quick ? 1 : n >= 10_000 ? 1 : 3);
/** Items each child sends while warming up (3 runs of 50), before its timed run. */
const WARM_UP_REQUESTS = 150;
const PROFILE_N = 3000;
const CASE_TIMEOUT_MS = 240_000;

// ------------------------------------------------------------ peak concurrency at the fake

/** Counts requests in flight at every server this process starts (the fakes), with the high-water mark. */
const inFlight = { now: 0, peak: 0 };
const createServer = http.createServer;
http.createServer = function (...args) {
	const listenerIndex = args.findIndex((arg) => typeof arg === 'function');
	const listener = args[listenerIndex];
	args[listenerIndex] = (req, res) => {
		inFlight.now++;
		inFlight.peak = Math.max(inFlight.peak, inFlight.now);
		res.once('close', () => inFlight.now--);
		return listener(req, res);
	};
	return createServer.apply(this, args);
};

const { startLookupFake } = require('../fakes/lookup/index.ts');
const { startEvolutionFake } = require('../fakes/evolution/index.ts');
const { triggerPollCosts } = require('./trigger.ts');
const { CELL_KINDS, kindOfRow, sheetRows } = require('./cases.ts');
const { verdictOn } = require('../nodes/TaxpayerLookup/validation.ts');
const { summarise } = await import('./profile-summary.mjs');

// ------------------------------------------------------------ children

function runChild(script, args, env, timeoutMs = CASE_TIMEOUT_MS) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--expose-gc', path.join(root, 'bench', script), ...args], {
			cwd: root,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		let result;
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
		child.on('message', (message) => (result = message));
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			if (code === 0 && result) resolve(result);
			else reject(new Error(`bench/${script} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
		});
	});
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** A case's repeats as reported: the median wall time, the highest peaks over the median baseline. */
const summariseRuns = (list) => ({
	wallMs: median(list.map((run) => run.wallMs)),
	runs: list.map((run) => run.wallMs),
	peakRssMB: Math.max(...list.map((run) => run.peakRssMB)),
	rssBeforeMB: median(list.map((run) => run.rssBeforeMB)),
	peakHeapMB: Math.max(...list.map((run) => run.peakHeapMB)),
	heapBeforeMB: median(list.map((run) => run.heapBeforeMB)),
});

// ------------------------------------------------------------ the run

const startedAt = new Date();
const loadBefore = os.loadavg();
const results = [];
const lookup = await startLookupFake({ today: '2026-11-20' });

async function timedCase(implementation, n, latencyMs, env = {}) {
	lookup.reset();
	lookup.options.latencyMs = latencyMs;
	inFlight.peak = 0;
	const result = await runChild('case.cjs', [implementation, String(n)], { BENCH_FAKE_URL: lookup.url, ...env });
	const seen = lookup.requests.length;
	if (result.outputItems !== n || result.failedItems !== 0 || seen !== n + WARM_UP_REQUESTS) {
		throw new Error(`${implementation} N=${n}: ${result.outputItems} items, ${result.failedItems} failed, fake saw ${seen} requests`);
	}
	return { ...result, latencyMs, peakInFlight: inFlight.peak };
}

for (const latencyMs of LATENCIES) {
	for (const n of SIZES) {
		const runs = Object.fromEntries(IMPLEMENTATIONS.map((implementation) => [implementation, []]));
		for (let repeat = 0; repeat < repeatsFor(n); repeat++) {
			for (const implementation of IMPLEMENTATIONS) {
				const result = await timedCase(implementation, n, latencyMs);
				runs[implementation].push(result);
				console.error(`latency ${latencyMs} ms  N ${n}  ${implementation.padEnd(12)} ${ms(result.wallMs)} ms`);
			}
		}
		for (const implementation of IMPLEMENTATIONS) {
			const list = runs[implementation];
			results.push({ implementation, n, latencyMs, ...summariseRuns(list), peakInFlight: Math.max(...list.map((run) => run.peakInFlight)) });
		}
	}
}

// Validate: a sheet's rows judged on this machine. The child is given a credential pointing at the
// lookup fake (bench/cases.ts), so that any request Validate made would land there and be counted.
const expectedValidRows = (n) => Array.from({ length: n }, (_, row) => kindOfRow(row)).filter((kind) => kind.valid).length;
async function validateCase(n, env = {}) {
	lookup.reset();
	lookup.options.latencyMs = 0;
	const result = await runChild('case.cjs', ['validate', String(n)], { BENCH_FAKE_URL: lookup.url, ...env });
	// Every request of the child, its warm-up included: Validate must send none.
	const requests = lookup.requests.length;
	if (requests !== 0) {
		const first = lookup.requests[0];
		throw new Error(`Validate N=${n}: ${requests} requests reached the lookup fake (the first: ${first.method} ${first.path}); Validate must send none`);
	}
	if (result.outputItems !== n || result.failedItems !== 0 || result.validItems !== expectedValidRows(n)) {
		throw new Error(
			`Validate N=${n}: ${result.outputItems} items (expected ${n}), ${result.failedItems} failed, ${result.validItems} valid (the rows' mix has ${expectedValidRows(n)})`,
		);
	}
	return { ...result, requests };
}
const validateResults = [];
for (const n of VALIDATE_SIZES) {
	const list = [];
	for (let repeat = 0; repeat < repeatsFor(n); repeat++) {
		list.push(await validateCase(n));
		const run = list.at(-1);
		console.error(`validate N ${n}  ${ms(run.wallMs)} ms  RSS +${fmt(run.peakRssMB - run.rssBeforeMB)} MB  heap +${fmt(run.peakHeapMB - run.heapBeforeMB)} MB  ${run.requests} requests at the fake`);
	}
	validateResults.push({
		n,
		...summariseRuns(list),
		requests: list.reduce((sum, run) => sum + run.requests, 0),
		outputItems: list[0].outputItems,
		validItems: list[0].validItems,
	});
}
const validateExpressions = (await validateCase(100, { BENCH_COUNT_EXPRESSIONS: '1' })).expressions;
// The verdicts alone (verdictOn over the same cells, no engine), in this process: what of Validate's
// time is the check itself and what is n8n's per-item work around it.
for (const r of validateResults) {
	const cells = sheetRows(r.n).map((item) => item.json.ruc);
	for (let i = 0; i < 3; i++) cells.forEach(verdictOn);
	const started = performance.now();
	cells.forEach(verdictOn);
	r.verdictsAloneMs = performance.now() - started;
}

// Expression evaluations per item, and profiles of the timed run.
const expressionCounts = {};
for (const implementation of IMPLEMENTATIONS.filter((name) => name !== 'fetch' && name !== 'nodeHttp')) {
	const result = await timedCase(implementation, 100, 0, { BENCH_COUNT_EXPRESSIONS: '1' });
	expressionCounts[implementation] = result.expressions;
}
const profiles = {};
if (!quick) {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-prof-'));
	for (const implementation of ['ours', 'oursProgrammatic', 'httpRequest']) {
		const file = path.join(dir, `${implementation}.cpuprofile`);
		const result = await timedCase(implementation, PROFILE_N, 0, { BENCH_CPU_PROF: file });
		profiles[implementation] = { wallMs: result.wallMs, file, ...summarise(JSON.parse(readFileSync(file, 'utf8')), 12) };
	}
}
await lookup.close();

// Per item: Taxpayer Get and Send Text, before (--compare) and after; Send Text against the node's properties.
const perItem = await measurePerItem({ quick, compare });

// SUNAT Invoice: the example workflow over 2,000 invoices against the three fakes (bench/sunat.mjs).
const sunat = await measureSunat({ quick });

// SIRE: a 20,000-receipt proposal of each book from SUNAT's ZIP to items (bench/sire.mjs).
const sire = await measureSire({ quick });

// Quota: N distinct RUCs against the plan's budget per window (the window shortened to seconds),
// ours with no option set and n8n's HTTP Request node with default settings (On Error: Continue, to
// count its failed items). The ideal time is the windows the budget forces plus the requests
// themselves (the same run with no quota).
const QUOTA = quick ? { n: 1000, budget: 300, windowMs: 3000 } : { n: 3000, budget: 900, windowMs: 5000 };
// 10 ms per answer, so that requests overlap and the peak in flight shows each node's concurrency.
const QUOTA_LATENCY_MS = 10;
const quotaFake = await startLookupFake({ today: '2026-11-20', everyValidRucExists: true, latencyMs: QUOTA_LATENCY_MS });
async function quotaCase(implementation, refusal) {
	quotaFake.reset();
	quotaFake.options.windowQuota = refusal ? { budget: QUOTA.budget, windowMs: QUOTA.windowMs, refusal } : undefined;
	inFlight.peak = 0;
	const result = await runChild('pace.cjs', ['quota', implementation, String(QUOTA.n)], { BENCH_FAKE_URL: quotaFake.url });
	// n8n prepares every item before the first request goes out: the windows only start then.
	const firstRequestMs = performance.timeOrigin + Math.min(...quotaFake.requests.map((request) => request.at)) - result.startedAt;
	const answersPerRuc = new Map();
	for (const request of quotaFake.requests) answersPerRuc.set(request.path, (answersPerRuc.get(request.path) ?? 0) + 1);
	const outcome = {
		implementation,
		refusal: refusal ?? 'none',
		...result,
		requests: quotaFake.requests.length,
		looked: quotaFake.queriesUsed,
		mostRequestsForOneRuc: Math.max(...answersPerRuc.values()),
		peakInFlight: inFlight.peak,
		firstRequestMs,
	};
	console.error(`quota ${implementation} (${outcome.refusal})  ${ms(result.wallMs)} ms  ${result.outputItems - result.failedItems} of ${QUOTA.n} answered`);
	return outcome;
}
const quotaRequestsAlone = await quotaCase('ours', undefined);
const quotaRuns = [await quotaCase('ours', 'laravel'), await quotaCase('ours', 'bare'), await quotaCase('ours', 'quota403'), await quotaCase('httpRequest', 'laravel')];
await quotaFake.close();

// Sends: N messages to one chat with Pause Between Messages, order and gaps measured at the fake.
const SENDS = quick ? { n: 20, min: 1, max: 2 } : { n: 200, min: 1, max: 2 };
const sendsFake = await startEvolutionFake();
const sendsResult = await runChild(
	'pace.cjs',
	['sends', String(SENDS.n), String(SENDS.min), String(SENDS.max)],
	{ BENCH_EVOLUTION_URL: sendsFake.url, BENCH_EVOLUTION_KEY: sendsFake.apiKey },
	SENDS.n * SENDS.max * 1000 + 120_000,
);
const arrived = sendsFake.chats().get('51987654321') ?? [];
const sendsInOrder = arrived.map((request) => request.body.text).join('|') === Array.from({ length: SENDS.n }, (_, row) => `Aviso ${row}`).join('|');
const gaps = arrived.slice(1).map((request, index) => request.at - arrived[index].at);
await sendsFake.close();
console.error(`sends ${SENDS.n} with a pause of ${SENDS.min}-${SENDS.max} s  ${ms(sendsResult.wallMs)} ms  in order: ${sendsInOrder}`);

// Send Media: a 15 MB file from a binary property, 3 runs per mode (the median is reported: the
// peaks move with GC timing).
const MEDIA_REPEATS = 3;
const evolution = await startEvolutionFake();
const media = [];
for (const mode of ['memory', 'filesystem', 'database']) {
	const runs = [];
	for (let repeat = 0; repeat < MEDIA_REPEATS; repeat++) {
		evolution.reset();
		const result = await runChild('media.cjs', [mode], { BENCH_EVOLUTION_URL: evolution.url, BENCH_EVOLUTION_KEY: evolution.apiKey });
		const sent = evolution.requests.filter((request) => request.path.includes('/message/sendMedia/'));
		if (sent.length !== 2) throw new Error(`send media (${mode}): the fake saw ${sent.length} sends, expected 2`);
		runs.push({ ...result, requestMB: sent[1].bodyBytes / 2 ** 20, rssMB: result.peakRssMB - result.rssBeforeMB, heapMB: result.peakHeapMB - result.heapBeforeMB });
		console.error(`send media 15 MB (${mode})  ${ms(result.wallMs)} ms  RSS +${fmt(runs.at(-1).rssMB)} MB  heap +${fmt(runs.at(-1).heapMB)} MB`);
	}
	const pick = (key) => median(runs.map((run) => run[key]));
	const range = (key) => [Math.min(...runs.map((run) => run[key])), Math.max(...runs.map((run) => run[key]))];
	media.push({ mode, fileMB: runs[0].fileMB, requestMB: runs[0].requestMB, wallMs: pick('wallMs'), peakRssMB: pick('peakRssMB'), rssMB: pick('rssMB'), heapMB: pick('heapMB'), rssRange: range('rssMB'), heapRange: range('heapMB') });
}
// Where the memory goes, step by step (bench/media-trace.cjs): once as it runs (garbage not yet
// collected included, as at a real peak), once with a full GC after each step (what is held).
const mediaTraces = [];
for (const mode of ['memory', 'filesystem']) {
	for (const variant of ['as-run', 'live']) {
		evolution.reset();
		const result = await runChild('media-trace.cjs', [mode, variant], { BENCH_EVOLUTION_URL: evolution.url, BENCH_EVOLUTION_KEY: evolution.apiKey });
		const sent = evolution.requests.filter((request) => request.path.includes('/message/sendMedia/'));
		// Uploaded as a form (its file part), or as JSON base64.
		const big = sent[1];
		const whole = big?.parts ? big.parts.at(-1)?.data.length === result.fileMB * 2 ** 20 : big?.body?.media?.length === Math.ceil(result.fileMB * 2 ** 20 / 3) * 4;
		if (sent.length !== 2 || !whole) {
			throw new Error(`send media trace (${mode}, ${variant}): the fake did not get the whole file`);
		}
		mediaTraces.push(result);
		console.error(`send media trace (${mode}, ${variant})  peak heap +${fmt(Math.max(...result.peaks.map((p) => p.heapOverBaselineMB)))} MB`);
	}
}
await evolution.close();

// Messaging Trigger: a 50 MB video's file streamed from the S3 store's link, and as base64 (bench/triggerMedia.mjs).
const triggerMedia = await measureTriggerMedia(startEvolutionFake, 50);

// Exchange Rate Trigger: a warm-up pass, then the measured one.
const triggerFake = await startLookupFake();
await triggerPollCosts(triggerFake);
const pollCosts = await triggerPollCosts(triggerFake);
await triggerFake.close();
const loadAfter = os.loadavg();

// How many properties RoutingNode walks per item (twice: runNode and resolveBaseUrl), per node.
const { nodeTypesRegistry } = require('../test/harness/engine.ts');
const nodeDescriptions = ['taxpayerLookup', 'messaging'].map((name) => nodeTypesRegistry.getByName(`n8n-nodes-taxpayer-messaging.${name}`).description);

const report = benchmarksReport({
	quick,
	SIZES,
	LATENCIES,
	IMPLEMENTATIONS,
	PROFILE_N,
	QUOTA,
	QUOTA_LATENCY_MS,
	SENDS,
	MEDIA_REPEATS,
	startedAt,
	loadBefore,
	loadAfter,
	results,
	validateResults,
	validateExpressions,
	cellKinds: CELL_KINDS,
	expressionCounts,
	nodeDescriptions,
	profiles,
	quotaRequestsAlone,
	quotaRuns,
	sendsResult,
	sendsInOrder,
	gaps,
	media,
	mediaTraces,
	triggerMedia,
	pollCosts,
	perItem,
	sunat,
	sire,
});
writeFileSync(path.join(root, 'BENCHMARKS.md'), report);
console.log(report);

