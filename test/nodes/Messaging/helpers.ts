// Shared set-up of the Messaging node tests: the fake server, credentials pointing at it, and
// short ways to run the node and read what it produced.
import { LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeListSearchResult,
	type IWorkflowBase,
} from 'n8n-workflow';

import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import type { EvolutionFake } from '../../../fakes/evolution';
import { additionalDataFor, nodeTypesRegistry, runNode, type NodeRunResult, type RunNodeOptions } from '../../harness/engine';

export { useEvolutionFake, withEvolutionFakes } from '../../harness/evolutionFake';

/** What a test may change of the credential: its fields, and n8n's Allowed HTTP Request Domains. */
export type CredentialChanges = Partial<{ serverUrl: string; apiKey: string; allowedHttpRequestDomains: string; allowedDomains: string }>;

export function credentialsFor(fake: EvolutionFake, overrides: CredentialChanges = {}) {
	return { messagingApi: { serverUrl: fake.url, apiKey: fake.apiKey, ...overrides } };
}

export const instance = (value: string, mode: 'list' | 'name' = 'list') => ({ __rl: true, mode, value });

/** A recipient of version 1.1: a number (or address), or a group picked from the list. */
export const recipient = (value: string, mode: 'number' | 'group' = 'number') => ({ __rl: true, mode: mode === 'group' ? 'list' : mode, value });

export interface RunMessagingOptions {
	parameters: Record<string, unknown>;
	items?: Array<Pick<INodeExecutionData, 'json' | 'binary'>>;
	continueOnFail?: boolean;
	credentials?: CredentialChanges;
	/** Default 1; 1.1 makes the recipient a resource locator. */
	typeVersion?: number;
}

export async function runMessaging(fake: EvolutionFake, options: RunMessagingOptions): Promise<NodeRunResult> {
	return await runNode({
		type: 'messaging',
		parameters: options.parameters as RunNodeOptions['parameters'],
		items: options.items,
		credentials: credentialsFor(fake, options.credentials),
		continueOnFail: options.continueOnFail,
		typeVersion: options.typeVersion,
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

/**
 * What the fake answers a route asked directly, with the global API key (not through the node):
 * the raw answer an operation's items are made of, to compare them with.
 */
export async function askFake(fake: EvolutionFake, method: string, path: string, body?: unknown): Promise<unknown> {
	const response = await fetch(`${fake.url}${path}`, {
		method,
		headers: { apikey: fake.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return await response.json();
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

/** Fills a Group list the way the editor does, for the node's instance. */
export async function listGroups(
	fake: EvolutionFake,
	instanceName: unknown,
	filter?: string,
	credentials: Partial<{ serverUrl: string; apiKey: string }> = {},
): Promise<INodeListSearchResult> {
	const node: INode = { ...messagingNode, typeVersion: 1.1, parameters: { resource: 'message', operation: 'sendText', instanceName } as INode['parameters'] };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesRegistry });
	const context = new LoadOptionsContext(workflow, node, additionalDataFor(credentialsFor(fake, credentials), workflowData), 'number');
	return await new Messaging().methods.listSearch.getGroups.call(context, filter);
}

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

/** Fills the Label list the way the editor does, for the node's instance. */
export async function listLabels(fake: EvolutionFake, instanceName: unknown, filter?: string): Promise<INodeListSearchResult> {
	const node: INode = { ...messagingNode, typeVersion: 1.1, parameters: { resource: 'label', operation: 'addToChat', instanceName } as INode['parameters'] };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesRegistry });
	const context = new LoadOptionsContext(workflow, node, additionalDataFor(credentialsFor(fake), workflowData), 'labelId');
	return await new Messaging().methods.listSearch.getLabels.call(context, filter);
}
