// Sends one 15 MB file with the Messaging node's Send Media from a binary property, in a fresh
// process, and reports peak memory over the file's size. The file is in the item the way n8n keeps
// it: base64 in the item (memory mode, n8n's default) or on disk with an id (filesystem mode).
//   BENCH_EVOLUTION_URL=... BENCH_EVOLUTION_KEY=... node bench/media.cjs <memory|filesystem>
'use strict';
require('./register.cjs');
const { runBenchChild } = require('./child.cjs');
const { randomBytes } = require('node:crypto');
const v8 = require('node:v8');

const { MAX_MEDIA_BYTES } = require('../nodes/Messaging/validation/media.ts');
const { memoryBinary, storeOnDisk } = require('../test/harness/binary.ts');
const { sendMediaFromBinary: send } = require('./workflow.ts');


async function main() {
	const mode = process.argv[2];
	const fileBytes = MAX_MEDIA_BYTES;
	// Warm-up with a small file: module loading and first compilation are not the file's cost.
	const small = randomBytes(64 * 1024);
	await send(mode === 'filesystem' ? await storeOnDisk(small, 'application/pdf', 'small.pdf') : memoryBinary(small, 'application/pdf', 'small.pdf'));

	const content = randomBytes(fileBytes);
	const binary = mode === 'filesystem' ? await storeOnDisk(content, 'application/pdf', 'big.pdf') : memoryBinary(content, 'application/pdf', 'big.pdf');
	global.gc?.();
	// What the process holds before the node runs, the input item included.
	const before = process.memoryUsage();
	let peakHeap = 0;
	const sample = () => {
		const { used_heap_size, external_memory } = v8.getHeapStatistics();
		peakHeap = Math.max(peakHeap, used_heap_size + external_memory);
	};
	const timer = setInterval(sample, 1);
	const started = process.hrtime.bigint();
	await send(binary);
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	sample();
	clearInterval(timer);
	const MB = 2 ** 20;
	const result = {
		mode,
		fileMB: fileBytes / MB,
		wallMs,
		rssBeforeMB: before.rss / MB,
		peakRssMB: process.resourceUsage().maxRSS / 1024,
		heapBeforeMB: (before.heapUsed + before.external) / MB,
		peakHeapMB: peakHeap / MB,
	};
	return result;
}

runBenchChild(main);
