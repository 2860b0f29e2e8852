import { describe, expect, it } from 'vitest';

import { instance, itemsOf, recipient, runMessaging, stopError, useEvolutionFake } from '../helpers';

const INSTANCES = [
	{ name: 'sales', connectionStatus: 'open' as const },
	{ name: 'offline', connectionStatus: 'close' as const },
	{ name: 'cloud', connectionStatus: 'open' as const, integration: 'WHATSAPP-BUSINESS' },
];
const current = useEvolutionFake({ instances: INSTANCES });
const release22 = useEvolutionFake({ instances: INSTANCES, callRelease: '2.2' });

const offer = (parameters: Record<string, unknown> = {}) => ({
	resource: 'chat',
	operation: 'offerCall',
	instanceName: instance('sales'),
	number: recipient('+51 987 654 321'),
	callType: 'video',
	callDuration: 5,
	...parameters,
});
const run = (fake = release22.fake, parameters: Record<string, unknown> = {}, options: { continueOnFail?: boolean; items?: ReturnType<typeof itemsOf> } = {}) =>
	runMessaging(fake, { parameters: offer(parameters), typeVersion: 1.1, ...options });

describe('Chat → Offer Call', () => {
	it('sends number, isVideo and callDuration; on 2.2 the number rings and the call is the item', async () => {
		const { fake } = release22;
		const result = await run();
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/call/offer/sales', { number: '51987654321', isVideo: true, callDuration: 5 }],
		]);
		expect(result.items.map((item) => [item.json.to, typeof item.json.id, item.pairedItem])).toEqual([['51987654321@s.whatsapp.net', 'string', { item: 0 }]]);
		expect(fake.calls).toEqual([{ instance: 'sales', jid: '51987654321@s.whatsapp.net', isVideo: true, callDuration: 5 }]);
		await run(fake, { callType: 'voice', callDuration: 15 });
		expect(fake.requests[1].body).toEqual({ number: '51987654321', isVideo: false, callDuration: 15 });
	});

	it('says so when the server answers without calling (2.3.0 to 2.4.0-rc2)', async () => {
		const { fake } = current;
		const result = await run(fake);
		expect(fake.requests).toHaveLength(1);
		expect(stopError(result).message).toBe(
			'Instance "sales" did not call +51 987 654 321 (sent as 51987654321): this Evolution API answers Offer Call without placing the call (201: id "123") [item 0]',
		);
		expect(stopError(result).description).toBe(
			'Evolution API 2.3.0 to 2.4.0-rc2 have the call switched off in their code and answer a fixed id; only 2.2.x rings. Send a message instead, or run a 2.2 server for calls.',
		);
	});

	it('refuses a duration outside 1 to 15 seconds, or a bad number, with no request', async () => {
		const { fake } = release22;
		const long = await run(fake, { callDuration: 20 });
		expect(stopError(long).message).toBe('Ring For (Seconds) 20 is not a whole number of seconds from 1 to 15. Nothing was sent. [item 0]');
		const half = await run(fake, { callDuration: 2.5 });
		expect(stopError(half).message).toMatch(/^Ring For \(Seconds\) 2\.5 is not a whole number/);
		const number = await run(fake, { number: recipient('abc') });
		expect(stopError(number).message).toMatch(/^Recipient "abc" .*Nothing was sent\. \[item 0\]$/);
		expect(fake.requests).toHaveLength(0);
	});

	it('maps a closed connection (2.2) and a Cloud API instance', async () => {
		const closed = await run(release22.fake, { instanceName: instance('offline') });
		expect(stopError(closed).message).toBe('Instance "offline" could not call +51 987 654 321 (sent as 51987654321) (201: Connection Closed) [item 0]');
		const cloud = await run(release22.fake, { instanceName: instance('cloud') });
		expect(stopError(cloud).message).toBe(
			'Instance "cloud" is a WhatsApp Business Cloud API instance, which has no calls (400: Method not available on WhatsApp Business API) [item 0]',
		);
	});

	it('with Continue On Fail, each item gets its call or its error, paired', async () => {
		const { fake } = release22;
		const result = await run(fake, { instanceName: instance('={{ $json.instance }}', 'name') }, {
			continueOnFail: true,
			items: itemsOf({ instance: 'offline' }, { instance: 'sales' }),
		});
		expect(result.items.map((item) => [item.json.error ?? item.json.to, item.pairedItem])).toEqual([
			['Instance "offline" could not call +51 987 654 321 (sent as 51987654321) (201: Connection Closed) [item 0]', { item: 0 }],
			['51987654321@s.whatsapp.net', { item: 1 }],
		]);
	});
});
