// The shape of nodes/ that keeps adding operations cheap: imports run one way (no cycle; a service
// never reaches into another, wherever its folder stands; nodes/shared/ in layers, each importing
// only those below it), and no file grows past what one reading takes.
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
	['checks', 'noAnswer', 'baseUrl', 'errors', 'documentation', 'n8nReleases', 'ruc', 'dates'],
	['items', 'sharedRun', 'contract', 'fields', 'simplify', 'requestOptions'],
	['quota', 'pacing', 'server', 'runState', 'transmission', 'itemReader', 'plan', 'runner', 'customOperation', 'credentialTest'],
	['routingNodeAdaptation'],
	['editor'],
];
const layerOf = (file: string) => SHARED_LAYERS.findIndex((layer) => layer.includes(path.basename(file, '.ts')));

const sharedDir = path.join(nodesDir, 'shared');
const isShared = (file: string) => file.startsWith(`${sharedDir}${path.sep}`);

/**
 * Node folders that belong to the service around them: a trigger of the same API, in a folder of its
 * own as n8n's scanner wants of a node file's folder. Any other node folder is a service of its own,
 * wherever it stands (SUNAT Invoice once sat in nodes/TaxpayerLookup/).
 */
const PARTS_OF_THE_SERVICE_AROUND = ['TaxpayerLookup/ExchangeRate'];

/**
 * The service of each file under nodes/ but nodes/shared/: the folder of its node (the nearest
 * folder above it holding a `*.node.ts`), or the service around that folder when it is listed in
 * `partsOfTheServiceAround`. Undefined for a file in no node's folder.
 */
function servicesOf(files: string[], partsOfTheServiceAround: string[]): (file: string) => string | undefined {
	const nodeFolders = new Set(files.filter((file) => file.endsWith('.node.ts')).map((file) => path.dirname(file)));
	const parts = new Set(partsOfTheServiceAround.map((folder) => path.join(nodesDir, folder)));
	const serviceOfFolder = (folder: string): string | undefined => {
		if (!folder.startsWith(`${nodesDir}${path.sep}`)) return undefined;
		if (nodeFolders.has(folder) && !parts.has(folder)) return path.relative(nodesDir, folder);
		return serviceOfFolder(path.dirname(folder));
	};
	return (file) => serviceOfFolder(path.dirname(file));
}

/** The imports from one service into another: `from -> to`. nodes/shared/ and credentials/ are open to all. */
function crossingsIn(edges: Map<string, string[]>, partsOfTheServiceAround: string[]): string[] {
	const serviceOf = servicesOf([...edges.keys()], partsOfTheServiceAround);
	return [...edges].flatMap(([file, targets]) =>
		targets
			.filter((target) => target.startsWith(nodesDir) && !isShared(target) && serviceOf(target) !== serviceOf(file))
			.map((target) => `${relative(file)} -> ${relative(target)}`),
	);
}

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

	it('has every file in nodes/shared/ or in a service: the folder of a node', () => {
		const serviceOf = servicesOf(files, PARTS_OF_THE_SERVICE_AROUND);
		expect(files.filter((file) => !isShared(file) && serviceOf(file) === undefined).map(relative)).toEqual([]);
		expect(new Set(files.filter((file) => !isShared(file)).map(serviceOf))).toEqual(new Set(['TaxpayerLookup', 'Messaging', 'SunatInvoice']));
		for (const folder of PARTS_OF_THE_SERVICE_AROUND) expect(files.some((file) => file.endsWith('.node.ts') && path.dirname(file) === path.join(nodesDir, folder))).toBe(true);
	});

	it('keeps each service to itself: it may use nodes/shared/ and credentials/, never another service', () => {
		expect(crossingsIn(graph, PARTS_OF_THE_SERVICE_AROUND)).toEqual([]);
	});

	it('finds an import into another service, even from a service whose folder is inside it (the check can fail)', () => {
		const at = (file: string) => path.join(nodesDir, file);
		const example = new Map([
			[at('TaxpayerLookup/TaxpayerLookup.node.ts'), [at('TaxpayerLookup/validation.ts')]],
			[at('TaxpayerLookup/validation.ts'), [at('shared/checks.ts')]],
			[at('TaxpayerLookup/ExchangeRate/ExchangeRateTrigger.node.ts'), [at('TaxpayerLookup/ExchangeRate/poll.ts')]],
			[at('TaxpayerLookup/ExchangeRate/poll.ts'), [at('TaxpayerLookup/validation.ts')]],
			[at('TaxpayerLookup/SunatInvoice/SunatInvoice.node.ts'), [at('TaxpayerLookup/SunatInvoice/fields.ts')]],
			[at('TaxpayerLookup/SunatInvoice/fields.ts'), [at('TaxpayerLookup/validation.ts'), at('shared/checks.ts')]],
			[at('Messaging/Messaging.node.ts'), [at('TaxpayerLookup/SunatInvoice/fields.ts')]],
			[at('shared/checks.ts'), []],
		]);
		expect(crossingsIn(example, ['TaxpayerLookup/ExchangeRate'])).toEqual([
			'nodes/TaxpayerLookup/SunatInvoice/fields.ts -> nodes/TaxpayerLookup/validation.ts',
			'nodes/Messaging/Messaging.node.ts -> nodes/TaxpayerLookup/SunatInvoice/fields.ts',
		]);
		// Unlisted, the trigger's folder is a service of its own, and its import of the lookup's code a crossing.
		expect(crossingsIn(example, [])).toContain('nodes/TaxpayerLookup/ExchangeRate/poll.ts -> nodes/TaxpayerLookup/validation.ts');
	});

	it('keeps nodes/shared/ in layers: the contract below the runtime, the runtime below the RoutingNode adaptation, that below the editor', () => {
		const shared = files.filter(isShared);
		expect(shared.filter((file) => layerOf(file) < 0).map(relative)).toEqual([]);
		const upward = shared.flatMap((file) =>
			graph
				.get(file)!
				.filter((target) => !isShared(target) || layerOf(target) > layerOf(file))
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

/**
 * Module-level containers that grow as the nodes run (an empty `new Map()`, `Set`, `WeakMap` or
 * `WeakSet` at a file's top level), as `name` in `file`. Tables built from constants are not state.
 */
function moduleStateIn(file: string, text: string): string[] {
	const declarations = text.matchAll(/^(?:export\s+)?(?:const|let|var)\s+(\w+)\b[^=\n]*=\s*new\s+(?:Weak)?(?:Map|Set)\s*(?:<[^\n]*>)?\(\s*\)/gm);
	return [...declarations].map((match) => `${file}: ${match[1]}`);
}

/**
 * What a node run shares lives in its run state, found by one lookup keyed on n8n's run
 * (nodes/shared/runState.ts); the module-level state below is process memory, not a run's.
 */
const MODULE_STATE_ALLOWED: Record<string, string> = {
	'nodes/shared/runState.ts: states': 'the one run-state lookup, keyed on n8n execute data of the run',
	'nodes/Messaging/trigger/delivery.ts: recentByTrigger':
		'recent webhook deliveries per trigger, kept by the process: n8n does not save static data changed while a production webhook is received',
	'nodes/TaxpayerLookup/ExchangeRate/poll.ts: pollsInFlight': "triggers with a poll under way in this process, so a slow poll never overlaps the next one's",
};

describe('nodes/ module-level state', () => {
	const found = files.flatMap((file) => moduleStateIn(relative(file), readFileSync(file, 'utf8')));

	it('keeps a run\'s state in its run state: no other module-level map or set that grows, but the process memory listed', () => {
		expect(found.filter((entry) => !(entry in MODULE_STATE_ALLOWED))).toEqual([]);
		// Each allowance still names something there, so none outlives its reason.
		expect(Object.keys(MODULE_STATE_ALLOWED).filter((entry) => !found.includes(entry))).toEqual([]);
	});

	it('has no WeakMap or WeakSet but the run-state lookup, wherever it is declared', () => {
		const weak = files.filter((file) => /\bnew\s+Weak(?:Map|Set)\b/.test(readFileSync(file, 'utf8'))).map(relative);
		expect(weak).toEqual(['nodes/shared/runState.ts']);
	});

	it('finds module-level state when there is some (the check can fail)', () => {
		const example = [
			'const runs = new WeakMap<object, RunPacing>();',
			'export const uploaded = new WeakSet<object>();',
			"let seen = new Map<string, Promise<string | undefined>>();",
			"const FLAGS = new Set(['mentionsEveryOne']);",
			'function f() {',
			'	const local = new Map();',
			'}',
		].join('\n');
		expect(moduleStateIn('nodes/x.ts', example)).toEqual(['nodes/x.ts: runs', 'nodes/x.ts: uploaded', 'nodes/x.ts: seen']);
	});
});
