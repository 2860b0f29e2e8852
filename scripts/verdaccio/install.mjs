// Installs Verdaccio (VERDACCIO_VERSION, a local npm registry) into .cache/verdaccio, once, for the
// install test (test/install/), pinned to one exact version. Not a dependency of the package (it has
// none) nor a devDependency: only the install test uses it.
//   bash scripts/node24.sh node scripts/verdaccio/install.mjs
// Importable too: `await ensureVerdaccio()`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { run } from '../../test/harness/processes.mjs';
import { VERDACCIO_VERSION, verdaccioBin, verdaccioDir } from '../../test/harness/verdaccio.mjs';
import { ensureCachedPackage } from '../cachedPackage.mjs';

/** Installs Verdaccio into .cache/verdaccio unless its stamp says it is there. `log` prints progress. */
export async function ensureVerdaccio({ log } = {}) {
	await ensureCachedPackage({
		label: 'verdaccio',
		dir: verdaccioDir,
		dependencies: { verdaccio: VERDACCIO_VERSION },
		// verdaccio-audit asks for node-fetch's dist-tag `cjs`, which not every registry (or mirror) has;
		// 2.7.0 is the CommonJS release that tag names.
		overrides: { 'verdaccio-audit': { 'node-fetch': '2.7.0' } },
		installed: verdaccioBin,
		verify: async (dir) => {
			const { stdout } = await run(process.execPath, [verdaccioBin, '--version'], { cwd: dir });
			const version = stdout.trim().split('\n').pop()?.replace(/^v/, '');
			if (version !== VERDACCIO_VERSION) throw new Error(`verdaccio --version printed ${stdout.trim()}, expected ${VERDACCIO_VERSION}`);
		},
		log,
	});
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	ensureVerdaccio().catch((error) => {
		console.error(`verdaccio install failed: ${error.message}`);
		process.exit(1);
	});
}
