// How every bench child ends: its result to the parent over IPC (or to stdout, when run by hand)
// and exit 0; an error on stderr and exit 1. And the heap and RSS high-water marks the children read.
'use strict';
const fs = require('node:fs');
const v8 = require('node:v8');

/** The process's RSS high-water mark in MB: VmHWM, which clear_refs resets; getrusage's when /proc is not there. */
function peakRssMB() {
	try {
		return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
	} catch {
		return process.resourceUsage().maxRSS / 1024;
	}
}

/** Starts the RSS high-water mark from here (Linux's clear_refs); elsewhere it counts from the process's start. */
function resetPeakRss() {
	try {
		fs.writeFileSync('/proc/self/clear_refs', '5');
	} catch {
		// Not Linux: the high-water mark then counts from the start.
	}
}

/** Heap high-water mark: sampled every few ms, and after every GC (a GC's start is a local peak). */
function heapWatcher() {
	let peak = 0;
	const sample = () => {
		const { used_heap_size, external_memory } = v8.getHeapStatistics();
		peak = Math.max(peak, used_heap_size + external_memory);
	};
	const timer = setInterval(sample, 2);
	const { PerformanceObserver } = require('node:perf_hooks');
	const observer = new PerformanceObserver(sample);
	observer.observe({ entryTypes: ['gc'] });
	return {
		stop() {
			sample();
			clearInterval(timer);
			observer.disconnect();
			return peak;
		},
	};
}

function runBenchChild(main, { indent } = {}) {
	main().then(
		(result) => {
			if (process.send) process.send(result);
			else console.log(JSON.stringify(result, null, indent));
			process.exit(0);
		},
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}

module.exports = { heapWatcher, peakRssMB, resetPeakRss, runBenchChild };
