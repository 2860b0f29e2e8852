// Debian's packages for the tests that need a program from them (Chromium for the browser test,
// Redis and PostgreSQL for the queue-mode test): installed with apt-get when missing and running as
// root, as CI does; otherwise the caller's error says what to install.
import { spawnSync } from 'node:child_process';

/** Whether this process may install Debian packages itself. */
export const canInstall = () => process.getuid?.() === 0;

/** `apt-get update`, then `apt-get install` of `packages` (no recommends), printing apt's output. */
export function aptInstall(packages, log = (line) => console.log(line)) {
	log(`== installing Debian's ${packages.join(', ')} (apt-get install)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...packages]]) {
		const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
		if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${result.status ?? result.error?.message})`);
	}
}
