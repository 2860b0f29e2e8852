// Installs one n8n release (N8N_VERSION, default the pinned one) into its own cache folder
// (test/harness/n8n.mjs: `cacheDir`, outside the clone), once: `npm ci --ignore-scripts` from the
// release's lockfile kept in test/n8n-releases/<version>/ (an install without one drifts as n8n's
// dependencies publish new versions), then sqlite3's native module built with node-gyp against Node
// 24's headers (install scripts stay off, so no prebuilt binary is downloaded from outside the npm
// registry). A stamp file marks a finished install of that lockfile; with it present this is instant.
// Needs Node 24: run it as
//   bash scripts/node24.sh node scripts/n8n/install.mjs            (N8N_VERSION=1.123.81 for another)
//   bash scripts/node24.sh node scripts/n8n/install.mjs --lock     (writes the release's lockfile)
// Importable too: `await ensureN8n()` (scripts/start.mjs, scripts/e2e.sh).
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { N8N_VERSION, cacheDir, n8nBin, releasesCacheRoot, releasesDir } from '../../test/harness/n8n.mjs';
import { run } from '../../test/harness/processes.mjs';

const stampFile = path.join(cacheDir, '.installed.json');
const releaseDir = path.join(releasesDir, N8N_VERSION);
const releaseManifest = path.join(releaseDir, 'package.json');
const releaseLock = path.join(releaseDir, 'package-lock.json');

const elapsed = (start) => `${Math.round((Date.now() - start) / 1000)}s`;

/**
 * Prints a line every `everyMs` while `promise` runs, so a long step shows it is alive, with what
 * `progress()` says of how far it got.
 */
async function withHeartbeat(promise, label, log, { everyMs = 20_000, progress = () => '' } = {}) {
	const start = Date.now();
	const timer = setInterval(() => {
		const done = progress();
		log(`   ... ${label} (${elapsed(start)}${done ? `; ${done}` : ''})`);
	}, everyMs);
	try {
		return await promise;
	} finally {
		clearInterval(timer);
	}
}

/**
 * How far `npm ci` got: the lockfile's packages already unpacked (their package.json in place), of
 * those for any platform (a package for one OS or CPU is mostly skipped).
 */
function unpackedOf(lock) {
	const packages = Object.entries(lock?.packages ?? {})
		.filter(([key, entry]) => key.startsWith('node_modules/') && !entry.os && !entry.cpu)
		.map(([key]) => key);
	return () => {
		const unpacked = packages.filter((key) => existsSync(path.join(cacheDir, key, 'package.json'))).length;
		return `${unpacked.toLocaleString('en')} of ${packages.length.toLocaleString('en')} packages unpacked (${Math.floor((unpacked / Math.max(packages.length, 1)) * 100)}%)`;
	};
}

async function readJson(file) {
	try {
		return JSON.parse(await readFile(file, 'utf8'));
	} catch {
		return undefined;
	}
}

async function lockHash() {
	return createHash('sha256').update(await readFile(releaseLock)).digest('hex').slice(0, 16);
}

async function wantedStamp() {
	return { n8n: N8N_VERSION, lock: await lockHash(), node: process.versions.node.split('.')[0], modules: process.versions.modules };
}

/** Whether n8n is installed and usable under this Node, per the stamp (fast, no process started). */
export async function n8nIsInstalled() {
	if (!existsSync(releaseLock)) return false;
	const stamp = await readJson(stampFile);
	const wanted = await wantedStamp();
	return existsSync(n8nBin) && stamp !== undefined && stamp.n8n === wanted.n8n && stamp.lock === wanted.lock && stamp.modules === wanted.modules;
}

/** The node-gyp to build with: the cache's own copy, npm's bundled copy, or one installed for it. */
async function findNodeGyp(log) {
	const candidates = [path.join(cacheDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')];
	if (process.env.npm_execpath) {
		candidates.push(path.resolve(path.dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
	}
	for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
		const npm = path.join(dir, 'npm');
		if (!existsSync(npm)) continue;
		try {
			const cli = realpathSync(npm); // .../lib/node_modules/npm/bin/npm-cli.js
			candidates.push(path.resolve(path.dirname(cli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
		} catch {
			// a broken link: try the next
		}
	}
	const found = candidates.find((file) => existsSync(file));
	if (found) return found;
	const toolsDir = path.join(cacheDir, '..', 'n8n-tools');
	log(`== n8n: installing node-gyp into ${path.relative(process.cwd(), toolsDir)}`);
	await mkdir(toolsDir, { recursive: true });
	await writeFile(path.join(toolsDir, 'package.json'), '{"private":true}\n');
	await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', 'node-gyp@11'], { cwd: toolsDir });
	return path.join(toolsDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
}

/** The folder holding Node's headers (include/node/node.h), so node-gyp needs no download. */
function nodeHeadersDir() {
	const candidates = [process.env.npm_config_nodedir, path.resolve(path.dirname(process.execPath), '..'), '/usr'];
	const found = candidates.find(
		(dir) => dir && existsSync(path.join(dir, 'include', 'node', 'node.h')) && existsSync(path.join(dir, 'include', 'node', 'common.gypi')),
	);
	if (!found) {
		throw new Error(
			`Node ${process.version}'s headers (include/node/node.h) were not found; run through scripts/node24.sh, which sets npm_config_nodedir.`,
		);
	}
	return found;
}

const sqliteCheck = `
const sqlite3 = require('sqlite3');
const db = new sqlite3.Database(':memory:');
db.get('select sqlite_version() as v', (error, row) => {
	if (error) { console.error(error); process.exit(1); }
	console.log(row.v);
	db.close();
});`;

async function sqliteLoads() {
	const result = await run(process.execPath, ['-e', sqliteCheck], { cwd: cacheDir, allowFailure: true });
	return result.code === 0 ? result.stdout.trim() : undefined;
}

/** Installs the release into its cache folder unless the stamp says it is there. `log` prints progress. */
export async function ensureN8n({ log = (line) => console.log(line) } = {}) {
	if (await n8nIsInstalled()) return;
	const major = Number(process.versions.node.split('.')[0]);
	if (major < 24) {
		throw new Error(`n8n ${N8N_VERSION} needs Node 24 (this is ${process.version}); run through bash scripts/node24.sh`);
	}
	const start = Date.now();
	log(`== n8n: installing n8n ${N8N_VERSION} into ${cacheDir} (first time only: 4 to 8 minutes on a 2-core machine, about 3 GB)`);
	await mkdir(cacheDir, { recursive: true });
	await rm(stampFile, { force: true });

	if (!existsSync(releaseLock)) {
		throw new Error(`no lockfile for n8n ${N8N_VERSION} in ${path.relative(process.cwd(), releaseDir)}: write it with N8N_VERSION=${N8N_VERSION} node scripts/n8n/install.mjs --lock`);
	}
	await copyFile(releaseManifest, path.join(cacheDir, 'package.json'));
	await copyFile(releaseLock, path.join(cacheDir, 'package-lock.json'));
	log(`   npm ci --ignore-scripts from ${path.relative(process.cwd(), releaseLock)}`);
	const step = Date.now();
	await withHeartbeat(run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: cacheDir }), 'npm ci', log, {
		progress: unpackedOf(await readJson(releaseLock)),
	});
	log(`   npm ci done in ${elapsed(step)}`);

	let sqliteVersion = await sqliteLoads();
	const sqliteDir = path.join(cacheDir, 'node_modules', 'sqlite3');
	const sqliteBinary = path.join(sqliteDir, 'build', 'Release', 'node_sqlite3.node');
	// Releases that pin the same sqlite3 share one build for this Node (the matrix's all pin 5.1.7).
	const { version: sqlitePackageVersion } = (await readJson(path.join(sqliteDir, 'package.json'))) ?? {};
	const sharedBuild = path.join(releasesCacheRoot, `sqlite3-${sqlitePackageVersion}-node-abi${process.versions.modules}`, 'node_sqlite3.node');
	if (!sqliteVersion && existsSync(sharedBuild)) {
		await mkdir(path.dirname(sqliteBinary), { recursive: true });
		await copyFile(sharedBuild, sqliteBinary);
		sqliteVersion = await sqliteLoads();
		if (sqliteVersion) log(`   sqlite3 ${sqlitePackageVersion}: the build shared by the releases (${path.dirname(sharedBuild)})`);
	}
	if (!sqliteVersion) {
		const nodeGyp = await findNodeGyp(log);
		const nodedir = nodeHeadersDir();
		log(`   building sqlite3 natively for Node ${process.version} (node-gyp, headers from ${nodedir}; about 1-2 minutes)`);
		const step = Date.now();
		const result = await withHeartbeat(
			run(process.execPath, [nodeGyp, 'rebuild', '--release', `--nodedir=${nodedir}`, '--jobs=max'], {
				cwd: sqliteDir,
				env: { ...process.env, npm_config_nodedir: nodedir },
				allowFailure: true,
			}),
			'compiling sqlite3',
			log,
		);
		if (result.code !== 0) {
			const tail = (result.stderr || result.stdout).trim().split('\n').slice(-25).join('\n');
			throw new Error(`building sqlite3 failed (needs python3, make and a C++ compiler):\n${tail}`);
		}
		sqliteVersion = await sqliteLoads();
		if (!sqliteVersion) throw new Error('sqlite3 was built but does not load under this Node');
		log(`   sqlite3 built in ${elapsed(step)}`);
		await mkdir(path.dirname(sharedBuild), { recursive: true });
		await copyFile(sqliteBinary, sharedBuild);
	}
	log(`   sqlite3 loads (SQLite ${sqliteVersion})`);

	const version = await run(process.execPath, [n8nBin, '--version'], { cwd: cacheDir });
	log(`   n8n --version: ${version.stdout.trim().split('\n').pop()}`);
	await writeFile(stampFile, JSON.stringify({ ...(await wantedStamp()), sqlite: sqliteVersion, installedAt: new Date().toISOString() }, null, 2) + '\n');
	log(`== n8n: installed in ${elapsed(start)}`);
}

/**
 * Writes the release's lockfile: npm resolves test/n8n-releases/<version>/package.json (n8n and the
 * overrides some releases need) in a temporary folder, and the lockfile is copied beside it.
 */
export async function lockRelease({ log = (line) => console.log(line) } = {}) {
	if (!existsSync(releaseManifest)) throw new Error(`write ${path.relative(process.cwd(), releaseManifest)} first (n8n as its one dependency)`);
	const work = await mkdtemp(path.join(tmpdir(), `n8n-lock-${N8N_VERSION}-`));
	try {
		await copyFile(releaseManifest, path.join(work, 'package.json'));
		log(`== n8n ${N8N_VERSION}: resolving its dependencies (npm install --package-lock-only)`);
		await run('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: work });
		await copyFile(path.join(work, 'package-lock.json'), releaseLock);
		log(`   wrote ${path.relative(process.cwd(), releaseLock)}`);
	} finally {
		await rm(work, { recursive: true, force: true });
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	(process.argv.includes('--lock') ? lockRelease() : ensureN8n()).catch((error) => {
		console.error(`n8n install failed: ${error.message}`);
		process.exit(1);
	});
}
