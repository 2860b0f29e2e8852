import { describe, expect, it } from 'vitest';

import { instance, itemsOf, recipient, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const sendPoll = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendPoll',
	instanceName: instance('sales'),
	number: '120363025246125486@g.us',
	question: '¿Qué día prefiere la entrega?',
	pollOptions: 'Lunes\n  Miércoles \n\nViernes',
	...overrides,
});

describe('Send Poll', () => {
	it('sends the question, the options one per line (trimmed, blank lines skipped) and one choice per person', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendPoll() });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
			[
				'/message/sendPoll/sales',
				{ number: '120363025246125486@g.us', name: '¿Qué día prefiere la entrega?', values: ['Lunes', 'Miércoles', 'Viernes'], selectableCount: 1 },
			],
		]);
		expect(result.items[0].json).toMatchObject({
			messageType: 'pollCreationMessageV3',
			message: { pollCreationMessageV3: { name: '¿Qué día prefiere la entrega?', selectableOptionsCount: 1 } },
		});
	});

	it('takes the options as an array from an expression, any number of choices, and mentions, to a group from the list', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			typeVersion: 1.1,
			parameters: sendPoll({
				number: recipient('120363025246125486@g.us', 'group'),
				pollOptions: '={{ $json.slots }}',
				selectableCount: 0,
				options: { mentionsEveryOne: true },
			}),
			items: itemsOf({ slots: ['9:00', '11:00', '15:00'] }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({
			number: '120363025246125486@g.us',
			name: '¿Qué día prefiere la entrega?',
			values: ['9:00', '11:00', '15:00'],
			selectableCount: 0,
			mentionsEveryOne: true,
		});
		expect(result.items[0].json).toMatchObject({ messageType: 'pollCreationMessage' });
	});

	it.each([
		[{ pollOptions: 'Solo una' }, 'Poll Options "Solo una" has 1 option; a poll needs at least 2. Nothing was sent. [item 0]'],
		[{ pollOptions: '={{ "" }}' }, 'Poll Options "" has 0 options; a poll needs at least 2. Nothing was sent. [item 0]'],
		[{ pollOptions: 'Sí\nNo\nsí' }, 'Poll Options "Sí\\nNo\\nsí" has the option "sí" twice. Nothing was sent. [item 0]'],
		[{ pollOptions: '={{ [1,2,3,4,5,6,7,8,9,10,11] }}' }, 'Poll Options [1,2,3,4,5,6,7,8,9,10,11] has 11 options; Evolution API takes at most 10. Nothing was sent. [item 0]'],
		[{ selectableCount: 4 }, "Choices per Person 4 is more than the poll's 3 options. Nothing was sent. [item 0]"],
		[{ selectableCount: 1.5 }, 'Choices per Person 1.5 is not a whole number of choices from 0 to 10. Nothing was sent. [item 0]'],
		[{ question: ' ' }, 'Question " " is empty: a poll needs a question. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendPoll(overrides) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it("passes on the server's own limit message", async () => {
		const { fake } = state;
		fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: ['Error: poll.selectableCount in poll should be >= 0 and <= 3'] } });
		const result = await runMessaging(fake, { parameters: sendPoll() });
		expect(stopError(result).message).toBe(
			'The server rejected the request to instance "sales" (400: Error: poll.selectableCount in poll should be >= 0 and <= 3) [item 0]',
		);
	});
});
