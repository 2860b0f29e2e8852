// n8n's community-package scanner (@n8n/scan-community-package), installed into .cache/scanner by
// scripts/scanner/install.mjs, and its two legs as n8n runs them before it verifies a package: the
// source the package's provenance attests (package.json and the node and credential sources) and
// the published tarball (its compiled JavaScript and package.json). It runs in a Node process of its
// own, as n8n runs it. Types in scanner.d.mts.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { repoRoot } from './n8n.mjs';
import { run } from './processes.mjs';

export const SCANNER_VERSION = '0.32.0';
export const scannerDir = path.join(repoRoot, '.cache', 'scanner');
export const scannerModule = path.join(scannerDir, 'node_modules', '@n8n', 'scan-community-package', 'scanner', 'scanner.mjs');

/** The tarball leg's files, as `analyzePackageByName` lints the downloaded package. */
export const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

/**
 * Lints `dir` with the scanner's rules: `leg` 'source' (a checkout of the attested commit) or
 * 'tarball' (the unpacked package). Returns `{ passed, message?, details? }` as the scanner does.
 */
export async function scan(dir, leg) {
	// Not NODE_ENV=test (what test runners set): eslint-plugin-n8n-nodes-base then reads file names
	// as its own rule tests name them, and reports every node file.
	const { NODE_ENV: _testRunners, ...env } = process.env;
	const { stdout } = await run(process.execPath, [fileURLToPath(import.meta.url), dir, leg], { env, timeoutMs: 300_000 });
	return JSON.parse(stdout);
}

/** `node scanner.mjs <dir> <source|tarball>`: prints the scanner's verdict as JSON. */
async function main([dir, leg]) {
	const scanner = await import(pathToFileURL(scannerModule).href);
	const patterns = leg === 'source' ? scanner.SOURCE_FILE_PATTERNS : TARBALL_FILE_PATTERNS;
	const { passed, message, details } = await scanner.analyzePackage(path.resolve(dir), patterns);
	process.stdout.write(JSON.stringify({ passed, message, details }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
