// Chat → Mark as Played (Evolution 2.4's chat/markMessageAsPlayed): the played receipt of voice
// messages, with Mark as Read's Messages list.
import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ release: '2.4.0-rc2' });

const markAsPlayed = (message: unknown[]) => ({ resource: 'chat', operation: 'markAsPlayed', instanceName: instance('sales'), messages: { message } });

describe('Mark as Played', () => {
	it('sends every key of the item as playedMessages in one POST, and outputs the answer with the keys', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: markAsPlayed([
				{ chat: '+51 987 654 321', messageId: 'INCOMINGAUDIO001', fromMe: false },
				{ chat: '120363025246125486@g.us', messageId: 'INCOMINGAUDIO002' },
			]),
		});
		expect(result.error).toBeUndefined();
		const keys = [
			{ remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: 'INCOMINGAUDIO001' },
			{ remoteJid: '120363025246125486@g.us', fromMe: false, id: 'INCOMINGAUDIO002' },
		];
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/chat/markMessageAsPlayed/sales', { playedMessages: keys }]]);
		expect(fake.readKeys.map(({ remoteJid, id, played }) => [remoteJid, id, played])).toEqual(keys.map(({ remoteJid, id }) => [remoteJid, id, true]));
		expect(result.items).toEqual([{ json: { message: 'Played messages', played: 'success', messages: keys }, pairedItem: { item: 0 } }]);
	});

	it('refuses an empty list and an @lid chat before any request', async () => {
		const { fake } = state;
		expect(stopError(await runMessaging(fake, { parameters: markAsPlayed([]) })).message).toBe(
			'Messages [] is empty: at least one message is required. Nothing was sent. [item 0]',
		);
		const lid = await runMessaging(fake, { parameters: markAsPlayed([{ chat: '123456789012345@lid', messageId: 'AAAA1111' }]) });
		expect(stopError(lid).message).toBe('Message 1 {"chat":"123456789012345@lid","messageId":"AAAA1111","fromMe":false} has the chat 123456789012345@lid, an @lid address, which Evolution API skips when marking as played. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says the route came with 2.4.0 when an older server answers 404, and keeps going per item with Continue On Fail', async () => {
		const { fake } = state;
		// The items go at once: the 404 is the first item's request's, whichever arrives first.
		const firstItems = (request: { body?: unknown }) =>
			(request.body as { playedMessages?: Array<{ remoteJid: string }> } | undefined)?.playedMessages?.[0]?.remoteJid === '51987654321@s.whatsapp.net';
		fake.failNext(404, { status: 404, error: 'Not Found', response: { message: ['Cannot POST /chat/markMessageAsPlayed/sales'] } }, 1, firstItems);
		const result = await runMessaging(fake, {
			parameters: markAsPlayed([{ chat: '={{ $json.chat }}', messageId: 'AAAA1111' }]),
			items: itemsOf({ chat: '51987654321' }, { chat: '51912345678' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.json.error ?? item.json.played, item.pairedItem])).toEqual([
			[
				'The server has no route for Chat → Mark as Played: it is older than Evolution API 2.4.0 (404: Cannot POST /chat/markMessageAsPlayed/sales) [item 0]',
				{ item: 0 },
			],
			['success', { item: 1 }],
		]);
	});

	it('explains a closed connection (500 "Mark messages as played fail")', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { ...markAsPlayed([{ chat: '51987654321', messageId: 'AAAA1111' }]), instanceName: instance('offline') } });
		expect(stopError(result).message).toBe(
			'The server or its WhatsApp connection failed on instance "offline" (500: Mark messages as played fail; Error: Connection Closed) [item 0]',
		);
	});
});
