// Chat → Find Channels (Evolution 2.4's chat/findChannels): the channels (newsletters) among the
// instance's stored messages, a page of 100 at a time.
import { describe, expect, it } from 'vitest';

import { instance, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ release: '2.4.0-rc2' });

const find = (parameters: Record<string, unknown> = {}) => ({ resource: 'chat', operation: 'findChannels', instanceName: instance('sales'), ...parameters });

const channel = (n: number) => `1203630${String(n).padStart(11, '0')}@newsletter`;

describe('Find Channels', () => {
	it('asks page by page of 100 with Return All, one item per channel, newest first; other chats left out', async () => {
		const { fake } = state;
		for (let n = 1; n <= 101; n++) fake.storeText({ remoteJid: channel(n), messageTimestamp: 1_760_000_000 + n });
		fake.storeText({ remoteJid: channel(101), messageTimestamp: 1_700_000_000 });
		fake.storeText({ remoteJid: '51987654321@s.whatsapp.net', messageTimestamp: 1_770_000_000 });
		const result = await runMessaging(fake, { parameters: find({ returnAll: true }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/chat/findChannels/sales', { page: 1, limit: 100 }],
			['POST', '/chat/findChannels/sales', { page: 2, limit: 100 }],
		]);
		expect(result.items).toHaveLength(101);
		expect(result.items[0]).toEqual({ json: { remoteJid: channel(101), lastMessageTimestamp: 1_760_000_101 }, pairedItem: { item: 0 } });
		expect(result.items.at(-1)!.json).toEqual({ remoteJid: channel(1), lastMessageTimestamp: 1_760_000_001 });
	});

	it('asks one page of Limit channels', async () => {
		const { fake } = state;
		for (let n = 1; n <= 3; n++) fake.storeText({ remoteJid: channel(n), messageTimestamp: 1_760_000_000 + n });
		const result = await runMessaging(fake, { parameters: find({ limit: 2 }) });
		expect(fake.requests.map((r) => r.body)).toEqual([{ page: 1, limit: 2 }]);
		expect(result.items.map((item) => item.json.remoteJid)).toEqual([channel(3), channel(2)]);
	});

	it('refuses a Limit of 0 before any request, and says the route came with 2.4.0 on an older server', async () => {
		const { fake } = state;
		expect(stopError(await runMessaging(fake, { parameters: find({ limit: 0 }) })).message).toBe('Limit 0 is not a whole number of results from 1 to 9007199254740991. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
		fake.release = '2.3.7';
		const old = stopError(await runMessaging(fake, { parameters: find({ returnAll: true }) }));
		expect(old.message).toBe('The server has no route for Chat → Find Channels: it is older than Evolution API 2.4.0 (404: Cannot POST /chat/findChannels/sales) [item 0]');
		expect(old.description).toBe('Chat → Find Channels came with Evolution API 2.4.0. Update the server to 2.4.0 or later (GET / on the server names its version).');
	});
});
