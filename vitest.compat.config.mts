// The compatibility stage's engine tests (scripts/compat.sh): the tests that run the nodes through
// n8n's engine, run with the n8n-core and n8n-workflow of the release N8N_VERSION names (installed
// in its cache folder, test/harness/n8n.mjs) instead of the dev dependencies, as a community package
// runs with the n8n it is loaded into. Chosen: what the RoutingNode adaptation and the runner rely on
// (routing, pacing, errors, Continue On Fail, the credential's domains), a lookup, a send, a
// custom operation (Send and Wait), the credential tests; the Messaging Trigger's outputs (the
// release's n8n-workflow evaluates the node's outputs expression, its n8n-core runs the webhook).
import path from 'node:path';

import { defineConfig } from 'vitest/config';

import { N8N_VERSION, PINNED_N8N_VERSION, cacheDir } from './test/harness/n8n.mjs';

if (N8N_VERSION === PINNED_N8N_VERSION) throw new Error('vitest.compat.config.mts runs another release: set N8N_VERSION (scripts/compat.sh does)');
const releaseModules = path.join(cacheDir, 'node_modules');

export default defineConfig({
	resolve: {
		// One copy of each for the nodes, the tests and the engine, as in n8n: the release's.
		alias: {
			'n8n-workflow': path.join(releaseModules, 'n8n-workflow', 'dist', 'cjs', 'index.js'),
			'n8n-core': path.join(releaseModules, 'n8n-core'),
			'@n8n/di': path.join(releaseModules, '@n8n', 'di'),
		},
	},
	test: {
		include: [
			'test/nodes/shared/routingNodeAdaptation.test.ts',
			'test/nodes/shared/customOperation.test.ts',
			'test/nodes/shared/oncePerRun.test.ts',
			'test/nodes/TaxpayerLookup/taxpayer/get.test.ts',
			'test/nodes/TaxpayerLookup/batching.test.ts',
			'test/nodes/SunatInvoice/validate.test.ts',
			// The SUNAT node's second credential, picked by its authentication parameter, and a proposal's whole path.
			'test/nodes/SunatInvoice/register/credential.test.ts',
			'test/nodes/SunatInvoice/register/getPurchaseProposal.test.ts',
			'test/nodes/Messaging/message/sendText.test.ts',
			'test/nodes/Messaging/message/sendMedia.test.ts',
			'test/nodes/Messaging/message/sendAndWait.test.ts',
			'test/nodes/Messaging/trigger/outputs.test.ts',
			'test/credentials/*.test.ts',
		],
		testTimeout: 30_000,
		hookTimeout: 30_000,
		pool: 'forks',
	},
});
