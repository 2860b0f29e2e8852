import { describe, expect, it } from 'vitest';

import { instance, itemsOf, recipient, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ contacts: { '51987654321': 'Ana Torres' } });

const getChat = (parameters: Record<string, unknown> = {}) => ({ resource: 'chat', operation: 'getChat', instanceName: instance('sales'), ...parameters });

describe('Get Chat', () => {
	it('asks for the chat by its full address in the query, with no body, and outputs its stored row', async () => {
		const { fake } = state;
		fake.storeText({ remoteJid: '51912345678@s.whatsapp.net', text: 'primero', messageTimestamp: 1_772_000_000, pushName: 'Luis Paredes' });
		fake.storeText({ remoteJid: '51912345678@s.whatsapp.net', text: 'último', messageTimestamp: 1_772_000_200, fromMe: true });
		const result = await runMessaging(fake, { parameters: getChat({ number: recipient('+51 912 345 678') }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/chat/findChatByRemoteJid/sales?remoteJid=51912345678%40s.whatsapp.net', undefined],
		]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[
				{
					id: 'chat-51912345678',
					remoteJid: '51912345678@s.whatsapp.net',
					name: 'Luis Paredes',
					labels: null,
					createdAt: new Date(1_772_000_000_000).toISOString(),
					updatedAt: new Date(1_772_000_200_000).toISOString(),
					instanceId: expect.any(String),
					unreadMessages: 0,
				},
				{ item: 0 },
			],
		]);
	});

	it('takes a group picked from the list as it is', async () => {
		const { fake } = state;
		fake.storeText({ remoteJid: '120363025246125486@g.us', text: 'hola grupo' });
		const result = await runMessaging(fake, {
			parameters: getChat({ number: { __rl: true, mode: 'list', value: '120363025246125486@g.us' } }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].path).toBe('/chat/findChatByRemoteJid/sales?remoteJid=120363025246125486%40g.us');
		expect(result.items[0].json).toMatchObject({ remoteJid: '120363025246125486@g.us' });
	});

	it("says a chat the server has not stored is not there (its answer: null), per item with Continue On Fail", async () => {
		const { fake } = state;
		fake.storeText({ remoteJid: '51912345678@s.whatsapp.net' });
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: getChat({ number: recipient('={{ $json.to }}') }),
			items: itemsOf({ to: '51900000009' }, { to: '51912345678' }, { to: 'abc' }),
		});
		expect(fake.requests).toHaveLength(2);
		expect(result.items.map((item) => [item.json.error ?? item.json.remoteJid, item.pairedItem])).toEqual([
			['Instance "sales" has no stored chat 51900000009@s.whatsapp.net [item 0]', { item: 0 }],
			['51912345678@s.whatsapp.net', { item: 1 }],
			['Recipient "abc" holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 2]', { item: 2 }],
		]);
	});

	it('fails without Continue On Fail on the first chat not stored, with what to do', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: getChat({ number: recipient('51900000009') }) });
		expect(stopError(result).message).toBe('Instance "sales" has no stored chat 51900000009@s.whatsapp.net [item 0]');
		expect(stopError(result).description).toBe('Evolution stores a chat once a message is sent or received in it (with DATABASE_SAVE_DATA_CHATS on). Check the number, or send a message first; Find Chats lists the stored ones.');
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/chat/findChatByRemoteJid/sales?remoteJid=51900000009%40s.whatsapp.net']]);
	});
});
