// Sends one file (15 MB unless a size in MB is given) with the Messaging node's Send Media from a
// binary property, in a fresh process, and reports peak memory over the file's size. The file is in
// the item the way n8n keeps it: base64 in the item (memory mode, n8n 1.x's default), on disk with an
// id (filesystem mode, n8n 2.x's default) or in the database with an id (database mode, as queue
// mode uses; emulated in memory as n8n reads it: test/harness/binary.ts).
//   BENCH_EVOLUTION_URL=... BENCH_EVOLUTION_KEY=... node bench/media.cjs <memory|filesystem|database> [MB]
'use strict';
require('./register.cjs');
const { peakRssMB, resetPeakRss, runBenchChild } = require('./child.cjs');
const { randomBytes } = require('node:crypto');
const v8 = require('node:v8');

const { MAX_MEDIA_BYTES } = require('../nodes/Messaging/validation/media.ts');
const { memoryBinary, storeInDatabase, storeOnDisk } = require('../test/harness/binary.ts');
const { sendMediaFromBinary: send } = require('./workflow.ts');

async function main() {
	const mode = process.argv[2];
	const fileBytes = process.argv[3] ? Number(process.argv[3]) * 2 ** 20 : MAX_MEDIA_BYTES;
	const store = { memory: async (...file) => memoryBinary(...file), filesystem: storeOnDisk, database: storeInDatabase }[mode];
	if (!store) throw new Error(`unknown binary data mode ${mode}`);
	// Warm-up with a small file: module loading and first compilation are not the file's cost.
	await send(await store(randomBytes(64 * 1024), 'application/pdf', 'small.pdf'));

	let content = randomBytes(fileBytes);
	const binary = await store(content, 'application/pdf', 'big.pdf');
	// What n8n holds of a file it keeps elsewhere is not in the baseline; memory mode's item is.
	if (mode !== 'memory') content = undefined;
	global.gc?.();
	// The high-water mark from here on: making the file above (and the warm-up) is not the send's cost.
	resetPeakRss();
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
		peakRssMB: peakRssMB(),
		heapBeforeMB: (before.heapUsed + before.external) / MB,
		peakHeapMB: peakHeap / MB,
	};
	return result;
}

runBenchChild(main);
