import { describe, expect, it } from 'vitest';

import { instance, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ contacts: { '51987654321': 'Ana Torres' } });

const find = (parameters: Record<string, unknown> = {}) => ({ resource: 'chat', operation: 'findChats', instanceName: instance('sales'), ...parameters });

describe('Find Chats', () => {
	it('outputs one item per chat with its last message, the latest chat first', async () => {
		const { fake } = state;
		fake.storeText({ remoteJid: '51987654321@s.whatsapp.net', text: 'primero', messageTimestamp: 1_772_000_000 });
		fake.storeText({ remoteJid: '51912345678@s.whatsapp.net', text: 'hola', messageTimestamp: 1_772_000_100 });
		fake.storeText({ remoteJid: '51987654321@s.whatsapp.net', text: 'último', messageTimestamp: 1_772_000_200 });
		const result = await runMessaging(fake, { parameters: find({ returnAll: true }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([['/chat/findChats/sales', { where: {} }]]);
		expect(result.items.slice(0, 2).map((item) => [item.json.remoteJid, item.json.pushName, (item.json.lastMessage as { message: unknown }).message])).toEqual([
			['51987654321@s.whatsapp.net', 'Ana Torres', { conversation: 'último' }],
			['51912345678@s.whatsapp.net', null, { conversation: 'hola' }],
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('sends Limit as take, and the chat filter as where.remoteJid', async () => {
		const { fake } = state;
		fake.storeText({ remoteJid: '51912345678@s.whatsapp.net', messageTimestamp: 1_772_000_100 });
		const limited = await runMessaging(fake, { parameters: find({ limit: 1 }) });
		expect(fake.requests.map((r) => r.body)).toEqual([{ where: {}, take: 1 }]);
		expect(limited.items).toHaveLength(1);
		fake.reset();
		fake.storeText({ remoteJid: '51912345678@s.whatsapp.net', messageTimestamp: 1_772_000_100 });
		const one = await runMessaging(fake, { parameters: find({ returnAll: true, filters: { chat: '51912345678' } }) });
		expect(fake.requests.map((r) => r.body)).toEqual([{ where: { remoteJid: '51912345678@s.whatsapp.net' } }]);
		expect(one.items.map((item) => item.json.remoteJid)).toEqual(['51912345678@s.whatsapp.net']);
	});

	it('refuses a bad chat with no request; 404 and 401 fail naming the cause', async () => {
		const { fake } = state;
		const bad = await runMessaging(fake, { parameters: find({ filters: { chat: 'x' } }) });
		expect(stopError(bad).message).toBe('Filters → Chat "x" holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]');
		expect(fake.requests).toHaveLength(0);
		const unknown = await runMessaging(fake, { parameters: find({ instanceName: instance('nowhere', 'name') }) });
		expect(stopError(unknown).message).toBe('The instance "nowhere" does not exist on the server (404: The "nowhere" instance does not exist) [item 0]');
		const badKey = await runMessaging(fake, { parameters: find(), credentials: { apiKey: 'wrong-key' } });
		expect(stopError(badKey).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
	});

	it('with Simplify, keeps 10 fields, the last message flattened (lastMessage.message.conversation → lastMessageText); off, the chats as the server gives them', async () => {
		const { fake } = state;
		fake.storeText({ remoteJid: '51987654321@s.whatsapp.net', text: 'primero', messageTimestamp: 1_772_000_000 });
		fake.storeText({ remoteJid: '51987654321@s.whatsapp.net', fromMe: true, text: 'Gracias, Ana', messageTimestamp: 1_772_000_200, id: 'LASTMSG00001' });
		const on = await runMessaging(fake, { parameters: find({ limit: 1, simplify: true }) });
		expect(on.error).toBeUndefined();
		expect(on.items).toEqual([
			{
				json: {
					remoteJid: '51987654321@s.whatsapp.net',
					pushName: 'Ana Torres',
					profilePicUrl: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg',
					unreadCount: null,
					updatedAt: new Date(1_772_000_200_000).toISOString(),
					lastMessageId: 'LASTMSG00001',
					lastMessageFromMe: true,
					lastMessageType: 'conversation',
					lastMessageText: 'Gracias, Ana',
					lastMessageTimestamp: 1_772_000_200,
				},
				pairedItem: { item: 0 },
			},
		]);
		const off = await runMessaging(fake, { parameters: find({ returnAll: true, simplify: false }) });
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
			['/chat/findChats/sales', { where: {}, take: 1 }],
			['/chat/findChats/sales', { where: {} }],
		]);
		// Off: the chat row as the server gives it, its last message whole, nothing renamed nor dropped.
		expect(off.items).toEqual([
			{
				json: {
					id: 'contact-51987654321',
					remoteJid: '51987654321@s.whatsapp.net',
					pushName: 'Ana Torres',
					profilePicUrl: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg',
					updatedAt: new Date(1_772_000_200_000).toISOString(),
					windowStart: null,
					windowExpires: null,
					windowActive: false,
					lastMessage: {
						id: 'row-LASTMSG00001',
						key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true, id: 'LASTMSG00001' },
						pushName: 'Você',
						messageType: 'conversation',
						message: { conversation: 'Gracias, Ana' },
						messageTimestamp: 1_772_000_200,
						instanceId: expect.any(String),
						source: 'unknown',
						contextInfo: null,
						participant: null,
						sessionId: null,
						status: null,
					},
					unreadCount: null,
					isSaved: true,
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
