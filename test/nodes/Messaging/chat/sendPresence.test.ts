import { describe, expect, it } from 'vitest';

import { instance, recipient, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const sendPresence = (overrides: Record<string, unknown> = {}) => ({
	resource: 'chat',
	operation: 'sendPresence',
	instanceName: instance('sales'),
	number: '51987654321',
	presence: 'composing',
	duration: 50,
	...overrides,
});

describe('Send Presence', () => {
	it('sends the number, presence and duration flat, and outputs the answer', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendPresence() });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([['/chat/sendPresence/sales', { number: '51987654321', presence: 'composing', delay: 50 }]]);
		expect(result.items).toEqual([{ json: { presence: 'composing' }, pairedItem: { item: 0 } }]);
	});

	it('shows "recording audio..." in a group picked from the list (version 1.1)', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			typeVersion: 1.1,
			parameters: sendPresence({ number: recipient('120363111111111111@g.us', 'group'), presence: 'recording', duration: 0 }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({ number: '120363111111111111@g.us', presence: 'recording', delay: 0 });
	});

	it.each([
		[{ duration: -1 }, 'Duration (Ms) -1 is not a delay in milliseconds from 0 to 300000. Nothing was sent. [item 0]'],
		[{ duration: 1.5 }, 'Duration (Ms) 1.5 is not a delay in milliseconds from 0 to 300000. Nothing was sent. [item 0]'],
		[{ presence: '={{ "typing" }}' }, 'Presence "typing" is not a presence. Nothing was sent. [item 0]'],
		[{ number: '12345' }, 'Number "12345" has 5 digits; a number with its country code has 8 to 15. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendPresence(overrides) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it("keeps the server's reason when the connection is closed (a 400 for this route)", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendPresence({ instanceName: instance('offline') }) });
		expect(stopError(result).message).toBe('The WhatsApp connection of instance "offline" is closed (400: Error: Connection Closed) [item 0]');
	});
});
