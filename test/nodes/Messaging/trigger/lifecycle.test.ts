// Activation and deactivation of the Messaging Trigger at the Evolution fake: what is registered,
// what is refused, and what is put back.
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { withEvolutionFakes } from '../../../harness/evolutionFake';
import { textMessageData } from '../../../../fakes/evolution/events';
import { activeTrigger, registeredSecret, trigger, useEvolutionFake, webhookSets } from './helpers';

const state = useEvolutionFake();

const OTHER = {
	enabled: true,
	url: 'https://crm.example.com/hooks/whatsapp',
	headers: { authorization: 'Bearer crm-secret' },
	events: ['MESSAGES_UPSERT', 'CONTACTS_UPSERT'],
	byEvents: false,
	base64: false,
};

async function setOther() {
	const response = await fetch(`${state.fake.url}/webhook/set/sales`, {
		method: 'POST',
		headers: { apikey: state.fake.apiKey, 'content-type': 'application/json' },
		body: JSON.stringify({ webhook: OTHER }),
	});
	expect(response.status).toBe(201);
	state.fake.requests.length = 0;
}

describe('Messaging Trigger: activation', () => {
	it("sets the instance's webhook to the production URL with a secret header, the events and no base64", async () => {
		const harness = await trigger(state.fake, { events: ['messageReceived', 'messageStatus'] });
		await harness.activate();
		const [body] = webhookSets(state.fake);
		const secret = registeredSecret(state.fake);
		expect(secret).toMatch(/^[A-Za-z0-9]{40}$/);
		expect(body).toEqual({
			webhook: {
				enabled: true,
				url: harness.productionUrl,
				// The workflow's id and URI-encoded name, for another trigger's error (below).
				headers: { 'x-n8n-messaging-secret': secret, 'x-n8n-messaging-workflow': expect.stringMatching(/^webhookWorkflow\d+ Webhook%20test$/) },
				byEvents: false,
				base64: false,
				events: ['MESSAGES_UPDATE', 'MESSAGES_UPSERT'],
			},
		});
		expect(state.fake.requests[0]).toMatchObject({ method: 'GET', path: '/webhook/find/sales' });
		expect(state.fake.requests[0].headers.apikey).toBe(state.fake.apiKey);
		expect(harness.savedNodeStaticData()).toMatchObject({ secret, url: harness.productionUrl, previous: null });
	});

	it("subscribes Message Sent to upserts and API sends, and All Events to every event of the server's release (an empty list)", async () => {
		await (await trigger(state.fake, { events: ['messageSent', 'connectionUpdate', 'qrCodeUpdated', 'groupParticipants'] })).activate();
		expect(webhookSets(state.fake)[0].webhook).toMatchObject({
			events: ['CONNECTION_UPDATE', 'GROUP_PARTICIPANTS_UPDATE', 'MESSAGES_UPSERT', 'QRCODE_UPDATED', 'SEND_MESSAGE'],
		});
		state.fake.reset();
		await (await trigger(state.fake, { events: ['all'] })).activate();
		expect((webhookSets(state.fake)[0].webhook as { events: string[] }).events).toEqual([]);
		expect(state.fake.webhooks.get('sales')!.events).toHaveLength(31);
	});

	it('keeps files out of deliveries with Include Media Files (each fetched after), unless Media Files From is Each Delivery', async () => {
		await (await trigger(state.fake, { options: { includeMedia: true } })).activate();
		await (await trigger(state.fake, { options: { includeMedia: true, mediaFrom: 'fetch' } })).activate();
		await (await trigger(state.fake, { options: { includeMedia: true, mediaFrom: 'delivery' } })).activate();
		await (await trigger(state.fake, { options: { mediaFrom: 'delivery' } })).activate();
		expect(webhookSets(state.fake).map((set) => (set.webhook as IDataObject).base64)).toEqual([false, false, true, false]);
	});

	it('sets the webhook again without base64 where an earlier version of the node asked for files in deliveries', async () => {
		const harness = await activeTrigger(state.fake, { options: { includeMedia: true } });
		const secret = registeredSecret(state.fake);
		// What the node set up to now with Include Media Files on.
		state.fake.webhooks.get('sales')!.webhookBase64 = true;
		await harness.activate('init');
		expect(webhookSets(state.fake).map((set) => (set.webhook as IDataObject).base64)).toEqual([false, false]);
		expect(registeredSecret(state.fake)).toBe(secret);
		expect(state.fake.webhooks.get('sales')!.webhookBase64).toBe(false);
	});

	it('finds its own webhook in place on a second activation (n8n restart) and sets nothing', async () => {
		const harness = await activeTrigger(state.fake);
		await harness.activate('init');
		expect(webhookSets(state.fake)).toHaveLength(1);
	});

	it('sets the webhook again, with the same secret, when the events changed or someone edited it', async () => {
		const harness = await activeTrigger(state.fake);
		const secret = registeredSecret(state.fake);
		state.fake.webhooks.get('sales')!.events = ['MESSAGES_UPSERT', 'CALL'];
		await harness.activate('init');
		expect(webhookSets(state.fake)).toHaveLength(2);
		expect(registeredSecret(state.fake)).toBe(secret);
		expect(state.fake.webhooks.get('sales')!.events).toEqual(['MESSAGES_UPSERT']);
	});

	it('refuses to take over a webhook another receiver uses, naming its URL, and changes nothing', async () => {
		await setOther();
		const harness = await trigger(state.fake);
		const error = await harness.activate().then(() => undefined, (caught: Error & { description?: string }) => caught);
		// n8n shows only the message: it says the way out.
		expect(error?.message).toBe(
			'Instance "sales" already sends its events to https://crm.example.com/hooks/whatsapp. To listen here, turn on Options → Replace Existing Webhook (that receiver gets its webhook back when this workflow stops), or remove the webhook in the Evolution API manager.',
		);
		expect(error?.description).toMatch(/one webhook per instance \(now https:\/\/crm\.example\.com\/hooks\/whatsapp\)/);
		expect(webhookSets(state.fake)).toHaveLength(0);
		expect(state.fake.webhooks.get('sales')!.url).toBe(OTHER.url);
		expect(harness.savedNodeStaticData()).toBeUndefined();
	});

	it("names the workflow of this n8n that has the instance, and says how to listen here", async () => {
		await activeTrigger(state.fake, { webhookId: 'first-listener' });
		const second = await trigger(state.fake, { webhookId: 'second-listener' });
		const error = await second.activate().then(() => undefined, (caught: Error) => caught);
		expect(error?.message).toBe(
			'Instance "sales" already sends its events to the workflow "Webhook test" of this n8n. To listen here, turn on Options → Replace Existing Webhook (that workflow gets its webhook back when this one stops), unpublish "Webhook test", or pick another instance.',
		);
		expect(state.fake.webhooks.get('sales')!.url).toContain('/first-listener/');
	});

	it("says a webhook URL of this n8n is another workflow's, when no trigger of ours set it", async () => {
		const harness = await trigger(state.fake);
		const url = `${new URL(harness.productionUrl).origin}/webhook/0c1d2e3f/webhook`;
		await fetch(`${state.fake.url}/webhook/set/sales`, {
			method: 'POST',
			headers: { apikey: state.fake.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ webhook: { ...OTHER, url } }),
		});
		const error = await harness.activate().then(() => undefined, (caught: Error) => caught);
		expect(error?.message).toBe(
			`Instance "sales" already sends its events to another workflow of this n8n (${url}). To listen here, turn on Options → Replace Existing Webhook (that workflow gets its webhook back when this one stops), unpublish that workflow, or pick another instance.`,
		);
	});

	it('takes over a disabled webhook without asking, and puts it back disabled', async () => {
		await fetch(`${state.fake.url}/webhook/set/sales`, {
			method: 'POST',
			headers: { apikey: state.fake.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ webhook: { ...OTHER, enabled: false } }),
		});
		const harness = await activeTrigger(state.fake);
		expect(state.fake.webhooks.get('sales')!.url).toBe(harness.productionUrl);
		await harness.deactivate();
		expect(state.fake.webhooks.get('sales')).toMatchObject({ enabled: false, url: OTHER.url, headers: OTHER.headers });
	});

	it('with Replace Existing Webhook, takes it over and restores it exactly on deactivation', async () => {
		await setOther();
		const harness = await activeTrigger(state.fake, { options: { replaceExistingWebhook: true } });
		expect(state.fake.webhooks.get('sales')!.url).toBe(harness.productionUrl);
		expect(harness.savedNodeStaticData()?.previous).toEqual(OTHER);
		await harness.deactivate();
		expect(webhookSets(state.fake).at(-1)).toEqual({ webhook: OTHER });
		const { byEvents, base64, ...stored } = OTHER;
		expect(state.fake.webhooks.get('sales')).toMatchObject({ ...stored, webhookByEvents: byEvents, webhookBase64: base64 });
		expect(harness.savedNodeStaticData()).toEqual({});
	});

	it('turns the webhook off on deactivation when there was none before', async () => {
		const harness = await activeTrigger(state.fake);
		await harness.deactivate();
		expect(webhookSets(state.fake).at(-1)).toEqual({ webhook: { enabled: false, url: harness.productionUrl, events: [] } });
		expect(state.fake.webhooks.get('sales')).toMatchObject({ enabled: false, events: [] });
		// A delivery after deactivation goes nowhere.
		const outcome = await state.fake.deliver('sales', 'messages.upsert', textMessageData('¿Siguen abiertos?'));
		expect(outcome.skipped).toBe('the webhook is disabled');
	});

	it('leaves a webhook someone set after it alone on deactivation', async () => {
		const harness = await activeTrigger(state.fake);
		await setOther();
		await harness.deactivate();
		expect(webhookSets(state.fake)).toHaveLength(0);
		expect(state.fake.webhooks.get('sales')!.url).toBe(OTHER.url);
	});

	it('"Listen for test event" registers the test URL and puts the production webhook back after', async () => {
		const harness = await activeTrigger(state.fake);
		const production = structuredClone(state.fake.webhooks.get('sales')!);
		const listener = await harness.listenForTest();
		expect(state.fake.webhooks.get('sales')!.url).toBe(harness.testUrl);
		const outcome = await state.fake.deliver('sales', 'messages.upsert', textMessageData('prueba'));
		expect(outcome.statuses).toEqual([200]);
		expect(harness.deliveries.at(-1)?.items?.[0].json).toMatchObject({ text: 'prueba' });
		await listener.stop();
		expect(state.fake.webhooks.get('sales')).toMatchObject({ url: production.url, headers: production.headers, enabled: true, events: production.events });
		// The production secret still opens the production URL.
		const again = await state.fake.deliver('sales', 'messages.upsert', textMessageData('de nuevo'));
		expect(again.statuses).toEqual([200]);
	});
});

describe('Messaging Trigger: activation errors', () => {
	it('names a wrong API key', async () => {
		const harness = await trigger(state.fake, { credentials: { apiKey: 'wrong' } });
		await expect(harness.activate()).rejects.toThrow('The API key was rejected by instance "sales" (401: Unauthorized)');
	});

	it('names an instance the server does not have', async () => {
		const harness = await trigger(state.fake, { instanceName: 'ventas' });
		await expect(harness.activate()).rejects.toThrow(/^The instance "ventas" does not exist on the server \(404/);
	});

	it('refuses a sender list with something that is not a number, before any request', async () => {
		const harness = await trigger(state.fake, { options: { senders: '+51 987 654 321, Ana' } });
		await expect(harness.activate()).rejects.toThrow('Only From Senders holds "Ana", which is not a phone number or WhatsApp address');
		expect(state.fake.requests).toHaveLength(0);
	});

	it('refuses no events at all', async () => {
		const harness = await trigger(state.fake, { events: [] });
		await expect(harness.activate()).rejects.toThrow('No event is chosen');
		expect(state.fake.requests).toHaveLength(0);
	});

	it('says a 2.0 server is too old (it takes a flat body)', async () => {
		await withEvolutionFakes([{ webhookRelease: '2.0' }], async ([old]) => {
			const harness = await trigger(old);
			await expect(harness.activate()).rejects.toThrow('The Evolution API server of instance "sales" is older than 2.1.1, which the Messaging Trigger needs');
			expect(old.webhooks.size).toBe(0);
		});
	});

	it('says a 2.1.0 server keeps no headers, and puts the previous webhook back', async () => {
		await withEvolutionFakes([{ webhookRelease: '2.1.0' }], async ([old]) => {
			await fetch(`${old.url}/webhook/set/sales`, {
				method: 'POST',
				headers: { apikey: old.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ webhook: { ...OTHER, headers: undefined } }),
			});
			const harness = await trigger(old, { options: { replaceExistingWebhook: true } });
			await expect(harness.activate()).rejects.toThrow('did not keep the webhook\'s headers');
			expect(old.webhooks.get('sales')).toMatchObject({ url: OTHER.url, enabled: true });
		});
	});
});
