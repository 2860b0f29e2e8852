import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const CHAT = '51987654321@s.whatsapp.net';
const KEY = { remoteJid: CHAT, fromMe: false, id: 'INCOMINGTEXT0001' };

const chatOp = (operation: 'archive' | 'unarchive', overrides: Record<string, unknown> = {}) => ({
	resource: 'chat',
	operation,
	instanceName: instance('sales'),
	...overrides,
});

describe('Chat → Archive and Unarchive', () => {
	it("archives the chat of the input item's message, then unarchives it: lastMessage.key and archive", async () => {
		const { fake } = state;
		const archived = await runMessaging(fake, { parameters: chatOp('archive'), items: itemsOf({ key: KEY }) });
		expect(archived.error).toBeUndefined();
		expect(fake.chatStates.get('sales')?.archived.has(CHAT)).toBe(true);
		expect(archived.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ chatId: CHAT, archived: true, key: KEY }, { item: 0 }]]);
		// The next node finds the key in the item: Archive → Unarchive with no mapping.
		const unarchived = await runMessaging(fake, { parameters: chatOp('unarchive'), items: [{ json: archived.items[0].json }] });
		expect(unarchived.error).toBeUndefined();
		// Evolution answers archived: true for both; the item says what was asked.
		expect(unarchived.items[0].json).toEqual({ chatId: CHAT, archived: false, key: KEY });
		expect(fake.chatStates.get('sales')?.archived.has(CHAT)).toBe(false);
		expect(fake.requests.map((r) => [r.method, r.path, r.body, r.headers.apikey])).toEqual([
			['POST', '/chat/archiveChat/sales', { lastMessage: { key: KEY }, archive: true }, fake.apiKey],
			['POST', '/chat/archiveChat/sales', { lastMessage: { key: KEY }, archive: false }, fake.apiKey],
		]);
	});

	it("takes the trigger's raw.data.key, and Chat + ID + From Me (a number becomes its address)", async () => {
		const { fake } = state;
		const fromTrigger = await runMessaging(fake, { parameters: chatOp('archive'), items: itemsOf({ raw: { data: { key: KEY } } }) });
		expect(fromTrigger.error).toBeUndefined();
		const byFields = await runMessaging(fake, {
			parameters: chatOp('unarchive', { messageBy: 'fields', chat: '+51 987 654 321', messageId: 'ABCDEF123456', fromMe: true }),
		});
		expect(byFields.error).toBeUndefined();
		expect(fake.requests.map((r) => r.body)).toEqual([
			{ lastMessage: { key: KEY }, archive: true },
			{ lastMessage: { key: { remoteJid: CHAT, fromMe: true, id: 'ABCDEF123456' } }, archive: false },
		]);
	});

	it.each([
		[{}, 'Message is missing: the input item has no message key (key). Nothing was sent. [item 0]'],
		[{ messageKey: '={{ { remoteJid: "someone", fromMe: false, id: "ABCDEF1234" } }}' }, 'Message {"remoteJid":"someone","fromMe":false,"id":"ABCDEF1234"} has the chat "someone", which holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]'],
		[{ messageBy: 'fields', chat: '51987654321', messageId: 'bad id' }, 'Message {"chat":"51987654321","messageId":"bad id","fromMe":false} has the message ID "bad id", which is not a message ID (4 to 128 letters, digits, - or _). Nothing was sent. [item 0]'],
		[{ messageBy: 'fields', chat: '51 98x', messageId: 'ABCDEF1234' }, 'Message {"chat":"51 98x","messageId":"ABCDEF1234","fromMe":false} has the chat "51 98x", which holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: chatOp('archive', overrides), items: itemsOf({}) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it("the fake answers as Evolution: the schema's messages (400), a chat with no stored message (500)", async () => {
		const { fake } = state;
		const post = (body: unknown) =>
			fetch(`${fake.url}/chat/archiveChat/sales`, { method: 'POST', headers: { apikey: fake.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
				async (response) => [response.status, await response.json()],
			);
		expect(await post({ lastMessage: { key: { id: 'X' } } })).toEqual([
			400,
			{
				status: 400,
				error: 'Bad Request',
				response: { message: [['lastMessage.key requires property "fromMe"', 'lastMessage.key requires property "remoteJid"', 'instance requires property "archive"']] },
			},
		]);
		expect(await post({ chat: '51900000000', archive: true })).toEqual([
			500,
			{
				status: 500,
				error: 'Internal Server Error',
				response: { message: [{ archived: false, message: ['An error occurred while archiving the chat. Open a calling.', '[object Object]'] }] },
			},
		]);
		// Chat only: the server looks its last message up by the exact remoteJid it stored.
		expect(await post({ chat: CHAT, archive: true })).toEqual([201, { chatId: CHAT, archived: true }]);
	});

	it('says the connection is closed (500), the key rejected (401), and keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		const closed = await runMessaging(fake, { parameters: chatOp('archive', { instanceName: instance('offline') }), items: itemsOf({ key: KEY }) });
		expect(stopError(closed).message).toBe(
			'The server or its WhatsApp connection failed on instance "offline" (500: An error occurred while archiving the chat. Open a calling.; Error: Connection Closed) [item 0]',
		);
		const rejected = await runMessaging(fake, { parameters: chatOp('unarchive'), items: itemsOf({ key: KEY }), credentials: { apiKey: 'wrong' } });
		expect(stopError(rejected).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
		fake.requests.length = 0;
		const result = await runMessaging(fake, { parameters: chatOp('archive'), items: itemsOf({}, { key: KEY }), continueOnFail: true });
		expect(result.items.map((item) => [item.pairedItem, item.json])).toEqual([
			[{ item: 0 }, { error: 'Message is missing: the input item has no message key (key). Nothing was sent. [item 0]' }],
			[{ item: 1 }, { chatId: CHAT, archived: true, key: KEY }],
		]);
		expect(fake.requests).toHaveLength(1);
	});
});

describe('Message Given By in the chat resource', () => {
	it('resolves as Edit: the key by default, the three parameters when picked, none for other chat operations', async () => {
		const { NodeHelpers } = await import('n8n-workflow');
		const { Messaging } = await import('../../../../nodes/Messaging/Messaging.node');
		const description = new Messaging().description;
		const resolve = (parameters: Record<string, unknown>) =>
			NodeHelpers.getNodeParameters(description.properties, parameters as never, true, false, null, description) as Record<string, unknown>;
		const archive = resolve({ resource: 'chat', operation: 'archive' });
		expect(archive).toMatchObject({ messageBy: 'key', messageKey: '={{ $json.key ?? $json.raw?.data?.key }}' });
		expect(archive).not.toHaveProperty('chat');
		expect(resolve({ resource: 'chat', operation: 'markAsUnread', messageBy: 'fields', chat: '51987654321', messageId: 'ABCD1234' })).toMatchObject({
			chat: '51987654321',
			messageId: 'ABCD1234',
			fromMe: false,
		});
		expect(resolve({ resource: 'chat', operation: 'block' })).not.toHaveProperty('messageBy');
		// Send Reaction keeps its own Chat, Message ID and From Me.
		expect(resolve({ resource: 'message', operation: 'sendReaction', chat: '51987654321', messageId: 'ABCD1234' })).toMatchObject({ chat: '51987654321' });
	});
});
