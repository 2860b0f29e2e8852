// The package as users get it: Settings → Community Nodes in a real n8n 2.41.1 installs it from the
// npm registry (here Verdaccio, reached as registry.npmjs.org through npmjsProxy.ts), upgrades it
// with the same installer, and with N8N_REINSTALL_MISSING_PACKAGES puts it back when its folder is
// gone. One n8n user folder and port from the first start to the last, as one instance's life; the
// scenarios run in order and each builds on the one before.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { textMessageData } from '../../fakes/evolution/events';
import { VALID_TOKEN, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { N8nServer } from '../e2e/n8n';
import { PACKAGE_NAME, packPackage, repoRoot } from '../harness/n8n.mjs';
import { freePort } from '../harness/processes.mjs';
import { NPMJS_HOST, startNpmjsProxy, type NpmjsProxy } from './npmjsProxy';
import { startVerdaccio, type Verdaccio } from './verdaccio';

/** Where every process's output is written, for a look after a failed run. */
const LOG_DIR = path.join(repoRoot, 'test-results', 'install');
const log = (line: string) => console.log(`[install] ${line}`);

const { version: REPO_VERSION } = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
/** The two releases published to the registry: package.json's version with a prerelease part. */
const X = `${REPO_VERSION}-install.1`;
const X1 = `${REPO_VERSION}-install.2`;

/** The node types of the package (package.json's n8n.nodes), as n8n names them. */
const OUR_NODES = ['taxpayerLookup', 'exchangeRateTrigger', 'messaging', 'messagingTrigger', 'sunatInvoice'].map((name) => `${PACKAGE_NAME}.${name}`);

const FRIDAY = '2025-11-21';
const WEBHOOK_ID = '5e1f0c3a-7b2d-4c8e-9f10-2a3b4c5d6e7f';
const INSTANCE = 'Support Team';
const RUC = '20131312955';
const TO = '51987654321';

/** What n8n's editor gets from GET /rest/community-packages. */
interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	updateAvailable?: string;
	failedLoading?: boolean;
	installedNodes: Array<{ name: string; type: string; latestVersion: number }>;
}

let verdaccio: Verdaccio;
let proxy: NpmjsProxy;
let lookup: LookupFake;
let messaging: EvolutionFake;
let work: string;
let userFolder: string;
let port: number;
let server: N8nServer | undefined;
let workflowId: string;
/** The packed package, unpacked: what is published, as X and later as X+1. */
let unpacked: string | undefined;
let starts = 0;

const packageDir = () => path.join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
const versionOnDisk = async () => (JSON.parse(await readFile(path.join(packageDir(), 'package.json'), 'utf8')) as { version: string }).version;

/**
 * n8n as a community edition runs it: the default registry (https://registry.npmjs.org) and
 * unverified packages allowed (N8N_UNVERIFIED_PACKAGES_ENABLED, n8nEnv's default); HTTPS goes
 * through the proxy, which serves registry.npmjs.org from Verdaccio. `extra`: settings of one start.
 */
function networkEnv(extra: Record<string, string> = {}) {
	return {
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		HTTPS_PROXY: proxy.url,
		https_proxy: proxy.url,
		NO_PROXY: '127.0.0.1,localhost',
		no_proxy: '127.0.0.1,localhost',
		// n8n's own requests (Node's store plus this CA) and npm's (it has a cafile of its own).
		NODE_EXTRA_CA_CERTS: proxy.caFile,
		npm_config_cafile: proxy.caFile,
		npm_config_registry: `https://${NPMJS_HOST}/`,
		// No ~/.npmrc of the machine, and no npm settings of the `npm run` this runs under.
		npm_config_userconfig: path.join(work, 'empty.npmrc'),
		npm_config_https_proxy: proxy.url,
		npm_config_noproxy: '127.0.0.1,localhost',
		...extra,
	};
}

/** Starts `n8n start` on the user folder and port, signed in as the owner; its log goes to LOG_DIR. */
async function startN8n(name: string, extra: Record<string, string> = {}) {
	// One n8n at a time on the port (a failed scenario may have left one running).
	await stopN8n();
	starts += 1;
	const logFile = path.join(LOG_DIR, `n8n-${starts}-${name}.log`);
	const started = Date.now();
	server = await N8nServer.start(userFolder, logFile, { port, env: networkEnv(extra) });
	log(`n8n started (${name}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
	return server;
}

async function stopN8n() {
	await server?.stop();
	server = undefined;
}

const packages = () => server!.rest<InstalledPackage[]>('GET', '/community-packages');

/** Node type names n8n serves to the editor (`/types/nodes.json`), of this package. */
async function ourNodeTypes() {
	const response = await server!.getSignedIn('/types/nodes.json');
	expect(response.status).toBe(200);
	const types = (await response.json()) as Array<{ name: string }>;
	return [...new Set(types.map((type) => type.name).filter((name) => name.startsWith(`${PACKAGE_NAME}.`)))].sort();
}

/** Creates a credential through the REST API, as the editor's credential modal does. */
async function createCredential(name: string, type: string, data: IDataObject) {
	const created = await server!.rest<{ id: string; name: string }>('POST', '/credentials', { name, type, data });
	return { id: created.id, name: created.name };
}

/** The workflow that uses the four nodes of the lookup and messaging services (SUNAT Invoice has its own tests). */
function installPathWorkflow(lookupCredential: { id: string; name: string }, messagingCredential: { id: string; name: string }) {
	const node = (name: string, type: string, position: [number, number], parameters: IDataObject, extra: IDataObject = {}) => ({
		id: `${name.toLowerCase().replace(/\W+/g, '-')}`,
		name,
		type: type.includes('.') ? type : `${PACKAGE_NAME}.${type}`,
		typeVersion: 1,
		position,
		parameters,
		...extra,
	});
	const sales = { __rl: true, mode: 'name', value: 'sales' };
	return {
		name: 'Install path: four nodes',
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Manual Trigger', 'n8n-nodes-base.manualTrigger', [0, 0], {}),
			node('Validate RUC', 'taxpayerLookup', [220, 0], { resource: 'taxpayer', operation: 'validate', rucOrDni: RUC, options: {} }),
			node(
				'Send text',
				'messaging',
				[440, 0],
				{ resource: 'message', operation: 'sendText', instanceName: sales, number: TO, text: '=RUC {{ $json.ruc }} valid: {{ $json.valid }}', options: {} },
				{ credentials: { messagingApi: messagingCredential } },
			),
			node(
				'New USD rate',
				'exchangeRateTrigger',
				[0, 200],
				// Every minute (n8n's shortest): published, n8n polls soon after each start (seen within a
				// second), so a poll from a new process comes well within the deadline.
				{ pollTimes: { item: [{ mode: 'everyMinute' }] }, currencies: ['USD'], options: {} },
				{ credentials: { taxpayerLookupApi: lookupCredential } },
			),
			node(
				'WhatsApp message',
				'messagingTrigger',
				[0, 400],
				{ instanceName: { __rl: true, mode: 'name', value: INSTANCE }, events: ['messageReceived'], options: { replaceExistingWebhook: true } },
				{ credentials: { messagingApi: messagingCredential }, webhookId: WEBHOOK_ID },
			),
			node(
				'Reply',
				'messaging',
				[220, 400],
				{ resource: 'message', operation: 'sendText', instanceName: sales, number: '={{ $json.senderPhone }}', text: '=Recibido: {{ $json.text }}', options: {} },
				{ credentials: { messagingApi: messagingCredential } },
			),
		],
		connections: {
			'Manual Trigger': { main: [[{ node: 'Validate RUC', type: 'main', index: 0 }]] },
			'Validate RUC': { main: [[{ node: 'Send text', type: 'main', index: 0 }]] },
			'WhatsApp message': { main: [[{ node: 'Reply', type: 'main', index: 0 }]] },
		},
	};
}

const sentTexts = () =>
	messaging.requests.filter((request) => request.path === '/message/sendText/sales').map((request) => request.body as IDataObject);
const pollRequests = () => lookup.requests.filter((request) => request.path === '/api/v2/tipo-cambio/sbs/ultimo');
const polls = () => pollRequests().length;
const webhookUrl = () => `${server!.url}/webhook/${WEBHOOK_ID}/webhook`;

/** What GET /rest/workflows/:id/publication-status says: the workflow's and each trigger's state. */
const publication = () =>
	server!.rest<{ status: string; triggers: Array<{ nodeId: string; status: string; errorMessage: string | null }> }>(
		'GET',
		`/workflows/${workflowId}/publication-status`,
	);

/**
 * Proves both triggers of the published workflow are live after a start: n8n says it is published
 * (every node activated); the Evolution fake still holds this n8n's webhook URL (same port, same
 * webhook id), and a delivery through it starts an execution that replies with the saved
 * credential; the Exchange Rate Trigger polls the lookup fake again (`pollsBefore`: the count when no
 * n8n was running, or before publishing).
 */
async function expectTriggersLive(pollsBefore: number, text: string) {
	await expect.poll(async () => (await publication()).status, { timeout: 60_000, interval: 250 }).toBe('published');
	expect(messaging.webhooks.get(INSTANCE)).toMatchObject({ enabled: true, url: webhookUrl() });
	await deliverAndAwaitReply(text);
	await expect.poll(polls, { timeout: 90_000, interval: 500 }).toBeGreaterThan(pollsBefore);
	// Signed with the saved lookup credential, decrypted by this start.
	expect(pollRequests().slice(pollsBefore).map((request) => request.headers.authorization)).toContain(`Bearer ${VALID_TOKEN}`);
}

/**
 * A start with the package's folder deleted, as after a new container with only the database kept.
 * Returns the n8n and the lookup fake's poll count before it started.
 */
async function restartWithoutPackageFolder(name: string, extra: Record<string, string> = {}) {
	await stopN8n();
	await rm(packageDir(), { recursive: true, force: true });
	expect(existsSync(packageDir())).toBe(false);
	const pollsBefore = polls();
	return { n8n: await startN8n(name, extra), pollsBefore };
}

/** What n8n logs for the workflow when the package is missing, node by node. */
const UNRECOGNIZED = [
	['Validate RUC', 'taxpayerLookup'],
	['Send text', 'messaging'],
	['New USD rate', 'exchangeRateTrigger'],
	['WhatsApp message', 'messagingTrigger'],
	['Reply', 'messaging'],
]
	.map(([name, type]) => `"${name}": Unrecognized node type: ${PACKAGE_NAME}.${type}`)
	.join('; ');

/** n8n's start-up log says it installed the missing package, and its tarball came from the registry. */
function expectReinstalled(n8nLog: string, forwardedBefore: number) {
	expect(n8nLog).toContain('Attempting to reinstall missing packages');
	expect(n8nLog).toContain(`Community package installed: ${PACKAGE_NAME}`);
	expect(n8nLog).toContain('Packages reinstalled successfully. Resuming regular initialization.');
	expect(proxy.forwarded.slice(forwardedBefore)).toContain(`GET /${PACKAGE_NAME}/-/${PACKAGE_NAME}-${X1}.tgz`);
}

/** A delivery to the webhook the fake holds is answered 404 by n8n: the Messaging Trigger is not live. */
async function expectDeliveryRefused() {
	const outcome = await messaging.deliver(INSTANCE, 'messages.upsert', textMessageData('sin nodo'));
	expect(outcome.statuses).toEqual([404]);
	expect(server!.log).toContain(`Received request for unknown webhook: The requested webhook "POST ${WEBHOOK_ID}/webhook" is not registered.`);
}

/** The manual run of the workflow, expected to work: the four nodes' code is loaded, credentials decrypt. */
async function expectManualRunWorks() {
	const { execution, output, sent } = await runFromManualTrigger();
	expect(execution.status).toBe('success');
	expect(output('Validate RUC')).toMatchObject([{ ruc: RUC, valid: true }]);
	expect(sent).toEqual([expect.objectContaining({ number: TO, text: `RUC ${RUC} valid: true` })]);
}

/** Runs the workflow from its Manual Trigger as "Execute workflow" does; returns the finished execution. */
async function runFromManualTrigger() {
	const since = sentTexts().length;
	const executionId = await server!.runManually(workflowId, 'Manual Trigger');
	const execution = await server!.waitForExecution(executionId);
	const output = (nodeName: string) => execution.data.resultData.runData[nodeName]?.[0]?.data?.main[0]?.map((item) => item.json) ?? [];
	return { execution, output, sent: sentTexts().slice(since) };
}

/** A WhatsApp message delivered through the fake to the webhook it holds; waits for the reply. */
async function deliverAndAwaitReply(text: string) {
	const before = sentTexts().length;
	const outcome = await messaging.deliver(INSTANCE, 'messages.upsert', textMessageData(text));
	expect(outcome.statuses).toEqual([200]);
	await expect.poll(() => sentTexts().slice(before).map((body) => body.text), { timeout: 60_000, interval: 250 }).toContain(`Recibido: ${text}`);
	const webhookRuns = async () => (await server!.executions(workflowId)).filter((execution) => execution.mode === 'webhook');
	// The reply is sent before the execution ends.
	await expect.poll(async () => (await webhookRuns()).every((execution) => execution.status === 'success'), { timeout: 30_000, interval: 250 }).toBe(true);
	return await webhookRuns();
}

beforeAll(async () => {
	await rm(LOG_DIR, { recursive: true, force: true });
	await mkdir(LOG_DIR, { recursive: true });
	const started = Date.now();
	work = await mkdtemp(path.join(tmpdir(), 'n8n-install-'));
	userFolder = path.join(work, 'user');
	// A fresh user folder: n8n makes its .n8n in it (the process starts in it, so it must exist).
	await mkdir(userFolder);
	await writeFile(path.join(work, 'empty.npmrc'), '');
	port = await freePort();
	lookup = await startLookupFake({ today: FRIDAY });
	messaging = await startEvolutionFake();
	verdaccio = await startVerdaccio();
	proxy = await startNpmjsProxy(verdaccio.url);
	unpacked = await packPackage();
	await verdaccio.publish(unpacked, X);
	log(`Verdaccio on ${verdaccio.url}, proxy on ${proxy.url}, ${PACKAGE_NAME}@${X} published (${((Date.now() - started) / 1000).toFixed(1)} s)`);
});

afterAll(async () => {
	await stopN8n();
	if (verdaccio) await writeFile(path.join(LOG_DIR, 'verdaccio.log'), verdaccio.output());
	if (proxy) {
		await writeFile(path.join(LOG_DIR, 'proxy.log'), [...proxy.forwarded.map((line) => `forwarded ${line}`), ...proxy.refused.map((line) => `refused ${line}`)].join('\n') + '\n');
	}
	await proxy?.close();
	await verdaccio?.stop();
	await lookup?.close();
	await messaging?.close();
	if (unpacked) await rm(path.dirname(unpacked), { recursive: true, force: true });
	if (work && !process.env.E2E_KEEP) await rm(work, { recursive: true, force: true });
});

describe(`${PACKAGE_NAME} through n8n's community-package installer`, () => {
	it('has only the published version in the registry, and nothing installed in the fresh user folder', async () => {
		const packument = await verdaccio.packument();
		expect(Object.keys(packument.versions)).toEqual([X]);
		expect(packument['dist-tags'].latest).toBe(X);
		expect(existsSync(path.join(userFolder, '.n8n', 'nodes'))).toBe(false);
	});

	it('refuses N8N_COMMUNITY_PACKAGES_REGISTRY without an Enterprise license: the registry users have is registry.npmjs.org', async () => {
		await startN8n('custom-registry', { N8N_COMMUNITY_PACKAGES_REGISTRY: verdaccio.url });
		const refusal = await server!.rest('POST', '/community-packages', { name: PACKAGE_NAME }).then(
			() => 'installed',
			(error: Error) => error.message,
		);
		log(`with N8N_COMMUNITY_PACKAGES_REGISTRY: ${refusal}`);
		expect(refusal).toMatch(/^POST \/rest\/community-packages: 500 /);
		expect(refusal).toContain(
			`Error loading package \\"${PACKAGE_NAME}\\" :Your license does not allow for feat:communityNodes:customRegistry. To enable feat:communityNodes:customRegistry, please upgrade to a license that supports this feature.`,
		);
		expect(await packages()).toEqual([]);
		expect(existsSync(packageDir())).toBe(false);
		await stopN8n();
	});

	it(`installs ${X} as Settings → Community Nodes does (POST /rest/community-packages), and n8n loads its five nodes`, async () => {
		await startN8n('install');
		expect(await packages()).toEqual([]);
		const forwardedBefore = proxy.forwarded.length;
		// What the Install button sends for a name typed in, unverified packages allowed.
		const installed = await server!.rest<InstalledPackage>('POST', '/community-packages', { name: PACKAGE_NAME, verify: false });
		expect(installed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: X });
		expect(installed.installedNodes.map((node) => node.type).sort()).toEqual([...OUR_NODES].sort());
		// It came from the registry: the packument and the tarball of X, through registry.npmjs.org.
		expect(proxy.forwarded.slice(forwardedBefore)).toContain(`GET /${PACKAGE_NAME}/-/${PACKAGE_NAME}-${X}.tgz`);
		// n8n asked api.n8n.io whether the package is banned; unreachable (refused here, as offline), it went on.
		expect(proxy.refused).toContain('api.n8n.io:443');

		const [listed] = await packages();
		expect(listed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: X, failedLoading: false });
		expect(listed.updateAvailable).toBeUndefined();
		expect(await versionOnDisk()).toBe(X);
		const ledger = JSON.parse(await readFile(path.join(userFolder, '.n8n', 'nodes', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
		expect(ledger.dependencies).toEqual({ [PACKAGE_NAME]: X });
		// The editor's node list (the node creator) has the five nodes, and n8n's tool variants.
		const types = await ourNodeTypes();
		expect(types).toEqual(expect.arrayContaining(OUR_NODES));
		expect(types).toContain(`${PACKAGE_NAME}.messagingTool`);
	});

	it('runs a workflow of four nodes with saved credentials; publishing registers the Messaging Trigger and the Exchange Rate Trigger polls', async () => {
		const lookupCredential = await createCredential('Taxpayer Lookup (fake)', 'taxpayerLookupApi', { baseUrl: lookup.url, accessToken: VALID_TOKEN });
		const messagingCredential = await createCredential('Messaging (fake)', 'messagingApi', { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY });
		const created = await server!.rest<{ id: string }>('POST', '/workflows', installPathWorkflow(lookupCredential, messagingCredential));
		workflowId = created.id;

		const { execution, output, sent } = await runFromManualTrigger();
		expect(execution.status).toBe('success');
		expect(output('Validate RUC')).toMatchObject([{ ruc: RUC, valid: true }]);
		expect(sent).toEqual([expect.objectContaining({ number: TO, text: `RUC ${RUC} valid: true` })]);

		expect(messaging.webhooks.get(INSTANCE)).toBeUndefined();
		const pollsBefore = polls();
		await server!.activate(workflowId);
		expect(messaging.webhooks.get(INSTANCE)).toMatchObject({ enabled: true, url: webhookUrl() });
		// Publishing polls at once (the first poll remembers Friday's rate and starts nothing); the
		// every-minute schedule may add one more if a minute turns meanwhile.
		await expect.poll(polls, { timeout: 30_000, interval: 250 }).toBeGreaterThan(pollsBefore);
		expect(pollRequests()[pollsBefore].headers.authorization).toBe(`Bearer ${VALID_TOKEN}`);

		const webhookRuns = await deliverAndAwaitReply('antes de actualizar');
		expect(webhookRuns).toHaveLength(1);
	});

	it(`upgrades to ${X1} with the same installer (PATCH /rest/community-packages); after a restart the workflow runs and both triggers are live`, async () => {
		// The same build, the next version.
		await verdaccio.publish(unpacked!, X1);
		expect((await verdaccio.packument())['dist-tags'].latest).toBe(X1);
		// The Settings page offers the update (n8n asks `npm outdated`).
		const [offered] = await packages();
		expect(offered).toMatchObject({ installedVersion: X, updateAvailable: X1 });

		// What the Update button sends with unverified packages allowed: the name only (the latest).
		const updated = await server!.rest<InstalledPackage>('PATCH', '/community-packages', { name: PACKAGE_NAME });
		expect(updated).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: X1 });
		expect(updated.installedNodes.map((node) => node.type).sort()).toEqual([...OUR_NODES].sort());
		expect(await versionOnDisk()).toBe(X1);

		await stopN8n();
		// Counted with no n8n running: a poll from now on is the new process's.
		const pollsBefore = polls();
		await startN8n('upgraded');
		const [listed] = await packages();
		expect(listed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: X1, failedLoading: false });
		expect(listed.updateAvailable).toBeUndefined();
		expect(await ourNodeTypes()).toEqual(expect.arrayContaining(OUR_NODES));
		expect(await versionOnDisk()).toBe(X1);

		await expectManualRunWorks();
		// Still published, its triggers activated again at start-up with the new version's code.
		await expectTriggersLive(pollsBefore, 'después de actualizar');
	});

	it('with N8N_REINSTALL_MISSING_PACKAGES=true, a deleted package folder is installed again from the registry at start-up, before the workflows are published: all runs', async () => {
		const forwardedBefore = proxy.forwarded.length;
		const { n8n, pollsBefore } = await restartWithoutPackageFolder('reinstall', { N8N_REINSTALL_MISSING_PACKAGES: 'true' });
		expectReinstalled(n8n.log, forwardedBefore);
		expect(await versionOnDisk()).toBe(X1);
		const [listed] = await packages();
		expect(listed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: X1, failedLoading: false });
		expect(await ourNodeTypes()).toEqual(expect.arrayContaining(OUR_NODES));
		expect(n8n.log).not.toContain('Unrecognized node type');
		await expectManualRunWorks();
		await expectTriggersLive(pollsBefore, 'después de reinstalar');
	});

	it('without it, the package stays missing: n8n warns, the workflow fails to publish ("Unrecognized node type") and cannot run', async () => {
		const { n8n } = await restartWithoutPackageFolder('missing');
		const [listed] = await packages();
		expect(listed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: X1, failedLoading: true });
		expect(existsSync(packageDir())).toBe(false);
		expect(await ourNodeTypes()).toEqual([]);
		expect(n8n.log).toContain('n8n detected that some packages are missing. For more information, visit https://docs.n8n.io/integrations/community-nodes/troubleshooting/');
		// At start-up n8n could not publish the workflow again, and said why.
		expect(n8n.log).toContain('Published version holds node types this instance cannot load');
		expect(n8n.log).toContain(`Workflow cannot run on this instance: ${UNRECOGNIZED}`);
		const { status, triggers } = await publication();
		expect(status).toBe('failed');
		expect(triggers.find((trigger) => trigger.nodeId === 'whatsapp-message')).toMatchObject({
			status: 'failed',
			errorMessage: `Unrecognized node type: ${PACKAGE_NAME}.messagingTrigger`,
		});

		// "Execute workflow" is refused (400), and Evolution's deliveries get a 404.
		const refusal = await server!.runManually(workflowId, 'Manual Trigger').then(
			(executionId) => `started execution ${executionId}`,
			(error: Error) => error.message,
		);
		expect(refusal).toMatch(/^POST \/rest\/workflows\/\w+\/run: 400 /);
		expect(refusal).toContain(`"message":"Unrecognized node type: ${PACKAGE_NAME}.taxpayerLookup"`);
		await expectDeliveryRefused();
	});

	it('the package back with N8N_REINSTALL_MISSING_PACKAGES=true, the workflow that failed stays unpublished until published again', async () => {
		const forwardedBefore = proxy.forwarded.length;
		const n8n = await startN8n('reinstall-after-missing', { N8N_REINSTALL_MISSING_PACKAGES: 'true' });
		expectReinstalled(n8n.log, forwardedBefore);
		await expectManualRunWorks();
		// Still listed as published (active), but n8n did not try again: failed, and no webhook.
		expect(await server!.rest<{ active: boolean }>('GET', `/workflows/${workflowId}`)).toMatchObject({ active: true });
		expect((await publication()).status).toBe('failed');
		await expectDeliveryRefused();

		// Publishing it again (Publish in the editor) brings both triggers back.
		const pollsBefore = polls();
		await server!.activate(workflowId);
		await expectTriggersLive(pollsBefore, 'publicado de nuevo');
	});
});
