import { LoadOptionsContext } from 'n8n-core';
import { Workflow, type INode, type INodeListSearchResult, type IWorkflowBase } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { Messaging } from '../../../../nodes/Messaging/Messaging.node';
import { additionalDataFor, nodeTypesRegistry } from '../../../harness/engine';
import { askFake, credentialsFor, instance, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

/** Fills a Chatbot or OpenAI Credential list the way the editor does, for the node's instance and bot. */
async function list(method: 'getChatbots' | 'getOpenAiCredentials', parameters: Record<string, unknown>, filter?: string): Promise<INodeListSearchResult> {
	const node: INode = {
		id: 'messaging',
		name: 'Messaging',
		type: 'n8n-nodes-taxpayer-messaging.messaging',
		typeVersion: 1.1,
		position: [0, 0],
		parameters: { resource: 'chatbot', operation: 'get', ...parameters } as INode['parameters'],
		credentials: { messagingApi: { id: 'messagingApi-id', name: 'messagingApi' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypesRegistry });
	const workflowData = { id: 'test-workflow', name: 'Test', nodes: [], connections: {} } as unknown as IWorkflowBase;
	const context = new LoadOptionsContext(workflow, node, additionalDataFor(credentialsFor(state.fake), workflowData), 'chatbotId');
	return await new Messaging().methods.listSearch[method].call(context, filter);
}

describe('the Chatbot and OpenAI Credential lists', () => {
	it("list the instance's bots of the picked kind by description or trigger, the disabled marked, and filter them", async () => {
		const { fake } = state;
		const sales = (await askFake(fake, 'POST', '/typebot/create/sales', { enabled: true, description: 'Ventas', url: 'https://t.example.com', typebot: 'a', triggerType: 'keyword', triggerOperator: 'equals', triggerValue: 'hola' })) as { id: string };
		const quiet = (await askFake(fake, 'POST', '/typebot/create/sales', { enabled: false, url: 'https://t.example.com', typebot: 'b', triggerType: 'keyword', triggerOperator: 'contains', triggerValue: 'ruc' })) as { id: string };
		await askFake(fake, 'POST', '/dify/create/sales', { enabled: true, botType: 'chatBot', apiUrl: 'https://d.example.com', triggerType: 'none' });
		fake.requests.length = 0;
		expect((await list('getChatbots', { instanceName: instance('sales'), bot: 'typebot' })).results).toEqual([
			{ name: 'keyword contains "ruc" (off)', value: quiet.id },
			{ name: 'Ventas', value: sales.id },
		]);
		expect((await list('getChatbots', { instanceName: instance('sales'), bot: 'typebot' }, 'vent')).results).toEqual([{ name: 'Ventas', value: sales.id }]);
		expect(fake.requests.map((request) => [request.method, request.path])).toEqual([
			['GET', '/typebot/find/sales'],
			['GET', '/typebot/find/sales'],
		]);
		await expect(list('getChatbots', { instanceName: instance(''), bot: 'typebot' })).rejects.toThrow(/Pick the instance first/);
	});

	it("list the instance's OpenAI credentials by name", async () => {
		const { fake } = state;
		const acme = (await askFake(fake, 'POST', '/openai/creds/sales', { name: 'acme', apiKey: 'sk-1' })) as { id: string };
		await askFake(fake, 'POST', '/openai/creds/Support%20Team', { name: 'soporte', apiKey: 'sk-2' });
		fake.requests.length = 0;
		expect((await list('getOpenAiCredentials', { instanceName: instance('sales') })).results).toEqual([{ name: 'acme', value: acme.id }]);
		expect(fake.requests.map((request) => [request.method, request.path, request.headers.apikey])).toEqual([['GET', '/openai/creds/sales', fake.apiKey]]);
	});
});
