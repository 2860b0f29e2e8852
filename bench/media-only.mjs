// `node bench/media-only.mjs`: only the Send Media memory case of `npm run bench` (one 15 MB file
// from a binary property, memory and filesystem mode), for checking a change to Send Media quickly.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./register.cjs');
const { startEvolutionFake } = require('../fakes/evolution/index.ts');

const evolution = await startEvolutionFake();
for (const mode of ['memory', 'filesystem']) {
	evolution.reset();
	const result = await new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--expose-gc', path.join(root, 'bench', 'media.cjs'), mode], {
			cwd: root,
			env: { ...process.env, BENCH_EVOLUTION_URL: evolution.url, BENCH_EVOLUTION_KEY: evolution.apiKey },
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		let message;
		child.on('message', (m) => (message = m));
		child.on('exit', (code) => (code === 0 && message ? resolve(message) : reject(new Error(`media.cjs ${mode} exit ${code}`))));
	});
	console.log(mode, JSON.stringify(result));
}
await evolution.close();
