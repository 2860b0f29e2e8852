import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const deleteForEveryone = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'deleteForEveryone',
	instanceName: instance('sales'),
	...overrides,
});

async function sentText() {
	const { fake } = state;
	const sent = await runMessaging(fake, {
		parameters: { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: '51987654321', text: 'Hola' },
	});
	fake.requests.length = 0;
	return sent.items[0].json as { key: { remoteJid: string; fromMe: boolean; id: string } };
}

describe('Message → Delete for Everyone', () => {
	it("deletes the input item's message: DELETE with the key's fields flat", async () => {
		const { fake } = state;
		const sent = await sentText();
		const result = await runMessaging(fake, { parameters: deleteForEveryone(), items: [{ json: sent }] });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['DELETE', '/chat/deleteMessageForEveryone/sales', { id: sent.key.id, fromMe: true, remoteJid: '51987654321@s.whatsapp.net' }],
		]);
		// key: the deleted message (so the item still names it); protocolKey: the revoke the server sent.
		expect(result.items[0].json).toEqual({
			key: sent.key,
			message: { protocolMessage: { key: sent.key, type: 'REVOKE' } },
			messageTimestamp: expect.stringMatching(/^\d+$/),
			protocolKey: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true, id: expect.stringMatching(/^[0-9A-F]{20}$/) },
			status: 'PENDING',
		});
		expect((result.items[0].json.protocolKey as { id: string }).id).not.toBe(sent.key.id);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(fake.messages.get(sent.key.id)?.status).toBe('DELETED');
	});

	it("deletes with chat + ID + From Me, and after an Edit, the edited message (its output's key)", async () => {
		const { fake } = state;
		const sent = await sentText();
		const edited = await runMessaging(fake, {
			parameters: { resource: 'message', operation: 'edit', instanceName: instance('sales'), text: 'Hola de nuevo' },
			items: [{ json: sent }],
		});
		const afterEdit = await runMessaging(fake, { parameters: deleteForEveryone(), items: [{ json: edited.items[0].json }] });
		expect(afterEdit.error).toBeUndefined();
		const byFields = await runMessaging(fake, {
			parameters: deleteForEveryone({ messageBy: 'fields', chat: '51987654321', messageId: 'INCOMINGTEXT0001', fromMe: false }),
		});
		expect(byFields.error).toBeUndefined();
		expect(fake.requests.slice(1).map((r) => r.body)).toEqual([
			{ id: sent.key.id, fromMe: true, remoteJid: '51987654321@s.whatsapp.net' },
			{ id: 'INCOMINGTEXT0001', fromMe: false, remoteJid: '51987654321@s.whatsapp.net' },
		]);
	});

	it.each([
		[{}, 'Message is missing: the input item has no message key (key). Nothing was sent. [item 0]'],
		[{ messageKey: '={{ { remoteJid: "someone", fromMe: true, id: "ABCDEF1234" } }}' }, 'Message {"remoteJid":"someone","fromMe":true,"id":"ABCDEF1234"} has the chat "someone", which holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]'],
		[{ messageBy: 'fields', chat: '51987654321', messageId: 'bad id' }, 'Message {"chat":"51987654321","messageId":"bad id","fromMe":false} has the message ID "bad id", which is not a message ID (4 to 128 letters, digits, - or _). Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: deleteForEveryone(overrides), items: itemsOf({}) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it('answers success for an unknown ID, as Evolution does (WhatsApp ignores the revoke)', async () => {
		const { fake } = state;
		const key = { remoteJid: '51987654321@s.whatsapp.net', fromMe: true, id: 'UNKNOWN000001' };
		const result = await runMessaging(fake, { parameters: deleteForEveryone(), items: itemsOf({ key }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['DELETE', '/chat/deleteMessageForEveryone/sales', { id: 'UNKNOWN000001', fromMe: true, remoteJid: '51987654321@s.whatsapp.net' }],
		]);
		expect(result.items.map((item) => [item.json.key, item.json.status, item.pairedItem])).toEqual([[key, 'PENDING', { item: 0 }]]);
	});

	it('says the connection is closed (500), the key rejected (401), and keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		const key = { remoteJid: '51987654321@s.whatsapp.net', fromMe: true, id: 'ABCDEF123456' };
		const closed = await runMessaging(fake, { parameters: deleteForEveryone({ instanceName: instance('offline') }), items: itemsOf({ key }) });
		expect(stopError(closed).message).toBe(
			'The server or its WhatsApp connection failed on instance "offline" (500: Error while deleting message for everyone; Error: Connection Closed) [item 0]',
		);
		const rejected = await runMessaging(fake, { parameters: deleteForEveryone(), items: itemsOf({ key }), credentials: { apiKey: 'wrong' } });
		expect(stopError(rejected).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
		const result = await runMessaging(fake, { parameters: deleteForEveryone(), items: itemsOf({}, { key }), continueOnFail: true });
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.key])).toEqual([
			[{ item: 0 }, 'Message is missing: the input item has no message key (key). Nothing was sent. [item 0]'],
			[{ item: 1 }, key],
		]);
	});
});
