// One SIRE proposal read in a fresh process, from SUNAT's ZIP bytes to items, as the SUNAT node reads
// it (readProposalZip: unzip, decode, parseProposal): time, and memory over the TXT's size.
//   node --expose-gc bench/sire.cjs <RVIE|RCE> <proposal.zip> <warm-up.zip>
// The ZIP's bytes are read before the baseline: they are the download, the input of the step.
'use strict';
require('./register.cjs');
const { runBenchChild } = require('./child.cjs');
const fs = require('node:fs');
const v8 = require('node:v8');

const { readProposalZip } = require('../nodes/SunatInvoice/sire/proposal.ts');

const MB = 2 ** 20;

/** The process's RSS high-water mark in MB: VmHWM, which clear_refs resets; getrusage's when /proc is not there. */
function peakRssMB() {
	try {
		return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
	} catch {
		return process.resourceUsage().maxRSS / 1024;
	}
}

const heapNow = () => {
	const { used_heap_size, external_memory } = v8.getHeapStatistics();
	return used_heap_size + external_memory;
};

async function main() {
	const [book, zipPath, warmUpPath] = process.argv.slice(2);
	const warmUp = new Uint8Array(fs.readFileSync(warmUpPath));
	// Warm-up: module loading and first compilation are not the file's cost.
	for (let run = 0; run < 3; run++) await readProposalZip(book, warmUp);
	const zip = new Uint8Array(fs.readFileSync(zipPath));
	global.gc();
	global.gc();
	try {
		fs.writeFileSync('/proc/self/clear_refs', '5');
	} catch {
		// Not Linux: the high-water mark then counts from the start.
	}
	const before = process.memoryUsage();
	const heapBefore = heapNow();
	// The heap at each collection's start (the reading is synchronous: no timer could sample it).
	const profiler = new v8.GCProfiler();
	profiler.start();
	const cpuBefore = process.cpuUsage();
	const started = process.hrtime.bigint();
	const items = await readProposalZip(book, zip);
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	const cpu = process.cpuUsage(cpuBefore);
	const heapAtEnd = heapNow();
	const collections = profiler.stop().statistics;
	const peakRss = peakRssMB();
	const atCollections = collections.map((gc) => gc.beforeGC.heapStatistics.usedHeapSize + gc.beforeGC.heapStatistics.externalMemory);
	global.gc();
	global.gc();
	// What the items hold once the garbage is gone (the items still referenced).
	const heldMB = (heapNow() - heapBefore) / MB;
	return {
		book,
		items: items.length,
		first: items[0],
		zipMB: zip.length / MB,
		wallMs,
		cpuMs: (cpu.user + cpu.system) / 1000,
		rssBeforeMB: before.rss / MB,
		peakRssMB: peakRss,
		peakHeapMB: (Math.max(heapAtEnd, ...atCollections) - heapBefore) / MB,
		heldMB,
		collections: collections.length,
	};
}

runBenchChild(main);
