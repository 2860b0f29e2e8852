// SIRE proposal (issue 48): a 20,000-receipt proposal of each book, generated in SUNAT's layout
// (bench/proposals.ts) and zipped deflated as SUNAT's download is, read from the ZIP's bytes to items
// by readProposalZip (unzip + decode + parseProposal) in a fresh child per run (bench/sire.cjs).
// Used by bench/run.mjs (the full run) and bench/sire-only.mjs (this section alone).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./register.cjs');
const { proposalName, proposalText, zipOf } = require('./proposals.ts');

export const sireSettings = (quick) => ({ n: quick ? 2000 : 20_000, repeats: quick ? 1 : 3, warmUpN: 500, books: ['RCE', 'RVIE'] });

function runChild(args) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--expose-gc', path.join(root, 'bench', 'sire.cjs'), ...args], {
			cwd: root,
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		let result;
		const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
		child.on('message', (message) => (result = message));
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			if (code === 0 && result) resolve(result);
			else reject(new Error(`bench/sire.cjs ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
		});
	});
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Each book's runs: the file's sizes, each run's time and memory, and whether every receipt came out. */
export async function measureSire({ quick = false } = {}) {
	const settings = sireSettings(quick);
	const startedAt = new Date().toISOString();
	const loadBefore = os.loadavg();
	const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-sire-'));
	const books = [];
	try {
		for (const book of settings.books) {
			const text = proposalText(book, settings.n);
			const zip = zipOf(proposalName(book), text);
			const zipPath = path.join(dir, `${book}.zip`);
			const warmUpPath = path.join(dir, `${book}-warm-up.zip`);
			writeFileSync(zipPath, zip);
			writeFileSync(warmUpPath, zipOf(proposalName(book), proposalText(book, settings.warmUpN)));
			const runs = [];
			for (let repeat = 0; repeat < settings.repeats; repeat++) {
				const run = await runChild([book, zipPath, warmUpPath]);
				if (run.items !== settings.n) throw new Error(`SIRE ${book}: ${run.items} items from ${settings.n} receipts`);
				runs.push({ ...run, rssMB: run.peakRssMB - run.rssBeforeMB });
				console.error(`sire ${book} ${settings.n}  ${run.wallMs.toFixed(0)} ms  RSS +${runs.at(-1).rssMB.toFixed(1)} MB  heap +${run.peakHeapMB.toFixed(1)} MB  held ${run.heldMB.toFixed(1)} MB`);
			}
			books.push({
				book,
				txtMB: text.length / 2 ** 20,
				zipMB: zip.length / 2 ** 20,
				columns: text.toString('utf8', 0, 4000).split('\r\n')[0].split('|').length,
				fields: Object.keys(runs[0].first).length,
				runs,
				wallMs: median(runs.map((run) => run.wallMs)),
				cpuMs: median(runs.map((run) => run.cpuMs)),
				rssMB: Math.max(...runs.map((run) => run.rssMB)),
				peakHeapMB: Math.max(...runs.map((run) => run.peakHeapMB)),
				heldMB: Math.max(...runs.map((run) => run.heldMB)),
			});
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	return { settings, books, startedAt, loadBefore, loadAfter: os.loadavg(), cores: os.cpus().length };
}
