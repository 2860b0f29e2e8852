// The package in a running n8n (`n8n start`): an active workflow answers a production webhook with a
// taxpayer looked up by Taxpayer Lookup. Trigger nodes are tested the same way (N8nServer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { VALID_TOKEN, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { N8n, type N8nServer, type WorkflowJson } from './n8n';
import { stopAll } from './sandbox';

let fake: LookupFake;
let n8n: N8n;
let server: N8nServer;
const workflowId = 'e2eWebhookRuc001';

beforeAll(async () => {
	fake = await startLookupFake();
	n8n = await N8n.start();
	const credential = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: VALID_TOKEN }, 'Lookup fake');
	const workflow: WorkflowJson = {
		id: workflowId,
		name: 'RUC lookup webhook',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'webhook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '5b0e4b5e-6a3f-4a43-9a55-2f7d6c1e0a01',
				parameters: { httpMethod: 'GET', path: 'e2e-ruc', responseMode: 'lastNode', options: {} },
			},
			{
				id: 'lookup',
				name: 'Taxpayer Lookup',
				type: 'n8n-nodes-taxpayer-messaging.taxpayerLookup',
				typeVersion: 1,
				position: [250, 0],
				parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.query.ruc }}' },
				credentials: { taxpayerLookupApi: credential },
			},
		],
		connections: { Webhook: { main: [[{ node: 'Taxpayer Lookup', type: 'main', index: 0 }]] } },
	};
	await n8n.importWorkflows([workflow]);
	server = await n8n.startServer();
	await server.activate(workflowId);
});

afterAll(() => stopAll(server, n8n, fake));

describe('an active workflow in a running n8n', () => {
	it('answers a production webhook with the looked-up taxpayer, and records the execution', async () => {
		const response = await server.webhook('e2e-ruc?ruc=20131312955');
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ ruc: '20131312955', estado_del_contribuyente: 'ACTIVO' });

		const [execution] = await server.waitForExecutions(workflowId, 1);
		expect(execution.status).toBe('success');
		const { data } = await server.execution(execution.id);
		expect(data.resultData.runData['Taxpayer Lookup'][0].data?.main[0]?.[0].json.ruc).toBe('20131312955');
	});
});
