// Sums a V8 .cpuprofile (node --cpu-prof) by self time: top functions, and totals per package/file,
// so that n8n's own cost can be told apart from this package's.
//   node bench/profile-summary.mjs <file.cpuprofile> [top=25]
import { readFileSync } from 'node:fs';

/** Where a script lives, in the words of the report: our code, n8n-core, n8n-workflow, a dependency, Node. */
export function ownerOf(url) {
	if (!url) return '(native/V8)';
	const path = url.replace(/^file:\/\//, '');
	const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
	if (dep) return `${dep[1]}`;
	if (path.startsWith('node:')) return 'node (internals)';
	const ours = /\/(nodes|credentials|test|bench)\/(.*)$/.exec(path);
	if (ours) return `ours: ${ours[1]}/${ours[2]}`;
	return path;
}

export function summarise(profile, top = 25) {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const selfMicros = new Map();
	const deltas = profile.timeDeltas;
	for (let i = 0; i < profile.samples.length; i++) {
		const id = profile.samples[i];
		selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[i] ?? 0));
	}
	const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
	const functions = new Map();
	const owners = new Map();
	for (const [id, micros] of selfMicros) {
		const { callFrame } = byId.get(id);
		const owner = ownerOf(callFrame.url);
		const file = callFrame.url ? callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/main\//, '') : '';
		const key = `${callFrame.functionName || '(anonymous)'}  ${file}:${callFrame.lineNumber + 1}`;
		functions.set(key, (functions.get(key) ?? 0) + micros);
		owners.set(owner, (owners.get(owner) ?? 0) + micros);
	}
	const rank = (map) =>
		[...map.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, top)
			.map(([name, micros]) => ({ name, ms: micros / 1000, share: micros / total }));
	return { totalMs: total / 1000, functions: rank(functions), owners: rank(owners) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const [file, top = '25'] = process.argv.slice(2);
	const summary = summarise(JSON.parse(readFileSync(file, 'utf8')), Number(top));
	const line = ({ name, ms, share }) => `${ms.toFixed(0).padStart(8)} ms ${(share * 100).toFixed(1).padStart(5)}%  ${name}`;
	console.log(`total sampled: ${summary.totalMs.toFixed(0)} ms\n\nself time by owner:`);
	for (const row of summary.owners) console.log(line(row));
	console.log('\nself time by function:');
	for (const row of summary.functions) console.log(line(row));
}
