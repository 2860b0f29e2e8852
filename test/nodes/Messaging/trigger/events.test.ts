// The Messaging Trigger's other events, delivered by the Evolution fake over real HTTP as Evolution
// 2.3.6 builds them: edits, deletions, calls, presence, contacts, labels and the QR code as a PNG;
// and a delivery lacking what its kind must carry, answered 400 without starting anything.
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { SEEDED_PNG } from '../../../../fakes/evolution';
import { withEvolutionFakes } from '../../../harness/evolutionFake';
import {
	callData,
	connectionUpdateData,
	contactsData,
	deletedMessageKeyData,
	editedMessageData,
	groupParticipantsData,
	labelAssociationData,
	labelEditData,
	presenceData,
	qrCodeData,
	statusUpdateData,
	textMessageData,
} from '../../../../fakes/evolution/events';
import { ALL_EVOLUTION_EVENTS, NEWER_EVENTS, TRIGGER_EVENTS } from '../../../../nodes/Messaging/trigger/events';
import { instance, runMessaging } from '../helpers';
import { activeTrigger, GROUP, registeredSecret, started, startedJson, useEvolutionFake, webhookSets } from './helpers';

const state = useEvolutionFake();

describe('Messaging Trigger: what each new event subscribes to', () => {
	it("asks Evolution for the events each choice needs: those 2.1 on accept, and a later release's where the server has it", async () => {
		await activeTrigger(state.fake, { events: ['messageEdited', 'messageDeleted', 'call', 'presence', 'contacts', 'labels'] });
		expect(webhookSets(state.fake).at(-1)).toMatchObject({
			webhook: {
				events: ['CALL', 'CONTACTS_UPDATE', 'CONTACTS_UPSERT', 'LABELS_ASSOCIATION', 'LABELS_EDIT', 'MESSAGES_DELETE', 'MESSAGES_EDITED', 'PRESENCE_UPDATE', 'SEND_MESSAGE_UPDATE'],
			},
		});
		for (const event of TRIGGER_EVENTS) for (const name of event.subscribes) expect([...ALL_EVOLUTION_EVENTS, ...Object.keys(NEWER_EVENTS)]).toContain(name);
	});
});

describe('Messaging Trigger: Message Edited on each release (SEND_MESSAGE_UPDATE, 2.3.0 on)', () => {
	it("asks the server's release first, and subscribes to edits made through the API on 2.3 (and only then)", async () => {
		await activeTrigger(state.fake, { events: ['messageEdited'] });
		// checkExists finds no webhook (no release asked); create asks it just before setting.
		expect(state.fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /webhook/find/sales', 'GET /webhook/find/sales', 'GET /', 'POST /webhook/set/sales']);
		expect(webhookSets(state.fake)[0].webhook).toMatchObject({ events: ['MESSAGES_EDITED', 'SEND_MESSAGE_UPDATE'] });
		expect(state.fake.webhooks.get('sales')!.events).toEqual(['MESSAGES_EDITED', 'SEND_MESSAGE_UPDATE']);
	});

	it('leaves it out on a 2.2 server (whose webhook refuses the name), and where GET / names no release', async () => {
		await withEvolutionFakes([{ serverVersion: '2.2.3' }], async ([old]) => {
			await activeTrigger(old, { events: ['messageEdited', 'messageReceived'] });
			expect(webhookSets(old)[0].webhook).toMatchObject({ events: ['MESSAGES_EDITED', 'MESSAGES_UPSERT'] });
			// The fake plays 2.2's list: the name a 2.3 server takes is refused there.
			const refused = await fetch(`${old.url}/webhook/set/sales`, {
				method: 'POST',
				headers: { apikey: old.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ webhook: { enabled: true, url: 'https://example.com/hook', events: ['SEND_MESSAGE_UPDATE'] } }),
			});
			expect(refused.status).toBe(400);
		});
		state.fake.failNext(200, '<html><title>Proxy</title></html>', 1, (request) => request.path === '/');
		await activeTrigger(state.fake, { events: ['messageEdited'] });
		expect(webhookSets(state.fake)[0].webhook).toMatchObject({ events: ['MESSAGES_EDITED'] });
	});

	it('finds its webhook in place on a restart (the release asked once, nothing set), and sets one registered without SEND_MESSAGE_UPDATE again', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageEdited'] });
		state.fake.requests.length = 0;
		await harness.activate('init');
		expect(state.fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /webhook/find/sales', 'GET /']);
		// A webhook the node registered before it subscribed to API edits.
		state.fake.webhooks.get('sales')!.events = ['MESSAGES_EDITED'];
		await harness.activate('init');
		expect(webhookSets(state.fake).map((body) => (body.webhook as { events: string[] }).events)).toEqual([['MESSAGES_EDITED', 'SEND_MESSAGE_UPDATE']]);
		expect(state.fake.webhooks.get('sales')!.events).toEqual(['MESSAGES_EDITED', 'SEND_MESSAGE_UPDATE']);
	});

	it('gives an edit made through the API (send.message.update, the protocol message alone) as the Message Edited item', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageEdited'] });
		const edit = { key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true, id: '3EB0SENT00000000000001' }, type: 'MESSAGE_EDIT', editedMessage: { extendedTextMessage: { text: 'Precio corregido: S/ 120' } }, timestampMs: '1763740800000' };
		await state.fake.deliver('sales', 'send.message.update', edit);
		expect(startedJson(harness)).toEqual({
			event: 'send.message.update',
			instance: 'sales',
			messageId: '3EB0SENT00000000000001',
			chatJid: '51987654321@s.whatsapp.net',
			isGroup: false,
			fromMe: true,
			senderPhone: null,
			text: 'Precio corregido: S/ 120',
			editedAt: '2025-11-21T16:00:00.000Z',
			raw: expect.objectContaining({ event: 'send.message.update', data: edit }),
		});
	});

	it('starts once for this number\'s Message → Edit: the fake emits send.message.update as 2.3 does', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageEdited'] });
		const sent = await runMessaging(state.fake, {
			parameters: { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: '51987654321', text: 'Precio: S/ 100' },
		});
		const key = (sent.items[0].json as { key: { id: string } }).key;
		const edited = await runMessaging(state.fake, {
			parameters: { resource: 'message', operation: 'edit', instanceName: instance('sales'), text: 'Precio: S/ 120' },
			items: [{ json: sent.items[0].json }],
		});
		expect(edited.error).toBeUndefined();
		await state.fake.pendingDeliveries();
		expect(harness.deliveries.map((delivery) => delivery.items?.length)).toEqual([1]);
		expect(startedJson(harness)).toMatchObject({ event: 'send.message.update', messageId: key.id, chatJid: '51987654321@s.whatsapp.net', fromMe: true, text: 'Precio: S/ 120' });
	});
});

describe('Messaging Trigger: Message Edited', () => {
	it('gives the message edited, who edited it and its new text; a retry starts nothing', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageEdited'] });
		const data = editedMessageData('3EB0EDITED0000000000001', 'Mejor el martes', { from: '51912345678', timestamp: 1763740800 });
		const first = await state.fake.deliver('sales', 'messages.edited', data);
		expect(startedJson(harness)).toEqual({
			event: 'messages.edited',
			instance: 'sales',
			messageId: '3EB0EDITED0000000000001',
			chatJid: '51912345678@s.whatsapp.net',
			isGroup: false,
			fromMe: false,
			senderPhone: '51912345678',
			text: 'Mejor el martes',
			editedAt: '2025-11-21T16:00:00.000Z',
			raw: expect.objectContaining({ event: 'messages.edited', data }),
		});
		await state.fake.deliver('sales', 'messages.edited', null, { envelope: first.envelope });
		expect(started(harness)).toBeUndefined();
		expect(harness.deliveries.filter((delivery) => delivery.items)).toHaveLength(1);
	});

	it('reads a caption edit and a group participant; Ignore Groups and Ignore Messages Sent by This Number apply', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageEdited'], options: { ignoreGroups: true, ignoreFromMe: true } });
		const caption = { ...editedMessageData('3EB0EDITED0000000000002', ''), editedMessage: { imageMessage: { caption: 'Recibo corregido' } } };
		await state.fake.deliver('sales', 'messages.edited', caption);
		expect(startedJson(harness)).toMatchObject({ text: 'Recibo corregido' });
		await state.fake.deliver('sales', 'messages.edited', editedMessageData('3EB0EDITED0000000000003', 'x', { group: GROUP, from: '51912345678' }));
		expect(harness.deliveries.at(-1)?.body).toMatchObject({ started: false, reason: 'filtered out: in a group' });
		await state.fake.deliver('sales', 'messages.edited', editedMessageData('3EB0EDITED0000000000004', 'x', { fromMe: true }));
		expect(harness.deliveries.at(-1)?.body).toMatchObject({ started: false, reason: 'filtered out: made by this number' });

		const inGroups = await activeTrigger(state.fake, { events: ['messageEdited'] });
		await state.fake.deliver('sales', 'messages.edited', editedMessageData('3EB0EDITED0000000000005', 'y', { group: GROUP, from: '51912345678' }));
		expect(startedJson(inGroups)).toMatchObject({ chatJid: GROUP, isGroup: true, senderPhone: '51912345678', text: 'y' });
	});
});

describe('Messaging Trigger: Message Deleted', () => {
	it('gives the key of a deletion WhatsApp reports', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageDeleted'] });
		await state.fake.deliver('sales', 'messages.delete', deletedMessageKeyData('3EB0GONE000000000000001', { from: '51912345678' }));
		expect(startedJson(harness)).toMatchObject({
			event: 'messages.delete',
			messageId: '3EB0GONE000000000000001',
			chatJid: '51912345678@s.whatsapp.net',
			isGroup: false,
			fromMe: false,
			senderPhone: '51912345678',
		});
	});

	it("starts once for this number's Delete for Everyone: the message's ID from the stored row's key, not the row's", async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageDeleted'] });
		const sent = await runMessaging(state.fake, {
			parameters: { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: '51987654321', text: 'Precio equivocado' },
		});
		const key = (sent.items[0].json as { key: { id: string } }).key;
		const deleted = await runMessaging(state.fake, { parameters: { resource: 'message', operation: 'deleteForEveryone', instanceName: instance('sales') }, items: [{ json: sent.items[0].json }] });
		expect(deleted.error).toBeUndefined();
		await state.fake.pendingDeliveries();
		expect(harness.deliveries.map((delivery) => delivery.items?.length)).toEqual([1]);
		expect(startedJson(harness)).toMatchObject({ event: 'messages.delete', messageId: key.id, chatJid: '51987654321@s.whatsapp.net', fromMe: true, senderPhone: null });
		expect((startedJson(harness)?.raw as IDataObject).data).toMatchObject({ status: 'DELETED', key: { id: key.id, deleted: true } });
	});

	it('takes a deletion that arrives as an edit of type REVOKE as a deletion, once with the messages.delete of the same message', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageEdited', 'messageDeleted'] });
		const revoke = { key: deletedMessageKeyData('3EB0GONE000000000000002', { from: '51912345678' }), type: 'REVOKE' };
		await state.fake.deliver('sales', 'messages.edited', revoke);
		expect(startedJson(harness)).toMatchObject({ event: 'messages.edited', messageId: '3EB0GONE000000000000002', senderPhone: '51912345678' });
		expect(startedJson(harness)).not.toHaveProperty('text');
		await state.fake.deliver('sales', 'messages.delete', deletedMessageKeyData('3EB0GONE000000000000002', { from: '51912345678' }));
		expect(harness.deliveries.at(-1)?.body).toMatchObject({ started: false, reason: 'already received (deleted:3EB0GONE000000000000002)' });
	});
});

describe('Messaging Trigger: Incoming Call', () => {
	it('gives the caller (also behind an @lid), video or voice, and each change of the call once', async () => {
		const harness = await activeTrigger(state.fake, { events: ['call'] });
		const offer = callData('offer', { id: 'CALL0001', lid: '201234567890123@lid', from: '51912345678', isVideo: true });
		await state.fake.deliver('sales', 'call', offer);
		expect(startedJson(harness)).toEqual({
			event: 'call',
			instance: 'sales',
			callId: 'CALL0001',
			status: 'offer',
			callerJid: '201234567890123@lid',
			callerPhone: '51912345678',
			isVideo: true,
			isGroup: false,
			groupJid: null,
			chatJid: '201234567890123@lid',
			timestamp: offer.date,
			offline: false,
			raw: expect.objectContaining({ event: 'call', data: offer }),
		});
		await state.fake.deliver('sales', 'call', offer);
		expect(started(harness)).toBeUndefined();
		await state.fake.deliver('sales', 'call', { ...offer, status: 'timeout' });
		expect(startedJson(harness)).toMatchObject({ callId: 'CALL0001', status: 'timeout' });
		expect(harness.deliveries.filter((delivery) => delivery.items)).toHaveLength(2);
	});
});

describe('Messaging Trigger: Presence Update', () => {
	it("gives who is typing in a direct chat, and everyone's presence in a group unless Ignore Groups", async () => {
		const harness = await activeTrigger(state.fake, { events: ['presence'] });
		await state.fake.deliver('sales', 'presence.update', presenceData('51912345678', { '51912345678': 'composing' }));
		expect(startedJson(harness)).toMatchObject({
			event: 'presence.update',
			chatJid: '51912345678@s.whatsapp.net',
			isGroup: false,
			phone: '51912345678',
			presence: 'composing',
			lastSeen: null,
			presences: [{ jid: '51912345678@s.whatsapp.net', phone: '51912345678', presence: 'composing', lastSeen: null }],
		});
		await state.fake.deliver('sales', 'presence.update', presenceData(GROUP, { '51912345678': 'unavailable', '51987654321': 'recording' }, 1763740800));
		expect(startedJson(harness)).toMatchObject({
			chatJid: GROUP,
			isGroup: true,
			phone: '51912345678',
			presence: 'unavailable',
			lastSeen: '2025-11-21T16:00:00.000Z',
			presences: [expect.objectContaining({ phone: '51912345678' }), expect.objectContaining({ phone: '51987654321', presence: 'recording' })],
		});

		const noGroups = await activeTrigger(state.fake, { events: ['presence'], options: { ignoreGroups: true } });
		await state.fake.deliver('sales', 'presence.update', presenceData(GROUP, { '51912345678': 'composing' }));
		expect(noGroups.deliveries.at(-1)?.body).toMatchObject({ started: false, reason: 'filtered out: in a group' });
	});
});

describe('Messaging Trigger: Contacts Update', () => {
	it('gives one item per contact, each with its own contact as raw data', async () => {
		const harness = await activeTrigger(state.fake, { events: ['contacts'] });
		const contacts = contactsData([
			{ phone: '51912345678', name: 'Ana Torres', picture: 'https://pps.whatsapp.net/v/ana.jpg' },
			{ phone: '51987654321', name: 'Luis Paredes' },
			{ jid: '201234567890123@lid', name: 'Sin número' },
		]);
		await state.fake.deliver('sales', 'contacts.update', contacts);
		const contactItems = started(harness)!.map((item) => item.json);
		expect(contactItems.map(({ raw, ...fields }) => fields)).toEqual([
			{ event: 'contacts.update', instance: 'sales', contactJid: '51912345678@s.whatsapp.net', phone: '51912345678', name: 'Ana Torres', profilePictureUrl: 'https://pps.whatsapp.net/v/ana.jpg', action: 'update' },
			{ event: 'contacts.update', instance: 'sales', contactJid: '51987654321@s.whatsapp.net', phone: '51987654321', name: 'Luis Paredes', profilePictureUrl: null, action: 'update' },
			{ event: 'contacts.update', instance: 'sales', contactJid: '201234567890123@lid', phone: null, name: 'Sin número', profilePictureUrl: null, action: 'update' },
		]);
		expect(contactItems.map((item) => (item.raw as IDataObject).data)).toEqual(contacts);
	});

	it('reads a single new contact (contacts.upsert of a first message), and starts nothing for an empty list', async () => {
		const harness = await activeTrigger(state.fake, { events: ['contacts'] });
		await state.fake.deliver('sales', 'contacts.upsert', contactsData([{ phone: '51912345678', name: 'Ana' }])[0]);
		expect(started(harness)?.map((item) => item.json)).toEqual([expect.objectContaining({ phone: '51912345678', name: 'Ana', action: 'add' })]);
		await state.fake.deliver('sales', 'contacts.update', []);
		expect(harness.deliveries.at(-1)).toMatchObject({ status: 200, body: { started: false, reason: 'contacts.update with no contacts' } });
		expect(started(harness)).toBeUndefined();
	});
});

describe('Messaging Trigger: Labels Update', () => {
	it('gives a label edited or deleted, and a label put on or taken off a chat', async () => {
		const harness = await activeTrigger(state.fake, { events: ['labels'] });
		await state.fake.deliver('sales', 'labels.edit', labelEditData('sales', { id: '5', name: 'Pagado', color: 3 }));
		expect(startedJson(harness)).toMatchObject({ event: 'labels.edit', labelId: '5', labelName: 'Pagado', color: '3', action: 'edit', chatJid: null });
		await state.fake.deliver('sales', 'labels.edit', labelEditData('sales', { id: '5', name: 'Pagado', color: 3, deleted: true }));
		expect(startedJson(harness)).toMatchObject({ labelId: '5', action: 'delete' });
		await state.fake.deliver('sales', 'labels.association', labelAssociationData('sales', 'add', '51912345678', '5'));
		expect(startedJson(harness)).toMatchObject({ event: 'labels.association', labelId: '5', labelName: null, action: 'add', chatJid: '51912345678@s.whatsapp.net', isGroup: false });
		await state.fake.deliver('sales', 'labels.association', labelAssociationData('sales', 'remove', GROUP, '5'));
		expect(startedJson(harness)).toMatchObject({ action: 'remove', chatJid: GROUP, isGroup: true });
	});
});

describe('Messaging Trigger: QR Code Updated', () => {
	it('carries the QR code as a PNG file in binary data, named for the instance', async () => {
		const harness = await activeTrigger(state.fake, { events: ['qrCodeUpdated'] });
		const data = { qrcode: { ...qrCodeData('sales').qrcode, base64: `data:image/png;base64,${SEEDED_PNG.toString('base64')}` } };
		await state.fake.deliver('sales', 'qrcode.updated', data);
		const [item] = started(harness)!;
		expect(item.json).toMatchObject({ qrCode: data.qrcode.code, pairingCode: null, error: null });
		expect(item.binary?.data).toMatchObject({ mimeType: 'image/png', fileName: 'sales-qr.png', fileExtension: 'png' });
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it('says why when the instance used up its QR codes (no code, no file)', async () => {
		const harness = await activeTrigger(state.fake, { events: ['qrCodeUpdated'] });
		await state.fake.deliver('sales', 'qrcode.updated', { message: 'QR code limit reached, please login again', statusCode: 500 });
		const [item] = started(harness)!;
		expect(item.json).toMatchObject({ qrCode: null, qrCodeImage: null, error: 'QR code limit reached, please login again' });
		expect(item.binary).toBeUndefined();
	});
});

describe('Messaging Trigger: a delivery without what its kind must carry', () => {
	const message = textMessageData('Hola', { id: '3EB0NOKEY00000000000001' });
	const cases: [string, string, string, unknown, RegExp][] = [
		['messageReceived', 'messages.upsert', 'no data', null, /data\.key\.id \(the message's ID\)/],
		['messageReceived', 'messages.upsert', 'a key without ID', { ...message, key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: false } }, /data\.key\.id/],
		['messageReceived', 'messages.upsert', 'a key without chat', { ...message, key: { id: 'X1', fromMe: false } }, /data\.key\.remoteJid \(its chat\)/],
		['messageSent', 'send.message', 'no key', { message: { conversation: 'Hola' } }, /data\.key\.id/],
		['messageStatus', 'messages.update', 'no message ID', { ...statusUpdateData('X', 'READ'), keyId: undefined }, /data\.keyId \(the message's ID\)/],
		['messageStatus', 'messages.update', 'no status', { ...statusUpdateData('X', 'READ'), status: undefined }, /data\.status \(the new status\)/],
		['messageEdited', 'messages.edited', 'no key', { type: 'MESSAGE_EDIT', editedMessage: { conversation: 'x' } }, /data\.key\.id/],
		['messageDeleted', 'messages.delete', 'no ID', { remoteJid: '51987654321@s.whatsapp.net', fromMe: false }, /data\.id \(the message's ID\)/],
		['messageDeleted', 'messages.delete', 'a stored row whose key has no ID', { id: 'row-1', key: { remoteJid: '51987654321@s.whatsapp.net' } }, /data\.key\.id/],
		['call', 'call', 'no caller', { ...callData('offer'), from: undefined }, /data\.from \(the caller\)/],
		['presence', 'presence.update', 'no presences', { id: '51987654321@s.whatsapp.net' }, /data\.presences/],
		['contacts', 'contacts.update', 'a contact without address', [{ pushName: 'Ana' }], /data\[0\]\.remoteJid/],
		['contacts', 'contacts.upsert', 'no data', null, /data \(the contacts\)/],
		['labels', 'labels.edit', 'no label ID', { name: 'Pagado', color: 1 }, /data\.id \(the label\)/],
		['labels', 'labels.association', 'no chat', { type: 'add', labelId: '1' }, /data\.chatId \(the chat\)/],
		['connectionUpdate', 'connection.update', 'no state', { ...connectionUpdateData('sales', 'open'), state: undefined }, /data\.state/],
		['qrCodeUpdated', 'qrcode.updated', 'no code', { qrcode: { base64: 'data:image/png;base64,AAAA' } }, /data\.qrcode\.code/],
		['groupParticipants', 'group-participants.update', 'no participants', { ...groupParticipantsData(GROUP, 'add', []), participants: undefined }, /data\.participants/],
		['all', 'messages.upsert', 'no data (All Events too)', null, /data\.key\.id/],
	];

	it.each(cases)('%s: %s with %s is answered 400 saying what is missing, twice, and starts nothing', async (event, name, _, data, missing) => {
		const harness = await activeTrigger(state.fake, { events: [event] });
		const secret = registeredSecret(state.fake)!;
		for (let attempt = 0; attempt < 2; attempt++) {
			const delivery = await harness.deliver({ event: name, instance: 'sales', data, date_time: '2026-11-25T10:00:00.000Z' }, { 'x-n8n-messaging-secret': secret });
			expect(delivery.status).toBe(400);
			expect(delivery.items).toBeUndefined();
			expect(String((delivery.body as IDataObject).message)).toMatch(missing);
			expect(String((delivery.body as IDataObject).message)).toContain(`A ${name} event without`);
		}
	});

	it('the same events with what they must carry start the workflow (the table above is not failing for another reason)', async () => {
		const harness = await activeTrigger(state.fake, { events: ['all'] });
		const complete: [string, unknown][] = [
			['messages.upsert', message],
			['messages.update', statusUpdateData('X', 'READ')],
			['messages.edited', editedMessageData('X2', 'x')],
			['messages.delete', deletedMessageKeyData('X3')],
			['call', callData('offer')],
			['presence.update', presenceData('51987654321', { '51987654321': 'available' })],
			['contacts.update', contactsData([{ phone: '51987654321' }])],
			['labels.edit', labelEditData('sales', { id: '1', name: 'Nuevo', color: 1 })],
			['labels.association', labelAssociationData('sales', 'add', '51987654321', '1')],
			['connection.update', connectionUpdateData('sales', 'open')],
			['qrcode.updated', qrCodeData('sales')],
			['group-participants.update', groupParticipantsData(GROUP, 'add', ['51912345678'])],
		];
		for (const [name, data] of complete) {
			const outcome = await state.fake.deliver('sales', name, data);
			expect(outcome.statuses, name).toEqual([200]);
			expect(harness.deliveries.at(-1)?.items, name).toHaveLength(1);
		}
	});
});
