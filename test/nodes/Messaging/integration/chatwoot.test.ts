import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const set = (chatwootSettings: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
	resource: 'integration',
	operation: 'setChatwoot',
	instanceName: instance('sales'),
	enabled: true,
	chatwootSettings,
	...overrides,
});

const get = { resource: 'integration', operation: 'getChatwoot', instanceName: instance('sales') };
const ACCOUNT = { url: 'https://chatwoot.example.com/', accountId: '7', token: 'cw-token-123' };
const requests = () => state.fake.requests.map((r) => [r.method, r.path, r.body]);

describe('Integration → Set Chatwoot', () => {
	it('reads the stored settings first, then sends every required key with the given ones; the token stays out of the item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: set({ ...ACCOUNT, signMsg: true, ignoreJids: '@g.us, +51 911 111 111' }) });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([
			['GET', '/chatwoot/find/sales', undefined],
			[
				'POST',
				'/chatwoot/set/sales',
				{
					enabled: true,
					accountId: '7',
					token: 'cw-token-123',
					url: 'https://chatwoot.example.com',
					nameInbox: '',
					signMsg: true,
					reopenConversation: false,
					conversationPending: false,
					ignoreJids: ['@g.us', '51911111111@s.whatsapp.net'],
				},
			],
		]);
		expect(result.items[0].json).toMatchObject({ enabled: true, accountId: '7', nameInbox: 'sales', webhook_url: `${fake.url}/chatwoot/webhook/sales` });
		expect(JSON.stringify(result.items)).not.toContain('cw-token-123');
	});

	it('turns Chatwoot off keeping the stored account and token, changing only what is given', async () => {
		const { fake } = state;
		await runMessaging(fake, { parameters: set({ ...ACCOUNT, reopenConversation: true, nameInbox: 'WhatsApp Ventas' }) });
		const off = await runMessaging(fake, { parameters: set({ importContacts: true }, { enabled: false }) });
		expect(off.error).toBeUndefined();
		expect(fake.requests[3].body).toEqual({
			enabled: false,
			accountId: '7',
			token: 'cw-token-123',
			url: 'https://chatwoot.example.com',
			nameInbox: 'WhatsApp Ventas',
			signMsg: false,
			reopenConversation: true,
			conversationPending: false,
			mergeBrazilContacts: false,
			importContacts: true,
			importMessages: false,
			ignoreJids: [],
		});
		expect(fake.integrations.chatwoot.get('sales')).toMatchObject({ enabled: false, token: 'cw-token-123', reopenConversation: true, importContacts: true });
	});

	it("turns Chatwoot off when the server's find fails inside it ({enabled: null, url: ''}): the body still passes the schema", async () => {
		const { fake } = state;
		fake.failNext(200, { enabled: null, url: '', webhook_url: `${fake.url}/chatwoot/webhook/sales` }, 1, (r) => r.method === 'GET');
		const result = await runMessaging(fake, { parameters: set({}, { enabled: false }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests[1].body).toEqual({
			enabled: false,
			url: '',
			accountId: '',
			token: '',
			nameInbox: '',
			signMsg: false,
			reopenConversation: false,
			conversationPending: false,
		});
	});

	it('refuses bad settings before any request', async () => {
		const { fake } = state;
		const url = await runMessaging(fake, { parameters: set({ url: 'chatwoot' }) });
		expect(stopError(url).message).toBe('URL "chatwoot" is not an http or https URL. Nothing was sent. [item 0]');
		const token = await runMessaging(fake, { parameters: set({ token: '={{ { a: 1 } }}' }) });
		expect(stopError(token).message).toBe('Token "(hidden)" is not text. Nothing was sent. [item 0]');
		const days = await runMessaging(fake, { parameters: set({ daysLimitImportMessages: 0 }) });
		expect(stopError(days).message).toMatch(/^Days of Messages to Import 0 is not a whole number of days from 1 to 3650/);
		expect(fake.requests).toEqual([]);
	});

	it('says Chatwoot needs its account the first time (the server refuses), and keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: set({ url: '={{ $json.url }}' }, { instanceName: instance('={{ $json.name }}', 'name') }),
			items: itemsOf({ name: 'sales', url: 'https://chatwoot.example.com' }, { name: 'offline', url: 'https://chatwoot.example.com' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[{ item: 0 }, 'Chatwoot cannot be turned on for instance "sales" without a valid URL, an account and a token (400: accountId is required) [item 0]'],
			[{ item: 1 }, 'Chatwoot cannot be turned on for instance "offline" without a valid URL, an account and a token (400: accountId is required) [item 1]'],
		]);
	});
});

describe('Integration → Get Chatwoot', () => {
	it('GETs the settings without the token; none stored gives the server\'s "off" answer', async () => {
		const { fake } = state;
		const none = await runMessaging(fake, { parameters: get });
		expect(none.items[0].json).toEqual({ enabled: false, url: '', accountId: '', signMsg: false, nameInbox: '', webhook_url: '' });
		await runMessaging(fake, { parameters: set(ACCOUNT) });
		const stored = await runMessaging(fake, { parameters: get });
		expect(requests().filter(([method]) => method === 'GET').map(([, path]) => path)).toEqual(['/chatwoot/find/sales', '/chatwoot/find/sales', '/chatwoot/find/sales']);
		expect(stored.items[0].json).toMatchObject({ enabled: true, url: 'https://chatwoot.example.com', accountId: '7', webhook_url: `${fake.url}/chatwoot/webhook/sales` });
		expect(stored.items[0].json).not.toHaveProperty('token');
	});

	it('says the server has Chatwoot turned off (400 Chatwoot is disabled)', async () => {
		const { fake } = state;
		fake.integrations.off.add('chatwoot');
		const result = await runMessaging(fake, { parameters: get });
		const error = stopError(result);
		expect(error.message).toBe('The server has Chatwoot turned off (400: Chatwoot is disabled) [item 0]');
		expect(error.description).toBe("Set CHATWOOT_ENABLED=true in the Evolution API server's .env and restart it.");
	});
});
