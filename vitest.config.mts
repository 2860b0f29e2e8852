import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	resolve: {
		// n8n-core requires n8n-workflow's CommonJS build; the nodes and tests must get the same copy,
		// or `instanceof NodeApiError` fails across the two.
		alias: {
			'n8n-workflow': fileURLToPath(new URL('./node_modules/n8n-workflow/dist/cjs/index.js', import.meta.url)),
		},
	},
	test: {
		include: ['test/**/*.test.ts'],
		exclude: ['test/e2e/**', 'test/queue/**', 'test/install/**', 'node_modules/**'],
		testTimeout: 30_000,
		hookTimeout: 30_000,
		pool: 'forks',
	},
});
