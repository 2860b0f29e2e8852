// `npm run bench`: Taxpayer Lookup `get` vs n8n's HTTP Request node vs a plain fetch loop, through
// n8n-core's engine against the lookup fake on loopback; Taxpayer → Validate over a sheet's rows
// (offline: nothing may reach the fake); Send Media's memory for a 15 MB file; the Exchange Rate
// Trigger's API calls per poll. Prints the tables and writes BENCHMARKS.md.
//
// The fakes run in this process; every timed case runs in a fresh child process (bench/case.cjs)
// so that its peak RSS and heap are its own, and the fake has the other core.
//   npm run bench                 full run (about 6-8 minutes on 2 cores)
//   npm run bench -- --quick      N = 100 and 1,000 only (Validate 1,000), one repeat, no profiles (a smoke test)
//   npm run bench -- --with=nodeHttp   add the node:http floor (the client n8n's axios sits on)
//   node bench/media-only.mjs     only the Send Media memory case
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./register.cjs');

const quick = process.argv.includes('--quick');
const SIZES = quick ? [100, 1000] : [100, 1000, 10_000];
/** Validate's N: a sheet of 10,000 rows is what the issue promises to clean in one run. */
const VALIDATE_SIZES = quick ? [1000] : [1000, 10_000];
const LATENCIES = [0, 20];
const extra = (process.argv.find((arg) => arg.startsWith('--with='))?.slice('--with='.length).split(',') ?? []).filter(Boolean);
/** `oursProgrammatic` is a reference row: a measurement prototype (bench/programmatic.ts), not shipped. */
const IMPLEMENTATIONS = ['fetch', 'ours', 'oursWide', 'oursProgrammatic', 'httpRequest', ...extra.filter((name) => name !== 'oursProgrammatic')];
/** Repeats per case (the median is reported): small N are noisy, 10,000 takes long enough to be steady. */
const repeatsFor = (n) => (quick ? 1 : n >= 10_000 ? 1 : 3);
/** Items each child sends while warming up (3 runs of 50), before its timed run. */
const WARM_UP_REQUESTS = 150;
const PROFILE_N = 3000;
const CASE_TIMEOUT_MS = 240_000;

const LABELS = {
	fetch: 'plain fetch (floor)',
	ours: 'Taxpayer Lookup (ours)',
	oursWide: 'Taxpayer Lookup, Max Concurrent Requests 50',
	httpRequest: 'HTTP Request node',
	nodeHttp: 'plain node:http (floor)',
	oursProgrammatic: 'reference: `get` as a programmatic node (prototype, not shipped)',
};

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

// ------------------------------------------------------------ formatting

const fmt = (value, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value) => (value >= 100 ? fmt(value) : fmt(value, 1));
const table = (header, rows) =>
	[`| ${header.join(' | ')} |`, `|${header.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

function versionOf(dir) {
	return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

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
const quotaWindows = Math.ceil(QUOTA.n / QUOTA.budget) - 1;
// A run's ideal: n8n's preparation of the items (until its first request), the windows the budget
// forces, then the last window's requests at the pace of the run with no quota.
const quotaLastWindowShare = (QUOTA.n - quotaWindows * QUOTA.budget) / QUOTA.n;
const quotaRequestsMs = quotaRequestsAlone.wallMs - quotaRequestsAlone.firstRequestMs;
const idealMs = (run) => run.firstRequestMs + quotaWindows * QUOTA.windowMs + quotaRequestsMs * quotaLastWindowShare;

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
for (const mode of ['memory', 'filesystem']) {
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
		const big = sent[1]?.body;
		if (sent.length !== 2 || typeof big?.media !== 'string' || big.media.length !== Math.ceil(result.fileMB * 2 ** 20 / 3) * 4) {
			throw new Error(`send media trace (${mode}, ${variant}): the fake did not get the whole file`);
		}
		mediaTraces.push(result);
		console.error(`send media trace (${mode}, ${variant})  peak heap +${fmt(Math.max(...result.peaks.map((p) => p.heapOverBaselineMB)))} MB`);
	}
}
await evolution.close();

// Exchange Rate Trigger: a warm-up pass, then the measured one.
const triggerFake = await startLookupFake();
await triggerPollCosts(triggerFake);
const pollCosts = await triggerPollCosts(triggerFake);
await triggerFake.close();
const loadAfter = os.loadavg();

// ------------------------------------------------------------ the report

const find = (implementation, n, latencyMs) => results.find((r) => r.implementation === implementation && r.n === n && r.latencyMs === latencyMs);
const perItemMs = (r) => r.wallMs / r.n;

const mainRows = [];
for (const latencyMs of LATENCIES) {
	for (const n of SIZES) {
		for (const implementation of IMPLEMENTATIONS) {
			const r = find(implementation, n, latencyMs);
			const vsHttp = implementation === 'httpRequest' ? '' : `${fmt(r.wallMs / find('httpRequest', n, latencyMs).wallMs, 2)}`;
			const vsFetch = implementation === 'fetch' ? '' : `${fmt(r.wallMs / find('fetch', n, latencyMs).wallMs, 2)}`;
			mainRows.push([
				`${latencyMs} ms`,
				fmt(n),
				LABELS[implementation],
				ms(r.wallMs),
				fmt(n / (r.wallMs / 1000)),
				fmt(perItemMs(r), 3),
				vsHttp,
				vsFetch,
				fmt(r.peakRssMB),
				fmt(r.peakRssMB - r.rssBeforeMB),
				fmt(r.peakHeapMB - r.heapBeforeMB),
				fmt(r.peakInFlight),
			]);
		}
	}
}

const target = (() => {
	const n = SIZES.at(-1);
	const line = (label, implementation, latencyMs) => {
		const r = find(implementation, n, latencyMs);
		const vsHttp = r.wallMs / find('httpRequest', n, latencyMs).wallMs;
		const vsFetch = r.wallMs / find('fetch', n, latencyMs).wallMs;
		return `| ${label} | ${latencyMs} ms | ${fmt(perItemMs(r), 3)} | ${fmt(vsHttp, 2)} (target ≤ 0.50: ${vsHttp <= 0.5 ? 'met' : 'MISSED'}) | ${fmt(vsFetch, 2)} (target ≤ 3.00: ${vsFetch <= 3 ? 'met' : 'MISSED'}) |`;
	};
	return [
		`Ratios at N = ${fmt(n)} (the targets are set at 0 ms latency):`,
		'',
		'| | latency | ms per item | ÷ HTTP Request | ÷ fetch |',
		'|---|---:|---:|---:|---:|',
		...LATENCIES.flatMap((latencyMs) => [
			line('Taxpayer Lookup as shipped', 'ours', latencyMs),
			line('Taxpayer Lookup, Max Concurrent Requests 50', 'oursWide', latencyMs),
			line('reference: programmatic prototype', 'oursProgrammatic', latencyMs),
		]),
	].join('\n');
})();

const validateTable = table(
	['N', 'wall ms', 'items/s', 'ms per item', 'verdicts alone ms', '÷ `get` at 0 ms', 'valid / invalid', 'output items', 'requests at the fake', 'peak RSS MB', 'RSS over baseline MB', 'heap over baseline MB'],
	validateResults.map((r) => {
		const lookupAtOnce = find('ours', r.n, 0);
		return [
			fmt(r.n),
			ms(r.wallMs),
			fmt(r.n / (r.wallMs / 1000)),
			fmt(perItemMs(r), 3),
			ms(r.verdictsAloneMs),
			lookupAtOnce ? fmt(r.wallMs / lookupAtOnce.wallMs, 2) : '',
			`${fmt(r.validItems)} / ${fmt(r.n - r.validItems)}`,
			fmt(r.outputItems),
			fmt(r.requests),
			fmt(r.peakRssMB),
			fmt(r.peakRssMB - r.rssBeforeMB),
			fmt(r.peakHeapMB - r.heapBeforeMB),
		];
	}),
);
const validPer20 = CELL_KINDS.filter((kind) => kind.valid).reduce((sum, kind) => sum + kind.per20, 0);
const cellMix = CELL_KINDS.map((kind) => `${kind.per20} ${kind.kind}`).join('; ');
const validateEvaluations = Object.entries(validateExpressions ?? {})
	.map(([text, sites]) => {
		// "RoutingNode.runNode (request defaults, every property)" → "RoutingNode.runNode": the table above explains them.
		const bySite = Object.entries(sites).map(([site, count]) => `${site.split(' (')[0]} ${fmt(count / 100, 2)}`);
		return `\`${text}\` ${fmt(Object.values(sites).reduce((a, b) => a + b, 0) / 100, 2)} (${bySite.join(', ')})`;
	})
	.join('; ');
const largestSheet = validateResults.at(-1);
const validateVerdict = [
	`A sheet of ${fmt(largestSheet.n)} rows: one run of ${ms(largestSheet.wallMs)} ms (${fmt(perItemMs(largestSheet), 3)} ms per row), +${fmt(largestSheet.peakRssMB - largestSheet.rssBeforeMB)} MB RSS`,
	`and +${fmt(largestSheet.peakHeapMB - largestSheet.heapBeforeMB)} MB heap over the baseline, ${fmt(largestSheet.outputItems)} items out, ${fmt(largestSheet.requests)} requests; the verdicts`,
	`themselves take ${ms(largestSheet.verdictsAloneMs)} ms of it (${fmt((largestSheet.verdictsAloneMs / largestSheet.wallMs) * 100, 2)}%), the rest is n8n's work per item.`,
].join('\n');

const expressionTable = table(
	['node', 'expression', 'asked by', 'evaluations per item'],
	Object.entries(expressionCounts).flatMap(([implementation, counts]) =>
		Object.entries(counts ?? {}).flatMap(([text, sites]) =>
			Object.entries(sites).map(([site, count]) => [LABELS[implementation], `\`${text.replace(/\|/g, '\\|')}\``, site, fmt(count / 100, 2)]),
		),
	),
);
const total = (counts) => Object.values(counts ?? {}).flatMap((sites) => Object.values(sites)).reduce((a, b) => a + b, 0);
const expressionTotals = Object.entries(expressionCounts)
	.map(([implementation, counts]) => `${LABELS[implementation]}: ${fmt(total(counts) / 100, 2)}`)
	.join('; ');
// How many properties RoutingNode walks per item (twice: runNode and resolveBaseUrl), per node.
const { nodeTypesRegistry } = require('../test/harness/engine.ts');
const walked = ['taxpayerLookup', 'messaging']
	.map((name) => {
		const description = nodeTypesRegistry.getByName(`n8n-nodes-taxpayer-messaging.${name}`).description;
		return `${description.displayName}: ${description.properties.length} properties`;
	})
	.join(', ');

const profileSection = Object.keys(profiles).length
	? Object.entries(profiles)
			.map(([implementation, p]) =>
				[
					`**${LABELS[implementation]}**, N = ${fmt(PROFILE_N)}, 0 ms: ${ms(p.wallMs)} ms wall (profiled), ${ms(p.totalMs)} ms sampled.`,
					'',
					table(['self time by owner', 'ms', 'share'], p.owners.slice(0, 8).map((o) => [o.name, ms(o.ms), `${fmt(o.share * 100, 1)}%`])),
					'',
					table(['self time by function', 'ms', 'share'], p.functions.slice(0, 12).map((f) => [`\`${f.name}\``, ms(f.ms), `${fmt(f.share * 100, 1)}%`])),
				].join('\n'),
			)
			.join('\n\n')
	: '_Profiles are skipped with --quick._';

const mediaTable = table(
	['binary data mode', 'file', 'request body', 'wall', 'peak RSS over baseline', 'heap over baseline', 'RSS over file size', 'heap over file size', 'range of 3 runs (RSS / heap)'],
	media.map((m) => [
		m.mode === 'memory' ? 'memory (default: base64 in the item)' : 'filesystem (item holds an id)',
		`${fmt(m.fileMB, 1)} MB`,
		`${fmt(m.requestMB, 1)} MB`,
		`${ms(m.wallMs)} ms`,
		`${fmt(m.rssMB)} MB`,
		`${fmt(m.heapMB)} MB`,
		`${fmt(m.rssMB / m.fileMB, 1)}×`,
		`${fmt(m.heapMB / m.fileMB, 1)}×`,
		`${fmt(m.rssRange[0])}–${fmt(m.rssRange[1])} / ${fmt(m.heapRange[0])}–${fmt(m.heapRange[1])} MB`,
	]),
);

const traceSection = ['memory', 'filesystem']
	.map((mode) => {
		const asRun = mediaTraces.find((t) => t.mode === mode && t.variant === 'as-run');
		const live = mediaTraces.find((t) => t.mode === mode && t.variant === 'live');
		const events = table(
			['step', 'made by', 'whose', 'size', 'heap + external over baseline, right after', 'held (after a full GC)'],
			asRun.events.map((e, index) => {
				const step = (what) => what?.split(' (')[0];
				const held = step(live.events[index]?.what) === step(e.what) ? `${fmt(live.events[index].heapOverBaselineMB)} MB` : '—';
				return [e.what, `\`${e.by}\``, e.whose, `${fmt(e.MB, 1)} MB`, `${fmt(e.heapOverBaselineMB)} MB`, held];
			}),
		);
		const peakHeap = Math.max(...asRun.peaks.map((p) => p.heapOverBaselineMB));
		const peakHeld = Math.max(...live.events.map((e) => e.heapOverBaselineMB));
		const rss = asRun.peakRssMB - asRun.rssBeforeMB;
		const summary = [
			`Peak as it runs: heap + external +${fmt(peakHeap)} MB (${fmt(peakHeap / asRun.fileMB, 1)}× the file), RSS +${fmt(rss)} MB (${fmt(rss / asRun.fileMB, 1)}×);`,
			`most held at once: +${fmt(peakHeld)} MB (${fmt(peakHeld / live.fileMB, 1)}×); once the node is done: +${fmt(asRun.heapAfterMB, 1)} MB (the output item).`,
		].join(' ');
		return [`**${mode === 'memory' ? 'Memory mode' : 'Filesystem mode'}** (${ms(asRun.wallMs)} ms)`, '', events, '', summary].join('\n');
	})
	.join('\n\n');

const pollTable = table(
	['poll', 'currencies', 'API calls', 'requests', 'items emitted', 'wall'],
	pollCosts.map((p) => [p.poll, p.currencies, fmt(p.calls), p.requests.join(', '), fmt(p.emitted), `${ms(p.wallMs)} ms`]),
);

const QUOTA_LABELS = {
	laravel: '429 with Retry-After and X-RateLimit-*',
	bare: '429 without headers',
	quota403: '403 "quota spent" without headers',
};
const quotaTable = table(
	['node', 'refusal past the budget', 'answered', 'failed', 'requests sent', 'queries counted', 'most requests for one RUC', 'wall', 'ideal', '÷ ideal', 'peak in flight'],
	quotaRuns.map((r) => [
		r.implementation === 'ours' ? LABELS.ours : `${LABELS.httpRequest} (default settings)`,
		QUOTA_LABELS[r.refusal],
		`${fmt(r.outputItems - r.failedItems)} of ${fmt(QUOTA.n)}`,
		fmt(r.failedItems),
		fmt(r.requests),
		fmt(r.looked),
		fmt(r.mostRequestsForOneRuc),
		`${ms(r.wallMs)} ms`,
		`${ms(idealMs(r))} ms`,
		fmt(r.wallMs / idealMs(r), 2),
		fmt(r.peakInFlight),
	]),
);
const oursWithHeaders = quotaRuns[0];
const oursRatio = oursWithHeaders.wallMs / idealMs(oursWithHeaders);
const quotaVerdict = `Ours with the real API's headers: ${fmt(oursWithHeaders.outputItems - oursWithHeaders.failedItems)} of ${fmt(QUOTA.n)} answered in ${fmt(oursRatio, 2)}× the ideal (target ≤ 1.10: ${oursWithHeaders.failedItems === 0 && oursRatio <= 1.1 ? 'met' : 'MISSED'}).`;
const gapLine = gaps.length
	? `Gaps between arrivals: shortest ${ms(Math.min(...gaps))} ms, longest ${ms(Math.max(...gaps))} ms, mean ${ms(gaps.reduce((a, b) => a + b, 0) / gaps.length)} ms; within ${SENDS.min}–${SENDS.max} s (5 ms of leeway below for the requests' own trip, 50 ms above): ${gaps.filter((gap) => gap >= SENDS.min * 1000 - 5 && gap <= SENDS.max * 1000 + 50).length} of ${gaps.length}.`
	: 'No gaps measured.';

const cpus = os.cpus();
const machine = [
	`- Date: ${startedAt.toISOString()}`,
	`- Machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GB memory, ${os.type()} ${os.release()} ${os.arch()}`,
	`- Load average (1 min) before / after the run: ${fmt(loadBefore[0], 2)} / ${fmt(loadAfter[0], 2)} (other work on the machine shows here)`,
	`- Node ${process.version}; n8n-core ${versionOf(path.join(root, 'node_modules/n8n-core'))}, n8n-workflow ${versionOf(path.join(root, 'node_modules/n8n-workflow'))}; HTTP Request node from n8n-nodes-base ${versionOf(path.join(root, '.cache/n8n/node_modules/n8n-nodes-base'))} (n8n ${versionOf(path.join(root, '.cache/n8n/node_modules/n8n'))}), typeVersion = its defaultVersion`,
	`- Expression engine: n8n-workflow's \`legacy\` (in-process), as the test harness runs it. A real n8n 2.x instance defaults to \`vm\` (isolated-vm), where each evaluation costs more, so the gaps below widen there.`,
].join('\n');

const findingsFile = path.join(root, 'bench/findings.md');
const findings = readFileSync(findingsFile, 'utf8').trim();

const report = `# Benchmarks

Generated by \`npm run bench\` (scripts/bench.mjs, bench/**) on ${startedAt.toISOString().slice(0, 10)}${quick ? ' — **quick run (--quick): N = 100 and 1,000 only (Validate 1,000), no profiles**' : ''}. Do not edit the tables by hand;
the findings at the end are kept in bench/findings.md.

${machine}

## Lookup: N GETs through n8n's engine

Each case runs in a fresh child process against the lookup fake (\`GET /api/v2/ruc/{ruc}\`, 3 known RUCs, fake in the
parent process): one Items node feeding the node under test, through \`WorkflowExecute\`. Three warm-up runs of 50
items precede the timed run. Wall time is the median of ${quick ? '1 run' : '3 runs (1 at N = 10,000)'}; memory is the highest of them.

- **Taxpayer Lookup (ours)**: \`resource: taxpayer, operation: get, ruc: ={{ $json.ruc }}\`, credential \`taxpayerLookupApi\`.
- **HTTP Request node**: \`GET ={base}/api/v2/ruc/{{ $json.ruc }}\`, authentication none, header parameters \`Authorization: Bearer …\` and
  \`Accept: application/json\` (the same headers ours sends), options default.
- **plain fetch**: \`fetch()\` with the same headers for every item, all started at once, bodies parsed, wrapped as items.
- **reference: programmatic prototype**: \`get\` rewritten as a programmatic node (bench/programmatic.ts: \`execute()\`, the same
  checks, error mapping and output modules, credential and base URL read once per run, the RUC once per item, all
  requests started at once through \`this.helpers.httpRequest\`). A measurement of what the declarative engine costs; not shipped.

Concurrency: n8n's RoutingNode (declarative nodes) and HTTP Request v3/v4.x both start every item's request before
awaiting any (no batching unless the Batching option is set), so the floor starts all N fetches at once too. The
"peak in flight" column is the highest number of requests open at the fake at once, measured at the fake (at 0 ms
the fake answers each request as it arrives, so it stays near 1; at 20 ms it shows how many the client had started).

| latency | N | implementation | wall ms | items/s | ms per item | ÷ HTTP Request | ÷ fetch | peak RSS MB | RSS over baseline MB | heap over baseline MB | peak in flight |
|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${mainRows.map((row) => `| ${row.join(' | ')} |`).join('\n')}

${target}

## Where the time goes (CPU profiles of the timed run)

Expressions n8n evaluates per item (N = 100, counted at n8n-workflow's \`Expression.resolveSimpleParameterValue\`, attributed by
call stack): ${expressionTotals}. RoutingNode walks every property of a declarative node's description for every item, twice
(${walked}).

${expressionTable}

${profileSection}

## Validate: N rows offline

Taxpayer → Validate (\`rucOrDni: ={{ $json.ruc }}\`, Include Input Fields on) over the rows of a supplier sheet with five
columns (\`row\`, \`supplier\`, \`ruc\`, \`invoice\`, \`amount\`), through \`WorkflowExecute\` like the lookups, each N in a fresh child
process (bench/case.cjs \`validate\`) after three warm-up runs of 50 rows; wall time is the median of ${quick ? '1 run' : '3 runs (1 at N = 10,000)'},
memory the highest. The \`ruc\` column mixes, in every 20 rows (spread, not in blocks):
${cellMix}
(${validPer20} of 20 valid; the RUCs are made with the fake's own check-digit rule, not the node's). Validate needs no
credential; the child is given one pointing at the lookup fake all the same, so that a request the node made by mistake
would be counted there. The bench fails unless the fake saw 0 requests over the whole child (warm-up included), every row
came out as one item and the valid count matches the mix. "Verdicts alone" is \`verdictOn\` over the same cells with no
engine, in the bench's own process; "÷ \`get\` at 0 ms" is against Taxpayer Lookup \`get\` over the same N in the first table,
its fake answering at once. Expressions evaluated per row (N = 100, by who asks, counted as in "Where the time goes"
above): ${fmt(total(validateExpressions) / 100, 2)}:
${validateEvaluations}.

${validateTable}

${validateVerdict}

## Bulk runs against the quota

${fmt(QUOTA.n)} distinct RUCs (\`GET /api/v2/ruc/{ruc}\`) against the lookup fake's fixed-window quota: ${fmt(QUOTA.budget)} queries per
window, the window shortened from 15 minutes to ${fmt(QUOTA.windowMs / 1000)} s, opening at the first query as Laravel's throttle does, each answer
after ${QUOTA_LATENCY_MS} ms. "Queries counted" are the answered lookups the quota counted (one per RUC: none looked up twice); the other
requests sent are refusals.
Each run in a fresh child process (bench/pace.cjs), no warm-up (it would spend the budget), no option set on either
node; the HTTP Request node runs with On Error: Continue so that its failed items can be counted (with default
settings the run stops at the first 429). A run's ideal: n8n's preparation of the items before the first request goes
out (measured per run: ${QUOTA.n === 3000 ? '3,000' : fmt(QUOTA.n)} items take seconds), the ${quotaWindows} windows the budget forces, then the last window's
${fmt(QUOTA.n - quotaWindows * QUOTA.budget)} requests at the pace of the same run with no quota (${ms(quotaRequestsMs)} ms for all ${fmt(QUOTA.n)} requests after the first went out,
${ms(quotaRequestsAlone.wallMs)} ms in all). The fake's first window opens on a whole second, so it can be up to a second short: a
ratio a little under 1 is possible. Peak in flight is measured at the fake.

${quotaTable}

${quotaVerdict}

## Messaging: sends with Pause Between Messages

${fmt(SENDS.n)} Send Text items to one chat through one instance, Pause Between Messages ${SENDS.min}–${SENDS.max} s, against the Evolution fake
(arrival times and order recorded per chat). Wall ${ms(sendsResult.wallMs)} ms, ${fmt(sendsResult.outputItems - sendsResult.failedItems)} of ${fmt(SENDS.n)} sent; every message
arrived in item order: ${sendsInOrder ? 'yes' : 'NO'}. ${gapLine}

## Send Media: a 15 MB file from a binary property

One item carrying a ${fmt(media[0].fileMB, 0)} MB (15 × 1024 × 1024 bytes, the API's limit) random file, Send Media as a document, to the
Evolution API fake. As shipped (nodes/Messaging/media/mediaBody.ts): the JSON body goes out as one Buffer with the
base64 written straight in, and the answer, which echoes the whole file as \`message.base64\`, is read as a stream
whose base64 value is dropped chunk by chunk. Baseline: the process after warm-up with the input item already built;
peaks are the child's RSS high-water mark and the sampled heap (V8 heap + external buffers). Median of ${MEDIA_REPEATS} runs
(bench/media.cjs; \`node bench/media-only.mjs\` runs just this).

${mediaTable}

Where the memory goes (bench/media-trace.cjs, its own child process; the Evolution API fake runs in the parent, so
its buffering of the received body is not in these numbers): every allocation of at least 4 MB on the way, with the
function that made it, the answer's bytes as they arrive, and the heap + external memory right after each. Run twice:
as it runs (garbage not yet collected included, as at a real peak), and with a full GC after each step, which leaves
what is still held. Single runs.

${traceSection}

## Exchange Rate Trigger: API calls per poll

Through n8n-core's PollContext (test/harness/poll.ts), the fake's clock moved as named (2026-06-05 is a Friday).

${pollTable}

${findings}
`;

writeFileSync(path.join(root, 'BENCHMARKS.md'), report);
console.log(report);
