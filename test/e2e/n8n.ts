// Drives the real n8n (the release of test/harness/n8n.mjs, N8N_VERSION) from end-to-end tests, through its CLI only:
// `import:credentials`, `import:workflow`, `execute --id --rawOutput`. Each N8n has its own user
// folder (a copy of the template globalSetup.ts prepared: package installed, database migrated)
// and every process gets its own ports, so test files can run side by side.
//
// Executions cost a few seconds each (n8n boots for every CLI command), so the usual way to test is
// to batch: `runScenarios` puts many scenarios into ONE workflow, a Manual Trigger fanning out to one
// branch per scenario, runs it once and returns each scenario's items or error:
//
//   const n8n = await N8n.start();
//   const cred = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: VALID_TOKEN });
//   const results = await n8n.runScenarios({
//     'get a taxpayer': { node: { type: 'taxpayerLookup', parameters: {...}, credentials: { taxpayerLookupApi: cred } } },
//     'unknown RUC':    { node: { ... } },
//   });
//   expect(results['get a taxpayer'].items[0].ruc).toBe('20131312955');
//   expect(results['unknown RUC'].error?.message).toMatch(/No taxpayer/);
//
// Scenario nodes run with "On Error: Continue" (n8n's continueOnFail) unless they say otherwise, so
// one failing scenario does not stop the others; its error comes back as `error`.
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { IBinaryKeyData, IDataObject, IRun, ITaskData } from 'n8n-workflow';
import { inject } from 'vitest';

import { PACKAGE_NAME, bcryptHash, cacheDir, n8nEnv, repoRoot, runN8n, startN8n, type N8nProcess, type RunResult } from '../harness/n8n.mjs';
import { freePort } from '../harness/processes.mjs';

/** How a node of a workflow refers to a stored credential. */
export interface CredentialRef {
	id: string;
	name: string;
}

/** One node of a scenario. `type` without a dot means a node of this package. */
export interface NodeSpec {
	type: string;
	typeVersion?: number;
	parameters?: IDataObject;
	credentials?: Record<string, CredentialRef>;
	/** Default for scenario nodes: continueRegularOutput (n8n's "On Error: Continue"). */
	onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
	/** Any other node field (retryOnFail, alwaysOutputData, ...). */
	extra?: IDataObject;
}

/** A Messaging node (version 1.1) on instance `sales` with `credential`: its resource, operation and other parameters. */
export const messagingNode = (credential: CredentialRef, resource: string, operation: string, parameters: IDataObject, other: Partial<NodeSpec> = {}): NodeSpec => ({
	type: 'messaging',
	typeVersion: 1.1,
	parameters: { resource, operation, instanceName: { __rl: true, mode: 'name', value: 'sales' }, ...parameters },
	credentials: { messagingApi: credential },
	...other,
});

export interface Scenario {
	/** Items fed to the first node (default: one empty item, what a Manual Trigger emits). */
	input?: IDataObject[];
	/** The node under test, or a chain of nodes; the result is the last one's output. */
	node: NodeSpec | NodeSpec[];
}

/** An error as n8n records it on an item (continueOnFail) or on a failed node run. */
export interface ItemError {
	message: string;
	description?: string | null;
	name?: string;
	httpCode?: string | null;
	[key: string]: unknown;
}

export interface ScenarioResult {
	/** `json` of the last node's first output, error items included (their json is `{ error: message }`). */
	items: IDataObject[];
	/** Per item of the first output: the error n8n attached to it, if any. */
	itemErrors: Array<ItemError | undefined>;
	/** The first error of the scenario: an item's error or the node run's own error. */
	error?: ItemError;
	/** `json` of every output of the last node (continueErrorOutput puts errors on the second). */
	outputs: IDataObject[][];
	/** The last node's run as n8n recorded it. */
	run?: ITaskData;
	/** Output `json` of every node of the chain, by node name. */
	byNode: Record<string, IDataObject[]>;
	/** Output files of every node of the chain, by node name, one entry per item. */
	binaryByNode: Record<string, Array<IBinaryKeyData | undefined>>;
}

export interface Execution {
	/** n8n's full run data (what `n8n execute --rawOutput` prints). */
	run: IRun;
	status: string;
	/** The workflow's error, when the execution failed. */
	error?: ItemError;
	/** `json` of a node's first output in its last run. */
	output(nodeName: string, outputIndex?: number): IDataObject[];
	cli: RunResult;
}

/** Workflow JSON as `n8n import:workflow` takes it. */
export interface WorkflowJson {
	id: string;
	name: string;
	nodes: IDataObject[];
	connections: IDataObject;
	settings?: IDataObject;
	active?: boolean;
	[key: string]: unknown;
}

const nodeType = (type: string) => (type.includes('.') ? type : `${PACKAGE_NAME}.${type}`);

let counter = 0;
/** An id n8n accepts for workflows and credentials, unique within this test process. */
function newId(prefix: string) {
	counter += 1;
	return `${prefix}${process.pid.toString(36)}${counter.toString(36)}`.padEnd(16, '0').slice(0, 16);
}

/** The JSON that `execute --rawOutput` (or the failure log) prints after n8n's own log lines. */
export function parseExecutionOutput(stdout: string): IRun | undefined {
	const lines = stdout.split('\n');
	const start = lines.indexOf('{');
	if (start === -1) return undefined;
	const end = lines.indexOf('}', start);
	if (end === -1) return undefined;
	try {
		return JSON.parse(lines.slice(start, end + 1).join('\n')) as IRun;
	} catch {
		return undefined;
	}
}

function lastRun(run: IRun, nodeName: string): ITaskData | undefined {
	const runs = run.data.resultData.runData[nodeName];
	return runs?.[runs.length - 1];
}

function outputsOf(task: ITaskData | undefined) {
	return (task?.data?.main ?? []).map((items) => items ?? []);
}

export class N8n {
	private pendingCredentials: IDataObject[] = [];

	private constructor(
		readonly userFolder: string,
		private readonly work: string,
	) {}

	/** A new n8n user folder from the template: package installed, database migrated, nothing imported. */
	static async start(): Promise<N8n> {
		const work = await mkdtemp(path.join(tmpdir(), 'n8n-e2e-'));
		const userFolder = path.join(work, 'user');
		await cp(inject('n8nTemplateFolder'), userFolder, { recursive: true });
		return new N8n(userFolder, work);
	}

	/** Runs an n8n CLI command in this user folder, with ports of its own. */
	async cli(args: string[], options: { allowFailure?: boolean; env?: Record<string, string> } = {}): Promise<RunResult> {
		for (let attempt = 1; ; attempt++) {
			const env = n8nEnv({
				userFolder: this.userFolder,
				port: await freePort(),
				brokerPort: await freePort(),
				extra: options.env,
			});
			const result = await runN8n(args, { env, allowFailure: true, timeoutMs: 300_000 });
			// Another process may take a port between freePort() and n8n binding it: try new ones.
			if (result.code !== 0 && attempt < 3 && /EADDRINUSE/.test(result.stdout + result.stderr)) continue;
			if (result.code !== 0 && !options.allowFailure) {
				const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-30).join('\n');
				throw new Error(`n8n ${args.join(' ')} exited with ${result.code}:\n${tail}`);
			}
			return result;
		}
	}

	/**
	 * Declares a credential; it is imported (one `import:credentials` for all pending ones) before
	 * the next workflow runs. Returns the reference nodes use.
	 */
	credential(type: string, data: IDataObject, name: string | { name?: string; id?: string } = {}): CredentialRef {
		const options = typeof name === 'string' ? { name } : name;
		const ref = { id: options.id ?? newId('cred'), name: options.name ?? `${type} ${counter + 1}` };
		this.pendingCredentials.push({ ...ref, type, data });
		return ref;
	}

	/** Imports the pending credentials now (runScenarios and runWorkflow do it by themselves). */
	async importCredentials() {
		if (this.pendingCredentials.length === 0) return;
		const file = path.join(this.work, `credentials-${newId('f')}.json`);
		await writeFile(file, JSON.stringify(this.pendingCredentials, null, 2));
		await this.cli(['import:credentials', `--input=${file}`]);
		this.pendingCredentials = [];
	}

	/**
	 * Imports workflows (one `import:workflow` for all). Each gets a `versionId` when it has none:
	 * n8n 2.0 imports a workflow without one as unusable (publishing it finds no version).
	 */
	async importWorkflows(workflows: WorkflowJson[]) {
		await this.importCredentials();
		const file = path.join(this.work, `workflows-${newId('f')}.json`);
		const versioned = workflows.map((workflow) => ({ versionId: randomUUID(), ...workflow }));
		await writeFile(file, JSON.stringify(versioned, null, 2));
		await this.cli(['import:workflow', `--input=${file}`]);
	}

	/** `n8n execute --id ID --rawOutput`: runs an imported workflow from its Manual Trigger. */
	async execute(workflowId: string): Promise<Execution> {
		const cli = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], { allowFailure: true });
		const run = parseExecutionOutput(cli.stdout);
		if (!run) {
			const tail = `${cli.stdout}\n${cli.stderr}`.trim().split('\n').slice(-40).join('\n');
			throw new Error(`n8n execute --id=${workflowId} printed no run data (exit ${cli.code}):\n${tail}`);
		}
		return {
			run,
			status: run.status,
			error: run.data.resultData.error as ItemError | undefined,
			output: (nodeName, outputIndex = 0) =>
				(outputsOf(lastRun(run, nodeName))[outputIndex] ?? []).map((item) => item.json),
			cli,
		};
	}

	/** Imports a workflow (an example file, say) and executes it. */
	async runWorkflow(workflow: WorkflowJson): Promise<Execution> {
		await this.importWorkflows([workflow]);
		return await this.execute(workflow.id);
	}

	/**
	 * Runs several scenarios in one workflow and one execution. Scenarios run one after the other,
	 * in the order given (a stateful fake sees them in that order).
	 */
	async runScenarios(
		scenarios: Record<string, Scenario>,
		options: { name?: string } = {},
	): Promise<Record<string, ScenarioResult>> {
		const workflow = scenarioWorkflow(newId('wf'), options.name ?? 'e2e scenarios', scenarios);
		const execution = await this.runWorkflow(workflow.json);
		if (execution.error && Object.keys(execution.run.data.resultData.runData).length <= 1) {
			throw new Error(`the scenario workflow failed before any scenario ran: ${execution.error.message}`);
		}
		const results: Record<string, ScenarioResult> = {};
		for (const [scenario, chain] of Object.entries(workflow.chains)) {
			const lastName = chain[chain.length - 1];
			const task = lastRun(execution.run, lastName);
			const outputs = outputsOf(task);
			const first = outputs[0] ?? [];
			const itemErrors = first.map((item) => item.error as ItemError | undefined);
			const byNode: Record<string, IDataObject[]> = {};
			const binaryByNode: Record<string, Array<IBinaryKeyData | undefined>> = {};
			let chainError: ItemError | undefined;
			for (const name of chain) {
				const nodeTask = lastRun(execution.run, name);
				byNode[name] = (outputsOf(nodeTask)[0] ?? []).map((item) => item.json);
				binaryByNode[name] = (outputsOf(nodeTask)[0] ?? []).map((item) => item.binary);
				chainError ??= nodeTask?.error as ItemError | undefined;
			}
			results[scenario] = {
				items: first.map((item) => item.json),
				itemErrors,
				error: itemErrors.find(Boolean) ?? chainError,
				outputs: outputs.map((items) => items.map((item) => item.json)),
				run: task,
				byNode,
				binaryByNode,
			};
		}
		return results;
	}

	/**
	 * Starts `n8n start` on this user folder (for triggers, webhooks and active workflows), signed in
	 * as the owner. Import credentials and workflows before: the CLI must not run beside the server.
	 */
	async startServer(): Promise<N8nServer> {
		await this.importCredentials();
		return await N8nServer.start(this.userFolder, await this.serverLog('server'));
	}

	/**
	 * Stops `server` and starts `n8n start` again on the same user folder (database) and port, as
	 * after a deploy or a crash: the webhook URLs registered before still reach it, published
	 * workflows are published again, and whatever n8n kept only in the process is gone.
	 */
	async restartServer(server: N8nServer): Promise<N8nServer> {
		const port = Number(new URL(server.url).port);
		await server.stop();
		return await N8nServer.start(this.userFolder, await this.serverLog('server-restarted'), { port });
	}

	/**
	 * Where a started n8n's output goes when it stops: test-results/e2e/, which outlives the user
	 * folder (CI keeps it for a failed run).
	 */
	private async serverLog(name: string) {
		const dir = path.join(repoRoot, 'test-results', 'e2e');
		await mkdir(dir, { recursive: true });
		return path.join(dir, `${path.basename(this.work)}-${name}.log`);
	}

	async dispose() {
		if (process.env.E2E_KEEP) return;
		await rm(this.work, { recursive: true, force: true });
	}
}

/** An answer of n8n's REST API that is not a success, with its status. */
export class RestError extends Error {
	constructor(
		message: string,
		readonly status: number,
	) {
		super(message);
	}
}

/** Summary of an execution as the editor lists it. */
export interface ExecutionSummary {
	id: string;
	workflowId: string;
	mode: string;
	status: string;
	startedAt: string;
	stoppedAt?: string;
}

interface PublicationStatus {
	status: 'in_progress' | 'not_published' | 'published' | 'partial' | 'failed';
	triggers: Array<{ nodeId: string; status: string; errorMessage?: string | null }>;
}

const OWNER = { email: 'e2e-owner@example.com', password: 'E2e-owner-pass-1' };

/** A running `n8n start`: its REST API (as the signed-in owner) and its webhooks. */
export class N8nServer {
	private cookie = '';

	private constructor(
		readonly url: string,
		private readonly n8n: N8nProcess,
	) {}

	/**
	 * `port`: the one to listen on (a restart keeps its webhook URLs); `env`: more settings (queue
	 * mode's, say).
	 */
	static async start(userFolder: string, logFile: string, options: { port?: number; env?: Record<string, string> } = {}): Promise<N8nServer> {
		const port = options.port ?? (await freePort());
		const env = n8nEnv({
			userFolder,
			port,
			brokerPort: await freePort(),
			extra: {
				N8N_LISTEN_ADDRESS: '127.0.0.1',
				N8N_HOST: '127.0.0.1',
				N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
				N8N_INSTANCE_OWNER_EMAIL: OWNER.email,
				N8N_INSTANCE_OWNER_PASSWORD_HASH: await bcryptHash(OWNER.password),
				// n8n 2.x publishes activated workflows through an outbox it polls (every 15 s by default).
				N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '250',
				...options.env,
			},
		});
		const n8n = startN8n({ env });
		const server = new N8nServer(`http://127.0.0.1:${port}`, n8n);
		n8n.child.on('exit', () => void writeFile(logFile, n8n.output()).catch(() => undefined));
		await n8n.ready();
		await server.untilRestAnswers();
		await server.signIn();
		return server;
	}

	/** Everything n8n printed so far. */
	get log() {
		return this.n8n.output();
	}

	/** n8n 1.x answers its readiness check before its REST routes exist: wait for them too. */
	private async untilRestAnswers(timeoutMs = 60_000) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const status = await fetch(`${this.url}/rest/settings`).then((response) => response.status, () => 0);
			if (status === 200) return;
			if (Date.now() > deadline) throw new Error(`n8n's REST API did not answer within ${timeoutMs} ms (last status ${status})`);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}

	/**
	 * Signs in as the owner. n8n 2.41 creates the owner from the environment at start-up; 1.x and
	 * 2.0 have no such setting, so there the owner is set up through the editor's first-run route.
	 */
	private async signIn() {
		const login = async () =>
			await fetch(`${this.url}/rest/login`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
			});
		let response = await login();
		if (response.status === 401) {
			const setup = await fetch(`${this.url}/rest/owner/setup`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email: OWNER.email, firstName: 'E2E', lastName: 'Owner', password: OWNER.password }),
			});
			if (!setup.ok) throw new Error(`setting up n8n's owner failed: ${setup.status} ${await setup.text()}`);
			response = await login();
		}
		if (!response.ok) throw new Error(`signing in to n8n failed: ${response.status} ${await response.text()}`);
		this.cookie = response.headers
			.getSetCookie()
			.map((value) => value.split(';')[0])
			.join('; ');
	}

	/** A call of n8n's internal REST API (what the editor uses); returns its `data`. */
	async rest<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url}/rest${route}`, {
			method,
			headers: { cookie: this.cookie, 'content-type': 'application/json', 'browser-id': 'e2e' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new RestError(`${method} /rest${route}: ${response.status} ${text.slice(0, 500)}`, response.status);
		const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
		return (parsed.data ?? parsed) as T;
	}

	/** A GET of a path outside the REST API as the signed-in owner (the editor's `/types/nodes.json`, say). */
	async getSignedIn(pathname: string) {
		return await fetch(`${this.url}${pathname}`, { headers: { cookie: this.cookie, 'browser-id': 'e2e' } });
	}

	/**
	 * Publishes (activates) an imported workflow and waits until its triggers are live (webhooks
	 * registered, polls scheduled). Throws with n8n's reason when a trigger fails to activate.
	 */
	async activate(workflowId: string, timeoutMs = 60_000) {
		const workflow = await this.rest<{ versionId: string; nodes: Array<IDataObject & { position: [number, number] }> }>('GET', `/workflows/${workflowId}`);
		try {
			await this.rest('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
		} catch (error) {
			// n8n 2.0 keeps no history of a workflow imported by the CLI, and publishes only a version
			// it has: saving it as the editor does makes one, when the save changes its nodes (a node
			// moved by a point).
			if (!(error instanceof RestError) || !/version not found/i.test(error.message)) throw error;
			const [first, ...others] = workflow.nodes;
			const nodes = [{ ...first, position: [first.position[0] + 1, first.position[1]] }, ...others];
			const saved = await this.rest<{ versionId: string }>('PATCH', `/workflows/${workflowId}`, { ...workflow, nodes });
			await this.rest('POST', `/workflows/${workflowId}/activate`, { versionId: saved.versionId });
		}
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const status = await this.rest<PublicationStatus>('GET', `/workflows/${workflowId}/publication-status`).catch((error: unknown) => {
				// Before the publication outbox (1.x, 2.0) activation is done when the request answers.
				if (error instanceof RestError && error.status === 404) return { status: 'published', triggers: [] } satisfies PublicationStatus;
				throw error;
			});
			if (status.status === 'published') return status;
			if (status.status === 'failed' || status.status === 'partial') {
				throw new Error(`activating ${workflowId} failed: ${JSON.stringify(status.triggers)}`);
			}
			if (Date.now() > deadline) throw new Error(`workflow ${workflowId} not published after ${timeoutMs} ms: ${status.status}`);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}

	async deactivate(workflowId: string) {
		await this.rest('POST', `/workflows/${workflowId}/deactivate`, {});
	}

	/**
	 * Runs a saved workflow as the editor's "Execute workflow" button does, from `triggerName` (a
	 * polling trigger then runs in manual mode, as "Fetch Test Event" does). Returns the execution's
	 * id; `waitForExecutions` or `execution` give its outcome.
	 */
	async runManually(workflowId: string, triggerName: string): Promise<string> {
		const run = async (body: IDataObject) =>
			await this.rest<{ executionId?: string; waitingForWebhook?: boolean }>('POST', `/workflows/${workflowId}/run`, body);
		const result = await run({ triggerToStartFrom: { name: triggerName } }).catch(async (error: unknown) => {
			// n8n 1.x and 2.0 run the workflow the editor sends, not the saved one.
			if (!(error instanceof RestError) || error.status !== 500) throw error;
			const workflowData = await this.rest<IDataObject>('GET', `/workflows/${workflowId}`);
			return await run({ workflowData, triggerToStartFrom: { name: triggerName } });
		});
		if (!result.executionId) throw new Error(`running ${workflowId} from "${triggerName}" started no execution: ${JSON.stringify(result)}`);
		return result.executionId;
	}

	/** Waits until the execution `id` has finished; returns its status and run data. */
	async waitForExecution(id: string, timeoutMs = 60_000) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.execution(id).catch(() => undefined);
			if (execution && !['new', 'running', 'waiting'].includes(execution.status)) return execution;
			if (Date.now() > deadline) throw new Error(`execution ${id} not finished after ${timeoutMs} ms: ${execution?.status}`);
			await new Promise((resolve) => setTimeout(resolve, 300));
		}
	}

	/** Calls a production webhook (`/webhook/<path>`). */
	async webhook(webhookPath: string, init: RequestInit = {}) {
		return await fetch(`${this.url}/webhook/${webhookPath}`, init);
	}

	/** The executions of a workflow, newest first. */
	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const { results } = await this.rest<{ results: ExecutionSummary[] }>('GET', `/executions?filter=${filter}&limit=100`);
		return results;
	}

	/** One execution with its run data (n8n stores it "flatted"; this returns it parsed). */
	async execution(id: string): Promise<{ status: string; data: IRun['data'] }> {
		const execution = await this.rest<{ status: string; data: string }>('GET', `/executions/${id}`);
		const require = createRequire(path.join(cacheDir, 'node_modules', 'n8n', 'package.json'));
		const flatted = require('flatted') as { parse(text: string): IRun['data'] };
		return { status: execution.status, data: flatted.parse(execution.data) };
	}

	/** Waits until the workflow has at least `count` finished executions; returns them, oldest first. */
	async waitForExecutions(workflowId: string, count = 1, timeoutMs = 120_000) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const finished = (await this.executions(workflowId)).filter((e) => !['new', 'running', 'waiting'].includes(e.status));
			if (finished.length >= count) return finished.reverse();
			if (Date.now() > deadline) throw new Error(`workflow ${workflowId}: ${finished.length} of ${count} executions after ${timeoutMs} ms`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}

	async stop() {
		await this.n8n.stop();
	}
}

/** Builds the scenario workflow: Manual Trigger → per scenario [input items →] node chain. */
export function scenarioWorkflow(id: string, name: string, scenarios: Record<string, Scenario>) {
	const nodes: IDataObject[] = [];
	const connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }> = {};
	const connect = (from: string, to: string) => {
		connections[from] ??= { main: [[]] };
		connections[from].main[0].push({ node: to, type: 'main', index: 0 });
	};
	const trigger = 'Manual Trigger';
	nodes.push({
		id: 'trigger',
		name: trigger,
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	});
	const chains: Record<string, string[]> = {};
	Object.entries(scenarios).forEach(([scenario, spec], row) => {
		const y = row * 200;
		let previous = trigger;
		let x = 250;
		if (spec.input) {
			// A Set node emits the items as one array field; Split Out turns it into items.
			const setName = `${scenario} · input`;
			const splitName = `${scenario} · items`;
			nodes.push({
				id: `${row}-set`,
				name: setName,
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [x, y],
				parameters: { mode: 'raw', jsonOutput: JSON.stringify({ items: spec.input }), options: {} },
			});
			nodes.push({
				id: `${row}-split`,
				name: splitName,
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [x + 200, y],
				parameters: { fieldToSplitOut: 'items', options: {} },
			});
			connect(previous, setName);
			connect(setName, splitName);
			previous = splitName;
			x += 400;
		}
		const specs = Array.isArray(spec.node) ? spec.node : [spec.node];
		chains[scenario] = specs.map((node, index) => {
			const nodeName = index === specs.length - 1 ? scenario : `${scenario} · ${index + 1}`;
			nodes.push({
				id: `${row}-${index}`,
				name: nodeName,
				type: nodeType(node.type),
				typeVersion: node.typeVersion ?? 1,
				position: [x + index * 200, y],
				parameters: node.parameters ?? {},
				...(node.credentials ? { credentials: node.credentials } : {}),
				onError: node.onError ?? 'continueRegularOutput',
				...node.extra,
			});
			connect(previous, nodeName);
			previous = nodeName;
			return nodeName;
		});
	});
	const json: WorkflowJson = {
		id,
		name,
		active: false,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
	return { json, chains };
}
