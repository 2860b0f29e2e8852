import { describe, expect, it } from 'vitest';

import { unordered } from '../../../harness/unordered';
import { instance, itemsOf, runMessaging, stopError, visibleText } from '../helpers';
import { useEvolutionFake } from '../../../harness/evolutionFake';

const state = useEvolutionFake({ unregistered: ['51999999999', '14155550100'], contacts: { '51987654321': 'Ana Torres' } });

const checkNumbers = (numbers: unknown, overrides: Record<string, unknown> = {}) => ({
	resource: 'chat',
	operation: 'checkNumbers',
	instanceName: instance('sales'),
	numbers,
	...overrides,
});

describe('Check Numbers', () => {
	it('sends all numbers of the item in one request and outputs one item per number', async () => {
		const result = await runMessaging(state.fake, { parameters: checkNumbers('+51 987 654 321, 51999999999;\n(51) 912-345.678') });

		expect(result.error).toBeUndefined();
		expect(state.fake.requests).toHaveLength(1);
		expect(state.fake.requests[0].method).toBe('POST');
		expect(state.fake.requests[0].path).toBe('/chat/whatsappNumbers/sales');
		expect(state.fake.requests[0].headers.apikey).toBe(state.fake.apiKey);
		expect(state.fake.requests[0].body).toEqual({ numbers: ['51987654321', '51999999999', '51912345678'] });

		expect(result.items).toEqual([
			{ json: { jid: '51987654321@s.whatsapp.net', exists: true, number: '+51 987 654 321', name: 'Ana Torres' }, pairedItem: { item: 0 } },
			{ json: { jid: '51999999999@s.whatsapp.net', exists: false, number: '51999999999' }, pairedItem: { item: 0 } },
			{ json: { jid: '51912345678@s.whatsapp.net', exists: true, number: '(51) 912-345.678' }, pairedItem: { item: 0 } },
		]);
	});

	it('takes an array from an expression and removes duplicates', async () => {
		const result = await runMessaging(state.fake, {
			parameters: checkNumbers('={{ $json.phones }}'),
			items: itemsOf({ phones: ['51987654321', '+51 987 654 321', 51912345678, '120363025246125486@g.us'] }),
		});
		expect(result.error).toBeUndefined();
		expect(state.fake.requests[0].body).toEqual({ numbers: ['51987654321', '51912345678', '120363025246125486@g.us'] });
		expect(result.items.map((i) => i.json)).toEqual([
			{ jid: '51987654321@s.whatsapp.net', exists: true, number: '51987654321', name: 'Ana Torres' },
			{ jid: '51912345678@s.whatsapp.net', exists: true, number: '51912345678' },
			{ jid: '120363025246125486@g.us', exists: true, number: '120363025246125486@g.us' },
		]);
	});

	it('sends one request per input item and pairs every output item with its input', async () => {
		const result = await runMessaging(state.fake, {
			parameters: checkNumbers('={{ $json.phones }}'),
			items: itemsOf({ phones: '51987654321, 51999999999' }, { phones: '14155550100' }, { phones: ['51912345678'] }),
		});
		expect(result.error).toBeUndefined();
		// The items are sent concurrently: which request arrives first is not defined.
		expect(unordered(state.fake.requests.map((r) => r.body))).toEqual(
			unordered([{ numbers: ['51987654321', '51999999999'] }, { numbers: ['14155550100'] }, { numbers: ['51912345678'] }]),
		);
		expect(result.items.map((i) => [i.json.number, i.json.exists, i.pairedItem])).toEqual([
			['51987654321', true, { item: 0 }],
			['51999999999', false, { item: 0 }],
			['14155550100', false, { item: 1 }],
			['51912345678', true, { item: 2 }],
		]);
	});

	it.each([
		['={{ "" }}', 'Numbers "" is empty: at least one number is required. Nothing was sent. [item 0]'],
		[' ,; ', 'Numbers " ,; " is empty: at least one number is required. Nothing was sent. [item 0]'],
		['51987654321, 98765', 'Numbers "51987654321, 98765" has the entry "98765", which has 5 digits; a number with its country code has 8 to 15. Nothing was sent. [item 0]'],
		['51987654321\nnone', 'Numbers "51987654321\\nnone" has the entry "none", which holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]'],
	])('rejects %j without a request', async (numbers, message) => {
		const result = await runMessaging(state.fake, { parameters: checkNumbers(numbers) });
		expect(stopError(result).message).toBe(message);
		expect(state.fake.requests).toHaveLength(0);
	});
});

describe('Check Numbers: errors (this route answers them unwrapped)', () => {
	const cases = [
		{
			name: 'a disconnected instance (400 with the internal error)',
			instanceName: 'offline',
			message: 'The WhatsApp connection of instance "offline" is closed (400: Connection Closed) [item 0]',
		},
		{
			name: 'an unknown instance (404)',
			instanceName: 'Ventas',
			message: 'The instance "Ventas" does not exist on the server (404: The "Ventas" instance does not exist) [item 0]',
		},
		{
			name: 'a wrong key (401)',
			instanceName: 'sales',
			apiKey: 'not-the-key',
			message: 'The API key was rejected by instance "sales" (401: Unauthorized) [item 0]',
		},
	];

	it.each(cases)('$name stops the run', async (c) => {
		const result = await runMessaging(state.fake, {
			parameters: checkNumbers('51987654321', { instanceName: instance(c.instanceName) }),
			credentials: c.apiKey ? { apiKey: c.apiKey } : {},
		});
		expect(stopError(result).message).toBe(c.message);
		expect(visibleText(result)).not.toContain(c.apiKey ?? state.fake.apiKey);
	});

	it.each(cases.filter((c) => !c.apiKey))('$name with Continue On Fail fails only its item', async (c) => {
		const result = await runMessaging(state.fake, {
			continueOnFail: true,
			parameters: checkNumbers('={{ $json.phones }}', { instanceName: instance('={{ $json.instance }}', 'name') }),
			items: itemsOf({ phones: '51912345678', instance: c.instanceName }, { phones: '51987654321, 51999999999', instance: 'sales' }),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.json.error ?? i.json.number, i.pairedItem])).toEqual([
			[c.message, { item: 0 }],
			['51987654321', { item: 1 }],
			['51999999999', { item: 1 }],
		]);
	});

	it('reads the unwrapped validation messages', async () => {
		state.fake.failNext(400, { status: 400, error: 'Bad Request', message: ["All numbers's elements must be unique", 'numbers must contain at least 1 elements'] });
		const result = await runMessaging(state.fake, { parameters: checkNumbers('51987654321') });
		expect(stopError(result).message).toBe(
			'The server rejected the request to instance "sales" (400: All numbers\'s elements must be unique; numbers must contain at least 1 elements) [item 0]',
		);
	});

	it('explains a 500', async () => {
		state.fake.failNext(500, { status: 500, error: 'Internal Server Error', message: 'Cannot read properties of undefined' });
		const result = await runMessaging(state.fake, { parameters: checkNumbers('51987654321') });
		expect(stopError(result).message).toBe(
			'The server or its WhatsApp connection failed on instance "sales" (500: Cannot read properties of undefined) [item 0]',
		);
	});
});
