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

/** The seeded group Ventas Lima. */
export const GROUP = '120363025246125486@g.us';

/** The items the last delivery started the workflow with (undefined: it started nothing). */
export const started = (harness: WebhookTriggerHarness) => harness.deliveries.at(-1)?.items;

/** The JSON of the first item the last delivery started the workflow with. */
export const startedJson = (harness: WebhookTriggerHarness) => started(harness)?.[0].json as IDataObject | undefined;

/** An active trigger: activated, so the fake delivers to it. */
export async function activeTrigger(fake: EvolutionFake, setup: TriggerOptions = {}) {
	const harness = await trigger(fake, setup);
	await harness.activate();
	return harness;
}
