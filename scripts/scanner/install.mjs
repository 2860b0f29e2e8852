// Installs n8n's community-package scanner (@n8n/scan-community-package, SCANNER_VERSION) into
// .cache/scanner, once: what n8n runs on a package before it verifies it. Its own dependencies are
// pinned by it; install scripts stay off (one of them would run `npx only-allow pnpm`). A stamp
// file marks a finished install. `bash scripts/node24.sh node scripts/scanner/install.mjs`, or
// `await ensureScanner()`.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { SCANNER_VERSION, scannerDir, scannerModule } from '../../test/harness/scanner.mjs';
import { run } from '../../test/harness/processes.mjs';

const stampFile = path.join(scannerDir, '.installed.json');

export async function ensureScanner({ log = console.log } = {}) {
	try {
		const stamp = JSON.parse(await readFile(stampFile, 'utf8'));
		if (stamp.version === SCANNER_VERSION && existsSync(scannerModule)) return;
	} catch {
		// not installed yet
	}
	log(`== installing n8n's package scanner @n8n/scan-community-package@${SCANNER_VERSION} into .cache/scanner`);
	await mkdir(scannerDir, { recursive: true });
	await writeFile(
		path.join(scannerDir, 'package.json'),
		JSON.stringify({ name: 'scanner-cache', private: true, dependencies: { '@n8n/scan-community-package': SCANNER_VERSION } }, null, 2),
	);
	await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: scannerDir });
	await writeFile(stampFile, JSON.stringify({ version: SCANNER_VERSION }) + '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureScanner();
