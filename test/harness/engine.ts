// Runs nodes of this package through n8n-core's real engine (WorkflowExecute, RoutingNode, the
// execution contexts, n8n's HTTP client). Only the boundaries are stand-ins: credentials come
// from memory instead of n8n's encrypted database, and lifecycle hooks do nothing.
import { Container } from '@n8n/di';
import { DirectoryLoader, ErrorReporter, ExecutionLifecycleHooks, RoutingNode, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	Workflow,
	createRunExecutionData,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IConnections,
	type IExecuteData,
	type IExecuteFunctions,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeProperties,
	type INodeType,
	type INodeTypeData,
	type INodeTypes,
	type IRun,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type NodeParameterValueType,
} from 'n8n-workflow';

import { MessagingApi } from '../../credentials/MessagingApi.credentials';
import { SunatApi } from '../../credentials/SunatApi.credentials';
import { SunatSireApi } from '../../credentials/SunatSireApi.credentials';
import { TaxpayerLookupApi } from '../../credentials/TaxpayerLookupApi.credentials';
import { ExchangeRateTrigger } from '../../nodes/TaxpayerLookup/ExchangeRate/ExchangeRateTrigger.node';
import { Messaging } from '../../nodes/Messaging/Messaging.node';
import { MessagingTrigger } from '../../nodes/Messaging/MessagingTrigger.node';
import { SunatInvoice } from '../../nodes/SunatInvoice/SunatInvoice.node';
import { TaxpayerLookup } from '../../nodes/TaxpayerLookup/TaxpayerLookup.node';

const PACKAGE = 'n8n-nodes-taxpayer-messaging';

// n8n hands node errors to its error tracker, which without one logs each to the console; the
// tests assert on those errors themselves.
(Container.get(ErrorReporter) as unknown as { report: () => void }).report = () => {};

/** Every node and credential of the package, as n8n's loader would prepare them. */
const credentialTypes: Record<string, ICredentialType> = {};
const nodeTypes: INodeTypeData = {};

export function registerCredentialType(credential: ICredentialType) {
	credentialTypes[credential.name] = credential;
}

/** A node type as n8n prepares it: its loader's Request Options, and NodeTypes' `execute` for a declarative node. */
export function asN8nPreparesIt(nodeType: INodeType): INodeType {
	const declarative = nodeType.description.requestDefaults !== undefined;
	// n8n's loader adds the "Request Options" collection (batching, timeout, proxy) to declarative
	// nodes, but for one with a `webhook` method (Messaging: Send and Wait's waiting webhooks).
	if (declarative) DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	// n8n's NodeTypes (packages/cli node-types.ts, shouldAssignExecuteMethod) gives a declarative node
	// an `execute` that runs RoutingNode. WorkflowExecute then prepares its input as any executable
	// node's; without it, a node with a `webhook` method would get none, as if it were a trigger,
	// and its expressions would find no item.
	if (declarative && !nodeType.execute && !nodeType.supplyData && !nodeType.poll && !nodeType.trigger) {
		nodeType.execute = async function (this: IExecuteFunctions) {
			return (await new RoutingNode(this as unknown as ConstructorParameters<typeof RoutingNode>[0], nodeType).runNode()) ?? [];
		};
	}
	return nodeType;
}

export function registerNodeType(nodeType: INodeType) {
	nodeTypes[`${PACKAGE}.${nodeType.description.name}`] = { type: asN8nPreparesIt(nodeType), sourcePath: '' };
}

registerCredentialType(new TaxpayerLookupApi());
registerNodeType(new TaxpayerLookup());
registerCredentialType(new MessagingApi());
registerNodeType(new Messaging());
registerNodeType(new ExchangeRateTrigger());
registerNodeType(new MessagingTrigger());
registerCredentialType(new SunatApi());
registerCredentialType(new SunatSireApi());
registerNodeType(new SunatInvoice());

/** Emits the items a test gives it (as its input), like a Code node or a spreadsheet would. */
class ItemsSource implements INodeType {
	description = {
		displayName: 'Items Source',
		name: 'itemsSource',
		group: ['input'],
		version: 1,
		description: 'Emits test items',
		defaults: { name: 'Items' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [] as INodeProperties[],
	} as INodeType['description'];

	async execute(this: import('n8n-workflow').IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}
nodeTypes['test.itemsSource'] = { type: new ItemsSource(), sourcePath: '' };

export const nodeTypesRegistry: INodeTypes = {
	getByName(name: string): INodeType | IVersionedNodeType {
		const found = nodeTypes[name];
		if (!found) throw new Error(`Unknown node type ${name}`);
		return found.type;
	},
	getByNameAndVersion(name: string): INodeType {
		return this.getByName(name) as INodeType;
	},
	getKnownTypes() {
		return {};
	},
};

function credentialTypeOf(name: string): ICredentialType {
	const type = credentialTypes[name];
	if (!type) throw new Error(`Unknown credential type ${name}`);
	return type;
}

/** Credentials held in memory; `authenticate` applies the credential type's auth (function or generic) as n8n does. */
class MemoryCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly store: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = credentialTypeOf(typeName);
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!authenticate || typeof authenticate !== 'object' || !workflow || !node) return requestOptions;
		const resolve = (value: string) =>
			value.startsWith('=')
				? String(workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, ''))
				: value;
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const bucket = ((requestOptions as unknown as Record<string, Record<string, unknown>>)[target] ??= {});
			for (const [key, value] of Object.entries(entries as Record<string, string>)) bucket[resolve(key)] = resolve(value);
		}
		return requestOptions;
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	/**
	 * As n8n's CredentialsHelper.preAuthentication (packages/cli credentials-helper.ts): a credential
	 * with a hidden expirable field gets it from its preAuthentication when it is empty or expired,
	 * and keeps it (here in memory, there in the database) for the requests after.
	 */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	) {
		const type = credentialTypeOf(typeName);
		const expirable = type.properties.find((property) => property.type === 'hidden' && property.typeOptions?.expirable === true);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if ((credentials[expirable.name] ?? '') !== '' && !credentialsExpired) return undefined;
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined || !node.credentials) return undefined;
		this.store[typeName] = { ...this.store[typeName], ...output } as ICredentialDataDecryptedObject;
		return Object.assign(credentials, output);
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used');
	}

	async getDecrypted(_additionalData: IWorkflowExecuteAdditionalData, _details: INodeCredentialsDetails, type: string) {
		const credentials = this.store[type];
		if (!credentials) throw new Error(`No test credentials of type ${type}`);
		return structuredClone(credentials);
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypeOf(type).properties;
	}
}

export function additionalDataFor(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	workflowData: IWorkflowBase,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new MemoryCredentialsHelper(credentials),
		hooks: new ExecutionLifecycleHooks('manual', 'test-execution', workflowData),
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		restApiUrl: 'http://localhost:5678/rest',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		instanceBaseUrl: 'http://localhost:5678/',
		variables: {},
		userId: 'test-user',
		executionId: 'test-execution',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		setExecutionStatus: () => {},
		sendDataToUI: () => {},
		getRunExecutionData: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface RunNodeOptions {
	/** Node type name without the package prefix (`taxpayerLookup`), or a full one (`n8n-nodes-base.httpRequest`). */
	type: string;
	typeVersion?: number;
	/** The node types the workflow knows; default: this package's and the test helpers'. */
	nodeTypes?: INodeTypes;
	parameters: Record<string, NodeParameterValueType | object>;
	/** Input items (json, and binary where a test needs files). Default: one empty item. */
	items?: Array<Pick<INodeExecutionData, 'json' | 'binary'>>;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	continueOnFail?: boolean;
}

export interface NodeRunResult {
	/** The node's output items (main output 0), of its last run. */
	items: INodeExecutionData[];
	/** The workflow error when the node stopped the run. */
	error?: IRun['data']['resultData']['error'];
	run: IRun;
	/**
	 * Resumes an execution the node put to wait, as n8n does: with the items a waiting webhook
	 * answered (n8n's WaitingWebhooks: the node disabled, its input replaced by them), or with none,
	 * as when its wait time is over (WaitTracker: the node, disabled, passes its input on).
	 */
	resume(answer?: INodeExecutionData[]): Promise<NodeRunResult>;
}

/** Runs Items → the node under test in one workflow, through WorkflowExecute, and returns what it produced. */
export async function runNode(options: RunNodeOptions): Promise<NodeRunResult> {
	const nodeUnderTest: INode = {
		id: 'node-under-test',
		name: 'Node Under Test',
		type: options.type.includes('.') ? options.type : `${PACKAGE}.${options.type}`,
		typeVersion: options.typeVersion ?? 1,
		position: [200, 0],
		parameters: options.parameters as INode['parameters'],
		credentials: Object.fromEntries(
			Object.keys(options.credentials).map((type) => [type, { id: `${type}-id`, name: type }]),
		),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const source: INode = {
		id: 'items',
		name: 'Items',
		type: 'test.itemsSource',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const connections: IConnections = {
		Items: { main: [[{ node: nodeUnderTest.name, type: 'main', index: 0 }]] },
	};
	const workflowData: IWorkflowBase = {
		id: 'test-workflow',
		name: 'Test',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [source, nodeUnderTest],
		connections,
		settings: { executionOrder: 'v1' },
		activeVersionId: null,
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: workflowData.nodes,
		connections,
		active: false,
		nodeTypes: options.nodeTypes ?? nodeTypesRegistry,
		settings: workflowData.settings,
	});
	const additionalData = additionalDataFor(options.credentials, workflowData);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: source, data: { main: [options.items ?? [{ json: {} }]] }, source: null } as IExecuteData,
			],
		},
	});
	return await execute(workflow, additionalData, runExecutionData, nodeUnderTest.name);
}

async function execute(
	workflow: Workflow,
	additionalData: IWorkflowExecuteAdditionalData,
	runExecutionData: IRun['data'],
	nodeName: string,
): Promise<NodeRunResult> {
	const run = await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(workflow);
	const taskData = run.data.resultData.runData[nodeName]?.at(-1);
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: run.data.resultData.error,
		run,
		async resume(answer) {
			if (!run.data.waitTill) throw new Error('the execution is not waiting');
			if (answer) {
				// WaitingWebhooks.getWebhookExecutionData and prepareExecutionData in n8n 2.41.
				run.data.waitTill = undefined;
				const [resuming] = run.data.executionData!.nodeExecutionStack;
				resuming.node.disabled = true;
				resuming.data.main = [answer];
				resuming.metadata = { ...resuming.metadata, forwardAllOutputs: true };
			}
			return await execute(workflow, additionalData, run.data, nodeName);
		},
	};
}
