// Imports go one way: scripts/ and bench/ may use fakes/ and test/harness/, never the reverse, and
// the fakes stand on their own (they serve `npm start` and the bench as well as the tests).
//   fakes/  → nothing of test/, scripts/, bench/ or nodes/
//   test/   → nothing of scripts/ or bench/
// Imports are read from the files' text: `import ... from '...'`, `export ... from '...'`,
// `import '...'`, `import('...')` and `require('...')`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;
const IMPORT = /(?:\bimport\s+(?:type\s+)?(?:[\w*${},\s]+?\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*${},\s]+?\s+from\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"`])([^'"`]+)\1/g;

/** Files under a top-level folder, as paths relative to the repository. */
function sourceFiles(folder: string): string[] {
	return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && SOURCE.test(entry.name))
		.map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
		.filter((file) => !file.split(path.sep).includes('node_modules'));
}

/** What a file imports, as paths relative to the repository (packages and node: modules left out). */
function importsOf(file: string, text = readFileSync(path.join(root, file), 'utf8')): string[] {
	return [...text.matchAll(IMPORT)]
		.map((match) => match[2])
		.filter((specifier) => specifier.startsWith('.') || specifier.startsWith('/'))
		.map((specifier) => path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier)));
}

const topFolder = (file: string) => file.split(path.sep)[0];

/** `file → imported` for every import of the files under `folder` that lands in one of `forbidden`. */
function crossings(folder: string, forbidden: string[]): string[] {
	return sourceFiles(folder).flatMap((file) =>
		importsOf(file)
			.filter((imported) => forbidden.includes(topFolder(imported)))
			.map((imported) => `${file} → ${imported}`),
	);
}

describe('imports go one way', () => {
	it('reads every kind of import', () => {
		// The folders in variables, so that this file's own text imports nothing from them.
		const [s, b, t] = ['scripts', 'bench', 'test'];
		const text = [
			`import { a } from '../${s}/a.mjs';`,
			`import type { B } from '../${b}/b';`,
			`import '../${s}/side-effect.mjs';`,
			`export { c } from '../${t}/c';`,
			`const d = await import('../${s}/d.mjs');`,
			`const e = require('../${b}/e.cjs');`,
			`import {\n\tf,\n\tg,\n} from '../${s}/fg.mjs';`,
			"import path from 'node:path';",
		].join('\n');
		expect(importsOf('fakes/x.ts', text)).toEqual([
			'scripts/a.mjs',
			'bench/b',
			'scripts/side-effect.mjs',
			'test/c',
			'scripts/d.mjs',
			'bench/e.cjs',
			'scripts/fg.mjs',
		]);
	});

	it('finds the imports of real files (the check is not empty)', () => {
		expect(sourceFiles('fakes').length).toBeGreaterThan(5);
		expect(sourceFiles('test').length).toBeGreaterThan(50);
		expect(importsOf(path.join('fakes', 'evolution', 'index.ts'))).toContain(path.join('fakes', 'evolution', 'routes.ts'));
		// The other way is allowed, and used: the scripts start n8n through the harness.
		expect(importsOf(path.join('scripts', 'start.mjs'))).toContain(path.join('test', 'harness', 'n8n.mjs'));
	});

	it('the fakes import nothing from test/, scripts/, bench/ or nodes/ (a fake is written from the service, not from the node)', () => {
		expect(crossings('fakes', ['test', 'scripts', 'bench', 'nodes'])).toEqual([]);
	});

	it('the tests and their harness import nothing from scripts/ or bench/', () => {
		expect(crossings('test', ['scripts', 'bench'])).toEqual([]);
	});
});

describe('the fakes stay modular', () => {
	it('has no file under fakes/ longer than 600 lines: a new endpoint goes in its route group', () => {
		const long = sourceFiles('fakes')
			.map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length }))
			.filter(({ lines }) => lines > 600);
		expect(long).toEqual([]);
	});
});
