// The queue-mode test (scripts/queue-test.sh): one n8n main and two workers on Redis and PostgreSQL,
// the package installed in each. One file, one scenario after the other: they share the cluster.
import { defineConfig } from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/queue/**/*.test.ts'],
		testTimeout: 180_000,
		hookTimeout: 300_000,
		pool: 'forks',
		maxWorkers: 1,
	},
});
