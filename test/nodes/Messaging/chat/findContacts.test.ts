import { describe, expect, it } from 'vitest';

import { instance, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ contacts: { '51987654321': 'Ana Torres', '51912345678': 'Luis Paz', '51955555555': 'Rosa Quispe' } });

const find = (parameters: Record<string, unknown> = {}) => ({ resource: 'chat', operation: 'findContacts', instanceName: instance('sales'), ...parameters });

describe('Find Contacts', () => {
	it('asks for every contact with Return All, one item each', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: find({ returnAll: true }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([['/chat/findContacts/sales', { where: {} }]]);
		expect(result.items.map((item) => [item.json.remoteJid, item.json.pushName, item.json.type])).toEqual([
			['51987654321@s.whatsapp.net', 'Ana Torres', 'contact'],
			['51912345678@s.whatsapp.net', 'Luis Paz', 'contact'],
			['51955555555@s.whatsapp.net', 'Rosa Quispe', 'contact'],
		]);
		expect(result.items[0]).toMatchObject({ json: { isGroup: false, isSaved: true }, pairedItem: { item: 0 } });
	});

	it('asks the server for one page of Limit contacts, and filters by chat', async () => {
		const { fake } = state;
		const limited = await runMessaging(fake, { parameters: find({ limit: 2 }) });
		expect(fake.requests.map((r) => r.body)).toEqual([{ where: {}, offset: 2, page: 1 }]);
		expect(limited.items).toHaveLength(2);
		fake.reset();
		const one = await runMessaging(fake, { parameters: find({ returnAll: true, filters: { chat: '+51 912-345-678' } }) });
		expect(fake.requests.map((r) => r.body)).toEqual([{ where: { remoteJid: '51912345678@s.whatsapp.net' } }]);
		expect(one.items.map((item) => item.json.pushName)).toEqual(['Luis Paz']);
	});

	it('refuses a bad chat with no request, and names the instance on 404', async () => {
		const { fake } = state;
		const bad = await runMessaging(fake, { parameters: find({ filters: { chat: 'not a number' } }) });
		expect(stopError(bad).message).toBe('Filters → Chat "not a number" holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]');
		expect(fake.requests).toHaveLength(0);
		const unknown = await runMessaging(fake, { parameters: find({ instanceName: instance('nowhere', 'name') }) });
		expect(stopError(unknown).message).toBe('The instance "nowhere" does not exist on the server (404: The "nowhere" instance does not exist) [item 0]');
		const badKey = await runMessaging(fake, { parameters: find(), credentials: { apiKey: 'wrong-key' } });
		expect(stopError(badKey).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
	});

	it("with Simplify, keeps 6 fields, the rows' IDs, instance and times left out; off, the stored rows", async () => {
		const { fake } = state;
		const on = await runMessaging(fake, { parameters: find({ returnAll: true, simplify: true, filters: { chat: '51912345678' } }) });
		expect(on.error).toBeUndefined();
		expect(on.items).toEqual([
			{
				json: { remoteJid: '51912345678@s.whatsapp.net', pushName: 'Luis Paz', profilePicUrl: null, isGroup: false, isSaved: true, type: 'contact' },
				pairedItem: { item: 0 },
			},
		]);
		const off = await runMessaging(fake, { parameters: find({ returnAll: true, simplify: false }) });
		expect(fake.requests.map((r) => r.body)).toEqual([{ where: { remoteJid: '51912345678@s.whatsapp.net' } }, { where: {} }]);
		// Off: the stored rows whole, their IDs, instance and times kept.
		const row = (number: string, pushName: string, profilePicUrl: string | null) => ({
			json: {
				id: `contact-${number}`,
				remoteJid: `${number}@s.whatsapp.net`,
				pushName,
				profilePicUrl,
				createdAt: '2026-01-05T15:00:00.000Z',
				updatedAt: '2026-01-05T15:00:00.000Z',
				instanceId: expect.any(String),
				isGroup: false,
				isSaved: true,
				type: 'contact',
			},
			pairedItem: { item: 0 },
		});
		expect(off.items).toEqual([
			row('51987654321', 'Ana Torres', 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg'),
			row('51912345678', 'Luis Paz', null),
			row('51955555555', 'Rosa Quispe', null),
		]);
	});
});
