import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ unregistered: ['51999999999'] });

const sendReaction = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendReaction',
	instanceName: instance('sales'),
	chat: '+51 987 654 321',
	messageId: 'INCOMINGTEXT0001',
	fromMe: false,
	reaction: '👍',
	...overrides,
});

describe('Send Reaction', () => {
	it("sends the message's key (the chat as an address) and the emoji", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendReaction() });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
			['/message/sendReaction/sales', { key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: 'INCOMINGTEXT0001' }, reaction: '👍' }],
		]);
		expect(result.items[0].json).toMatchObject({ messageType: 'reactionMessage', message: { reactionMessage: { text: '👍' } } });
	});

	it('removes a reaction with an empty one, and reads the key from expressions (fromMe as text)', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendReaction({ chat: '={{ $json.chat }}', messageId: '={{ $json.id }}', fromMe: '={{ $json.mine }}', reaction: '' }),
			items: itemsOf({ chat: '120363025246125486@g.us', id: '3EB0C431C26A1916E07A', mine: 'true' }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({ key: { remoteJid: '120363025246125486@g.us', fromMe: true, id: '3EB0C431C26A1916E07A' }, reaction: '' });
	});

	it.each([
		[{ reaction: 'ok' }, 'Reaction "ok" is not a single emoji (the server accepts one emoji or nothing). Nothing was sent. [item 0]'],
		[{ reaction: '👍👍' }, 'Reaction "👍👍" is not a single emoji (the server accepts one emoji or nothing). Nothing was sent. [item 0]'],
		[{ messageId: '={{ "" }}' }, 'Message {"chat":"+51 987 654 321","messageId":"","fromMe":false} has the message ID "", which is empty: a message ID is required. Nothing was sent. [item 0]'],
		[{ messageId: 'id with spaces' }, 'Message {"chat":"+51 987 654 321","messageId":"id with spaces","fromMe":false} has the message ID "id with spaces", which is not a message ID (4 to 128 letters, digits, - or _). Nothing was sent. [item 0]'],
		[{ chat: 'someone' }, 'Message {"chat":"someone","messageId":"INCOMINGTEXT0001","fromMe":false} has the chat "someone", which holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]'],
		[{ fromMe: '={{ "yes" }}' }, 'Message {"chat":"+51 987 654 321","messageId":"INCOMINGTEXT0001","fromMe":"yes"} has From Me "yes", which is not true or false. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendReaction(overrides) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it('accepts flags, skin tones and joined emoji as one', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendReaction({ reaction: '={{ $json.emoji }}' }),
			items: itemsOf({ emoji: '🇵🇪' }, { emoji: '👍🏽' }, { emoji: '❤️' }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => (r.body as { reaction: string }).reaction)).toEqual(['🇵🇪', '👍🏽', '❤️']);
	});

	it('says the chat is not on WhatsApp', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendReaction({ chat: '51999999999' }) });
		expect(stopError(result).message).toBe('51999999999@s.whatsapp.net is not on WhatsApp (400) [item 0]');
	});
});
