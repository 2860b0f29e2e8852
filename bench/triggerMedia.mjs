// The Messaging Trigger's media case (bench/media-trigger.cjs in fresh child processes): the
// Evolution fake here with S3 on, a 64 KB warm-up video and the big one stored; per source 3 runs as
// it runs (the median reported: peaks move with GC timing) and 1 with a full GC every 5 ms (what is
// held; slow), each checked against what the fake served. The store and its floor run again under
// the other Node major found on PATH (the bench runs under Node 24, n8n 2.x's; Node 20 runs n8n 1.123),
// when there is one. triggerMediaSection writes it up.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TRIGGER_MEDIA_REPEATS = { 'as-run': 3, prompt: 3, held: 1 };

/** Node's major version, `v24`, of the binary at `execPath`. */
const majorOf = (execPath) => execFileSync(execPath, ['-p', 'process.version.split(".")[0]'], { encoding: 'utf8' }).trim();

/** The first `node` on PATH of another major than this one, or undefined. */
export function otherNode() {
	const own = majorOf(process.execPath);
	for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
		const candidate = path.join(dir, 'node');
		if (existsSync(candidate) && majorOf(candidate) !== own) return candidate;
	}
	return undefined;
}

function child(args, env, execPath = process.execPath) {
	return new Promise((resolve, reject) => {
		const run = spawn(execPath, ['--expose-gc', path.join(root, 'bench', 'media-trigger.cjs'), ...args], {
			cwd: root,
			env: { ...process.env, ...env },
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		let message;
		run.on('message', (m) => (message = m));
		run.on('exit', (code) => (code === 0 && message ? resolve(message) : reject(new Error(`bench/media-trigger.cjs ${args.join(' ')} exit ${code}`))));
	});
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** One row per source: the file, the median wall time, RSS and heap over the idle trigger (median, and their range). */
export async function measureTriggerMedia(startEvolutionFake, fileMB = 50) {
	// Videos go to the bucket only with the server's S3_SAVE_VIDEO (docs/evolution-api.md, S3 storage).
	const evolution = await startEvolutionFake({ s3: true, s3SaveVideo: true });
	const warmId = evolution.storeMedia({ mediaType: 'video', bytes: randomBytes(64 * 1024), mimetype: 'video/mp4' });
	const bigId = evolution.storeMedia({ mediaType: 'video', bytes: randomBytes(fileMB * 2 ** 20), mimetype: 'video/mp4' });
	const rows = [];
	const own = majorOf(process.execPath);
	const other = otherNode();
	const cases = [['store', 'as-run'], ['floor', 'as-run'], ['server', 'as-run'], ['store', 'prompt'], ['floor', 'prompt'], ['store', 'held'], ['server', 'held']].map(([source, variant]) => [source, variant, process.execPath, own]);
	if (other) cases.push(['store', 'as-run', other, majorOf(other)], ['floor', 'as-run', other, majorOf(other)]);
	try {
		for (const [source, variant, execPath, node] of cases) {
			const runs = [];
			for (let repeat = 0; repeat < TRIGGER_MEDIA_REPEATS[variant]; repeat++) {
				evolution.reset();
				const result = await child([source, String(fileMB), variant], { BENCH_EVOLUTION_URL: evolution.url, BENCH_EVOLUTION_KEY: evolution.apiKey, BENCH_BIG_ID: bigId, BENCH_WARM_ID: warmId }, execPath);
				const fromBucket = evolution.requests.filter((request) => request.path.startsWith('/evolution-media/')).length;
				const asBase64 = evolution.requests.filter((request) => request.path.startsWith('/chat/getBase64FromMediaMessage/')).length;
				// The warm-up and the big file: both from the bucket (the floor too), or both as base64.
				if (result.storedMB !== fileMB || `${fromBucket},${asBase64}` !== (source === 'server' ? '0,2' : '2,0')) {
					throw new Error(`trigger media (${source}): stored ${result.storedMB} MB, bucket ${fromBucket}, base64 ${asBase64}`);
				}
				const peakRss = variant === 'held' ? result.peakHeldRssMB : result.peakRssMB;
				runs.push({ ...result, rssMB: peakRss - result.rssBeforeMB, heapMB: result.peakHeapMB - result.heapBeforeMB });
				console.error(`trigger media ${fileMB} MB (${source}, ${variant}, Node ${node})  ${Math.round(result.wallMs)} ms  RSS +${runs.at(-1).rssMB.toFixed(1)} MB  heap +${runs.at(-1).heapMB.toFixed(1)} MB`);
			}
			const range = (key) => [Math.min(...runs.map((run) => run[key])), Math.max(...runs.map((run) => run[key]))];
			rows.push({
				source,
				variant,
				node,
				fileMB,
				wallMs: median(runs.map((run) => run.wallMs)),
				rssMB: median(runs.map((run) => run.rssMB)),
				heapMB: median(runs.map((run) => run.heapMB)),
				rssRange: range('rssMB'),
				heapRange: range('heapMB'),
			});
		}
	} finally {
		await evolution.close();
	}
	return rows;
}

const fmt = (value, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const VARIANT_NAMES = {
	'as-run': `as it runs, median of ${TRIGGER_MEDIA_REPEATS['as-run']}`,
	prompt: `young GC every 1 ms, median of ${TRIGGER_MEDIA_REPEATS.prompt}`,
	held: 'held (full GC every 5 ms), 1 run',
};

const SOURCE_NAMES = {
	store: 'store (`mediaUrl` streamed)',
	floor: 'floor (the link by node:http alone)',
	server: 'server (base64 route, decoded)',
};

/** The BENCHMARKS.md section of the rows measureTriggerMedia gives. */
export function triggerMediaSection(rows) {
	const own = rows[0].node;
	const row = (source, variant, node = own) => rows.find((r) => r.source === source && r.variant === variant && r.node === node);
	const fileMB = rows[0].fileMB;
	const lines = rows.map((r) => [
		SOURCE_NAMES[r.source],
		`Node ${r.node.slice(1)}`,
		VARIANT_NAMES[r.variant],
		`${fmt(r.wallMs)} ms`,
		`+${fmt(Math.max(r.rssMB, 0), 1)} MB`,
		`+${fmt(Math.max(r.heapMB, 0), 1)} MB`,
		`${fmt(Math.max(r.rssRange[0], 0), 1)}–${fmt(Math.max(r.rssRange[1], 0), 1)} / ${fmt(Math.max(r.heapRange[0], 0), 1)}–${fmt(Math.max(r.heapRange[1], 0), 1)} MB`,
	]);
	const mb = (r, key) => (r ? `+${fmt(Math.max(r[key], 0), 1)} MB` : '—');
	const others = [...new Set(rows.map((r) => r.node))].filter((node) => node !== own);
	const otherLine = others
		.map((node) => `Under Node ${node.slice(1)}: store ${mb(row('store', 'as-run', node), 'rssMB')}, floor ${mb(row('floor', 'as-run', node), 'rssMB')} of RSS.`)
		.join(' ');
	// A figure a little under the baseline (GC found more to free than before) is shown as 0.
	return `## Messaging Trigger: a ${fmt(fileMB)} MB video's file (Include Media Files)

One \`messages.upsert\` of a ${fmt(fileMB)} MB (${fmt(fileMB)} × 1024 × 1024 bytes) random video, Include Media Files on, n8n's
filesystem binary mode (the item holds an id), through n8n-core's WebhookContext (test/harness/webhook.ts) in a fresh
child process (bench/media-trigger.cjs); the Evolution fake runs in the parent with S3 on. **store**: the delivery
carries \`message.mediaUrl\`, the file is streamed from the fake's bucket into the binary store
(nodes/Messaging/media/store.ts). **floor**: no node at all: the same link fetched with \`node:http\` alone and its answer
written into the same binary store, in the same process beside the active trigger: what streaming any download to
n8n's disk costs this process. **server**: no link, the file asked of \`chat/getBase64FromMediaMessage\` as base64
JSON and decoded (the path without S3). Baseline: the active trigger after one 64 KB file by the same path.
Peaks: RSS high-water mark (as it runs; with a young GC every 1 ms) or RSS right after each GC (held), and the
sampled heap (V8 heap + external buffers). Node ${own.slice(1)} (n8n 2.x's)${others.length ? `, and the store and its floor again under Node ${others.map((node) => node.slice(1)).join(', ')} (found on PATH; n8n 1.123 runs on Node 20)` : ''}.
\`node bench/media-trigger-only.mjs\` runs just this.

| source | Node | run | wall | peak RSS over the idle trigger | heap + external over the idle trigger | range (RSS / heap) |
|---|---|---|---:|---:|---:|---:|
${lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n')}

**What the trigger holds**: ${mb(row('store', 'held'), 'heapMB')} of heap + external with the file from the store (it is never
in memory whole: it goes to disk chunk by chunk), against ${mb(row('server', 'held'), 'heapMB')} by the base64 route (the base64
text, its JSON and the decoded file). **As it runs**, the store's RSS high-water mark (${mb(row('store', 'as-run'), 'rssMB')}) moves
with its floor's (${mb(row('floor', 'as-run'), 'rssMB')}; see the ranges): node:http reads the socket into a new 64 KB buffer each
time, garbage once written, and V8 frees such buffers at its next collection, which in a process of this size comes
once tens of MB of them have piled up, sooner or later from run to run. With the young generation collected every
1 ms, as a busier process would, the two meet: store ${mb(row('store', 'prompt'), 'rssMB')}, floor ${mb(row('floor', 'prompt'), 'rssMB')}
(buffers in flight and not yet returned, the same without any node). The trigger adds nothing to its floor that
the runs can tell apart. ${otherLine}
`;
}
