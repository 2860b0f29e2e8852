// Runs once before the end-to-end tests: packs the built package with `npm pack` (what users
// install), installs it as a community package into a template n8n user folder, and lets the real
// n8n migrate that folder's database while exporting every node type it loaded (`n8n export:nodes`).
// Each test's n8n (see n8n.ts) starts from a copy of the template, so none pays for migrations.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { installCommunityPackage, n8nBin, n8nEnv, packPackage, repoRoot, runN8n } from '../harness/n8n.mjs';
import { freePort } from '../harness/processes.mjs';

declare module 'vitest' {
	export interface ProvidedContext {
		/** n8n user folder with the package installed and the database migrated. */
		n8nTemplateFolder: string;
		/** The package as `npm pack` produced it, unpacked. */
		packedPackageDir: string;
		/** Output of `n8n export:nodes` in the template folder (JSON array of node descriptions). */
		exportedNodesFile: string;
		/** Everything that command printed (stdout then stderr). */
		exportNodesLog: string;
	}
}

export default async function setup(project: TestProject) {
	if (!existsSync(n8nBin)) throw new Error('n8n is not installed: run bash scripts/e2e.sh (it installs it first)');
	if (!existsSync(path.join(repoRoot, 'dist'))) throw new Error('dist/ is missing: run npm run build first');

	const started = Date.now();
	const packedPackageDir = await packPackage();
	const work = await mkdtemp(path.join(tmpdir(), 'n8n-e2e-template-'));
	const templateFolder = path.join(work, 'user');
	await installCommunityPackage(templateFolder, packedPackageDir);

	const exportedNodesFile = path.join(work, 'nodes.json');
	const env = n8nEnv({ userFolder: templateFolder, port: await freePort(), brokerPort: await freePort() });
	const result = await runN8n(['export:nodes', `--output=${exportedNodesFile}`], { env, timeoutMs: 180_000 });
	const exportNodesLog = `${result.stdout}\n${result.stderr}`;
	await writeFile(path.join(work, 'export-nodes.log'), exportNodesLog);
	console.log(`[e2e] template n8n user folder ready in ${((Date.now() - started) / 1000).toFixed(1)}s: ${work}`);

	project.provide('n8nTemplateFolder', templateFolder);
	project.provide('packedPackageDir', packedPackageDir);
	project.provide('exportedNodesFile', exportedNodesFile);
	project.provide('exportNodesLog', exportNodesLog);

	return async () => {
		if (process.env.E2E_KEEP) return;
		await rm(work, { recursive: true, force: true });
		await rm(path.dirname(packedPackageDir), { recursive: true, force: true });
	};
}
