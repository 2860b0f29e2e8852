import { describe, expect, it } from 'vitest';

import { instance, recipient, runMessaging, stopError } from '../helpers';
import { useEvolutionFake } from '../../../harness/evolutionFake';

const state = useEvolutionFake({ unregistered: ['51999999999'] });

const JID = '51987654321@s.whatsapp.net';

const blockOp = (operation: 'block' | 'unblock', overrides: Record<string, unknown> = {}) => ({
	resource: 'chat',
	operation,
	instanceName: instance('sales'),
	number: '+51 987 654 321',
	...overrides,
});

describe('Chat → Block and Unblock', () => {
	it('blocks a number, then unblocks it: number and status, one item each with what was asked', async () => {
		const blocked = await runMessaging(state.fake, { parameters: blockOp('block') });
		expect(blocked.error).toBeUndefined();
		expect(blocked.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ block: 'success', number: '51987654321', blocked: true }, { item: 0 }]]);
		expect(state.fake.chatStates.get('sales')?.blocked.has(JID)).toBe(true);
		const unblocked = await runMessaging(state.fake, { parameters: blockOp('unblock', { number: recipient(JID) }), typeVersion: 1.1 });
		expect(unblocked.error).toBeUndefined();
		expect(unblocked.items[0].json).toEqual({ block: 'success', number: JID, blocked: false });
		expect(state.fake.chatStates.get('sales')?.blocked.has(JID)).toBe(false);
		expect(state.fake.requests.map((r) => [r.method, r.path, r.body, r.headers.apikey])).toEqual([
			['POST', '/chat/updateBlockStatus/sales', { number: '51987654321', status: 'block' }, state.fake.apiKey],
			['POST', '/chat/updateBlockStatus/sales', { number: JID, status: 'unblock' }, state.fake.apiKey],
		]);
	});

	it.each([
		[{ number: '={{ "" }}' }, 'Number "" is empty: a phone number with country code is required. Nothing was sent. [item 0]'],
		[{ number: '12ab' }, 'Number "12ab" holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]'],
		[{ number: '120363025246125486@g.us' }, 'Number "120363025246125486@g.us" is a group, and WhatsApp blocks contacts, not groups. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const result = await runMessaging(state.fake, { parameters: blockOp('block', overrides) });
		expect(stopError(result).message).toBe(message);
		expect(state.fake.requests).toEqual([]);
	});

	it('refuses a group picked from the list (version 1.1) before any request', async () => {
		const result = await runMessaging(state.fake, { parameters: blockOp('unblock', { number: recipient('120363025246125486@g.us', 'group') }), typeVersion: 1.1 });
		expect(stopError(result).message).toMatch(/^Recipient "120363025246125486@g.us" is a group, and WhatsApp blocks contacts/);
		expect(state.fake.requests).toEqual([]);
	});

	it('says a number is not on WhatsApp (the 500 "[object Object]"), the connection closed, the key rejected (401)', async () => {
		const missing = await runMessaging(state.fake, { parameters: blockOp('block', { number: '51999999999' }) });
		expect(stopError(missing).message).toBe(
			'51999999999 is not on WhatsApp, so it cannot be blocked or unblocked (500: Error blocking user; [object Object]) [item 0]',
		);
		const closed = await runMessaging(state.fake, { parameters: blockOp('block', { instanceName: instance('offline') }) });
		expect(stopError(closed).message).toBe(
			'The server or its WhatsApp connection failed on instance "offline" (500: Error blocking user; Error: Connection Closed) [item 0]',
		);
		const rejected = await runMessaging(state.fake, { parameters: blockOp('unblock'), credentials: { apiKey: 'wrong' } });
		expect(stopError(rejected).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
	});

	it('the fake answers the schema as Evolution (400)', async () => {
		const response = await fetch(`${state.fake.url}/chat/updateBlockStatus/sales`, {
			method: 'POST',
			headers: { apikey: state.fake.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ number: '51987654321', status: 'mute' }),
		});
		expect([response.status, await response.json()]).toEqual([
			400,
			{ status: 400, error: 'Bad Request', response: { message: [['status is not one of enum values: block,unblock']] } },
		]);
	});

	it('keeps pairedItem under Continue On Fail', async () => {
		const result = await runMessaging(state.fake, {
			parameters: { ...blockOp('block'), number: '={{ $json.phone }}' },
			items: [{ json: { phone: '51999999999' } }, { json: { phone: '51987654321' } }],
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json])).toEqual([
			[{ item: 0 }, { error: '51999999999 is not on WhatsApp, so it cannot be blocked or unblocked (500: Error blocking user; [object Object]) [item 0]' }],
			[{ item: 1 }, { block: 'success', number: '51987654321', blocked: true }],
		]);
		expect(state.fake.requests.map((r) => r.body)).toEqual([
			{ number: '51999999999', status: 'block' },
			{ number: '51987654321', status: 'block' },
		]);
	});
});
