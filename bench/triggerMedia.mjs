// The Messaging Trigger's media case (bench/media-trigger.cjs in fresh child processes): the
// Evolution fake here with S3 on, a 64 KB warm-up video and the big one stored; per source 3 runs as
// it runs (the median reported: peaks move with GC timing) and 1 with a full GC every 5 ms (what is
// held; slow), each checked against what the fake served. triggerMediaSection writes it up.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TRIGGER_MEDIA_REPEATS = { 'as-run': 3, held: 1 };

function child(args, env) {
	return new Promise((resolve, reject) => {
		const run = spawn(process.execPath, ['--expose-gc', path.join(root, 'bench', 'media-trigger.cjs'), ...args], {
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
	const evolution = await startEvolutionFake({ s3: true });
	const warmId = evolution.storeMedia({ mediaType: 'video', bytes: randomBytes(64 * 1024), mimetype: 'video/mp4' });
	const bigId = evolution.storeMedia({ mediaType: 'video', bytes: randomBytes(fileMB * 2 ** 20), mimetype: 'video/mp4' });
	const rows = [];
	try {
		for (const [source, variant] of [['store', 'as-run'], ['server', 'as-run'], ['store', 'held'], ['server', 'held']]) {
			const runs = [];
			for (let repeat = 0; repeat < TRIGGER_MEDIA_REPEATS[variant]; repeat++) {
				evolution.reset();
				const result = await child([source, String(fileMB), variant], { BENCH_EVOLUTION_URL: evolution.url, BENCH_EVOLUTION_KEY: evolution.apiKey, BENCH_BIG_ID: bigId, BENCH_WARM_ID: warmId });
				const fromBucket = evolution.requests.filter((request) => request.path.startsWith('/evolution-media/')).length;
				const asBase64 = evolution.requests.filter((request) => request.path.startsWith('/chat/getBase64FromMediaMessage/')).length;
				// The warm-up and the big file: both from the bucket, or both as base64.
				if (result.storedMB !== fileMB || `${fromBucket},${asBase64}` !== (source === 'store' ? '2,0' : '0,2')) {
					throw new Error(`trigger media (${source}): stored ${result.storedMB} MB, bucket ${fromBucket}, base64 ${asBase64}`);
				}
				const peakRss = variant === 'held' ? result.peakHeldRssMB : result.peakRssMB;
				runs.push({ ...result, rssMB: peakRss - result.rssBeforeMB, heapMB: result.peakHeapMB - result.heapBeforeMB });
				console.error(`trigger media ${fileMB} MB (${source}, ${variant})  ${Math.round(result.wallMs)} ms  RSS +${runs.at(-1).rssMB.toFixed(1)} MB  heap +${runs.at(-1).heapMB.toFixed(1)} MB`);
			}
			const range = (key) => [Math.min(...runs.map((run) => run[key])), Math.max(...runs.map((run) => run[key]))];
			rows.push({
				source,
				variant,
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

/** The BENCHMARKS.md section of the rows measureTriggerMedia gives. */
export function triggerMediaSection(rows) {
	const row = (source, variant) => rows.find((r) => r.source === source && r.variant === variant);
	const fileMB = rows[0].fileMB;
	const lines = rows.map((r) => [
		r.source === 'store' ? 'store (`mediaUrl` streamed)' : 'server (base64 route, decoded)',
		r.variant === 'held' ? 'held (full GC every 5 ms), 1 run' : `as it runs, median of ${TRIGGER_MEDIA_REPEATS['as-run']}`,
		`${fmt(r.wallMs)} ms`,
		`+${fmt(r.rssMB, 1)} MB`,
		`+${fmt(Math.max(r.heapMB, 0), 1)} MB`,
		`${fmt(r.rssRange[0], 1)}–${fmt(r.rssRange[1], 1)} / ${fmt(Math.max(r.heapRange[0], 0), 1)}–${fmt(Math.max(r.heapRange[1], 0), 1)} MB`,
	]);
	const storeHeld = row('store', 'held');
	const serverHeld = row('server', 'held');
	// A held figure a little under the baseline (GC found more to free than before) is shown as 0.
	return `## Messaging Trigger: a ${fmt(fileMB)} MB video's file (Include Media Files)

One \`messages.upsert\` of a ${fmt(fileMB)} MB (${fmt(fileMB)} × 1024 × 1024 bytes) random video, Include Media Files on, n8n's
filesystem binary mode (the item holds an id), through n8n-core's WebhookContext (test/harness/webhook.ts) in a fresh
child process (bench/media-trigger.cjs); the Evolution fake runs in the parent with S3 on. **store**: the delivery
carries \`message.mediaUrl\`, the file is streamed from the fake's bucket into the binary store
(nodes/Messaging/media/store.ts). **server**: no link, the file asked of \`chat/getBase64FromMediaMessage\` as base64
JSON and decoded (the path without S3). Baseline: the active trigger after one 64 KB delivery by the same path.
Peaks: RSS high-water mark (as it runs) or RSS right after each GC (held), and the sampled heap (V8 heap + external
buffers). \`node bench/media-trigger-only.mjs\` runs just this.

| source | run | wall | peak RSS over the idle trigger | heap + external over the idle trigger | range (RSS / heap) |
|---|---|---:|---:|---:|---:|
${lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n')}

Held at once: store ${storeHeld ? `+${fmt(Math.max(storeHeld.heapMB, 0), 1)} MB` : '—'} of heap + external (the file is never in memory
whole: it goes to disk chunk by chunk), server ${serverHeld ? `+${fmt(serverHeld.heapMB, 1)} MB` : '—'} (the base64 text, its JSON and the decoded file). As it
runs, the store's peak is the stream's 64 KB chunks already written but not yet collected (garbage, freed at the next GC).
`;
}
