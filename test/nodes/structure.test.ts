// The shape of nodes/ that keeps adding operations cheap: imports run one way (no cycle; a service
// folder never reaches into another; nodes/shared/ in layers, each importing only those below it),
// and no file grows past what one reading takes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const nodesDir = path.join(root, 'nodes');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

/** The files a source imports (type-only imports included: they tie the files together as much). */
function importsOf(file: string): string[] {
	const text = readFileSync(file, 'utf8');
	const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm), ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map(
		(match) => match[1],
	);
	return specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => `${path.resolve(path.dirname(file), specifier)}.ts`);
}

const relative = (file: string) => path.relative(root, file);
const files = sourceFiles(nodesDir);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** The import cycles among `files`, each as the list of files around it. */
function cyclesIn(edges: Map<string, string[]>): string[][] {
	const cycles: string[][] = [];
	const state = new Map<string, 'open' | 'done'>();
	const stack: string[] = [];
	const visit = (file: string) => {
		state.set(file, 'open');
		stack.push(file);
		for (const next of edges.get(file) ?? []) {
			if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map(relative));
			else if (!state.has(next)) visit(next);
		}
		stack.pop();
		state.set(file, 'done');
	};
	for (const file of edges.keys()) if (!state.has(file)) visit(file);
	return cycles;
}

/** nodes/shared/ from the ground up: a file imports only from its own layer or the layers below. */
const SHARED_LAYERS: string[][] = [
	['checks', 'noAnswer', 'baseUrl', 'errors', 'documentation', 'n8nReleases'],
	['contract', 'fields', 'simplify', 'requestOptions'],
	['quota', 'pacing', 'server', 'transmission', 'itemReader', 'runner', 'customOperation', 'credentialTest'],
	['routingNodeAdaptation'],
	['editor'],
];
const layerOf = (file: string) => SHARED_LAYERS.findIndex((layer) => layer.includes(path.basename(file, '.ts')));

const serviceOf = (file: string) => path.relative(nodesDir, file).split(path.sep)[0];

describe('nodes/ imports', () => {
	it('reads every import of the sources (the check below sees something)', () => {
		expect(files.length).toBeGreaterThan(60);
		const runner = graph.get(path.join(nodesDir, 'shared/runner.ts'));
		expect(runner?.map(relative)).toEqual(expect.arrayContaining(['nodes/shared/contract.ts', 'nodes/shared/pacing.ts']));
	});

	it('has no import cycle', () => {
		expect(cyclesIn(graph)).toEqual([]);
	});

	it('finds a cycle when there is one (the check can fail)', () => {
		const a = path.join(nodesDir, 'a.ts');
		const b = path.join(nodesDir, 'b.ts');
		expect(cyclesIn(new Map([[a, [b]], [b, [a]]]))).toEqual([['nodes/a.ts', 'nodes/b.ts', 'nodes/a.ts']]);
	});

	it('keeps each service folder to itself: it may use nodes/shared/ and credentials/, never another service', () => {
		const crossings = files.flatMap((file) =>
			graph
				.get(file)!
				.filter((target) => target.startsWith(nodesDir) && serviceOf(target) !== 'shared' && serviceOf(target) !== serviceOf(file))
				.map((target) => `${relative(file)} -> ${relative(target)}`),
		);
		expect(crossings).toEqual([]);
	});

	it('keeps nodes/shared/ in layers: the contract below the runtime, the runtime below the RoutingNode adaptation, that below the editor', () => {
		const shared = files.filter((file) => serviceOf(file) === 'shared');
		expect(shared.filter((file) => layerOf(file) < 0).map(relative)).toEqual([]);
		const upward = shared.flatMap((file) =>
			graph
				.get(file)!
				.filter((target) => !target.startsWith(path.join(nodesDir, 'shared')) || layerOf(target) > layerOf(file))
				.map((target) => `${relative(file)} -> ${relative(target)}`),
		);
		expect(upward).toEqual([]);
	});
});

describe('nodes/ file sizes', () => {
	it('has no source longer than 350 lines', () => {
		const long = files
			.map((file) => ({ file: relative(file), lines: readFileSync(file, 'utf8').split('\n').length }))
			.filter(({ lines }) => lines > 350);
		expect(long).toEqual([]);
	});
});
