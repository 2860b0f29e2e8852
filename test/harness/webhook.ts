// Runs a webhook trigger of this package the way n8n does, with n8n-core's real HookContext (the
// lifecycle: checkExists, then create when it answered false; delete on deactivation) and
// WebhookContext (one delivery), and keeps the node's static data the way n8n persists it:
//
// - Activation (ActiveWorkflowManager.add) builds the Workflow from the stored one, runs
//   checkExists/create, then saves the static data; deactivation loads it again, runs delete and
//   saves. A production delivery (LiveWebhooks) loads the workflow with its saved static data, runs
//   `webhook()`, and saves the static data when the node has answered.
// - "Listen for test event" (TestWebhooks) keeps the static data of its registration apart from
//   the production one: `listenForTest()` returns such a registration.
//
// A delivery gets an express-like request and response; `deliver()` answers what n8n would send
// back (the node's own status, or 200 "Workflow was started") and the items the workflow starts with.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, WebhookContext } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type IWebhookData,
	type IWebhookDescription,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type NodeParameterValueType,
	type WorkflowActivateMode,
} from 'n8n-workflow';

import { additionalDataFor, nodeTypesRegistry } from './engine';
import { PACKAGE, TriggerWorkflow, type TriggerWorkflowSetup } from './triggerWorkflow';

let harnessCount = 0;

export interface WebhookTriggerSetup extends TriggerWorkflowSetup {
	/** The node's webhook id (the editor gives each webhook node one); part of its URLs. */
	webhookId?: string;
	workflowId?: string;
}

export interface Delivery {
	/** The status n8n answered. */
	status: number;
	/** What n8n answered (the node's body, or n8n's own). */
	body: unknown;
	/** The items the workflow started with, all outputs' together, or undefined when no execution started. */
	items?: INodeExecutionData[];
	/** The items by the trigger's output they leave from (its first output's at 0). */
	outputs?: INodeExecutionData[][];
}

/** The express-like request and response n8n hands a webhook node. */
function exchange(body: unknown, headers: Record<string, string>, query: Record<string, string>) {
	const lowerHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
	const request = { body, headers: lowerHeaders, query, params: {}, method: 'POST' as string, url: '/', ip: '127.0.0.1' };
	const answer: { status: number; body: unknown; sent: boolean; headers: Record<string, string> } = {
		status: 200,
		body: undefined,
		sent: false,
		headers: {},
	};
	const response = {
		status(code: number) {
			answer.status = code;
			return response;
		},
		setHeader(name: string, value: string) {
			answer.headers[name.toLowerCase()] = value;
			return response;
		},
		json(payload: unknown) {
			answer.body = payload;
			answer.sent = true;
			return response;
		},
		send(payload: unknown) {
			answer.body = payload;
			answer.sent = true;
			return response;
		},
		end(payload?: unknown) {
			answer.body = payload;
			answer.sent = true;
			return response;
		},
	};
	return { request, response, answer };
}

export class WebhookTriggerHarness extends TriggerWorkflow {
	readonly nodeType: INodeType;

	private baseUrl = 'http://localhost:5678';

	private server?: Server;

	private testListener?: { deliver: (body: unknown, headers: Record<string, string>) => Promise<Delivery> };

	constructor(setup: WebhookTriggerSetup) {
		super(setup, {
			// A workflow of its own per harness: the trigger remembers deliveries per workflow and node.
			id: setup.workflowId ?? `webhookWorkflow${(harnessCount += 1)}`,
			name: 'Webhook test',
			node: { id: 'webhook-trigger', name: 'Webhook Trigger', webhookId: setup.webhookId ?? '6f1c2a9e-0b7d-4c55-9d0e-3a2b1c4d5e6f' },
		});
		this.nodeType = nodeTypesRegistry.getByName(`${PACKAGE}.${setup.type}`) as INodeType;
	}

	/** The webhook's production URL, as n8n builds it. */
	get productionUrl() {
		return `${this.baseUrl}/webhook/${this.node.webhookId}/${this.description().path}`;
	}

	get testUrl() {
		return `${this.baseUrl}/webhook-test/${this.node.webhookId}/${this.description().path}`;
	}

	/**
	 * Serves the webhook URLs on 127.0.0.1 as n8n's webhook server would (call before activating:
	 * the URLs change): a POST to the production URL is a delivery, to the test URL goes to the
	 * registration of `listenForTest()`. Answers what `deliver()` answers.
	 */
	async listen(): Promise<void> {
		this.server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				let body: unknown = text;
				try {
					body = JSON.parse(text);
				} catch {
					// kept as text
				}
				const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
				const path = req.url ?? '';
				const run = path.startsWith('/webhook-test/')
					? this.testListener?.deliver(body, headers) ?? Promise.resolve({ status: 404, body: { message: 'not listening' } })
					: this.deliver(body, headers);
				run.then(
					(delivery) => {
						res.writeHead(delivery.status, { 'content-type': 'application/json' });
						res.end(JSON.stringify(delivery.body ?? null));
					},
					(error: Error) => {
						res.writeHead(500, { 'content-type': 'application/json' });
						res.end(JSON.stringify({ message: error.message }));
					},
				);
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
		this.additionalData = {
			...this.additionalData,
			webhookBaseUrl: `${this.baseUrl}/webhook`,
			webhookTestBaseUrl: `${this.baseUrl}/webhook-test`,
		};
	}

	/** Every delivery's outcome so far (over HTTP or direct), in order. */
	readonly deliveries: Delivery[] = [];

	async close() {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}

	private description(): IWebhookDescription {
		const description = this.nodeType.description.webhooks?.[0];
		if (!description) throw new Error(`${this.node.type} has no webhook`);
		return description;
	}

	private webhookData(isTest: boolean): IWebhookData {
		const description = this.description();
		return {
			httpMethod: description.httpMethod as IWebhookData['httpMethod'],
			node: this.node.name,
			path: `${this.node.webhookId}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: this.workflowData.id,
			workflowExecuteAdditionalData: this.additionalData,
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	private hook(workflow: Workflow, isTest: boolean, activation: WorkflowActivateMode) {
		const node = workflow.getNode(this.node.name)!;
		const data = this.webhookData(isTest);
		return new HookContext(workflow, node, this.additionalData, isTest ? 'manual' : 'trigger', activation, data);
	}

	private methods() {
		const methods = this.nodeType.webhookMethods?.default;
		if (!methods) throw new Error(`${this.node.type} has no webhook methods`);
		return methods;
	}

	/** Publishing the workflow: checkExists, create when it is not there; the static data is saved. Throws what activation would show. */
	async activate(activation: WorkflowActivateMode = 'activate') {
		const workflow = this.loadWorkflow();
		const methods = this.methods();
		const context = this.hook(workflow, false, activation);
		if (!(await methods.checkExists.call(context))) await methods.create.call(context);
		this.saveStaticData(workflow);
	}

	/** Unpublishing: delete, with the saved static data; saved again after. */
	async deactivate() {
		const workflow = this.loadWorkflow();
		await this.methods().delete.call(this.hook(workflow, false, 'activate'));
		this.saveStaticData(workflow);
	}

	/** "Listen for test event": registers the test URL; `stop()` deletes it (after an event or a cancel). */
	async listenForTest() {
		const workflow = this.loadWorkflow({});
		const methods = this.methods();
		const context = this.hook(workflow, true, 'manual');
		if (!(await methods.checkExists.call(context))) await methods.create.call(context);
		const staticData = workflow.staticData;
		const listener = {
			deliver: async (body: unknown, headers: Record<string, string> = {}) => await this.run(workflow, true, body, headers),
			stop: async () => {
				this.testListener = undefined;
				const again = this.loadWorkflow(staticData);
				await methods.delete.call(this.hook(again, true, 'manual'));
			},
		};
		this.testListener = listener;
		return listener;
	}

	/** One production delivery, the way LiveWebhooks runs it. */
	async deliver(body: unknown, headers: Record<string, string> = {}, query: Record<string, string> = {}): Promise<Delivery> {
		const workflow = this.loadWorkflow();
		const delivery = await this.run(workflow, false, body, headers, query);
		this.saveStaticData(workflow);
		return delivery;
	}

	private async run(
		workflow: Workflow,
		isTest: boolean,
		body: unknown,
		headers: Record<string, string>,
		query: Record<string, string> = {},
	): Promise<Delivery> {
		const { request, response, answer } = exchange(body, headers, query);
		const additionalData = { ...this.additionalData, httpRequest: request, httpResponse: response } as unknown as IWorkflowExecuteAdditionalData;
		const node = workflow.getNode(this.node.name)!;
		const context = new WebhookContext(workflow, node, additionalData, isTest ? 'manual' : 'webhook', this.webhookData(isTest), [], null);
		const result = await this.nodeType.webhook!.call(context);
		let delivery: Delivery;
		if (result.noWebhookResponse) {
			if (!answer.sent) throw new Error('the node said it answered, but sent nothing');
			delivery = { status: answer.status, body: answer.body, items: undefined };
		} else {
			const outputs = result.workflowData;
			delivery =
				outputs === undefined
					? { status: 200, body: result.webhookResponse ?? { message: 'Webhook call received' } }
					: { status: 200, body: { message: 'Workflow was started' }, items: outputs.flat(), outputs };
		}
		this.deliveries.push(delivery);
		return delivery;
	}
}

export interface WaitingWebhookCall {
	/** The waiting node's parameters (node type `messaging` unless `type` says otherwise). */
	parameters: Record<string, NodeParameterValueType | object>;
	type?: string;
	typeVersion?: number;
	method: 'GET' | 'POST';
	query?: Record<string, string>;
	headers?: Record<string, string>;
	/** What n8n's body parser made of the request: `{ data, files }` for multipart/form-data. */
	body?: unknown;
	/** The workflow's settings (binary mode). */
	settings?: IDataObject;
}

export interface WaitingWebhookAnswer {
	/** What n8n answers: the page the node rendered or sent, or its webhookResponse. */
	status: number;
	headers: Record<string, string>;
	body: unknown;
	/** A page rendered from one of n8n's templates (`res.render`). */
	rendered?: { view: string; data: IDataObject };
	/** The items the execution resumes with; undefined when it keeps waiting. */
	items?: INodeExecutionData[];
}

/**
 * One request to a waiting node's webhook (the GET or POST of its resume URL, after n8n checked the
 * signature), with n8n-core's WebhookContext: what the node answers and what the execution resumes with.
 */
export async function callWaitingWebhook(call: WaitingWebhookCall): Promise<WaitingWebhookAnswer> {
	const type = `${PACKAGE}.${call.type ?? 'messaging'}`;
	const nodeType = nodeTypesRegistry.getByName(type) as INodeType;
	const node: INode = {
		id: 'waiting-node',
		name: 'Waiting Node',
		type,
		typeVersion: call.typeVersion ?? 1,
		position: [0, 0],
		parameters: call.parameters as INode['parameters'],
	};
	const workflow = new Workflow({
		id: 'waitingWorkflow',
		name: 'Waiting',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: nodeTypesRegistry,
		settings: { executionOrder: 'v1', ...call.settings },
	});
	const { request, response, answer } = exchange(call.body ?? {}, call.headers ?? {}, call.query ?? {});
	request.method = call.method;
	let rendered: WaitingWebhookAnswer['rendered'];
	Object.assign(response, {
		render(view: string, data: IDataObject) {
			rendered = { view, data };
			answer.sent = true;
		},
	});
	const workflowData = { id: workflow.id, name: workflow.name, nodes: [node], connections: {} } as unknown as IWorkflowBase;
	const additionalData = { ...additionalDataFor({}, workflowData), httpRequest: request, httpResponse: response } as unknown as IWorkflowExecuteAdditionalData;
	const description = nodeType.description.webhooks?.find((webhook) => webhook.httpMethod === call.method);
	if (!description) throw new Error(`${type} has no ${call.method} webhook`);
	const webhookData: IWebhookData = {
		httpMethod: call.method,
		node: node.name,
		path: node.id,
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
	};
	const context = new WebhookContext(workflow, workflow.getNode(node.name)!, additionalData, 'webhook', webhookData, [], null);
	const result = await nodeType.webhook!.call(context);
	if (result.noWebhookResponse) {
		if (!answer.sent) throw new Error('the node said it answered, but sent nothing');
		return { status: answer.status, headers: answer.headers, body: answer.body, rendered };
	}
	return { status: 200, headers: answer.headers, body: result.webhookResponse, items: result.workflowData?.[0] };
}
