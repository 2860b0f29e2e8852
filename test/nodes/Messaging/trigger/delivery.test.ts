// Deliveries from the Evolution fake (real HTTP, Evolution's envelope, headers and retries) to the
// Messaging Trigger: the secret, the normalised fields, media as binary data, repeats and filters.
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { SEEDED_MESSAGES, SEEDED_PDF, SEEDED_PNG } from '../../../../fakes/evolution';
import {
	connectionUpdateData,
	groupParticipantsData,
	mediaMessageData,
	qrCodeData,
	statusUpdateData,
	textMessageData,
} from '../../../../fakes/evolution/events';
import { runMessaging, recipient } from '../helpers';
import { activeTrigger, GROUP, instance, registeredSecret, started, startedJson, useEvolutionFake } from './helpers';

const state = useEvolutionFake();

describe('Messaging Trigger: verification', () => {
	it('starts the workflow for a delivery carrying the secret Evolution was given', async () => {
		const harness = await activeTrigger(state.fake);
		const outcome = await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola'));
		expect(outcome).toMatchObject({ delivered: true, statuses: [200] });
		expect(state.fake.webhookAttempts[0].headers['x-n8n-messaging-secret']).toBe(registeredSecret(state.fake));
		expect(started(harness)).toHaveLength(1);
	});

	it.each([
		['no secret header', {}],
		['a wrong secret', { 'x-n8n-messaging-secret': 'x'.repeat(40) }],
		['a secret of another length', { 'x-n8n-messaging-secret': 'short' }],
	])('answers 401 to %s and starts nothing', async (_, headers) => {
		const harness = await activeTrigger(state.fake);
		const delivery = await harness.deliver({ event: 'messages.upsert', instance: 'sales', data: textMessageData('Hola') }, headers);
		expect(delivery.status).toBe(401);
		expect(delivery.items).toBeUndefined();
		expect(JSON.stringify(delivery.body)).toMatch(/x-n8n-messaging-secret/);
	});

	it('answers 401 when no webhook was registered (no secret yet), and Evolution does not retry a 401', async () => {
		const harness = await activeTrigger(state.fake);
		state.fake.webhooks.get('sales')!.headers = { 'x-n8n-messaging-secret': 'stolen-or-stale' };
		const outcome = await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola'));
		expect(outcome.statuses).toEqual([401]);
		expect(started(harness)).toBeUndefined();
	});

	it('answers 400 to a body that is not an Evolution event', async () => {
		const harness = await activeTrigger(state.fake);
		const secret = registeredSecret(state.fake)!;
		const delivery = await harness.deliver({ hello: 'world' }, { 'x-n8n-messaging-secret': secret });
		expect(delivery).toMatchObject({ status: 400, items: undefined });
	});
});

describe('Messaging Trigger: the item of a message', () => {
	it('maps a received text: who, where, what, when; the raw event without the API key', async () => {
		const harness = await activeTrigger(state.fake);
		const data = textMessageData('Quiero consultar el RUC 20131312955', { id: '3EB0AAAA1111BBBB2222CC', timestamp: 1763740800 });
		const outcome = await state.fake.deliver('sales', 'messages.upsert', data);
		expect(startedJson(harness)).toEqual({
			event: 'messages.upsert',
			instance: 'sales',
			messageId: '3EB0AAAA1111BBBB2222CC',
			chatJid: '51987654321@s.whatsapp.net',
			isGroup: false,
			fromMe: false,
			senderPhone: '51987654321',
			senderJid: '51987654321@s.whatsapp.net',
			senderLid: null,
			senderName: 'Ana Torres',
			text: 'Quiero consultar el RUC 20131312955',
			messageType: 'text',
			timestamp: '2025-11-21T16:00:00.000Z',
			quotedMessageId: null,
			raw: { ...outcome.envelope, apikey: undefined },
		});
		expect(outcome.envelope.apikey).toBe('sales-token');
		expect(JSON.stringify(started(harness))).not.toContain('sales-token');
		expect(Object.keys(startedJson(harness)!.raw as IDataObject)).not.toContain('apikey');
	});

	it('gives the quoted message id of a reply', async () => {
		const harness = await activeTrigger(state.fake);
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('Sí, ese', { quotedId: '3EB0QUOTED000000000001' }));
		expect(startedJson(harness)).toMatchObject({ text: 'Sí, ese', quotedMessageId: '3EB0QUOTED000000000001' });
	});

	it('resolves an @lid sender to the phone Evolution gives as remoteJidAlt: the chat and sender by phone JID, the @lid beside', async () => {
		const harness = await activeTrigger(state.fake);
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola', { lid: '123456789012345@lid', from: '51912345678' }));
		expect(startedJson(harness)).toMatchObject({
			chatJid: '51912345678@s.whatsapp.net',
			senderJid: '51912345678@s.whatsapp.net',
			senderLid: '123456789012345@lid',
			senderPhone: '51912345678',
			isGroup: false,
		});
	});

	it('leaves the phone empty when WhatsApp gives only the @lid', async () => {
		const harness = await activeTrigger(state.fake);
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola', { lid: '123456789012345@lid', hidePhone: true }));
		expect(startedJson(harness)).toMatchObject({ chatJid: '123456789012345@lid', senderJid: '123456789012345@lid', senderLid: '123456789012345@lid', senderPhone: null });
	});

	it('reads a group message: the group as chat, the participant (also by @lid) as sender', async () => {
		const harness = await activeTrigger(state.fake);
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('Buenos días', { group: GROUP, from: '51912345678' }));
		expect(startedJson(harness)).toMatchObject({ chatJid: GROUP, isGroup: true, senderPhone: '51912345678', senderJid: '51912345678@s.whatsapp.net', senderLid: null });
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola grupo', { group: GROUP, lid: '99887766554433@lid', from: '51900000002' }));
		expect(startedJson(harness)).toMatchObject({ chatJid: GROUP, isGroup: true, senderPhone: '51900000002', senderJid: '51900000002@s.whatsapp.net', senderLid: '99887766554433@lid' });
	});

	it.each([
		[
			'2.0–2.1.0: text as extendedTextMessage, the quote inside it',
			{
				key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: 'OLD1' },
				pushName: 'Ana',
				message: { extendedTextMessage: { text: 'hola', contextInfo: { stanzaId: 'Q1' } } },
				messageType: 'extendedTextMessage',
				messageTimestamp: '1763740800',
			},
			{ text: 'hola', messageType: 'text', quotedMessageId: 'Q1', senderPhone: '51987654321', timestamp: '2025-11-21T16:00:00.000Z' },
		],
		[
			'2.3.1–2.3.2: the phone of an @lid as senderPn',
			{ key: { remoteJid: '777@lid', senderPn: '51911112222@s.whatsapp.net', fromMe: false, id: 'OLD2' }, message: { conversation: 'x' }, messageType: 'conversation' },
			{ senderPhone: '51911112222', chatJid: '51911112222@s.whatsapp.net', senderLid: '777@lid' },
		],
		[
			'2.3.3–2.3.4: the phone put in remoteJid, the @lid kept as previousRemoteJid',
			{ key: { remoteJid: '51933334444@s.whatsapp.net', previousRemoteJid: '777@lid', fromMe: false, id: 'OLD3' }, message: { conversation: 'x' }, messageType: 'conversation' },
			{ senderPhone: '51933334444', chatJid: '51933334444@s.whatsapp.net', senderLid: '777@lid' },
		],
		[
			'a group participant with a device suffix and participantPn',
			{ key: { remoteJid: GROUP, participant: '888@lid', participantPn: '51955556666:12@s.whatsapp.net', fromMe: false, id: 'OLD4' }, message: { conversation: 'x' }, messageType: 'conversation' },
			{ senderPhone: '51955556666', isGroup: true },
		],
		[
			'a document with a caption, wrapped',
			{
				key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: 'OLD5' },
				message: { documentWithCaptionMessage: { message: { documentMessage: { caption: 'Factura', fileName: 'F001.pdf', mimetype: 'application/pdf' } } } },
				messageType: 'documentWithCaptionMessage',
			},
			{ text: 'Factura', messageType: 'document' },
		],
		[
			'a message type the node does not name, and no timestamp',
			{ key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: 'OLD6' }, message: { listResponseMessage: { title: 'Opción 2' } }, messageType: 'listResponseMessage' },
			{ messageType: 'other', text: null, timestamp: null },
		],
	])('copes with %s', async (_, data, expected) => {
		const harness = await activeTrigger(state.fake);
		await state.fake.deliver('sales', 'messages.upsert', data);
		expect(startedJson(harness)).toMatchObject(expected);
	});

	it('takes the text of a media message from its caption', async () => {
		const harness = await activeTrigger(state.fake);
		await state.fake.deliver('sales', 'messages.upsert', mediaMessageData({ mediaType: 'image', mimetype: 'image/jpeg', caption: 'Foto del recibo' }));
		expect(startedJson(harness)).toMatchObject({ messageType: 'image', text: 'Foto del recibo' });
		expect(started(harness)?.[0].binary).toBeUndefined();
	});
});

describe('Messaging Trigger: media as binary data', () => {
	it('fetches the file from the server when the delivery has no base64', async () => {
		const harness = await activeTrigger(state.fake, { options: { includeMedia: true } });
		const data = mediaMessageData({ id: SEEDED_MESSAGES.image, mediaType: 'image', mimetype: 'image/png', caption: 'Foto del recibo' });
		await state.fake.deliver('sales', 'messages.upsert', data);
		const fetched = state.fake.requests.filter((request) => request.path === '/chat/getBase64FromMediaMessage/sales');
		expect(fetched.map((request) => request.body)).toEqual([{ message: { key: { id: SEEDED_MESSAGES.image } }, convertToMp4: false }]);
		const binary = started(harness)?.[0].binary?.data;
		expect(binary).toMatchObject({ mimeType: 'image/png', fileName: `${SEEDED_MESSAGES.image}.png`, fileExtension: 'png' });
		expect(Buffer.from(binary!.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it("uses the delivery's base64 when Evolution sends it, without asking the server", async () => {
		const harness = await activeTrigger(state.fake, { options: { includeMedia: true } });
		const data = mediaMessageData({
			mediaType: 'document',
			mimetype: 'application/pdf',
			fileName: 'Factura F001-123.pdf',
			base64: SEEDED_PDF.toString('base64'),
		});
		await state.fake.deliver('sales', 'messages.upsert', data);
		expect(state.fake.requests.filter((request) => request.path.startsWith('/chat/'))).toHaveLength(0);
		const item = started(harness)![0];
		expect(item.binary?.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'Factura F001-123.pdf' });
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PDF)).toBe(true);
		// The file is in the binary data, not a second time in the raw event.
		expect(JSON.stringify(item.json)).not.toContain(SEEDED_PDF.toString('base64'));
	});

	it('drops the parameters of a voice note\'s MIME type', async () => {
		const harness = await activeTrigger(state.fake, { options: { includeMedia: true } });
		await state.fake.deliver('sales', 'messages.upsert', mediaMessageData({ mediaType: 'audio', mimetype: 'audio/ogg; codecs=opus', base64: 'T2dnUw==' }));
		expect(started(harness)?.[0].binary?.data).toMatchObject({ mimeType: 'audio/ogg' });
	});

	it('still starts the workflow when the file cannot be fetched, saying why', async () => {
		const harness = await activeTrigger(state.fake, { options: { includeMedia: true } });
		await state.fake.deliver('sales', 'messages.upsert', mediaMessageData({ id: 'NOTSTORED0001', mediaType: 'image', mimetype: 'image/png' }));
		const item = started(harness)![0];
		expect(item.binary).toBeUndefined();
		expect(item.json.mediaError).toMatch(/^The instance "sales" has no stored message with ID|no stored message/i);
	});
});

describe('Messaging Trigger: repeated deliveries', () => {
	it('starts the workflow once when Evolution delivers the same message twice', async () => {
		const harness = await activeTrigger(state.fake);
		const first = await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola'));
		const again = await state.fake.deliver('sales', 'messages.upsert', null, { envelope: first.envelope });
		expect(again.statuses).toEqual([200]);
		expect(harness.deliveries.map((delivery) => delivery.items?.length ?? 0)).toEqual([1, 0]);
		expect(harness.deliveries[1].body).toMatchObject({ started: false, reason: expect.stringMatching(/^already received/) });
	});

	it('starts once even when n8n does not save the static data changed by a production delivery (n8n 2.41)', async () => {
		const harness = await activeTrigger(state.fake);
		const afterActivation = harness.saved;
		const first = await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola'));
		harness.saved = afterActivation;
		await state.fake.deliver('sales', 'messages.upsert', null, { envelope: first.envelope });
		expect(harness.deliveries.map((delivery) => delivery.items?.length ?? 0)).toEqual([1, 0]);
	});

	it('starts once per status of a message, and again for a new one', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageStatus'] });
		for (const status of ['DELIVERY_ACK', 'DELIVERY_ACK', 'READ'] as const) {
			await state.fake.deliver('sales', 'messages.update', statusUpdateData('3EB0SENT00000000000001', status));
		}
		expect(harness.deliveries.map((delivery) => delivery.items?.[0].json.status ?? null)).toEqual(['delivered', null, 'read']);
	});

	it('remembers the last 200 deliveries, and saves them with the workflow', async () => {
		const harness = await activeTrigger(state.fake);
		const secret = { 'x-n8n-messaging-secret': registeredSecret(state.fake)! };
		const message = (id: string) => ({ event: 'messages.upsert', instance: 'sales', data: textMessageData('x', { id }) });
		for (let i = 0; i <= 200; i++) await harness.deliver(message(`ID${i}`), secret);
		expect((harness.savedNodeStaticData()?.recent as string[]).length).toBe(200);
		expect((await harness.deliver(message('ID200'), secret)).items).toBeUndefined();
		// The oldest was forgotten.
		expect((await harness.deliver(message('ID0'), secret)).items).toHaveLength(1);
	});
});

describe('Messaging Trigger: events', () => {
	it('Message Received takes what others wrote, not what this number sent', async () => {
		const harness = await activeTrigger(state.fake);
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('desde el teléfono', { fromMe: true }));
		expect(started(harness)).toBeUndefined();
		expect(harness.deliveries.at(-1)?.body).toMatchObject({ reason: 'messages.upsert is not among the chosen events' });
	});

	it("Message Sent takes a send through the API (send.message) and this number's own messages", async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageSent'] });
		await runMessaging(state.fake, {
			parameters: { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: recipient('+51 912 345 678'), text: 'Su pedido salió hoy' },
		});
		await state.fake.pendingDeliveries();
		expect(startedJson(harness)).toMatchObject({
			event: 'send.message',
			fromMe: true,
			chatJid: '51912345678@s.whatsapp.net',
			senderPhone: '51900000001',
			senderName: null,
			text: 'Su pedido salió hoy',
		});
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('desde el teléfono', { fromMe: true }));
		expect(startedJson(harness)).toMatchObject({ event: 'messages.upsert', fromMe: true, text: 'desde el teléfono' });
	});

	it('reads a status update, a connection update, a QR code and a group change', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageStatus', 'connectionUpdate', 'qrCodeUpdated', 'groupParticipants'] });
		await state.fake.deliver('sales', 'messages.update', statusUpdateData('3EB0SENT00000000000002', 'READ', '51912345678'));
		expect(startedJson(harness)).toMatchObject({ event: 'messages.update', messageId: '3EB0SENT00000000000002', chatJid: '51912345678@s.whatsapp.net', status: 'read', fromMe: true });
		await state.fake.deliver('sales', 'connection.update', connectionUpdateData('sales', 'open'));
		expect(startedJson(harness)).toMatchObject({ event: 'connection.update', state: 'open', statusReason: 200, phone: '51900000001', profileName: 'sales' });
		await state.fake.deliver('sales', 'qrcode.updated', qrCodeData('sales'));
		expect(startedJson(harness)).toMatchObject({ event: 'qrcode.updated', qrCode: expect.stringMatching(/^2@/), qrCodeImage: expect.stringMatching(/^data:image\/png;base64,/) });
		await state.fake.deliver('sales', 'group-participants.update', groupParticipantsData(GROUP, 'add', ['51912345678']));
		expect(startedJson(harness)).toMatchObject({
			event: 'group-participants.update',
			groupJid: GROUP,
			action: 'add',
			participants: [{ jid: '51912345678@s.whatsapp.net', phone: '51912345678' }],
			authorPhone: '51900000001',
		});
		expect(harness.deliveries.every((delivery) => delivery.items?.length === 1)).toBe(true);
	});

	it('All Events passes other events as they come', async () => {
		const harness = await activeTrigger(state.fake, { events: ['all'] });
		await state.fake.deliver('sales', 'presence.update', { id: '51987654321@s.whatsapp.net', presences: { '51987654321@s.whatsapp.net': { lastKnownPresence: 'composing' } } });
		expect(startedJson(harness)).toMatchObject({ event: 'presence.update', instance: 'sales', raw: { data: { id: '51987654321@s.whatsapp.net' } } });
	});
});

describe('Messaging Trigger: filters', () => {
	const deliverText = async (text: string, input: Parameters<typeof textMessageData>[1] = {}) =>
		await state.fake.deliver('sales', 'messages.upsert', textMessageData(text, input));

	it('Ignore Messages Sent by This Number drops own messages, also among All Events', async () => {
		const harness = await activeTrigger(state.fake, { events: ['all'], options: { ignoreFromMe: true } });
		await deliverText('propio', { fromMe: true });
		expect(harness.deliveries.at(-1)?.items).toBeUndefined();
		expect(harness.deliveries.at(-1)?.body).toMatchObject({ reason: 'filtered out: sent by this number' });
		await deliverText('ajeno');
		expect(startedJson(harness)).toMatchObject({ text: 'ajeno' });
	});

	it('Ignore Groups drops group messages and group status updates', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageReceived', 'messageStatus'], options: { ignoreGroups: true } });
		await deliverText('en grupo', { group: GROUP });
		await state.fake.deliver('sales', 'messages.update', statusUpdateData('3EB0G1', 'READ', GROUP));
		await deliverText('directo');
		expect(harness.deliveries.map((delivery) => delivery.items?.[0].json.text ?? null)).toEqual([null, null, 'directo']);
	});

	it('drops status broadcasts unless Ignore Status Broadcasts is turned off', async () => {
		const data = { ...textMessageData('mi estado'), key: { remoteJid: 'status@broadcast', participant: '51987654321@s.whatsapp.net', fromMe: false, id: 'STATUS1' } };
		const harness = await activeTrigger(state.fake);
		await state.fake.deliver('sales', 'messages.upsert', data);
		expect(harness.deliveries.at(-1)?.body).toMatchObject({ reason: 'filtered out: a status broadcast' });
		state.fake.reset();
		const keeping = await activeTrigger(state.fake, { options: { ignoreStatusBroadcasts: false } });
		await state.fake.deliver('sales', 'messages.upsert', data);
		expect(startedJson(keeping)).toMatchObject({ chatJid: 'status@broadcast', text: 'mi estado' });
	});

	it('Only Message Types keeps the chosen types', async () => {
		const harness = await activeTrigger(state.fake, { options: { messageTypes: ['image', 'document'] } });
		await deliverText('texto');
		await state.fake.deliver('sales', 'messages.upsert', mediaMessageData({ mediaType: 'image', mimetype: 'image/jpeg' }));
		expect(harness.deliveries.map((delivery) => delivery.items?.[0].json.messageType ?? (delivery.body as IDataObject).reason)).toEqual([
			'filtered out: a text message',
			'image',
		]);
	});

	it('Only From Senders matches phones written any way, addresses, and @lid senders by their resolved phone', async () => {
		const harness = await activeTrigger(state.fake, { options: { senders: '+51 987-654-321; 51912345678@s.whatsapp.net\n555@lid' } });
		await deliverText('uno', { from: '51987654321' });
		await deliverText('dos', { from: '51912345678' });
		await deliverText('tres', { from: '51900000009' });
		await deliverText('cuatro', { lid: '4444@lid', from: '51987654321' });
		await deliverText('cinco', { lid: '555@lid', hidePhone: true });
		expect(harness.deliveries.map((delivery) => delivery.items?.[0].json.text ?? null)).toEqual(['uno', 'dos', null, 'cuatro', 'cinco']);
	});
});
