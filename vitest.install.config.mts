// The install test (scripts/install-test.sh): the package installed, upgraded and reinstalled by
// n8n's own community-package installer from a local npm registry (Verdaccio). One file, one
// scenario after the other: they share the registry, the n8n user folder and its port.
import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/install/**/*.test.ts'],
		testTimeout: 240_000,
		hookTimeout: 300_000,
		pool: 'forks',
		maxWorkers: 1,
	},
});
