// Debian's packages for the tests that need a program from them (Chromium for the browser test,
// Redis and PostgreSQL for the queue-mode test): installed with apt-get when missing and running as
// root, as CI does; otherwise the caller's error says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

const POLICY = '/usr/sbin/policy-rc.d';

/** Whether this process may install Debian packages itself. */
export const canInstall = () => process.getuid?.() === 0;

/**
 * `apt-get update`, then `apt-get install` of `packages` (no recommends), printing apt's output.
 * A server package's install must not start its service (the tests start their own servers on
 * free ports and stop them; a system service would outlive them): unless the machine already has
 * a policy, a policy-rc.d saying "do not start" is in place during the install.
 */
export function aptInstall(packages, log = (line) => console.log(line)) {
	log(`== installing Debian's ${packages.join(', ')} (apt-get install)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const ownPolicy = !existsSync(POLICY);
	if (ownPolicy) writeFileSync(POLICY, '#!/bin/sh\n# Written by the tests during apt-get install: start no service.\nexit 101\n', { mode: 0o755 });
	try {
		for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...packages]]) {
			const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
			if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${result.status ?? result.error?.message})`);
		}
	} finally {
		if (ownPolicy) rmSync(POLICY, { force: true });
	}
}
