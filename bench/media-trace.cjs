// Where the copies of a 15 MB file come from when Send Media sends it from a binary property. Runs
// in a fresh process (the Evolution API fake runs in the parent, so the fake's own buffering of the
// received body is not counted here) and reports, in order, every large allocation of the file's
// bytes on the way out: who made it (the first stack frame outside node internals), its size, and
// the memory the process held right after. It also reports the peak per stage.
//   BENCH_EVOLUTION_URL=... BENCH_EVOLUTION_KEY=... node --expose-gc bench/media-trace.cjs <memory|filesystem> [shipped|buffer-body|buffer-both]
// `buffer-body` and `buffer-both` run the prototypes of the proposed changes (bench/media-buffer-body.ts)
// instead of the shipped node.
'use strict';
require('./register.cjs');
const { randomBytes } = require('node:crypto');
const http = require('node:http');
const v8 = require('node:v8');

const { MAX_MEDIA_BYTES } = require('../nodes/shared/validation.ts');
const { memoryBinary, storeOnDisk } = require('../test/harness/binary.ts');
const { runWorkflow } = require('./workflow.ts');
const { BUFFER_BODY_MESSAGING, BUFFER_BOTH_MESSAGING } = require('./media-buffer-body.ts');

const MB = 2 ** 20;
/** Anything at least this big is the file (or its base64, or a body holding it). */
const LARGE = 4 * MB;

function memoryNow() {
	const { used_heap_size, external_memory } = v8.getHeapStatistics();
	return { heap: used_heap_size + external_memory, rss: process.memoryUsage.rss() };
}

/** Who called: the first frame that is not this file or node's own internals. */
function caller() {
	const stack = new Error().stack.split('\n').slice(1);
	const frame = stack.find((line) => !line.includes(__filename) && !line.includes('node:') && !line.includes('(native)'));
	if (!frame) return 'node internals';
	return frame
		.trim()
		.replace(/^at /, '')
		.replace(/\(?\/.*?\/node_modules\//, '(')
		.replace(/\(?\/.*?\/(nodes|bench|test)\//, '($1/')
		.replace(/:\d+\)?$/, ')');
}

function trace() {
	const events = [];
	let stage = 'before the send';
	const peaks = new Map();
	const sample = () => {
		const now = memoryNow();
		const peak = peaks.get(stage) ?? { heap: 0, rss: 0 };
		peaks.set(stage, { heap: Math.max(peak.heap, now.heap), rss: Math.max(peak.rss, now.rss) });
	};
	const record = (what, bytes, by = caller()) => {
		stage = what;
		events.push({ what, by, MB: bytes / MB, ...memoryNow() });
		sample();
	};
	const restore = [];
	const wrap = (object, name, after) => {
		const original = object[name];
		object[name] = function (...args) {
			const result = original.apply(this, args);
			after.call(this, result, args);
			return result;
		};
		restore.push(() => (object[name] = original));
	};
	wrap(JSON, 'stringify', (result) => {
		if (typeof result === 'string' && result.length >= LARGE) record('JSON.stringify → string', result.length);
	});
	wrap(JSON, 'parse', (_result, [input]) => {
		if (typeof input === 'string' && input.length >= LARGE) record('JSON.parse(string) → object', input.length);
	});
	wrap(Buffer, 'from', (result, [input]) => {
		if (typeof input === 'string' && result.length >= LARGE) record('Buffer.from(string) → Buffer', result.length);
	});
	wrap(Buffer, 'concat', (result) => {
		if (result.length >= LARGE) record('Buffer.concat → Buffer', result.length);
	});
	wrap(Buffer.prototype, 'toString', (result) => {
		if (typeof result === 'string' && result.length >= LARGE) record(`Buffer#toString → string`, result.length);
	});
	wrap(http.ClientRequest.prototype, 'write', (_result, [chunk]) => {
		if (chunk && chunk.length >= LARGE) record(`ClientRequest#write (${Buffer.isBuffer(chunk) ? 'Buffer' : typeof chunk})`, chunk.length);
	});
	wrap(http.ClientRequest.prototype, 'end', (_result, [chunk]) => {
		if (chunk && typeof chunk !== 'function' && chunk.length >= LARGE) record(`ClientRequest#end (${Buffer.isBuffer(chunk) ? 'Buffer' : typeof chunk})`, chunk.length);
	});
	const timer = setInterval(sample, 1);
	return {
		events,
		peaks,
		mark(name) {
			stage = name;
			sample();
		},
		stop() {
			sample();
			clearInterval(timer);
			for (const undo of restore) undo();
		},
	};
}

async function send(type, binary) {
	const { items } = await runWorkflow({
		type,
		typeVersion: 1,
		parameters: {
			resource: 'message',
			operation: 'sendMedia',
			instanceName: { __rl: true, mode: 'list', value: 'sales' },
			number: '+51 987 654 321',
			mediaType: 'document',
			mediaSource: 'binary',
			binaryPropertyName: 'data',
		},
		credentials: { messagingApi: { serverUrl: process.env.BENCH_EVOLUTION_URL, apiKey: process.env.BENCH_EVOLUTION_KEY } },
		items: [{ json: { row: 1 }, binary: { data: binary } }],
	});
	if (items.length !== 1 || items[0].error) throw new Error(`send media failed: ${JSON.stringify(items[0]?.json)}`);
}

async function main() {
	const [mode, variant = 'shipped'] = process.argv.slice(2);
	const type = { 'buffer-body': BUFFER_BODY_MESSAGING, 'buffer-both': BUFFER_BOTH_MESSAGING }[variant] ?? 'n8n-nodes-taxpayer-messaging.messaging';
	const store = async (content, name) =>
		mode === 'filesystem' ? await storeOnDisk(content, 'application/pdf', name) : memoryBinary(content, 'application/pdf', name);
	await send(type, await store(randomBytes(64 * 1024), 'small.pdf'));

	let content = randomBytes(MAX_MEDIA_BYTES);
	const binary = await store(content, 'big.pdf');
	content = undefined; // the item holds the file (base64 in memory mode, an id in filesystem mode)
	global.gc?.();
	global.gc?.();
	const before = memoryNow();
	const t = trace();
	const started = process.hrtime.bigint();
	await send(type, binary);
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	t.mark('after the send');
	t.stop();
	const result = {
		mode,
		variant,
		fileMB: MAX_MEDIA_BYTES / MB,
		wallMs,
		heapBeforeMB: before.heap / MB,
		rssBeforeMB: before.rss / MB,
		peakRssMB: process.resourceUsage().maxRSS / 1024,
		events: t.events.map((e) => ({ what: e.what, by: e.by, MB: e.MB, heapOverBaselineMB: (e.heap - before.heap) / MB })),
		peaks: [...t.peaks].map(([stage, peak]) => ({ stage, heapOverBaselineMB: (peak.heap - before.heap) / MB, rssOverBaselineMB: (peak.rss - before.rss) / MB })),
	};
	if (process.send) process.send(result);
	else console.log(JSON.stringify(result, null, 1));
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
