// Lets plain Node (no vitest) run the package's TypeScript sources and the test harness, and makes
// every module (ours, n8n-core, and the HTTP Request node from the cached n8n install) share the ONE
// copy of n8n-workflow and n8n-core in this package's node_modules, as vitest.config.mts's alias does.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const ts = require(path.join(root, 'node_modules/typescript'));

/** The copies everything must get: n8n-workflow's CommonJS build, as n8n-core requires it. */
const pinned = {
	'n8n-workflow': require.resolve('n8n-workflow', { paths: [root] }),
	'n8n-core': require.resolve('n8n-core', { paths: [root] }),
};
const pinnedRoots = Object.fromEntries(
	Object.keys(pinned).map((name) => [name, path.join(root, 'node_modules', name)]),
);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, isMain, options) {
	if (request in pinned) return pinned[request];
	const slash = request.indexOf('/');
	const head = slash < 0 ? request : request.slice(0, slash);
	if (head in pinnedRoots && slash > 0) {
		return resolveFilename.call(this, path.join(pinnedRoots[head], request.slice(slash + 1)), parent, isMain, options);
	}
	// `./X.node` must find X.node.ts before the codex file X.node.json, as tsc's resolution does.
	if (request.startsWith('.') && parent?.filename?.endsWith('.ts') && !path.extname(request).match(/^\.(ts|js|json)$/)) {
		const candidate = path.resolve(path.dirname(parent.filename), request);
		for (const file of [`${candidate}.ts`, path.join(candidate, 'index.ts')]) if (fs.existsSync(file)) return file;
	}
	return resolveFilename.call(this, request, parent, isMain, options);
};

// Transpile-only (no type check): the bench runs what `tsc` would emit for these files.
const compilerOptions = {
	module: ts.ModuleKind.CommonJS,
	target: ts.ScriptTarget.ES2022,
	esModuleInterop: true,
	sourceMap: false,
	inlineSourceMap: true,
	useDefineForClassFields: false,
};
Module._extensions['.ts'] = function (module, filename) {
	const source = fs.readFileSync(filename, 'utf8');
	const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: filename });
	module._compile(outputText, filename);
};

module.exports = { root, pinned };
