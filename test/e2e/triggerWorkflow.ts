// A workflow of one Messaging Trigger on the sandbox's Messaging credential, as the e2e tests import
// it into n8n: its ID, webhook ID, instance (by name), events and options.
import { SANDBOX_CREDENTIALS } from '../harness/n8n.mjs';
import type { WorkflowJson } from './n8n';

export interface TriggerWorkflow {
	id: string;
	name: string;
	webhookId: string;
	instance: string;
	events: string[];
	options?: Record<string, unknown>;
}

export function messagingTriggerWorkflow({ id, name, webhookId, instance, events, options = {} }: TriggerWorkflow): WorkflowJson {
	const { messaging } = SANDBOX_CREDENTIALS;
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'trigger',
				name: 'Messaging Trigger',
				type: 'n8n-nodes-taxpayer-messaging.messagingTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { instanceName: { __rl: true, mode: 'name', value: instance }, events, options },
				credentials: { messagingApi: { id: messaging.id, name: messaging.name } },
			},
		],
		connections: {},
	};
}
