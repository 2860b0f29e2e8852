// Shared set-up of the Messaging node tests: the fake server, credentials pointing at it, and
// short ways to run the node and read what it produced.
import { ExecuteContext, LoadOptionsContext, RoutingNode } from 'n8n-core';
import {
	Workflow,
	createRunExecutionData,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteData,
	type INode,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeType,
	type INodeTypes,
	type IWorkflowBase,
} from 'n8n-workflow';

import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import type { EvolutionFake } from '../../fakes/evolutionApi';
import { additionalDataFor, credentialTypeOf, nodeTypesRegistry, runNode, type NodeRunResult, type RunNodeOptions } from '../../harness/engine';

export function credentialsFor(fake: EvolutionFake, overrides: Partial<{ serverUrl: string; apiKey: string }> = {}) {
	return { messagingApi: { serverUrl: fake.url, apiKey: fake.apiKey, ...overrides } };
}

export const instance = (value: string, mode: 'list' | 'name' = 'list') => ({ __rl: true, mode, value });

export interface RunMessagingOptions {
	parameters: Record<string, unknown>;
	items?: Array<Pick<INodeExecutionData, 'json' | 'binary'>>;
	continueOnFail?: boolean;
	credentials?: Partial<{ serverUrl: string; apiKey: string }>;
}

export async function runMessaging(fake: EvolutionFake, options: RunMessagingOptions): Promise<NodeRunResult> {
	return await runNode({
		type: 'messaging',
		parameters: options.parameters as RunNodeOptions['parameters'],
		items: options.items,
		credentials: credentialsFor(fake, options.credentials),
		continueOnFail: options.continueOnFail,
	});
}

/** The message and description of the error that stopped the run. */
export function stopError(result: NodeRunResult): { message: string; description: string } {
	const error = result.error as { message?: string; description?: string } | undefined;
	if (!error) throw new Error(`expected the run to fail, it produced ${JSON.stringify(result.items.map((i) => i.json))}`);
	return { message: String(error.message), description: String(error.description ?? '') };
}

/** Everything an error shows a user, to check that the API key is never in it. */
export function visibleText(result: NodeRunResult): string {
	return JSON.stringify({ error: result.error, items: result.items, run: result.run.data.resultData });
}

/** Input items, one per JSON entry. */
export const itemsOf = (...entries: IDataObject[]) => entries.map((json) => ({ json }));

const messagingNode: INode = {
	id: 'messaging',
	name: 'Messaging',
	type: 'n8n-nodes-taxpayer-messaging.messaging',
	typeVersion: 1,
	position: [0, 0],
	parameters: { resource: 'message', operation: 'sendText' },
	credentials: { messagingApi: { id: 'messagingApi-id', name: 'messagingApi' } },
};

const workflowData = { id: 'test-workflow', name: 'Test', nodes: [], connections: {} } as unknown as IWorkflowBase;

/** Fills the Instance list the way the editor does: the node's list search in a LoadOptionsContext. */
export async function listInstances(
	fake: EvolutionFake,
	filter?: string,
	credentials: Partial<{ serverUrl: string; apiKey: string }> = {},
): Promise<INodeListSearchResult> {
	const workflow = new Workflow({ nodes: [messagingNode], connections: {}, active: false, nodeTypes: nodeTypesRegistry });
	const context = new LoadOptionsContext(workflow, messagingNode, additionalDataFor(credentialsFor(fake, credentials), workflowData), 'instanceName');
	return await new Messaging().methods.listSearch.getInstances.call(context, filter);
}

/**
 * Tests a Messaging API credential the way n8n's CredentialsTester does for a declarative `test`
 * (packages/cli/src/services/credentials-tester.service.ts): a temporary node whose one property
 * routes the test request, run by a RoutingNode; response-code rules pick the message.
 */
export async function testCredential(data: ICredentialDataDecryptedObject): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const { test } = credentialTypeOf('messagingApi');
	if (!test) throw new Error('the credential has no test');
	const nodeType: INodeType = {
		description: {
			displayName: 'Temp',
			name: 'temp',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'messagingApi', required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: test.request }, default: '' }],
		},
	} as INodeType;
	const node: INode = { ...messagingNode, id: 'temp', name: 'Temp-Node', type: 'temp', parameters: {} };
	const nodeTypes: INodeTypes = { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const executeData: IExecuteData = { node, data: {}, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor({ messagingApi: data }, workflowData),
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		executeData,
		[],
	);
	const routingNode = new RoutingNode(context, nodeType, { id: 'messagingApi-id', name: 'messagingApi', type: 'messagingApi', data });
	try {
		await routingNode.runNode();
	} catch (caught) {
		const error = caught as { cause?: { response?: { status: number; statusText?: string }; code?: string }; message: string };
		if (error.cause?.response) {
			const { status, statusText } = error.cause.response;
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === status) return { status: 'Error', message: rule.properties.message };
			}
			return { status: 'Error', message: statusText || `Received HTTP status code: ${status}` };
		}
		if (error.cause?.code) return { status: 'Error', message: error.cause.code };
		return { status: 'Error', message: String(error.message) };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
