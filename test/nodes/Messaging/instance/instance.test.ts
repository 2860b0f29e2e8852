import { describe, expect, it } from 'vitest';

import { askFake, instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

describe('Instance → Get Connection State', () => {
	it('outputs the state of each instance asked, and whether it is connected', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: { resource: 'instance', operation: 'getConnectionState', instanceName: instance('={{ $json.name }}', 'name') },
			items: itemsOf({ name: 'Support Team' }, { name: 'offline' }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => r.path).sort()).toEqual(['/instance/connectionState/Support%20Team', '/instance/connectionState/offline']);
		expect(result.items).toEqual([
			{ json: { instanceName: 'Support Team', state: 'open', connected: true }, pairedItem: { item: 0 } },
			{ json: { instanceName: 'offline', state: 'close', connected: false }, pairedItem: { item: 1 } },
		]);
	});

	it('names an instance the server does not have', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'getConnectionState', instanceName: instance('nope', 'name') } });
		expect(stopError(result).message).toBe('The instance "nope" does not exist on the server (404: The "nope" instance does not exist) [item 0]');
	});
});

describe('Instance → Get Many', () => {
	it('lists the instances the key sees with their state, and never their tokens', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'getMany', returnAll: true } });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/instance/fetchInstances']]);
		expect(result.items.map((item) => [item.json.name, item.json.state])).toEqual([
			['sales', 'open'],
			['Support Team', 'open'],
			['offline', 'close'],
		]);
		expect(JSON.stringify(result.items)).not.toMatch(/-token/);
	});

	it("leaves out the secrets of an instance's Chatwoot and proxy rows too, as every output does", async () => {
		const { fake } = state;
		fake.integrations.chatwoot.set('sales', { enabled: true, accountId: '1', token: 'chatwoot-secret-77', url: 'https://chat.example.com' });
		fake.integrations.proxies.set('sales', { enabled: true, host: '10.0.0.7', port: '3128', protocol: 'http', username: 'evo', password: 'proxy-secret-88' });
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'getMany', returnAll: true } });
		const sales = result.items[0].json;
		expect([sales.name, sales.Chatwoot, sales.Proxy]).toEqual([
			'sales',
			{ enabled: true, accountId: '1', url: 'https://chat.example.com' },
			{ enabled: true, host: '10.0.0.7', port: '3128', protocol: 'http', username: 'evo' },
		]);
		expect(sales).not.toHaveProperty('token');
	});

	it("with an instance's own token, lists only that instance; with a limit, stops there", async () => {
		const { fake } = state;
		const own = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'getMany', returnAll: true }, credentials: { apiKey: 'offline-token' } });
		expect(own.items.map((item) => item.json.name)).toEqual(['offline']);
		const limited = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'getMany', limit: 2 } });
		expect(limited.items.map((item) => item.json.name)).toEqual(['sales', 'Support Team']);
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/instance/fetchInstances'],
			['GET', '/instance/fetchInstances'],
		]);
	});

	it('says the key was rejected', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'getMany' }, credentials: { apiKey: 'wrong' } });
		expect(stopError(result).message).toBe('The API key was rejected by the instance (401: Unauthorized) [item 0]');
	});

	it('with Simplify, keeps 10 fields, the counts flattened (_count.Message → messageCount); off, the instances as the server gives them, without their tokens', async () => {
		const { fake } = state;
		const on = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'getMany', returnAll: true, simplify: true } });
		expect(on.items[0]).toEqual({
			json: {
				name: 'sales',
				state: 'open',
				ownerJid: '51900000001@s.whatsapp.net',
				profileName: 'sales',
				profilePicUrl: null,
				integration: 'WHATSAPP-BAILEYS',
				number: null,
				messageCount: 0,
				contactCount: 0,
				chatCount: 0,
			},
			pairedItem: { item: 0 },
		});
		expect(on.items.map((item) => [item.json.name, item.json.state])).toEqual([
			['sales', 'open'],
			['Support Team', 'open'],
			['offline', 'close'],
		]);
		const off = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'getMany', returnAll: true, simplify: false } });
		const raw = (await askFake(fake, 'GET', '/instance/fetchInstances')) as Array<Record<string, unknown>>;
		expect(off.items.map((item) => item.json)).toEqual(raw.map(({ token: _token, ...row }) => ({ ...row, state: row.connectionStatus })));
		expect(JSON.stringify([on.items, off.items])).not.toMatch(/-token/);
	});
});
