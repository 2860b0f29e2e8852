// The package as users get it: what `npm pack` ships, and that the real n8n loads all of it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { ICredentialType, INode, INodeTypeDescription } from 'n8n-workflow';
import { describe, expect, inject, it } from 'vitest';

import { PACKAGE_NAME, cacheDir, repoRoot } from '../harness/n8n.mjs';
import { run } from '../harness/processes.mjs';
import { scan } from '../harness/scanner.mjs';

interface PackageJson {
	name: string;
	n8n: { n8nNodesApiVersion: number; nodes: string[]; credentials: string[] };
}

const packageJson = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as PackageJson;

describe('npm pack', () => {
	it('ships only the built nodes and credentials, their icons and codex files, README, LICENSE, CHANGELOG and package.json', async () => {
		const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot });
		const [pack] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>;
		const files = pack.files.map((file) => file.path).sort();

		const allowed = [
			/^package\.json$/,
			/^README\.md$/,
			/^LICENSE(\.md)?$/,
			/^CHANGELOG\.md$/,
			/^index\.js$/,
			/^dist\/(nodes|credentials)\/.+\.(js|d\.ts|js\.map)$/,
			/^dist\/(nodes|credentials)\/.+\.(svg|png)$/,
			/^dist\/nodes\/.+\.node\.json$/,
		];
		expect(files.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
		// No tests, sources, fixtures or secrets, whatever their extension.
		const forbidden = /(^|\/)(test|tests|__tests__|fixtures|node_modules|\.cache|\.n8n-sandbox)\/|(^|\/)\.env|\.npmrc$|\.tgz$|(?<!\.d)\.ts$/;
		expect(files.filter((file) => forbidden.test(file))).toEqual([]);

		for (const required of ['package.json', 'README.md', 'CHANGELOG.md', 'index.js', ...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) {
			expect(files, `${required} is shipped`).toContain(required);
		}
		expect(files.some((file) => /^LICENSE(\.md)?$/.test(file)), 'a LICENSE is shipped').toBe(true);
		for (const node of packageJson.n8n.nodes) {
			expect(files, `the codex file of ${node}`).toContain(node.replace(/\.js$/, '.json'));
		}
	});
});

describe('package.json as the npm registry and n8n read it', () => {
	const manifest = packageJson as unknown as Record<string, unknown> & PackageJson;
	it('names its repository, home page, issue tracker, author, licence and the keyword n8n lists community packages by', () => {
		const repository = manifest.repository as { type: string; url: string };
		expect(repository.type).toBe('git');
		const project = /^git\+https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\.git$/.exec(repository.url)?.[1];
		expect(project, 'a GitHub repository: provenance is only attested from GitHub Actions').toBeDefined();
		expect(manifest.homepage).toBe(`https://github.com/${project}#readme`);
		expect(manifest.bugs).toEqual({ url: `https://github.com/${project}/issues` });
		expect(manifest.author).toMatchObject({ name: expect.any(String), email: expect.stringMatching(/@/) });
		expect(manifest.license).toBe('MIT');
		expect(manifest.keywords).toContain('n8n-community-node-package');
		expect(manifest.name).toMatch(/^n8n-nodes-/);
	});

	it('declares Node 20 and later, n8n-workflow as a peer, no runtime dependency, and every node and credential', () => {
		expect(manifest.engines).toEqual({ node: '>=20' });
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(manifest.dependencies).toBeUndefined();
		expect(manifest.n8n.n8nNodesApiVersion).toBe(1);
		expect(manifest.n8n.nodes.map((file) => path.basename(file))).toEqual([
			'TaxpayerLookup.node.js',
			'ExchangeRateTrigger.node.js',
			'Messaging.node.js',
			'MessagingTrigger.node.js',
			'SunatInvoice.node.js',
		]);
		expect(manifest.n8n.credentials.map((file) => path.basename(file))).toEqual(['TaxpayerLookupApi.credentials.js', 'MessagingApi.credentials.js', 'SunatApi.credentials.js', 'SunatSireApi.credentials.js']);
	});
});

describe(`${PACKAGE_NAME} in n8n`, () => {
	// What globalSetup packed and installed into n8n.
	const packed = async () =>
		JSON.parse(await readFile(path.join(inject('packedPackageDir'), 'package.json'), 'utf8')) as PackageJson;
	const exported = async () =>
		JSON.parse(await readFile(inject('exportedNodesFile'), 'utf8')) as Array<INodeTypeDescription & { codex?: { categories?: string[]; alias?: string[] } }>;

	it('n8n loads every node listed in package.json, with its icon and codex', async () => {
		const nodes = (await exported()).filter((node) => node.name.startsWith(`${PACKAGE_NAME}.`));
		const { n8n } = await packed();
		const loaded = await loadWithN8nLoader();
		// One node type per file, plus n8n's AI-tool variant of the nodes marked usableAsTool, and its
		// human-review tool of those with a send-and-wait operation (n8n 2.41's createHitlTools).
		expect(Object.values(loaded.known.nodes).map((node) => node.sourcePath).sort()).toEqual([...n8n.nodes].sort());
		const expected = loaded.nodes.flatMap((node) => [
			node.name,
			...(node.usableAsTool ? [`${node.name}Tool`] : []),
			...(hasSendAndWait(node) ? [`${node.name}HitlTool`] : []),
		]);
		expect(expected).toContain('messagingHitlTool');
		expect(nodes.map((node) => node.name).sort()).toEqual(expected.map((name) => `${PACKAGE_NAME}.${name}`).sort());

		for (const node of nodes) {
			const icons = iconFiles(node.iconUrl);
			expect(icons.length, `${node.name} has a file icon`).toBeGreaterThan(0);
			for (const icon of icons) expect(existsSync(path.join(inject('packedPackageDir'), icon)), `${icon} is in the package`).toBe(true);
			expect(node.codex?.categories?.length, `${node.name} has a codex with categories`).toBeGreaterThan(0);
			// The node creator searches display names and these aliases only.
			expect(node.codex?.alias?.length, `${node.name} has search aliases`).toBeGreaterThan(3);
			expect(node.displayName).toBeTruthy();
			expect(node.description).toBeTruthy();
		}
	});

	it("n8n makes Messaging's human-review tool from Send and Wait for Response: the agent's message, approval only", async () => {
		const tool = (await exported()).find((node) => node.name === `${PACKAGE_NAME}.messagingHitlTool`);
		expect(tool).toBeDefined();
		const properties = tool!.properties;
		expect(properties.find((property) => property.name === 'resource')).toMatchObject({ type: 'hidden', default: 'message' });
		expect(properties.find((property) => property.name === 'operation')).toMatchObject({ type: 'hidden', default: 'sendAndWait' });
		expect(properties.find((property) => property.name === 'responseType')).toMatchObject({ type: 'hidden', default: 'approval' });
		// Its own Message replaces the node's: the one the operation reads.
		const messages = properties.filter((property) => property.name === 'message');
		expect(messages).toHaveLength(1);
		expect(String(messages[0].default)).toContain('{{ $tool.name }}');
		// The recipient and the instance are asked as the node asks them.
		expect(properties.some((property) => property.name === 'number')).toBe(true);
		expect(properties.some((property) => property.name === 'instanceName')).toBe(true);
	});

	it('n8n loads every credential listed in package.json, and the nodes use only those', async () => {
		const { n8n } = await packed();
		const loaded = await loadWithN8nLoader();
		expect(Object.values(loaded.known.credentials).map((credential) => credential.sourcePath).sort()).toEqual(
			[...n8n.credentials].sort(),
		);
		const credentialNames = loaded.credentials.map((credential) => credential.name);
		for (const node of loaded.nodes) {
			for (const { name } of node.credentials ?? []) expect(credentialNames, `${node.name} uses ${name}`).toContain(name);
		}
		for (const credential of loaded.credentials) {
			expect(credential.displayName).toBeTruthy();
			expect(credential.properties.length, `${credential.name} has fields`).toBeGreaterThan(0);
			expect(credential.authenticate ?? credential.test, `${credential.name} authenticates or can be tested`).toBeDefined();
			for (const icon of iconFiles(credential.iconUrl)) {
				expect(existsSync(path.join(inject('packedPackageDir'), icon)), `${icon} is in the package`).toBe(true);
			}
		}
		expect(loaded.known.credentials.taxpayerLookupApi?.supportedNodes).toContain('taxpayerLookup');
	});

	it("makes Simplify on by default in the AI-tool variants n8n generates, off in the nodes (n8n's own @tool and defaults)", async () => {
		const nodes = await exported();
		// The n8n-workflow real n8n runs with: its Workflow fills a node's unset parameters this way.
		const { NodeHelpers } = createRequire(path.join(cacheDir, 'node_modules', 'n8n', 'package.json'))('n8n-workflow') as typeof import('n8n-workflow');
		const simplifyOf = (nodeName: string, parameters: Record<string, string>) => {
			const description = nodes.find((node) => node.name === `${PACKAGE_NAME}.${nodeName}`);
			expect(description, `n8n exported ${nodeName}`).toBeDefined();
			const node: INode = { id: 'node', name: 'Node', type: description!.name, typeVersion: 1, position: [0, 0], parameters };
			return NodeHelpers.getNodeParameters(description!.properties, parameters, true, false, node, description!)?.simplify;
		};
		const taxpayerGet = { resource: 'taxpayer', operation: 'get' };
		const findChats = { resource: 'chat', operation: 'findChats' };
		expect(simplifyOf('taxpayerLookupTool', taxpayerGet)).toBe(true);
		expect(simplifyOf('taxpayerLookup', taxpayerGet)).toBe(false);
		expect(simplifyOf('messagingTool', findChats)).toBe(true);
		expect(simplifyOf('messaging', findChats)).toBe(false);
		// An operation without Simplify has no such parameter, in the tool variant either.
		expect(simplifyOf('messagingTool', { resource: 'message', operation: 'sendText' })).toBeUndefined();
	});

	it('n8n reports no problem while loading the package', () => {
		const log = inject('exportNodesLog');
		const problems = log
			.split('\n')
			.filter((line) => /error|warn|fail|unknown|could not|cannot/i.test(line))
			.filter((line) => /taxpayer|messaging|community|package/i.test(line));
		expect(problems).toEqual([]);
		expect(log).toMatch(/Successfully exported \d+ node types/);
	});
});

/** Whether n8n 2.41 makes a human-review tool of the node (tool-generation/hitl-tools.js, hasSendAndWaitOperation). */
function hasSendAndWait(node: INodeTypeDescription): boolean {
	if (!node.webhooks?.length) return false;
	return node.properties.some(
		(property) => property.name === 'operation' && (property.options ?? []).some((option) => 'value' in option && option.value === 'sendAndWait'),
	);
}

/** The package files an iconUrl (a path, or one per theme) points at; n8n serves them from the package. */
function iconFiles(iconUrl: unknown): string[] {
	const urls = typeof iconUrl === 'string' ? [iconUrl] : iconUrl && typeof iconUrl === 'object' ? Object.values(iconUrl) : [];
	const prefix = `icons/${PACKAGE_NAME}/`;
	return urls.map((url) => {
		expect(String(url).startsWith(`${prefix}dist/`), `${String(url)} is a file of the package's dist/`).toBe(true);
		return String(url).slice(prefix.length);
	});
}

interface Loaded {
	nodes: INodeTypeDescription[];
	credentials: Array<ICredentialType & { iconUrl?: unknown; supportedNodes?: string[] }>;
	known: {
		nodes: Record<string, { sourcePath: string }>;
		credentials: Record<string, { sourcePath: string; supportedNodes?: string[] }>;
	};
}

let loadedCache: Promise<Loaded> | undefined;
/** The packed package loaded by n8n-core's PackageDirectoryLoader (inspect-package.mjs beside this file). */
function loadWithN8nLoader(): Promise<Loaded> {
	loadedCache ??= run(process.execPath, [path.join(repoRoot, 'test/e2e/inspect-package.mjs'), inject('packedPackageDir')], {
		env: { ...process.env, NODE_PATH: path.join(cacheDir, 'node_modules') },
	}).then(({ stdout }) => JSON.parse(stdout) as Loaded);
	return loadedCache;
}

// What n8n runs before it verifies a community package (@n8n/scan-community-package): its ESLint
// rules, inline disables ignored, over the source the provenance attests and over the tarball.
describe("n8n's community-package scanner", () => {
	it('passes the source leg: package.json and every node and credential source, as n8n lints the attested commit', async () => {
		const result = await scan(repoRoot, 'source');
		expect(result.details ?? result.message ?? '').toBe('');
		expect(result.passed).toBe(true);
	});

	it('passes the tarball leg: the compiled JavaScript and package.json of the package npm pack makes', async () => {
		const result = await scan(inject('packedPackageDir'), 'tarball');
		expect(result.details ?? result.message ?? '').toBe('');
		expect(result.passed).toBe(true);
	});
});
