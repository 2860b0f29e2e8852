import { describe, expect, it } from 'vitest';

import { WEBHOOK_EVENTS } from '../../../../fakes/evolution';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const get = (transport: string, overrides: Record<string, unknown> = {}) => ({
	resource: 'integration',
	operation: 'getEventTransport',
	instanceName: instance('sales'),
	transport,
	...overrides,
});

const set = (transport: string, overrides: Record<string, unknown> = {}) => ({
	resource: 'integration',
	operation: 'setEventTransport',
	instanceName: instance('sales'),
	transport,
	enabled: true,
	events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'],
	...overrides,
});

const requests = () => state.fake.requests.map((r) => [r.method, r.path, r.body]);

describe('Integration → Set Event Transport', () => {
	it('POSTs {rabbitmq: {enabled, events}} and gives the stored row as one item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: set('rabbitmq') });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([['POST', '/rabbitmq/set/sales', { rabbitmq: { enabled: true, events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'] } }]]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({ enabled: true, events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'], instanceId: expect.any(String) }),
				pairedItem: { item: 0 },
			},
		]);
		expect(fake.integrations.transports.get('sales')?.get('rabbitmq')).toMatchObject({ enabled: true });
	});

	it('sends no events when turning a transport off, and an empty list (every event) when none are picked', async () => {
		const { fake } = state;
		const off = await runMessaging(fake, { parameters: set('websocket', { instanceName: instance('Support Team'), enabled: false }) });
		expect(off.error).toBeUndefined();
		const all = await runMessaging(fake, { parameters: set('kafka', { events: [] }) });
		expect(all.items[0].json.events).toEqual(WEBHOOK_EVENTS);
		expect(requests()).toEqual([
			['POST', '/websocket/set/Support%20Team', { websocket: { enabled: false, events: [] } }],
			['POST', '/kafka/set/sales', { kafka: { enabled: true, events: [] } }],
		]);
	});

	it('refuses unknown events and a bad webhook URL before any request', async () => {
		const { fake } = state;
		const unknown = await runMessaging(fake, { parameters: set('nats', { events: '={{ ["MESSAGES_UPSERT", "messages.upsert"] }}' }) });
		expect(stopError(unknown).message).toMatch(/^Events .* holds "messages\.upsert", not an Evolution event\. Nothing was sent\. \[item 0\]$/);
		const url = await runMessaging(fake, { parameters: set('webhook', { transportSettings: { url: 'ftp://crm.example.com' } }) });
		expect(stopError(url).message).toBe('Webhook URL "ftp://crm.example.com" is not an http or https URL: the server delivers only to those. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('Webhook: reads the stored one first, keeps its headers while the URL stays, clears them when it changes', async () => {
		const { fake } = state;
		const trigger = { 'x-n8n-messaging-secret': 's3cret' };
		fake.webhooks.set('sales', {
			id: 'cmwebhook1',
			url: 'https://n8n.example.com/webhook/abc/messaging',
			headers: trigger,
			enabled: true,
			events: ['MESSAGES_UPSERT'],
			webhookByEvents: false,
			webhookBase64: true,
			createdAt: '2026-01-01T00:00:00.000Z',
			updatedAt: '2026-01-01T00:00:00.000Z',
			instanceId: 'i1',
		});
		// Off and on again with no setting given: the URL and the trigger's secret are kept.
		await runMessaging(fake, { parameters: set('webhook', { enabled: false }) });
		const again = await runMessaging(fake, { parameters: set('webhook', { events: ['MESSAGES_UPSERT'] }) });
		expect(again.error).toBeUndefined();
		expect(fake.webhooks.get('sales')).toMatchObject({ url: 'https://n8n.example.com/webhook/abc/messaging', headers: trigger, enabled: true, webhookBase64: true });
		// Another receiver: the stored headers are not sent to it.
		const moved = await runMessaging(fake, { parameters: set('webhook', { transportSettings: { url: 'https://crm.example.com/hook', byEvents: true } }) });
		expect(requests()).toEqual([
			['GET', '/webhook/find/sales', undefined],
			['POST', '/webhook/set/sales', { webhook: { enabled: false, events: [], url: 'https://n8n.example.com/webhook/abc/messaging' } }],
			['GET', '/webhook/find/sales', undefined],
			['POST', '/webhook/set/sales', { webhook: { enabled: true, events: ['MESSAGES_UPSERT'], url: 'https://n8n.example.com/webhook/abc/messaging' } }],
			['GET', '/webhook/find/sales', undefined],
			[
				'POST',
				'/webhook/set/sales',
				{ webhook: { enabled: true, events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'], url: 'https://crm.example.com/hook', byEvents: true, headers: {} } },
			],
		]);
		// The headers' names only: their values may be secrets.
		expect(moved.items[0].json).toMatchObject({ url: 'https://crm.example.com/hook', webhookByEvents: true, headerNames: [] });
		expect(JSON.stringify(again.items)).not.toContain('s3cret');
		expect(again.items[0].json.headerNames).toEqual(['x-n8n-messaging-secret']);
	});

	it('Webhook: turning one on with no URL, given or stored, fails after the read and sets nothing', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: set('webhook') });
		expect(stopError(result).message).toBe('Webhook URL is not given, and instance "sales" has none stored: nothing was set [item 0]');
		expect(requests()).toEqual([['GET', '/webhook/find/sales', undefined]]);
	});

	it('Pusher: sends the whole app, the stored values for what was not given; the secret stays out of the item', async () => {
		const { fake } = state;
		const app = { appId: '1780045', key: 'a1b2c3', secret: 'pusher-secret', cluster: 'us2', useTLS: true };
		const first = await runMessaging(fake, { parameters: set('pusher', { transportSettings: app }) });
		expect(first.error).toBeUndefined();
		const off = await runMessaging(fake, { parameters: set('pusher', { enabled: false }) });
		expect(off.error).toBeUndefined();
		expect(requests().filter(([method]) => method === 'POST')).toEqual([
			['POST', '/pusher/set/sales', { pusher: { enabled: true, events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'], ...app } }],
			['POST', '/pusher/set/sales', { pusher: { enabled: false, events: [], ...app } }],
		]);
		expect(off.items[0].json).toMatchObject({ enabled: false, appId: '1780045', key: 'a1b2c3', cluster: 'us2', useTLS: true });
		expect(JSON.stringify([first.items, off.items])).not.toContain('pusher-secret');
		const noApp = await runMessaging(fake, { parameters: set('pusher', { instanceName: instance('Support Team'), transportSettings: { appId: '1' } }) });
		expect(stopError(noApp).message).toBe('Key is not given, and instance "Support Team" has none stored: nothing was set [item 0]');
	});
});

describe('Integration → Get Event Transport', () => {
	it('GETs the row; a transport never set gives enabled false', async () => {
		const { fake } = state;
		await runMessaging(fake, { parameters: set('sqs') });
		const stored = await runMessaging(fake, { parameters: get('sqs') });
		const never = await runMessaging(fake, { parameters: get('nats') });
		expect(requests().slice(1)).toEqual([
			['GET', '/sqs/find/sales', undefined],
			['GET', '/nats/find/sales', undefined],
		]);
		expect(stored.items[0].json).toMatchObject({ enabled: true, events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'] });
		expect(never.items).toEqual([{ json: { enabled: false, events: [] }, pairedItem: { item: 0 } }]);
	});

	it('says the server has the transport turned off (an empty answer), naming its .env setting', async () => {
		const { fake } = state;
		fake.integrations.off.add('rabbitmq');
		const result = await runMessaging(fake, { parameters: get('rabbitmq') });
		const error = stopError(result);
		expect(error.message).toBe('The server has RabbitMQ turned off: it answered instance "sales" with nothing (200) [item 0]');
		expect(error.description).toMatch(/RABBITMQ_ENABLED is not true/);
		const set_ = await runMessaging(fake, { parameters: set('rabbitmq') });
		expect(stopError(set_).message).toBe('The server has RabbitMQ turned off: it answered instance "sales" with nothing (201) [item 0]');
	});

	it('says which release brought Kafka when the server has no such route, and keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		fake.failNext(404, { status: 404, error: 'Not Found', response: { message: ['Cannot GET /kafka/find/sales'] } });
		const result = await runMessaging(fake, {
			parameters: get('kafka', { instanceName: instance('={{ $json.name }}', 'name') }),
			items: itemsOf({ name: 'sales' }, { name: 'Support Team' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.enabled])).toEqual([
			[{ item: 0 }, 'The server has no Kafka routes (404: Cannot GET /kafka/find/sales) [item 0]'],
			[{ item: 1 }, false],
		]);
		expect(result.items[0].error?.description).toBe('Kafka came with Evolution API 2.3.4: update the server, or pick another.');
	});
});
