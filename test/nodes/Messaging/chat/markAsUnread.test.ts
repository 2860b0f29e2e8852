import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const CHAT = '51987654321@s.whatsapp.net';
const KEY = { remoteJid: CHAT, fromMe: false, id: 'INCOMINGTEXT0001' };

const markAsUnread = (overrides: Record<string, unknown> = {}) => ({
	resource: 'chat',
	operation: 'markAsUnread',
	instanceName: instance('sales'),
	...overrides,
});

describe('Chat → Mark as Unread', () => {
	it("marks the chat of the input item's message unread: lastMessage.key only", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: markAsUnread(), items: itemsOf({ key: KEY }, { raw: { data: { key: { ...KEY, remoteJid: '120363025246125486@g.us' } } } }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/chat/markChatUnread/sales', { lastMessage: { key: KEY } }],
			['POST', '/chat/markChatUnread/sales', { lastMessage: { key: { ...KEY, remoteJid: '120363025246125486@g.us' } } }],
		]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ chatId: CHAT, markedChatUnread: true, key: KEY }, { item: 0 }],
			[{ chatId: '120363025246125486@g.us', markedChatUnread: true, key: { ...KEY, remoteJid: '120363025246125486@g.us' } }, { item: 1 }],
		]);
		expect([...(fake.chatStates.get('sales')?.unread ?? [])]).toEqual([CHAT, '120363025246125486@g.us']);
	});

	it('takes Chat, ID and From Me', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: markAsUnread({ messageBy: 'fields', chat: '51 987 654 321', messageId: 'ABCDEF123456', fromMe: true }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => r.body)).toEqual([{ lastMessage: { key: { remoteJid: CHAT, fromMe: true, id: 'ABCDEF123456' } } }]);
	});

	it.each([
		[{}, 'Message is missing: the input item has no message key (key). Nothing was sent. [item 0]'],
		[{ messageKey: '={{ { remoteJid: "51987654321@s.whatsapp.net", id: "ABCDEF1234" } }}' }, 'Message {"remoteJid":"51987654321@s.whatsapp.net","id":"ABCDEF1234"} has no fromMe (a message key has remoteJid, fromMe and id). Nothing was sent. [item 0]'],
		[{ messageBy: 'fields', chat: '51987654321', messageId: 'x' }, 'Message {"chat":"51987654321","messageId":"x","fromMe":false} has the message ID "x", which is not a message ID (4 to 128 letters, digits, - or _). Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: markAsUnread(overrides), items: itemsOf({}) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it('the fake answers as Evolution: lastMessage required (400)', async () => {
		const { fake } = state;
		const response = await fetch(`${fake.url}/chat/markChatUnread/sales`, {
			method: 'POST',
			headers: { apikey: fake.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ chat: CHAT }),
		});
		expect([response.status, await response.json()]).toEqual([
			400,
			{ status: 400, error: 'Bad Request', response: { message: [['instance requires property "lastMessage"']] } },
		]);
	});

	it('says the connection is closed (500), the key rejected (401), and keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		const closed = await runMessaging(fake, { parameters: markAsUnread({ instanceName: instance('offline') }), items: itemsOf({ key: KEY }) });
		expect(stopError(closed).message).toBe(
			'The server or its WhatsApp connection failed on instance "offline" (500: An error occurred while marked unread the chat. Open a calling.; Error: Connection Closed) [item 0]',
		);
		const rejected = await runMessaging(fake, { parameters: markAsUnread(), items: itemsOf({ key: KEY }), credentials: { apiKey: 'wrong' } });
		expect(stopError(rejected).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
		fake.requests.length = 0;
		const result = await runMessaging(fake, { parameters: markAsUnread(), items: itemsOf({ key: KEY }, { key: 'nope' }), continueOnFail: true });
		expect(result.items.map((item) => [item.pairedItem, item.json])).toEqual([
			[{ item: 0 }, { chatId: CHAT, markedChatUnread: true, key: KEY }],
			[{ item: 1 }, { error: 'Message "nope" is not a message key (an object with remoteJid, fromMe and id). Nothing was sent. [item 1]' }],
		]);
		expect(fake.requests).toHaveLength(1);
	});
});
