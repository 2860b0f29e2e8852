import { describe, expect, it } from 'vitest';

import { unordered } from '../../../harness/unordered';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const markAsRead = (message: unknown[]) => ({ resource: 'chat', operation: 'markAsRead', instanceName: instance('sales'), messages: { message } });

describe('Mark as Read', () => {
	it('sends every key of the item in one POST (v2 method), and outputs the answer with the keys', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: markAsRead([
				{ chat: '+51 987 654 321', messageId: 'INCOMINGTEXT0001', fromMe: false },
				{ chat: '120363025246125486@g.us', messageId: 'INCOMINGIMAGE0001' },
			]),
		});
		expect(result.error).toBeUndefined();
		const keys = [
			{ remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: 'INCOMINGTEXT0001' },
			{ remoteJid: '120363025246125486@g.us', fromMe: false, id: 'INCOMINGIMAGE0001' },
		];
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/chat/markMessageAsRead/sales', { readMessages: keys }]]);
		expect(fake.readKeys.map(({ remoteJid, id }) => [remoteJid, id])).toEqual(keys.map(({ remoteJid, id }) => [remoteJid, id]));
		expect(result.items).toEqual([{ json: { message: 'Read messages', read: 'success', messages: keys }, pairedItem: { item: 0 } }]);
	});

	it('reads the keys from expressions, one request per item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: markAsRead([{ chat: '={{ $json.chat }}', messageId: '={{ $json.id }}', fromMe: false }]),
			items: itemsOf({ chat: '51987654321@s.whatsapp.net', id: 'AAAA1111' }, { chat: '51912345678', id: 'BBBB2222' }),
		});
		expect(result.error).toBeUndefined();
		const first = { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: 'AAAA1111' };
		const second = { remoteJid: '51912345678@s.whatsapp.net', fromMe: false, id: 'BBBB2222' };
		// The items are sent concurrently: which request arrives first is not defined.
		expect(unordered(fake.requests.map((r) => [r.method, r.path, r.body]))).toEqual(
			unordered([
				['POST', '/chat/markMessageAsRead/sales', { readMessages: [first] }],
				['POST', '/chat/markMessageAsRead/sales', { readMessages: [second] }],
			]),
		);
		expect(result.items).toEqual([
			{ json: { message: 'Read messages', read: 'success', messages: [first] }, pairedItem: { item: 0 } },
			{ json: { message: 'Read messages', read: 'success', messages: [second] }, pairedItem: { item: 1 } },
		]);
	});

	it.each([
		[[], 'Messages [] is empty: at least one message is required. Nothing was sent. [item 0]'],
		[[{ chat: '51987654321', messageId: '={{ "" }}' }], /^Message 1 .* has the message ID "", which is empty.* \[item 0\]$/],
		[[{ chat: '={{ "" }}', messageId: 'AAAA1111' }], /^Message 1 .* has the chat "", which is empty.* \[item 0\]$/],
		[[{ chat: '123456789012345@lid', messageId: 'AAAA1111' }], 'Message 1 {"chat":"123456789012345@lid","messageId":"AAAA1111","fromMe":false} has the chat 123456789012345@lid, an @lid address, which Evolution API skips when marking as read. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (messages, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: markAsRead(messages) });
		if (typeof message === 'string') expect(stopError(result).message).toBe(message);
		else expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('explains a closed connection (500 "Read messages fail")', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: { ...markAsRead([{ chat: '51987654321', messageId: 'AAAA1111' }]), instanceName: instance('offline') },
		});
		expect(stopError(result).message).toBe(
			'The server or its WhatsApp connection failed on instance "offline" (500: Read messages fail; Error: Connection Closed) [item 0]',
		);
	});
});
