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
	const names = [...text.matchAll(/[\w./<>-]+\.(?:ts|mts|mjs|cjs|js|md|json|sh)\b/g)].map((match) => match[0].replace(/^\.\//, ''));
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
