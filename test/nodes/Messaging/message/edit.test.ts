import { describe, expect, it } from 'vitest';

import { SEEDED_MESSAGES } from '../../../../fakes/evolution/seeds';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const edit = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'edit',
	instanceName: instance('sales'),
	text: 'Precio corregido: S/ 120',
	...overrides,
});

/** Sends a text through the fake and returns the send's output item. */
async function sentText(text = 'Precio: S/ 100') {
	const { fake } = state;
	const sent = await runMessaging(fake, {
		parameters: { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: '51987654321', text },
	});
	fake.requests.length = 0;
	return sent.items[0].json as { key: { remoteJid: string; fromMe: boolean; id: string } };
}

describe('Message → Edit', () => {
	it("edits the message of the input item's key (a send's output) with no mapping", async () => {
		const { fake } = state;
		const sent = await sentText();
		const result = await runMessaging(fake, { parameters: edit(), items: [{ json: sent }] });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/chat/updateMessage/sales', { key: sent.key, text: 'Precio corregido: S/ 120', number: '51987654321@s.whatsapp.net' }],
		]);
		const item = result.items[0];
		// key: the edited message, so a following Edit or Delete for Everyone finds it; protocolKey: the edit itself.
		expect(item.json).toEqual({
			key: sent.key,
			message: {
				protocolMessage: {
					key: sent.key,
					type: 'MESSAGE_EDIT',
					editedMessage: { extendedTextMessage: { text: 'Precio corregido: S/ 120' } },
					timestampMs: expect.stringMatching(/^\d+$/),
				},
			},
			messageTimestamp: expect.stringMatching(/^\d+$/),
			protocolKey: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true, id: expect.stringMatching(/^[0-9A-F]{20}$/) },
			status: 'PENDING',
		});
		expect((item.json.protocolKey as { id: string }).id).not.toBe(sent.key.id);
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(fake.messages.get(sent.key.id)).toMatchObject({ text: 'Precio corregido: S/ 120', status: 'EDITED' });
	});

	it("reads the trigger's raw.data.key, or a key given as JSON text, or chat + ID + From Me", async () => {
		const { fake } = state;
		const sent = await sentText();
		const byTrigger = await runMessaging(fake, { parameters: edit(), items: itemsOf({ raw: { data: { key: sent.key } } }) });
		expect(byTrigger.error).toBeUndefined();
		const byJson = await runMessaging(fake, { parameters: edit({ messageKey: JSON.stringify(sent.key) }) });
		expect(byJson.error).toBeUndefined();
		const byFields = await runMessaging(fake, {
			parameters: edit({ messageBy: 'fields', chat: '+51 987 654 321', messageId: sent.key.id, fromMe: true }),
		});
		expect(byFields.error).toBeUndefined();
		expect(fake.requests.map((r) => (r.body as { key: unknown }).key)).toEqual([sent.key, sent.key, sent.key]);
	});

	it.each([
		[{}, 'Message is missing: the input item has no message key (key). Nothing was sent. [item 0]'],
		[{ messageKey: '={{ "3EB0" }}' }, 'Message "3EB0" is not a message key (an object with remoteJid, fromMe and id). Nothing was sent. [item 0]'],
		[{ messageKey: '{"remoteJid": "51987654321@s.whatsapp.net", "id": "ABCDEF1234"}' }, 'Message "{\\"remoteJid\\": \\"51987654321@s.whatsapp.net\\", \\"id\\": \\"ABCDEF1234\\"}" has no fromMe (a message key has remoteJid, fromMe and id). Nothing was sent. [item 0]'],
		[{ messageKey: '={{ { remoteJid: "51987654321@s.whatsapp.net", fromMe: true } }}' }, 'Message {"remoteJid":"51987654321@s.whatsapp.net","fromMe":true} has no message ID (id). Nothing was sent. [item 0]'],
		[{ messageKey: '{"remoteJid": "51987654321@s.whatsapp.net", "id": "ABCDEF1234", "fromMe": false}' }, 'Message {"remoteJid":"51987654321@s.whatsapp.net","fromMe":false,"id":"ABCDEF1234"} was not sent by this number (fromMe is false), and WhatsApp only lets its sender edit a message. Nothing was sent. [item 0]'],
		[{ messageKey: '{"remoteJid": "51987654321@s.whatsapp.net", "id": "ABCDEF1234", "fromMe": true}', text: '  ' }, 'Text "  " is empty: WhatsApp does not send empty messages. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: edit(overrides), items: itemsOf({}) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it("says when the server has no such message, or it is not text (400 Message not compatible)", async () => {
		const { fake } = state;
		const key = { remoteJid: '51987654321@s.whatsapp.net', fromMe: true, id: 'UNKNOWN000001' };
		const result = await runMessaging(fake, { parameters: edit(), items: itemsOf({ key }) });
		expect(stopError(result).message).toBe(
			'Instance "sales" has no stored text, image or video message with ID UNKNOWN000001 (400: Message not compatible) [item 0]',
		);
		// The server checks only the ID, not who sent it: a received text is "compatible" (the node refuses it first).
		const received = { remoteJid: '51900000002@s.whatsapp.net', fromMe: true, id: SEEDED_MESSAGES.text };
		const other = await runMessaging(fake, { parameters: edit(), items: itemsOf({ key: received }) });
		expect(stopError(other).message).toBe('Message INCOMINGTEXT0001 is in another chat than the key says (400: RemoteJid does not match) [item 0]');
	});

	it('says the API key was rejected (401), and under Continue On Fail gives each item its error or result', async () => {
		const { fake } = state;
		const sent = await sentText();
		const rejected = await runMessaging(fake, { parameters: edit(), items: [{ json: sent }], credentials: { apiKey: 'wrong' } });
		expect(stopError(rejected).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
		fake.requests.length = 0;
		const result = await runMessaging(fake, {
			parameters: edit(),
			items: [{ json: { key: { ...sent.key, id: 'UNKNOWN000002' } } }, { json: sent }],
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.key])).toEqual([
			[{ item: 0 }, 'Instance "sales" has no stored text, image or video message with ID UNKNOWN000002 (400: Message not compatible) [item 0]'],
			[{ item: 1 }, sent.key],
		]);
	});
});

describe("Message Given By and Send Reaction's key parameters", () => {
	it("keeps Send Reaction's Chat, Message ID and From Me when n8n resolves the node's parameters", async () => {
		const { NodeHelpers } = await import('n8n-workflow');
		const { Messaging } = await import('../../../../nodes/Messaging/Messaging.node');
		const description = new Messaging().description;
		const resolve = (parameters: Record<string, unknown>) =>
			NodeHelpers.getNodeParameters(description.properties, parameters as never, true, false, null, description);
		expect(resolve({ resource: 'message', operation: 'sendReaction', chat: '51987654321', messageId: 'ABCD1234' })).toMatchObject({
			chat: '51987654321',
			messageId: 'ABCD1234',
			fromMe: false,
		});
		const edit = resolve({ resource: 'message', operation: 'edit' }) as Record<string, unknown>;
		expect(edit).toMatchObject({ messageBy: 'key', messageKey: '={{ $json.key ?? $json.raw?.data?.key }}' });
		expect(edit).not.toHaveProperty('chat');
		expect(resolve({ resource: 'message', operation: 'deleteForEveryone', messageBy: 'fields' })).toMatchObject({ chat: '', messageId: '' });
	});
});
