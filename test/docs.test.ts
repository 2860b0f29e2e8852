// The maintainers' pages name files that exist: docs/architecture.md is read to find one's way, and
// a file it names that was moved or renamed sends the reader nowhere. A name with a folder must
// end a repository path; a bare name must be some file's name.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

/** The file names a page mentions: words ending in a source or document extension, patterns (`<resource>`) left out. */
function namedFiles(page: string): string[] {
	const text = readFileSync(path.join(root, page), 'utf8');
	const names = [...text.matchAll(/[\w./<>-]+\.(?:ts|mts|mjs|cjs|js|md|json|sh)\b/g)].map((match) => match[0].replace(/^(?:\.\.?\/)+/, ''));
	return [...new Set(names)].filter((name) => !name.includes('<') && !/^https?:/.test(name));
}

/** The names no file answers to. */
function missing(names: string[]): string[] {
	return names.filter((name) => (name.includes('/') ? !files.some((file) => file === name || file.endsWith(`/${name}`)) : !files.some((file) => path.posix.basename(file) === name)));
}

describe('docs/architecture.md', () => {
	it('names files (finds a moved one)', () => {
		expect(namedFiles('docs/architecture.md').length).toBeGreaterThan(30);
		expect(missing(['nodes/shared/runner.ts', 'runner.ts', 'nodes/shared/engine.ts', 'integrationTables.ts'])).toEqual(['nodes/shared/engine.ts', 'integrationTables.ts']);
	});

	it('names only files that exist', () => {
		expect(missing(namedFiles('docs/architecture.md'))).toEqual([]);
	});
});

/** The anchors GitHub gives a page's headings (a repeated heading gets -1, -2, …). */
function anchorsOf(page: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	let fenced = false;
	for (const line of readFileSync(path.join(root, page), 'utf8').split('\n')) {
		if (line.startsWith('```')) fenced = !fenced;
		if (fenced || !/^#{1,6} /.test(line)) continue;
		const base = line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count ? `${base}-${count}` : base);
	}
	return anchors;
}

/** The relative links of a page (`[text](docs/x.md#anchor)`) that lead to no file, or to no heading of it. */
function brokenLinks(page: string): string[] {
	const text = readFileSync(path.join(root, page), 'utf8');
	return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
		.map((match) => match[1])
		.filter((target) => !/^(https?|mailto):/.test(target))
		.filter((target) => {
			const [file, anchor] = target.split('#');
			const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)) : page;
			if (!files.includes(resolved) && !files.some((candidate) => candidate.startsWith(`${resolved}/`))) return true;
			return anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor);
		});
}

describe("the user's pages", () => {
	it('README.md is at most 450 lines: the long tables are in docs/', () => {
		expect(readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(450);
	});

	it('finds a link to a heading that is not there', () => {
		expect(anchorsOf('README.md').has('quick-start')).toBe(true);
		expect(anchorsOf('README.md').has('no-such-heading')).toBe(false);
	});

	it.each(['README.md', 'CHANGELOG.md', ...files.filter((file) => /^docs\/[^/]+\.md$/.test(file))])('%s: every relative link leads to a file and heading that exist', (page) => {
		expect(brokenLinks(page)).toEqual([]);
	});
});

/** The counts development.md's Layout table states, as numbers ("the three credentials" → 3). */
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
function layoutCount(pattern: RegExp): number | undefined {
	const layout = readFileSync(path.join(root, 'docs/development.md'), 'utf8').split('## Layout')[1]?.split('\n## ')[0] ?? '';
	const word = layout.match(pattern)?.[1];
	return word === undefined ? undefined : WORDS.indexOf(word);
}

describe("docs/development.md's Layout table", () => {
	const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };
	const folders = (under: string) => new Set(files.filter((file) => file.startsWith(`${under}/`) && file.split('/').length > 2).map((file) => file.split('/')[1]));

	it('reads a count in words, and finds none where the table says none', () => {
		expect(layoutCount(/the (\w+) nodes/)).toBeGreaterThan(0);
		expect(layoutCount(/the (\w+) unicorns/)).toBeUndefined();
	});

	it('counts the nodes, credentials, fakes and docs pages there are', () => {
		expect({
			nodes: layoutCount(/the (\w+) nodes/),
			credentials: layoutCount(/the (\w+) credentials/),
			fakes: layoutCount(/the (\w+) fake APIs/),
			otherPages: layoutCount(/this page and (\w+) others/),
		}).toEqual({
			nodes: manifest.n8n.nodes.length,
			credentials: manifest.n8n.credentials.length,
			fakes: folders('fakes').size,
			otherPages: files.filter((file) => /^docs\/[^/]+\.md$/.test(file) && file !== 'docs/development.md').length,
		});
	});

	it('names each fake folder and each credential file', () => {
		const layout = readFileSync(path.join(root, 'docs/development.md'), 'utf8').split('## Layout')[1]?.split('\n## ')[0] ?? '';
		expect([...folders('fakes')].filter((folder) => !layout.includes(`\`fakes/${folder}/\``))).toEqual([]);
	});
});
