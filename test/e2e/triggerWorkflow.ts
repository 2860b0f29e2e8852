// A workflow that starts with a Messaging Trigger, as the editor saves it: the trigger on an
// instance of the sandbox's Messaging credential (or the one given), replacing the instance's
// webhook when published; with `outputs`, a No Op node on each of its outputs, in order.
import type { IDataObject } from 'n8n-workflow';

import { SANDBOX_CREDENTIALS } from '../harness/n8n.mjs';
import type { WorkflowJson } from './n8n';

export interface MessagingTriggerWorkflow {
	id: string;
	name: string;
	webhookId: string;
	/** The instance's name. */
	instance: string;
	events: string[];
	/** Options besides Replace Existing Webhook (on). */
	options?: IDataObject;
	/** The nodes the trigger's outputs lead to: output i to the i-th. */
	outputs?: string[];
	credential?: { id: string; name: string };
}

export const TRIGGER = 'Messaging Trigger';

/** A No Op node, placed the `index`-th right of the trigger. */
export const noOp = (name: string, index: number) => ({ id: name.toLowerCase().replace(/\W+/g, '-'), name, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [300, index * 200], parameters: {} });

/** The trigger's connections: output i to the node named i-th. */
export const outputsTo = (...names: string[]) => ({ [TRIGGER]: { main: names.map((node) => [{ node, type: 'main', index: 0 }]) } });

export function messagingTriggerWorkflow({ id, name, webhookId, instance, events, options = {}, outputs = [], credential = SANDBOX_CREDENTIALS.messaging }: MessagingTriggerWorkflow): WorkflowJson {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'trigger',
				name: TRIGGER,
				type: 'n8n-nodes-taxpayer-messaging.messagingTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { instanceName: { __rl: true, mode: 'name', value: instance }, events, options: { replaceExistingWebhook: true, ...options } },
				credentials: { messagingApi: { id: credential.id, name: credential.name } },
			},
			...outputs.map(noOp),
		],
		connections: outputs.length ? outputsTo(...outputs) : {},
	};
}
