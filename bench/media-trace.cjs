// Where the memory goes when Send Media sends a 15 MB file from a binary property, as shipped
// (nodes/Messaging/media/mediaBody.ts: the JSON body built as one Buffer, the answer read as a
// stream whose echoed base64 is dropped as it passes). Runs in a fresh process (the Evolution API
// fake runs in the parent, so the fake's own buffering of the received body is not counted here)
// and reports, in order, every large allocation of the file's bytes on the way (who made it: the
// first stack frame outside node internals; its size; the memory the process held right after),
// the answer's bytes as they arrive, and the peak per stage.
//   BENCH_EVOLUTION_URL=... BENCH_EVOLUTION_KEY=... node --expose-gc bench/media-trace.cjs <memory|filesystem> [as-run|live]
// `live` runs a full GC right after each step, so "held" is what is still referenced then (the
// copies that are alive, without the garbage not yet collected that the `as-run` peaks include).
'use strict';
require('./register.cjs');
const { runBenchChild } = require('./child.cjs');
const { randomBytes } = require('node:crypto');
const http = require('node:http');
const { Readable } = require('node:stream');
const v8 = require('node:v8');

const { BinaryDataService } = require('n8n-core');
const { MAX_MEDIA_BYTES } = require('../nodes/Messaging/validation/media.ts');
const { memoryBinary, storeOnDisk } = require('../test/harness/binary.ts');
const { sendMediaFromBinary: send } = require('./workflow.ts');

const MB = 2 ** 20;
/** Anything at least this big is the file (or its base64, or a body holding it). */
const LARGE = 4 * MB;
/** The answer's bytes are reported every this many as they arrive. */
const ANSWER_STEP = 5 * MB;

function memoryNow() {
	const { used_heap_size, external_memory } = v8.getHeapStatistics();
	return { heap: used_heap_size + external_memory, v8: used_heap_size, external: external_memory, rss: process.memoryUsage.rss() };
}

/** Who called: the first frame that is not this file or node's own internals. */
function caller() {
	const stack = new Error().stack.split('\n').slice(1);
	const frame = stack.find((line) => !line.includes(__filename) && !line.includes('node:') && !line.includes('(native)'));
	if (!frame) return 'node internals';
	return frame
		.trim()
		.replace(/^at /, '')
		.replace(/^async /, '')
		.replace(/\(?\/.*?\/node_modules\//, '(')
		.replace(/\(?\/.*?\/(nodes|bench|test)\//, '($1/')
		.replace(/:\d+\)?$/, ')');
}

/** Whose code a frame is, for the report. */
function ownerOf(by) {
	if (by.includes('(nodes/')) return 'ours';
	if (/\((axios|follow-redirects)\//.test(by)) return "n8n's HTTP client";
	if (by.includes('(n8n-core/')) return 'n8n-core';
	return by;
}

function trace(live) {
	const events = [];
	let stage = 'before the send';
	const peaks = new Map();
	const sample = () => {
		const now = memoryNow();
		const peak = peaks.get(stage) ?? { heap: 0, rss: 0 };
		peaks.set(stage, { heap: Math.max(peak.heap, now.heap), rss: Math.max(peak.rss, now.rss) });
	};
	const record = (what, bytes, by = caller(), whose = ownerOf(by)) => {
		stage = what;
		if (live) {
			global.gc();
			global.gc();
		}
		events.push({ what, by, whose, MB: bytes / MB, ...memoryNow() });
		sample();
	};
	const restore = [];
	const wrap = (object, name, after) => {
		const original = object[name];
		object[name] = function (...args) {
			const result = original.apply(this, args);
			if (result instanceof Promise) result.then((value) => after.call(this, value, args), () => {});
			else after.call(this, result, args);
			return result;
		};
		restore.push(() => (object[name] = original));
	};
	// The body Buffer, until it is written (then let go, so that this trace keeps nothing alive).
	let body;
	wrap(JSON, 'stringify', (result) => {
		if (typeof result === 'string' && result.length >= LARGE) record('JSON.stringify → string', result.length);
	});
	wrap(JSON, 'parse', (_result, [input]) => {
		if (typeof input === 'string' && input.length >= LARGE) record('JSON.parse(string) → object', input.length);
	});
	wrap(Buffer, 'from', (result, [input]) => {
		if (typeof input === 'string' && result.length >= LARGE) record('Buffer.from(string) → Buffer', result.length);
	});
	wrap(Buffer, 'allocUnsafe', (result) => {
		if (result.length >= LARGE) {
			body = result;
			record('Buffer.allocUnsafe → the JSON body, base64 written in', result.length);
		}
	});
	wrap(Buffer, 'concat', (result) => {
		if (result.length >= LARGE) record('Buffer.concat → Buffer', result.length);
	});
	wrap(Buffer.prototype, 'toString', (result, [encoding]) => {
		if (typeof result === 'string' && result.length >= LARGE) record(`Buffer#toString(${encoding ?? 'utf8'}) → string`, result.length);
	});
	wrap(BinaryDataService.prototype, 'getAsBuffer', (result) => {
		if (Buffer.isBuffer(result) && result.length >= LARGE) {
			record('the file read from disk → Buffer', result.length, 'BinaryDataService.getAsBuffer (via helpers.getBinaryDataBuffer)', 'n8n-core (binary data), called by ours');
		}
	});
	const written = (chunk) => {
		const same = chunk === body;
		if (same) body = undefined;
		return same ? 'the body Buffer itself, no copy' : Buffer.isBuffer(chunk) ? 'a Buffer' : typeof chunk;
	};
	wrap(http.ClientRequest.prototype, 'write', (_result, [chunk]) => {
		if (chunk && chunk.length >= LARGE) record(`ClientRequest#write (${written(chunk)})`, chunk.length);
	});
	wrap(http.ClientRequest.prototype, 'end', (_result, [chunk]) => {
		if (chunk && typeof chunk !== 'function' && chunk.length >= LARGE) record(`ClientRequest#end (${written(chunk)})`, chunk.length);
	});
	// The answer as it arrives: node:http pushes each chunk into the response stream, which axios
	// hands to the node (encoding: 'stream') and readAnswer reads, dropping the echoed base64.
	let received = 0;
	let chunks = 0;
	let reported = 0;
	const push = Readable.prototype.push;
	http.IncomingMessage.prototype.push = function (chunk, ...rest) {
		if (chunk) {
			received += chunk.length;
			chunks++;
		} else if (received >= LARGE) record(`answer received in full (${chunks} chunks of ${Math.round(received / chunks / 1024)} KB on average, read and dropped)`, received, 'node:http response stream', 'the server (echoes the file)');
		if (chunk && received - reported >= ANSWER_STEP) {
			reported = received - (received % ANSWER_STEP);
			record(`answer: ${reported / MB} MB received`, reported, 'node:http response stream', 'the server (echoes the file)');
		}
		return push.call(this, chunk, ...rest);
	};
	restore.push(() => delete http.IncomingMessage.prototype.push);
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


async function main() {
	const [mode, variant = 'as-run'] = process.argv.slice(2);
	const live = variant === 'live';
	const store = async (content, name) =>
		mode === 'filesystem' ? await storeOnDisk(content, 'application/pdf', name) : memoryBinary(content, 'application/pdf', name);
	await send(await store(randomBytes(64 * 1024), 'small.pdf'));

	let content = randomBytes(MAX_MEDIA_BYTES);
	const binary = await store(content, 'big.pdf');
	content = undefined; // the item holds the file (base64 in memory mode, an id in filesystem mode)
	global.gc?.();
	global.gc?.();
	const before = memoryNow();
	const t = trace(live);
	const started = process.hrtime.bigint();
	let output = await send(binary);
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	t.mark('after the send');
	t.stop();
	// One turn of the event loop: until then the keep-alive socket still points at the last request
	// (axios marks it), whose config holds the body Buffer.
	await new Promise((resolve) => setTimeout(resolve, 10));
	global.gc?.();
	global.gc?.();
	const after = memoryNow();
	const outputBytes = JSON.stringify(output.json).length;
	output = undefined;
	const result = {
		mode,
		variant,
		fileMB: MAX_MEDIA_BYTES / MB,
		wallMs,
		heapBeforeMB: before.heap / MB,
		rssBeforeMB: before.rss / MB,
		peakRssMB: process.resourceUsage().maxRSS / 1024,
		/** Heap + external still held over the baseline once the node is done (its output item alive), after a full GC. */
		heapAfterMB: (after.heap - before.heap) / MB,
		outputBytes,
		events: t.events.map((e) => ({ what: e.what, by: e.by, whose: e.whose, MB: e.MB, heapOverBaselineMB: (e.heap - before.heap) / MB, v8MB: (e.v8 - before.v8) / MB, externalMB: (e.external - before.external) / MB })),
		peaks: [...t.peaks].map(([stage, peak]) => ({ stage, heapOverBaselineMB: (peak.heap - before.heap) / MB, rssOverBaselineMB: (peak.rss - before.rss) / MB })),
	};
	return result;
}

runBenchChild(main, { indent: 1 });
