// `node bench/media-only.mjs`: only the Send Media memory cases of `npm run bench` (one 15 MB file
// from a binary property in memory, filesystem and database mode; a 100 MB document in filesystem
// and database mode), 3 runs each, for checking a change to Send Media quickly. BENCH_NODES_ROOT=<checkout>
// runs another checkout's nodes (before/after).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./register.cjs');
const { startEvolutionFake } = require('../fakes/evolution/index.ts');

const evolution = await startEvolutionFake();
// BENCH_MEDIA_CASES=memory:15,filesystem:15 picks cases (a checkout before uploads refuses 100 MB).
const cases = process.env.BENCH_MEDIA_CASES
	? process.env.BENCH_MEDIA_CASES.split(',').map((entry) => [entry.split(':')[0], Number(entry.split(':')[1])])
	: [
			['memory', 15],
			['filesystem', 15],
			['database', 15],
			['filesystem', 100],
			['database', 100],
		];
for (const [mode, megabytes] of cases) {
	const runs = [];
	for (let repeat = 0; repeat < 3; repeat++) {
		evolution.reset();
		const result = await new Promise((resolve, reject) => {
			const child = spawn(process.execPath, ['--expose-gc', path.join(root, 'bench', 'media.cjs'), mode, String(megabytes)], {
				cwd: root,
				env: { ...process.env, BENCH_EVOLUTION_URL: evolution.url, BENCH_EVOLUTION_KEY: evolution.apiKey },
				stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
			});
			let message;
			child.on('message', (m) => (message = m));
			child.on('exit', (code) => (code === 0 && message ? resolve(message) : reject(new Error(`media.cjs ${mode} ${megabytes} exit ${code}`))));
		}).catch((error) => ({ error: error.message }));
		if (result.error) {
			runs.push(result);
			break;
		}
		const sent = evolution.requests.filter((request) => request.path.includes('/message/sendMedia/'));
		runs.push({ ...result, requestMB: (sent.at(-1)?.bodyBytes ?? 0) / 2 ** 20, upload: Boolean(sent.at(-1)?.parts), rssMB: result.peakRssMB - result.rssBeforeMB });
	}
	const ok = runs.filter((run) => !run.error);
	const rss = ok.map((run) => run.rssMB).sort((a, b) => a - b);
	console.log(
		`${mode} ${megabytes} MB`,
		ok.length
			? JSON.stringify({
					upload: ok[0].upload,
					requestMB: +ok[0].requestMB.toFixed(1),
					wallMs: Math.round(ok.map((run) => run.wallMs).sort((a, b) => a - b)[Math.floor(ok.length / 2)]),
					rssOverBaselineMB: +rss[Math.floor(rss.length / 2)].toFixed(1),
					timesFile: +(rss[Math.floor(rss.length / 2)] / megabytes).toFixed(2),
					rssRangeMB: [+rss[0].toFixed(1), +rss.at(-1).toFixed(1)],
				})
			: runs[0].error,
	);
}
await evolution.close();
