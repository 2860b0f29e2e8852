import { describe, expect, it } from 'vitest';

import type { EvolutionFake } from '../../../../fakes/evolution';
import { FIND_MESSAGES_PAGE_SIZE } from '../../../../nodes/Messaging/resources/chat/findMessages';
import { SEEDED_MESSAGES, SEEDED_SENDER } from '../../../../fakes/evolution/seeds';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

/** Stores `count` texts in chat 51911112222, one a second from 2026-03-01T00:00:00Z; the last is the newest. */
function storeTexts(fake: EvolutionFake, count: number): string[] {
	const start = Date.parse('2026-03-01T00:00:00Z') / 1000;
	return Array.from({ length: count }, (_, i) =>
		fake.storeText({ remoteJid: '51911112222@s.whatsapp.net', text: `msg ${i}`, fromMe: i % 2 === 0, messageTimestamp: start + i, id: `FINDTEST${String(i).padStart(4, '0')}` }),
	);
}

const find = (parameters: Record<string, unknown> = {}) => ({ resource: 'chat', operation: 'findMessages', instanceName: instance('sales'), ...parameters });
const requestsOf = (fake: EvolutionFake) => fake.requests.map((r) => [r.path, r.body]);

describe('Find Messages', () => {
	it('asks page after page with Return All, one item per message, newest first', async () => {
		const { fake } = state;
		const ids = storeTexts(fake, 2 * FIND_MESSAGES_PAGE_SIZE + 30);
		const result = await runMessaging(fake, { parameters: find({ returnAll: true, filters: { chat: '+51 911 112 222' } }) });
		expect(result.error).toBeUndefined();
		const where = { key: { remoteJid: '51911112222@s.whatsapp.net' } };
		expect(requestsOf(fake)).toEqual([1, 2, 3].map((page) => ['/chat/findMessages/sales', { where, offset: FIND_MESSAGES_PAGE_SIZE, page }]));
		expect(result.items.map((item) => item.json.key)).toEqual(
			[...ids].reverse().map((id, i) => ({ remoteJid: '51911112222@s.whatsapp.net', fromMe: (ids.length - 1 - i) % 2 === 0, id })),
		);
		expect(result.items[0]).toMatchObject({ json: { messageType: 'conversation', message: { conversation: 'msg 229' } }, pairedItem: { item: 0 } });
	});

	it('stops asking once the limit is in', async () => {
		const { fake } = state;
		storeTexts(fake, 2 * FIND_MESSAGES_PAGE_SIZE + 30);
		const small = await runMessaging(fake, { parameters: find({ limit: 5 }) });
		expect(requestsOf(fake)).toEqual([['/chat/findMessages/sales', { where: {}, offset: 5, page: 1 }]]);
		expect(small.items.map((item) => item.json.message)).toEqual([229, 228, 227, 226, 225].map((i) => ({ conversation: `msg ${i}` })));
		fake.reset();
		storeTexts(fake, 2 * FIND_MESSAGES_PAGE_SIZE + 30);
		const large = await runMessaging(fake, { parameters: find({ limit: FIND_MESSAGES_PAGE_SIZE + 10 }) });
		expect(fake.requests.map((r) => (r.body as { page: number }).page)).toEqual([1, 2]);
		expect(large.items).toHaveLength(FIND_MESSAGES_PAGE_SIZE + 10);
	});

	it('places the filters as the server reads them: key.fromMe, key.id and both ends of messageTimestamp', async () => {
		const { fake } = state;
		storeTexts(fake, 10);
		const result = await runMessaging(fake, {
			parameters: find({ returnAll: true, filters: { fromMe: true, after: '2026-03-01T00:00:03Z', before: '2026-03-01T00:00:06Z' } }),
		});
		expect(requestsOf(fake)).toEqual([
			[
				'/chat/findMessages/sales',
				{ where: { key: { fromMe: true }, messageTimestamp: { gte: '2026-03-01T00:00:03.000Z', lte: '2026-03-01T00:00:06.000Z' } }, offset: FIND_MESSAGES_PAGE_SIZE, page: 1 },
			],
		]);
		expect(result.items.map((item) => item.json.message)).toEqual([{ conversation: 'msg 6' }, { conversation: 'msg 4' }]);
		fake.reset();
		storeTexts(fake, 3);
		const one = await runMessaging(fake, { parameters: find({ filters: { messageId: 'FINDTEST0001', after: '2026-03-01T00:00:00Z' } }) });
		expect((fake.requests[0].body as { where: unknown }).where).toEqual({
			key: { id: 'FINDTEST0001' },
			messageTimestamp: { gte: '2026-03-01T00:00:00.000Z', lte: '9999-12-31T23:59:59.999Z' },
		});
		expect(one.items.map((item) => item.json.message)).toEqual([{ conversation: 'msg 1' }]);
	});

	it('refuses a bad chat, message ID, time or range with no request, naming the item and the value', async () => {
		const { fake } = state;
		for (const [filters, says] of [
			[{ chat: 'abc' }, 'Filters → Chat "abc" holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]'],
			[{ messageId: 'no spaces allowed' }, 'Filters → Message ID "no spaces allowed" is not a message ID (4 to 128 letters, digits, - or _). Nothing was sent. [item 0]'],
			[{ after: 'yesterday-ish' }, 'Filters → Sent After "yesterday-ish" is not a date and time. Nothing was sent. [item 0]'],
			[{ after: '2026-03-02T00:00:00Z', before: '2026-03-01T00:00:00Z' }, 'Filters → Sent After "2026-03-02T00:00:00Z" is later than Sent Before (2026-03-01T00:00:00.000Z). Nothing was sent. [item 0]'],
		] as const) {
			const result = await runMessaging(fake, { parameters: find({ filters }), items: itemsOf({}, {}) });
			expect(stopError(result).message).toBe(says);
		}
		const limit = await runMessaging(fake, { parameters: find({ limit: 0 }) });
		expect(stopError(limit).message).toBe('Limit 0 is not a whole number of results from 1 to 9007199254740991. Nothing was sent. [item 0]');
		expect(fake.requests).toHaveLength(0);
	});

	it('fails on 401 and 404 naming the instance; under Continue On Fail each item keeps its pairedItem', async () => {
		const { fake } = state;
		const unknown = await runMessaging(fake, { parameters: find({ instanceName: instance('nowhere', 'name') }) });
		expect(stopError(unknown).message).toBe('The instance "nowhere" does not exist on the server (404: The "nowhere" instance does not exist) [item 0]');
		const badKey = await runMessaging(fake, { parameters: find(), credentials: { apiKey: 'wrong-key' } });
		expect(stopError(badKey).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
		storeTexts(fake, 2);
		const result = await runMessaging(fake, {
			parameters: find({ instanceName: '={{ $json.instance }}', limit: 1 }),
			items: itemsOf({ instance: 'nowhere' }, { instance: 'sales' }),
			continueOnFail: true,
		});
		expect([result.items[0].json, result.items[0].pairedItem]).toEqual([{ error: 'The instance "nowhere" does not exist on the server (404: The "nowhere" instance does not exist) [item 0]' }, { item: 0 }]);
		expect(result.items[1]).toMatchObject({ json: { message: { conversation: 'msg 1' } }, pairedItem: { item: 1 } });
	});

	it("with Simplify, keeps 10 fields: the key's, the text of any kind, the last status and the quoted ID, flattened; off, the stored rows", async () => {
		const { fake } = state;
		fake.storeText({ remoteJid: '120363025246125486@g.us', participant: '51912345678@s.whatsapp.net', pushName: 'Luis Paz', text: 'Pedido 12', quotedId: 'QUOTED000001', messageTimestamp: 1_772_000_200, id: 'GROUPMSG0001' });
		fake.storeText({ remoteJid: '51911112222@s.whatsapp.net', fromMe: true, text: 'Hola', statuses: ['SERVER_ACK', 'DELIVERY_ACK', 'READ'], messageTimestamp: 1_772_000_100, id: 'SENTMSG00001' });
		const on = await runMessaging(fake, { parameters: find({ returnAll: true, simplify: true }) });
		expect(on.error).toBeUndefined();
		expect(on.items.slice(0, 2).map((item) => item.json)).toEqual([
			{
				messageId: 'GROUPMSG0001',
				chatJid: '120363025246125486@g.us',
				fromMe: false,
				senderJid: '51912345678@s.whatsapp.net',
				pushName: 'Luis Paz',
				messageType: 'conversation',
				text: 'Pedido 12',
				messageTimestamp: 1_772_000_200,
				status: null,
				quotedMessageId: 'QUOTED000001',
			},
			{
				messageId: 'SENTMSG00001',
				chatJid: '51911112222@s.whatsapp.net',
				fromMe: true,
				senderJid: null,
				pushName: 'Você',
				messageType: 'conversation',
				text: 'Hola',
				messageTimestamp: 1_772_000_100,
				status: 'READ',
				quotedMessageId: null,
			},
		]);
		// A received image: its caption is the text; the sender is the chat.
		expect(on.items.find((item) => item.json.messageId === SEEDED_MESSAGES.image)?.json).toEqual({
			messageId: SEEDED_MESSAGES.image,
			chatJid: SEEDED_SENDER,
			fromMe: false,
			senderJid: SEEDED_SENDER,
			pushName: null,
			messageType: 'imageMessage',
			text: 'Foto del recibo',
			messageTimestamp: 0,
			status: null,
			quotedMessageId: null,
		});
		expect(on.items.map((item) => item.pairedItem)).toEqual(on.items.map(() => ({ item: 0 })));
		const off = await runMessaging(fake, { parameters: find({ returnAll: true, simplify: false }) });
		// Off: the page's records (not the answer's messages.records wrapping), each row whole.
		expect(off.items).toHaveLength(on.items.length);
		expect(off.items.slice(0, 2)).toEqual([
			{
				json: {
					id: 'row-GROUPMSG0001',
					key: { remoteJid: '120363025246125486@g.us', fromMe: false, id: 'GROUPMSG0001', participant: '51912345678@s.whatsapp.net' },
					pushName: 'Luis Paz',
					messageType: 'conversation',
					message: { conversation: 'Pedido 12' },
					messageTimestamp: 1_772_000_200,
					instanceId: expect.any(String),
					source: 'android',
					contextInfo: { stanzaId: 'QUOTED000001' },
					MessageUpdate: [],
				},
				pairedItem: { item: 0 },
			},
			{
				json: {
					id: 'row-SENTMSG00001',
					key: { remoteJid: '51911112222@s.whatsapp.net', fromMe: true, id: 'SENTMSG00001' },
					pushName: 'Você',
					messageType: 'conversation',
					message: { conversation: 'Hola' },
					messageTimestamp: 1_772_000_100,
					instanceId: expect.any(String),
					source: 'unknown',
					contextInfo: null,
					MessageUpdate: [{ status: 'SERVER_ACK' }, { status: 'DELIVERY_ACK' }, { status: 'READ' }],
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(fake.requests.map((r) => r.body)).toEqual(Array(2).fill({ where: {}, offset: FIND_MESSAGES_PAGE_SIZE, page: 1 }));
	});
});
