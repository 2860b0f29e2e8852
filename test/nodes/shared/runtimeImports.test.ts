// The package runs with the n8n-workflow of the n8n it is loaded into, so every name the nodes and
// credentials take from n8n-workflow at run time must exist in the oldest releases the package
// supports: n8n 1.123.0 (n8n-workflow 1.120.0) and n8n 2.0.0 (n8n-workflow 2.0.0), installed as dev
// dependencies named after their n8n (package.json). A name a release lacks is looked up in nodes/shared/n8nReleases.ts
// instead, the one file that may import n8n-workflow whole to feature-detect it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.join(__dirname, '../../..');
const requireHere = createRequire(__filename);

/** The oldest supported n8n of each line, and the dev dependency holding its n8n-workflow. */
const OLDEST_RELEASES = [
	{ n8n: '1.123.0', workflowPackage: 'n8n-workflow-n8n-1.123.0', workflowVersion: '1.120.0' },
	{ n8n: '2.0.0', workflowPackage: 'n8n-workflow-n8n-2.0.0', workflowVersion: '2.0.0' },
];

const FEATURE_DETECTION_FILE = 'nodes/shared/n8nReleases.ts';

function sourceFiles(dir: string): string[] {
	return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
		.map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

interface RuntimeUse {
	/** Names read from n8n-workflow's exports, per file. */
	names: Map<string, string[]>;
	/** Files that import the whole module (`import * as`), whose uses cannot be listed by name. */
	wholeModule: string[];
}

/**
 * What the compiled package reads from n8n-workflow when it runs: each file compiled as the build
 * compiles it (CommonJS, imports used only as types dropped), then its `n8n_workflow_1.<name>` reads.
 */
function runtimeUseOfWorkflow(files: Array<{ file: string; source: string }>): RuntimeUse {
	const names = new Map<string, string[]>();
	const wholeModule: string[] = [];
	for (const { file, source } of files) {
		if (!source.includes('n8n-workflow')) continue;
		const { outputText } = ts.transpileModule(source, {
			compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
			fileName: file,
		});
		if (/__importStar\(require\("n8n-workflow"\)\)/.test(outputText)) wholeModule.push(file);
		for (const [, name] of outputText.matchAll(/\bn8n_workflow_\d+\.([A-Za-z_$][\w$]*)/g)) {
			names.set(name, [...new Set([...(names.get(name) ?? []), file])]);
		}
	}
	return { names, wholeModule };
}

/** The names of `runtime` a release's n8n-workflow does not export, each with the files using it. */
function missingFrom(runtime: Map<string, string[]>, exported: Set<string>): Array<[string, string[]]> {
	return [...runtime].filter(([name]) => !exported.has(name)).sort(([a], [b]) => a.localeCompare(b));
}

const packageSources = [...sourceFiles('nodes'), ...sourceFiles('credentials')].map((file) => ({
	file,
	source: readFileSync(path.join(root, file), 'utf8'),
}));
const runtime = runtimeUseOfWorkflow(packageSources);

describe("what the package imports from n8n-workflow at run time", () => {
	it('is found: the error classes and the connection types among others', () => {
		expect([...runtime.names.keys()]).toEqual(expect.arrayContaining(['NodeApiError', 'NodeOperationError', 'NodeConnectionTypes']));
	});

	it.each(OLDEST_RELEASES.map((release) => [release.n8n, release] as const))("exists in n8n %s's n8n-workflow", (n8n, { workflowPackage, workflowVersion }) => {
		const installed = requireHere(`${workflowPackage}/package.json`) as { version: string };
		expect(installed.version).toBe(workflowVersion);
		const exported = new Set(Object.keys(requireHere(workflowPackage) as object));
		const missing = missingFrom(runtime.names, exported).map(
			([name, files]) =>
				`${files.join(', ')} import ${name} from n8n-workflow, which n8n ${n8n} (n8n-workflow ${workflowVersion}) does not export: ` +
				`look it up in ${FEATURE_DETECTION_FILE} and say there what each release does`,
		);
		expect(missing).toEqual([]);
	});

	it('takes the whole module only where a name is feature-detected', () => {
		expect(runtime.wholeModule).toEqual([FEATURE_DETECTION_FILE]);
	});

	it('would catch a name a release lacks: getCredentialAllowedDomains is not in n8n 2.0.0', () => {
		const imported = runtimeUseOfWorkflow([
			{ file: 'nodes/example.ts', source: "import { getCredentialAllowedDomains, type INode } from 'n8n-workflow';\nexport const f = (n: INode) => getCredentialAllowedDomains(n as never);" },
		]);
		const exported = new Set(Object.keys(requireHere('n8n-workflow-n8n-2.0.0') as object));
		expect(missingFrom(imported.names, exported)).toEqual([['getCredentialAllowedDomains', ['nodes/example.ts']]]);
	});
});
