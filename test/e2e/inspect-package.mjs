// Loads an installed copy of the package with n8n's own loader (n8n-core's PackageDirectoryLoader from
// n8n's cache folder, the class n8n uses for community packages) and prints what it found as JSON:
//   node test/e2e/inspect-package.mjs <package folder>   (package.test.ts runs it)
// → { nodes: [description...], credentials: [type...], known: { nodes, credentials } }
// n8n itself resolves `n8n-workflow` for community packages through NODE_PATH; so does this.
import { createRequire } from 'node:module';
import path from 'node:path';

import { cacheDir } from '../harness/n8n.mjs';

const packageDir = path.resolve(process.argv[2] ?? '');
if (!process.env.NODE_PATH?.includes(path.join(cacheDir, 'node_modules'))) {
	console.error('run with NODE_PATH=.cache/n8n/node_modules (as n8n sets it)');
	process.exit(2);
}
const require = createRequire(path.join(cacheDir, 'node_modules', 'n8n', 'package.json'));
const { PackageDirectoryLoader } = require('n8n-core');

const loader = new PackageDirectoryLoader(packageDir);
await loader.loadAll();
process.stdout.write(
	JSON.stringify({
		packageName: loader.packageName,
		nodes: loader.types.nodes,
		credentials: loader.types.credentials,
		known: loader.known,
	}),
);
