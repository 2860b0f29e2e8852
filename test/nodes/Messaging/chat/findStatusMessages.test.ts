import { describe, expect, it } from 'vitest';

import type { EvolutionFake } from '../../../../fakes/evolution';
import { FIND_STATUS_PAGE_SIZE } from '../../../../nodes/Messaging/resources/chat/findStatusMessages';
import { instance, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const find = (parameters: Record<string, unknown> = {}) => ({ resource: 'chat', operation: 'findStatusMessages', instanceName: instance('sales'), ...parameters });
const STATUSES = ['SERVER_ACK', 'DELIVERY_ACK', 'READ'];

/** `count` sent messages to 51911112222, each with three status updates. */
function storeSent(fake: EvolutionFake, count: number) {
	for (let i = 0; i < count; i++) fake.storeText({ remoteJid: '51911112222@s.whatsapp.net', fromMe: true, id: `STATUSTEST${i}`, statuses: STATUSES });
}

describe('Find Status Messages', () => {
	it('asks page after page until a short one with Return All, one item per update', async () => {
		const { fake } = state;
		storeSent(fake, 70);
		const result = await runMessaging(fake, { parameters: find({ returnAll: true, filters: { chat: '51911112222' } }) });
		expect(result.error).toBeUndefined();
		const where = { remoteJid: '51911112222@s.whatsapp.net' };
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual(
			[1, 2, 3].map((page) => ['/chat/findStatusMessage/sales', { where, offset: FIND_STATUS_PAGE_SIZE, page }]),
		);
		expect(result.items).toHaveLength(210);
		expect(result.items[0]).toMatchObject({ json: { keyId: 'STATUSTEST0', status: 'SERVER_ACK', fromMe: true }, pairedItem: { item: 0 } });
	});

	it('stops at the limit, and filters by message ID as where.id', async () => {
		const { fake } = state;
		storeSent(fake, 70);
		const limited = await runMessaging(fake, { parameters: find({ limit: 2 }) });
		expect(fake.requests.map((r) => r.body)).toEqual([{ where: {}, offset: 2, page: 1 }]);
		expect(limited.items.map((item) => item.json.status)).toEqual(['SERVER_ACK', 'DELIVERY_ACK']);
		fake.reset();
		storeSent(fake, 3);
		const one = await runMessaging(fake, { parameters: find({ returnAll: true, filters: { messageId: 'STATUSTEST1' } }) });
		expect(fake.requests.map((r) => r.body)).toEqual([{ where: { id: 'STATUSTEST1' }, offset: FIND_STATUS_PAGE_SIZE, page: 1 }]);
		expect(one.items.map((item) => item.json.status)).toEqual(STATUSES);
	});

	it('refuses a bad message ID with no request; 404 and 401 fail naming the cause', async () => {
		const { fake } = state;
		const bad = await runMessaging(fake, { parameters: find({ filters: { messageId: 'a b' } }) });
		expect(stopError(bad).message).toBe('Filters → Message ID "a b" is not a message ID (4 to 128 letters, digits, - or _). Nothing was sent. [item 0]');
		expect(fake.requests).toHaveLength(0);
		const unknown = await runMessaging(fake, { parameters: find({ instanceName: instance('nowhere', 'name') }) });
		expect(stopError(unknown).message).toBe('The instance "nowhere" does not exist on the server (404: The "nowhere" instance does not exist) [item 0]');
		const badKey = await runMessaging(fake, { parameters: find(), credentials: { apiKey: 'wrong-key' } });
		expect(stopError(badKey).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
	});

	it("with Simplify, keeps the message's key and the status (messageId the message's own ID); off, the stored rows", async () => {
		const { fake } = state;
		storeSent(fake, 1);
		const on = await runMessaging(fake, { parameters: find({ returnAll: true, simplify: true, filters: { messageId: 'STATUSTEST0' } }) });
		expect(on.error).toBeUndefined();
		expect(on.items.map((item) => item.json)).toEqual(
			STATUSES.map((status) => ({ messageId: 'STATUSTEST0', chatJid: '51911112222@s.whatsapp.net', fromMe: true, participant: null, status })),
		);
		expect(on.items.map((item) => item.pairedItem)).toEqual(STATUSES.map(() => ({ item: 0 })));
		const off = await runMessaging(fake, { parameters: find({ returnAll: true, simplify: false, filters: { messageId: 'STATUSTEST0' } }) });
		expect(fake.requests.map((r) => r.body)).toEqual(Array(2).fill({ where: { id: 'STATUSTEST0' }, offset: FIND_STATUS_PAGE_SIZE, page: 1 }));
		// Off: the stored update rows whole, messageId the row's own ID as the server names it.
		expect(off.items.map((item) => item.json)).toEqual(
			STATUSES.map((status, index) => ({
				id: `update-STATUSTEST0-${index}`,
				keyId: 'STATUSTEST0',
				remoteJid: '51911112222@s.whatsapp.net',
				fromMe: true,
				participant: null,
				pollUpdates: null,
				status,
				messageId: 'row-STATUSTEST0',
				instanceId: expect.any(String),
			})),
		);
	});
});
