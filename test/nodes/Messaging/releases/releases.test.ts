// The Messaging node and trigger against the fake playing each release it is read against (2.3.6,
// 2.3.7, 2.4.0-rc2; fakes/evolution/release.ts): one meaning of the trigger's chat and sender on
// each, every event choice published on each, and the event names each release accepts.
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { eventsOf, RELEASES } from '../../../../fakes/evolution';
import { textMessageData } from '../../../../fakes/evolution/events';
import { TRIGGER_EVENTS } from '../../../../nodes/Messaging/trigger/events';
import { instance, itemsOf, runMessaging, stopError } from '../helpers';
import { activeTrigger, trigger, useEvolutionFake, webhookSets } from '../trigger/helpers';

const state = useEvolutionFake();

/** The Evolution events each trigger event's webhook subscribes to, written out ('all': none, which is every one). */
const SUBSCRIBED: Record<string, string[]> = {
	messageReceived: ['MESSAGES_UPSERT'],
	messageSent: ['MESSAGES_UPSERT', 'SEND_MESSAGE'],
	messageStatus: ['MESSAGES_UPDATE'],
	messageEdited: ['MESSAGES_EDITED', 'SEND_MESSAGE_UPDATE'],
	messageDeleted: ['MESSAGES_DELETE'],
	call: ['CALL'],
	presence: ['PRESENCE_UPDATE'],
	connectionUpdate: ['CONNECTION_UPDATE'],
	qrCodeUpdated: ['QRCODE_UPDATED'],
	groupParticipants: ['GROUP_PARTICIPANTS_UPDATE'],
	contacts: ['CONTACTS_UPDATE', 'CONTACTS_UPSERT'],
	labels: ['LABELS_ASSOCIATION', 'LABELS_EDIT'],
	all: [],
};

const LID = '123456789012345@lid';
const PHONE = '51912345678';

describe.each(RELEASES)('Evolution %s', (release) => {
	it("gives a direct chat's message the same chatJid, senderJid and senderPhone, and the @lid where the release delivers it", async () => {
		const { fake } = state;
		fake.release = release;
		const harness = await activeTrigger(fake);
		await fake.deliver('sales', 'messages.upsert', textMessageData('Hola', { lid: LID, from: PHONE }));
		await fake.deliver('sales', 'messages.upsert', textMessageData('Hola', { from: PHONE }));
		const [byLid, byPhone] = harness.deliveries.map((delivery) => delivery.items?.[0].json as IDataObject);
		const same = { chatJid: `${PHONE}@s.whatsapp.net`, senderJid: `${PHONE}@s.whatsapp.net`, senderPhone: PHONE, isGroup: false };
		// 2.3.7 puts the phone in remoteJid and remoteJidAlt both: its deliveries lose the @lid.
		expect(byLid).toMatchObject({ ...same, senderLid: release === '2.3.7' ? null : LID });
		expect(byPhone).toMatchObject({ ...same, senderLid: null });
		if (release === '2.4.0-rc2') expect(fake.webhookAttempts[0].headers['X-Event-Type']).toBe('messages.upsert');
	});

	it("gives a history sync's state under All Events where the release sends it (2.3.7 on)", async () => {
		const { fake } = state;
		fake.release = release;
		const harness = await activeTrigger(fake, { events: ['all'] });
		await fake.deliver('sales', 'messages.set', [textMessageData('Hola', { from: PHONE })]);
		const item = harness.deliveries.at(-1)?.items?.[0].json as IDataObject;
		expect(item).toMatchObject({ event: 'messages.set', instance: 'sales' });
		if (release === '2.3.6') expect(item).not.toHaveProperty('isLatest');
		else expect(item).toMatchObject({ isLatest: true, progress: 100, raw: expect.objectContaining({ isLatest: true, progress: 100 }) });
	});

	it.each(TRIGGER_EVENTS.map((event) => event.value))('publishes the trigger with %s', async (event) => {
		const { fake } = state;
		fake.release = release;
		const harness = await trigger(fake, { events: [event] });
		await harness.activate();
		const stored = fake.webhooks.get('sales')!;
		const sent = (webhookSets(fake)[0].webhook as { events: string[] }).events;
		expect(sent).toEqual(SUBSCRIBED[event]);
		// The release stored what was sent; for All Events, every event it has.
		expect(stored.events).toEqual(event === 'all' ? eventsOf(release) : SUBSCRIBED[event]);
		// Published again (n8n restarting), the webhook found is this one: nothing set twice.
		await harness.activate('init');
		expect(webhookSets(fake)).toHaveLength(1);
	});

	it('sets a transport with MESSAGING_HISTORY_SET only where the release has it, asking GET / once per run', async () => {
		const { fake } = state;
		fake.release = release;
		const parameters = { resource: 'integration', operation: 'setEventTransport', instanceName: instance('sales'), transport: 'rabbitmq', enabled: true, events: ['MESSAGES_UPSERT', 'MESSAGING_HISTORY_SET'] };
		const result = await runMessaging(fake, { parameters, items: itemsOf({}, {}), continueOnFail: true });
		const paths = fake.requests.map((request) => request.path);
		if (release === '2.4.0-rc2') {
			expect(result.items.map((item) => item.json.events)).toEqual([parameters.events, parameters.events]);
			expect(paths).toEqual(['/', '/rabbitmq/set/sales', '/rabbitmq/set/sales']);
		} else {
			expect(result.items.map((item) => item.json.error)).toEqual(
				[0, 1].map((item) => `Events holds MESSAGING_HISTORY_SET (Evolution 2.4.0 on), which this server (Evolution ${release}) does not have: nothing was set [item ${item}]`),
			);
			expect(paths).toEqual(['/']);
		}
		fake.requests.length = 0;
		// The events of 2.1 on need no release.
		const older = await runMessaging(fake, { parameters: { ...parameters, events: ['MESSAGES_UPSERT'] } });
		expect(older.error).toBeUndefined();
		expect(fake.requests.map((request) => request.path)).toEqual(['/rabbitmq/set/sales']);
	});
});

describe('a server that does not name its release', () => {
	it('is sent the events as they are, and its refusal explained', async () => {
		const { fake } = state;
		fake.failNext(404, '<h1>Not Found</h1>', 1, (request) => request.path === '/');
		const result = await runMessaging(fake, {
			parameters: { resource: 'integration', operation: 'setEventTransport', instanceName: instance('sales'), transport: 'nats', enabled: true, events: ['MESSAGING_HISTORY_SET'] },
		});
		const error = stopError(result);
		expect(error.message).toMatch(/^The server rejected the request to instance "sales" \(400: nats\.events\[0\] is not one of enum values: APPLICATION_STARTUP,.*\) \[item 0\]$/);
		expect(error.description).toBe('Correct what the server names and run again.');
		expect(fake.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			['GET', '/', undefined],
			['POST', '/nats/set/sales', { nats: { enabled: true, events: ['MESSAGING_HISTORY_SET'] } }],
		]);
	});
});
