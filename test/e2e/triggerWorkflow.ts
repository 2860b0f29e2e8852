// A workflow that starts with a Messaging Trigger, as the editor saves it: the trigger on an
// instance of the sandbox's Messaging credential, replacing the instance's webhook when published.
import { SANDBOX_CREDENTIALS } from '../harness/n8n.mjs';
import type { WorkflowJson } from './n8n';

export interface MessagingTriggerWorkflow {
	id: string;
	name: string;
	webhookId: string;
	/** The instance's name. */
	instance: string;
	events: string[];
}

export function messagingTriggerWorkflow({ id, name, webhookId, instance, events }: MessagingTriggerWorkflow): WorkflowJson {
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
				parameters: { instanceName: { __rl: true, mode: 'name', value: instance }, events, options: { replaceExistingWebhook: true } },
				credentials: { messagingApi: { id: SANDBOX_CREDENTIALS.messaging.id, name: SANDBOX_CREDENTIALS.messaging.name } },
			},
		],
		connections: {},
	};
}
