// Installs Verdaccio (VERDACCIO_VERSION, a local npm registry) into .cache/verdaccio, once, for the
// install test (test/install/): `npm install --ignore-scripts` from the npm registry, pinned to one
// exact version, as scripts/n8n/install.mjs installs n8n into .cache/n8n. A stamp file marks a
// finished install; with it present this is instant. Not a dependency of the package (it has none)
// nor a devDependency: only the install test uses it.
//   bash scripts/node24.sh node scripts/verdaccio/install.mjs
// Importable too: `await ensureVerdaccio()`.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { run } from '../../test/harness/processes.mjs';
import { VERDACCIO_VERSION, verdaccioBin, verdaccioDir } from '../../test/harness/verdaccio.mjs';
const stampFile = path.join(verdaccioDir, '.installed.json');

async function readJson(file) {
	try {
		return JSON.parse(await readFile(file, 'utf8'));
	} catch {
		return undefined;
	}
}

/** Whether Verdaccio VERDACCIO_VERSION is installed, per the stamp (fast, no process started). */
export async function verdaccioIsInstalled() {
	const stamp = await readJson(stampFile);
	return existsSync(verdaccioBin) && stamp?.verdaccio === VERDACCIO_VERSION;
}

/** Installs Verdaccio into .cache/verdaccio unless the stamp says it is there. `log` prints progress. */
export async function ensureVerdaccio({ log = (line) => console.log(line) } = {}) {
	if (await verdaccioIsInstalled()) return;
	const start = Date.now();
	log(`== verdaccio: installing verdaccio ${VERDACCIO_VERSION} into .cache/verdaccio (first time only)`);
	await mkdir(verdaccioDir, { recursive: true });
	await rm(stampFile, { force: true });
	const manifest = {
		name: 'verdaccio-runtime-cache',
		private: true,
		dependencies: { verdaccio: VERDACCIO_VERSION },
		// verdaccio-audit asks for node-fetch's dist-tag `cjs`, which not every registry (or mirror) has;
		// 2.7.0 is the CommonJS release that tag names.
		overrides: { 'verdaccio-audit': { 'node-fetch': '2.7.0' } },
	};
	await writeFile(path.join(verdaccioDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
	await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: verdaccioDir });
	const { stdout } = await run(process.execPath, [verdaccioBin, '--version'], { cwd: verdaccioDir });
	const version = stdout.trim().split('\n').pop()?.replace(/^v/, '');
	if (version !== VERDACCIO_VERSION) throw new Error(`verdaccio --version printed ${stdout.trim()}, expected ${VERDACCIO_VERSION}`);
	await writeFile(stampFile, JSON.stringify({ verdaccio: VERDACCIO_VERSION, installedAt: new Date().toISOString() }, null, 2) + '\n');
	log(`== verdaccio: installed in ${Math.round((Date.now() - start) / 1000)}s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	ensureVerdaccio().catch((error) => {
		console.error(`verdaccio install failed: ${error.message}`);
		process.exit(1);
	});
}
