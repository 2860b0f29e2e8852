// End-to-end tests in the real n8n (scripts/e2e.sh runs them after installing n8n into .cache/n8n).
// Every n8n CLI command boots n8n (a few seconds), so tests batch their scenarios (test/e2e/n8n.ts)
// and files run two at a time, each with its own user folder and ports.
import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/e2e/**/*.test.ts'],
		globalSetup: ['test/e2e/globalSetup.ts'],
		testTimeout: 300_000,
		hookTimeout: 300_000,
		pool: 'forks',
		maxWorkers: 2,
	},
});
