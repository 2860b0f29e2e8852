// Every path of the repository stays itself on a clone to macOS or Windows, whose file systems fold
// case: two paths equal but for case (a folder `ExchangeRate/` beside `exchangeRate/`) would become
// one there, their files mixed or lost.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

/** The repository's files (tracked, and new ones not ignored) and every folder above them. */
function repositoryPaths(): string[] {
	const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
	return withFolders(files);
}

/** Paths with the folders above them. */
function withFolders(files: string[]): string[] {
	const folders = files.flatMap((file) => {
		const parts = file.split('/');
		return parts.slice(1).map((_, index) => parts.slice(0, index + 1).join('/'));
	});
	return [...new Set([...files, ...folders])];
}

/** The groups of paths that are equal but for case. */
function equalButForCase(paths: string[]): string[][] {
	const byFolded = new Map<string, string[]>();
	for (const candidate of paths) byFolded.set(candidate.toLowerCase(), [...(byFolded.get(candidate.toLowerCase()) ?? []), candidate]);
	return [...byFolded.values()].filter((group) => group.length > 1);
}

describe('the repository on a file system that folds case', () => {
	it('finds folders equal but for case, though their files differ', () => {
		expect(equalButForCase(withFolders(['test/ExchangeRate/poll.test.ts', 'test/exchangeRate/get.test.ts', 'test/taxpayer/get.test.ts']))).toEqual([['test/ExchangeRate', 'test/exchangeRate']]);
	});

	it('has no two paths equal but for case', () => {
		expect(equalButForCase(repositoryPaths())).toEqual([]);
	});
});
