// Installs n8n's community-package scanner (@n8n/scan-community-package, SCANNER_VERSION) into
// .cache/scanner, once: what n8n runs on a package before it verifies it. Its own dependencies are
// pinned by it. `bash scripts/node24.sh node scripts/scanner/install.mjs`, or `await ensureScanner()`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { SCANNER_VERSION, scannerDir, scannerModule } from '../../test/harness/scanner.mjs';
import { ensureCachedPackage } from '../cachedPackage.mjs';

export async function ensureScanner({ log } = {}) {
	await ensureCachedPackage({
		label: 'scanner',
		dir: scannerDir,
		dependencies: { '@n8n/scan-community-package': SCANNER_VERSION },
		installed: scannerModule,
		log,
	});
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await ensureScanner();
