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
		expect(stopError(bad).message).toContain('Filters → Chat');
		expect(fake.requests).toHaveLength(0);
		const unknown = await runMessaging(fake, { parameters: find({ instanceName: instance('nowhere', 'name') }) });
		expect(stopError(unknown).message).toMatch(/nowhere/);
		const badKey = await runMessaging(fake, { parameters: find(), credentials: { apiKey: 'wrong-key' } });
		expect(stopError(badKey).message).toMatch(/401|API key/i);
	});
});
