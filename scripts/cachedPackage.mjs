// Installs pinned npm packages into a folder of .cache/, once, for a tool the tests run but the
// package does not depend on (n8n's scanner, Verdaccio): `npm install --ignore-scripts` from the npm
// registry (install scripts stay off: some would fetch from elsewhere, or insist on pnpm). A stamp
// file records what was installed; while it matches and `installed` exists, this is instant.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { run } from '../test/harness/processes.mjs';

/**
 * `dependencies` (exact versions) and `overrides` into `dir`; `installed` is a file the install
 * must have made; `verify(dir)` may check the result further (throw to fail). `label` names it in
 * the progress lines `log` prints.
 */
export async function ensureCachedPackage({ label, dir, dependencies, overrides, installed, verify, log = (line) => console.log(line) }) {
	const stampFile = path.join(dir, '.installed.json');
	const wanted = JSON.stringify({ dependencies, overrides });
	try {
		const stamp = JSON.parse(await readFile(stampFile, 'utf8'));
		if (JSON.stringify({ dependencies: stamp.dependencies, overrides: stamp.overrides }) === wanted && existsSync(installed)) return;
	} catch {
		// not installed yet
	}
	const start = Date.now();
	log(`== ${label}: installing ${Object.entries(dependencies).map(([name, version]) => `${name}@${version}`).join(', ')} into ${path.relative(process.cwd(), dir)} (first time only)`);
	await mkdir(dir, { recursive: true });
	await rm(stampFile, { force: true });
	const manifest = { name: `${path.basename(dir)}-cache`, private: true, dependencies, ...(overrides ? { overrides } : {}) };
	await writeFile(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
	await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
	if (!existsSync(installed)) throw new Error(`${label}: npm install made no ${path.relative(dir, installed)}`);
	await verify?.(dir);
	await writeFile(stampFile, JSON.stringify({ dependencies, overrides, installedAt: new Date().toISOString() }, null, 2) + '\n');
	log(`== ${label}: installed in ${Math.round((Date.now() - start) / 1000)}s`);
}
