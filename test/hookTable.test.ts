// docs/architecture.md's hook table is where a maintainer finds where each hook of an operation runs:
// it must list the hooks the Operation type's comment lists, in that order (the order runOne runs
// them), and each row's function must be in its file and read the hook there, and the file it
// names as a user must use it. Read from the sources' text, as test/docs.test.ts reads file names.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface HookRow {
	step: string;
	hook: string;
	file: string;
	fn: string;
	usedBy: string;
}

/** The rows of the table under "## The hooks: where each is called". */
function hookTable(page: string): HookRow[] {
	const section = page.split('## The hooks: where each is called')[1]?.split('\n## ')[0] ?? '';
	return section
		.split('\n')
		.filter((line) => /^\| (\d+|after) \|/.test(line))
		.map((line) => {
			const [step, hook, called, usedBy] = line.split('|').slice(1, 5).map((cell) => cell.trim());
			const [file, fn] = [...called.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
			return { step, hook: hook.replace(/`/g, ''), file, fn, usedBy: /`([^`]+)`/.exec(usedBy)?.[1] ?? '' };
		});
}

/** The hooks the Operation type's comment names, in its order (the numbered steps, then what follows them). */
function commentHooks(contract: string): string[] {
	const comment = /\/\*\*\n \* An operation as the runtime[\s\S]*?\*\/\nexport interface Operation</.exec(contract)?.[0] ?? '';
	const steps = comment.split('\n').filter((line) => /^ \* (\d+\.|and, for a custom operation)/.test(line));
	// "its API's gate" and "its API's table" are the API's, not the operation's.
	return steps.flatMap((line) => [...line.matchAll(/`([\w.]+)`/g)].map((match) => match[1]));
}

/** The keys of the Operation, Field and CustomRun types (`custom.` before CustomRun's). */
function contractKeys(contract: string): Set<string> {
	const body = (name: string) => new RegExp(`export interface ${name}[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(contract)?.[1] ?? '';
	const keys = (text: string) => [...text.matchAll(/^\t(\w+)\??[(:<]/gm)].map((match) => match[1]);
	return new Set([...keys(body('Operation')), ...keys(body('Field')), ...keys(body('CustomRun')).map((key) => `custom.${key}`)]);
}

/** The text of function `fn` in `source`, from its declaration to its closing brace at the start of a line. */
function functionBody(source: string, fn: string): string | undefined {
	const start = new RegExp(`^(export )?(async )?function ${fn}\\b`, 'm').exec(source);
	if (!start) return undefined;
	const end = source.indexOf('\n}', start.index);
	return source.slice(start.index, end < 0 ? undefined : end);
}

/** How a row is wrong: its function missing from its file, the hook not read there, or its user not using it. */
function rowProblems(row: HookRow): string[] {
	const problems: string[] = [];
	const body = functionBody(read(row.file), row.fn);
	const key = row.hook.split('.').pop()!;
	if (!body) problems.push(`${row.file} has no function ${row.fn}`);
	else if (!new RegExp(`[.?]${key}\\b(?!\\w)`).test(body)) problems.push(`${row.fn} (${row.file}) does not read ${row.hook}`);
	if (!new RegExp(`\\b${key}\\b`).test(read(row.usedBy))) problems.push(`${row.usedBy} does not use ${row.hook}`);
	return problems;
}

const page = read('docs/architecture.md');
const contract = read('nodes/shared/contract.ts');
const rows = hookTable(page);

describe("docs/architecture.md's hook table", () => {
	it('lists the hooks of the Operation type in the order its comment gives', () => {
		expect(rows.length).toBeGreaterThan(15);
		expect(rows.map((row) => row.hook)).toEqual(commentHooks(contract));
	});

	it("lists only keys of the contract's types, and every callback of an Operation", () => {
		const keys = contractKeys(contract);
		expect(rows.map((row) => row.hook).filter((hook) => !keys.has(hook))).toEqual([]);
		const callbacks = [...(/export interface Operation<[^{]*\{([\s\S]*?)\n\}/.exec(contract)?.[1] ?? '').matchAll(/^\t(\w+)\?\(/gm)].map((match) => match[1]);
		expect(callbacks.length).toBeGreaterThan(10);
		expect(callbacks.filter((hook) => !rows.some((row) => row.hook === hook))).toEqual([]);
	});

	it('names, for each hook, a function of the file that reads it, and a file that uses it', () => {
		expect(rows.flatMap(rowProblems)).toEqual([]);
	});

	it('finds a row that is wrong (the check can fail)', () => {
		const row = rows.find((candidate) => candidate.hook === 'toBinary')!;
		expect(rowProblems({ ...row, fn: 'failureOf' })).toEqual(['failureOf (nodes/shared/runner.ts) does not read toBinary']);
		expect(rowProblems({ ...row, fn: 'noSuchFunction' })).toEqual(['nodes/shared/runner.ts has no function noSuchFunction']);
		expect(rowProblems({ ...row, usedBy: 'nodes/Messaging/resources/chat/findChats.ts' })).toEqual(['nodes/Messaging/resources/chat/findChats.ts does not use toBinary']);
		// toItems then toBinary, the order the comment and this page once gave, is not the runner's.
		const [binaryStep, itemsStep] = ['10. `toBinary`', '11. `toItems`'].map((start) => contract.split('\n').find((line) => line.includes(start))!);
		const swapped = commentHooks(contract.replace(binaryStep, '\u0000').replace(itemsStep, binaryStep).replace('\u0000', itemsStep));
		expect(swapped.slice(-4)).toEqual(['toItems', 'simplify', 'toBinary', 'custom.makeOutput']);
		expect(swapped).not.toEqual(rows.map((candidate) => candidate.hook));
	});
});
