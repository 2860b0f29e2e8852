// Runs the Messaging Trigger through n8n-core's hook and webhook contexts (test/harness/webhook.ts)
// against the Evolution fake, which delivers to the harness over real HTTP.
import type { IDataObject } from 'n8n-workflow';
import { afterEach } from 'vitest';

import type { EvolutionFake } from '../../../../fakes/evolution';
import { WebhookTriggerHarness } from '../../../harness/webhook';
import { credentialsFor, instance } from '../helpers';

export { useEvolutionFake, instance, credentialsFor } from '../helpers';

const open: WebhookTriggerHarness[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map(async (harness) => await harness.close()));
});

export interface TriggerOptions {
	instanceName?: string;
	events?: string[];
	options?: IDataObject;
	credentials?: Partial<{ serverUrl: string; apiKey: string }>;
	webhookId?: string;
}

/** A Messaging Trigger serving its webhook URLs on loopback (not yet active). */
export async function trigger(fake: EvolutionFake, setup: TriggerOptions = {}): Promise<WebhookTriggerHarness> {
	const harness = new WebhookTriggerHarness({
		type: 'messagingTrigger',
		parameters: {
			instanceName: instance(setup.instanceName ?? 'sales'),
			events: setup.events ?? ['messageReceived'],
			options: setup.options ?? {},
		},
		credentials: credentialsFor(fake, setup.credentials),
		webhookId: setup.webhookId,
	});
	await harness.listen();
	open.push(harness);
	return harness;
}

/** The bodies the fake received on `webhook/set`, in order. */
export const webhookSets = (fake: EvolutionFake) =>
	fake.requests.filter((request) => request.path.startsWith('/webhook/set/')).map((request) => request.body as IDataObject);

/** The secret the trigger registered (from the stored webhook's headers). */
export const registeredSecret = (fake: EvolutionFake, instanceName = 'sales') =>
	fake.webhooks.get(instanceName)?.headers?.['x-n8n-messaging-secret'];

/** An active trigger: activated, so the fake delivers to it. */
export async function activeTrigger(fake: EvolutionFake, setup: TriggerOptions = {}) {
	const harness = await trigger(fake, setup);
	await harness.activate();
	return harness;
}
