import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

import { type EvolutionFake, type RequestFilter } from '../../../../fakes/evolution';
import { unordered } from '../../../harness/unordered';
import { instance, itemsOf, recipient, runMessaging, stopError, visibleText } from '../helpers';
import { useEvolutionFake } from '../../../harness/evolutionFake';

const UNREGISTERED = '51999999999';
const state = useEvolutionFake({ unregistered: [UNREGISTERED] });

const sendText = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendText',
	instanceName: instance('sales'),
	number: '51987654321',
	text: 'Hola',
	...overrides,
});

describe('Send Text', () => {
	it('sends the number and text to the instance, with the API key, and outputs the answer', async () => {
		const result = await runMessaging(state.fake, { parameters: sendText() });

		expect(result.error).toBeUndefined();
		expect(state.fake.requests).toHaveLength(1);
		const [request] = state.fake.requests;
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/message/sendText/sales');
		expect(request.headers.apikey).toBe(state.fake.apiKey);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual({ number: '51987654321', text: 'Hola' });

		expect(result.items).toHaveLength(1);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		// The sent message as the server answered it, every field kept.
		expect(item.json).toEqual({
			key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true, id: expect.stringMatching(/^[0-9A-F]{20}$/) },
			pushName: '',
			status: 'PENDING',
			message: { conversation: 'Hola' },
			contextInfo: null,
			messageType: 'conversation',
			messageTimestamp: expect.any(Number),
			instanceId: expect.any(String),
			source: 'unknown',
		});
	});

	it('sends every input item with its own values', async () => {
		const result = await runMessaging(state.fake, {
			parameters: sendText({ number: '={{ $json.phone }}', text: '=Hola {{ $json.name }}' }),
			items: itemsOf(
				{ phone: '+51 987 654 321', name: 'Ana' },
				{ phone: '51912345678', name: 'Luis' },
				{ phone: '(51) 911-111.111', name: 'Eva' },
			),
		});

		expect(result.error).toBeUndefined();
		// Sends go one at a time, in item order.
		expect(state.fake.requests.map((r) => r.body)).toEqual([
			{ number: '51987654321', text: 'Hola Ana' },
			{ number: '51912345678', text: 'Hola Luis' },
			{ number: '51911111111', text: 'Hola Eva' },
		]);
		expect(result.items.map((i) => [i.json.message, i.pairedItem])).toEqual([
			[{ conversation: 'Hola Ana' }, { item: 0 }],
			[{ conversation: 'Hola Luis' }, { item: 1 }],
			[{ conversation: 'Hola Eva' }, { item: 2 }],
		]);
	});

	it.each([
		['+51 987 654 321', '51987654321'],
		['+51-987-654-321', '51987654321'],
		['(51) 987.654.321', '51987654321'],
		[' 51987654321 ', '51987654321'],
		['51987654321@s.whatsapp.net', '51987654321@s.whatsapp.net'],
		['120363025246125486@g.us', '120363025246125486@g.us'],
		['123456789012345@lid', '123456789012345@lid'],
	])('sends the number %j as %j', async (number, sent) => {
		const result = await runMessaging(state.fake, { parameters: sendText({ number }) });
		expect(result.error).toBeUndefined();
		expect((state.fake.requests[0].body as { number: string }).number).toBe(sent);
	});

	it('accepts the number as a number from an expression', async () => {
		const result = await runMessaging(state.fake, { parameters: sendText({ number: '={{ $json.phone }}' }), items: itemsOf({ phone: 51987654321 }) });
		expect(result.error).toBeUndefined();
		expect(state.fake.requests[0].body).toEqual({ number: '51987654321', text: 'Hola' });
	});

	it('encodes the instance name as one path segment, in both modes', async () => {
		await runMessaging(state.fake, { parameters: sendText({ instanceName: instance('Support Team') }) });
		await runMessaging(state.fake, { parameters: sendText({ instanceName: instance(' Support Team ', 'name') }) });
		expect(state.fake.requests.map((r) => r.path)).toEqual(['/message/sendText/Support%20Team', '/message/sendText/Support%20Team']);
	});

	it.each(['../instance/fetchInstances?x=', 'sales%2F..%2Finstance', 'sales/../x', 'a\\b', '..', 'sales#x'])(
		'keeps a typed name like %j from changing the path: rejected before sending',
		async (name) => {
			const result = await runMessaging(state.fake, { parameters: sendText({ instanceName: instance(name, 'name') }) });
			expect(state.fake.requests).toEqual([]);
			expect(stopError(result).message).toBe(
				`Instance ${JSON.stringify(name)} cannot be part of a URL path (it holds / \\ ? # %, a control character, or only dots). Nothing was sent. [item 0]`,
			);
		},
	);

	it('sends the options: delay, link preview, quoted message, mentions', async () => {
		const result = await runMessaging(state.fake, {
			parameters: sendText({
				number: '120363025246125486@g.us',
				options: {
					delay: 1200,
					linkPreview: false,
					quotedMessageId: ' 3EB0C767D26A1D5B ',
					mentionsEveryOne: true,
					mentioned: '+51 987 654 321; 51912345678\n51987654321',
				},
			}),
		});
		expect(result.error).toBeUndefined();
		expect(state.fake.requests[0].body).toEqual({
			number: '120363025246125486@g.us',
			text: 'Hola',
			delay: 1200,
			linkPreview: false,
			quoted: { key: { id: '3EB0C767D26A1D5B' } },
			mentionsEveryOne: true,
			mentioned: ['51987654321', '51912345678'],
		});
		expect(result.items[0].json.contextInfo).toEqual({ stanzaId: '3EB0C767D26A1D5B' });
	});

	it('takes mentioned numbers as an array from an expression and leaves out empty options', async () => {
		const result = await runMessaging(state.fake, {
			parameters: sendText({ options: { mentioned: '={{ $json.team }}', quotedMessageId: '' } }),
			items: itemsOf({ team: ['+51 987 654 321', '51912345678'] }),
		});
		expect(result.error).toBeUndefined();
		expect(state.fake.requests[0].body).toEqual({ number: '51987654321', text: 'Hola', mentioned: ['51987654321', '51912345678'] });
	});

	it('works with a Server URL pasted with a trailing slash or the manager page path', async () => {
		for (const serverUrl of [`${state.fake.url}/`, `${state.fake.url}/manager`, `${state.fake.url}/manager/`, ` ${state.fake.url}/manager/instances `]) {
			const result = await runMessaging(state.fake, { parameters: sendText(), credentials: { serverUrl } });
			expect(result.error, serverUrl).toBeUndefined();
		}
		expect(state.fake.requests.map((r) => r.path)).toEqual(Array(4).fill('/message/sendText/sales'));
	});

	it('accepts an instance token as the API key', async () => {
		const result = await runMessaging(state.fake, { parameters: sendText(), credentials: { apiKey: 'sales-token' } });
		expect(result.error).toBeUndefined();
		expect(state.fake.requests[0].headers.apikey).toBe('sales-token');
	});
});

describe('Send Text: input checks (nothing is sent)', () => {
	const TEXT_HINT = 'Write the text, or check the expression that fills it for this item.';
	const PHONE_HINT =
		'Write the number with its country code, e.g. 51987654321 or +51 987 654 321 for Peru (51 + 9 digits), or a WhatsApp address ending in @s.whatsapp.net, @g.us (group) or @lid.';
	const INSTANCE_HINT = 'Pick the instance from the list, or type its name exactly as the Evolution API manager shows it.';
	const DELAY_HINT = 'Give whole milliseconds, e.g. 1200 to show "typing..." for 1.2 seconds.';
	it.each([
		// A literally empty required field stops n8n before the node runs; expressions can still give one.
		['an empty text', { text: '={{ "" }}' }, 'Text "" is empty: WhatsApp does not send empty messages. Nothing was sent. [item 0]', TEXT_HINT],
		['a blank text', { text: ' \n ' }, 'Text " \\n " is empty: WhatsApp does not send empty messages. Nothing was sent. [item 0]', TEXT_HINT],
		['a number with letters', { number: '51 987 ABC' }, 'Number "51 987 ABC" holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]', PHONE_HINT],
		['a short number', { number: '987654' }, 'Number "987654" has 6 digits; a number with its country code has 8 to 15. Nothing was sent. [item 0]', PHONE_HINT],
		['a long number', { number: '5198765432112345' }, 'Number "5198765432112345" has 16 digits; a number with its country code has 8 to 15. Nothing was sent. [item 0]', PHONE_HINT],
		['an empty number', { number: '={{ "" }}' }, 'Number "" is empty: a phone number with country code is required. Nothing was sent. [item 0]', PHONE_HINT],
		['an unknown address', { number: 'status@broadcast' }, 'Number "status@broadcast" is not a WhatsApp address: only @s.whatsapp.net, @g.us (groups) and @lid are accepted. Nothing was sent. [item 0]', PHONE_HINT],
		['an empty instance', { instanceName: instance('={{ " " }}', 'name') }, 'Instance " " is empty: an instance name is required. Nothing was sent. [item 0]', INSTANCE_HINT],
		['a negative delay', { options: { delay: -5 } }, 'Delay -5 is not a delay in milliseconds from 0 to 300000. Nothing was sent. [item 0]', DELAY_HINT],
		['a bad mentioned number', { options: { mentioned: '51987654321, 12' } }, 'Mentioned Numbers "51987654321, 12" has the entry "12", which has 2 digits; a number with its country code has 8 to 15. Nothing was sent. [item 0]', PHONE_HINT],
	])('rejects %s', async (_case, overrides, message, whatToDo) => {
		const result = await runMessaging(state.fake, { parameters: sendText(overrides) });
		const error = stopError(result);
		expect(error.message).toBe(message);
		expect(error.description).toBe(whatToDo);
		expect(state.fake.requests).toHaveLength(0);
	});

	it('with Continue On Fail, gives the bad item its error and sends the others', async () => {
		const result = await runMessaging(state.fake, {
			continueOnFail: true,
			parameters: sendText({ number: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '51987654321' }, { phone: 'call me' }, { phone: '51912345678' }),
		});
		expect(result.error).toBeUndefined();
		expect(state.fake.requests.map((r) => (r.body as { number: string }).number)).toEqual(['51987654321', '51912345678']);
		expect(result.items).toHaveLength(3);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json.message).toEqual({ conversation: 'Hola' });
		expect(result.items[1].json).toEqual({
			error: 'Number "call me" holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 1]',
		});
		expect(result.items[1].error?.description).toBe(
			'Write the number with its country code, e.g. 51987654321 or +51 987 654 321 for Peru (51 + 9 digits), or a WhatsApp address ending in @s.whatsapp.net, @g.us (group) or @lid.',
		);
		expect(result.items[2].json.message).toEqual({ conversation: 'Hola' });
	});
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

interface ErrorCase {
	name: string;
	/** Sets the failure up; `only` limits canned answers to the failing item's request. */
	arrange?: (fake: EvolutionFake, only?: RequestFilter) => void | Promise<void>;
	parameters?: Record<string, unknown>;
	credentials?: () => Promise<Partial<{ serverUrl: string; apiKey: string }>> | Partial<{ serverUrl: string; apiKey: string }>;
	message: string;
	description: RegExp;
	/** The other items fail the same way: a refusal whose wait is not over applies to the run. */
	failsTheOthers?: boolean;
	/** The key is refused for the instance: the other items for it are not sent, and say so. */
	refusesTheKey?: boolean;
}

const errorCases: ErrorCase[] = [
	{
		name: '401 wrong API key',
		credentials: () => ({ apiKey: 'wrong-key-123' }),
		message: 'The API key was rejected by instance "sales" (401: Unauthorized) [item 0]',
		description: /paste the server's global API key/,
		refusesTheKey: true,
	},
	{
		name: '401 another instance\'s token',
		credentials: () => ({ apiKey: 'offline-token' }),
		message: 'The API key was rejected by instance "sales" (401: Unauthorized) [item 0]',
		description: /instance's own token/,
		refusesTheKey: true,
	},
	{
		name: '404 unknown instance',
		parameters: { instanceName: instance('Ventas') },
		message: 'The instance "Ventas" does not exist on the server (404: The "Ventas" instance does not exist) [item 0]',
		description: /Pick the instance from the list/,
	},
	{
		name: '404 wrong server path',
		credentials: () => ({ serverUrl: `${state.fake.url}/api/v1` }),
		message: 'The server has no such route (404: Cannot POST /api/v1/message/sendText/sales) [item 0]',
		description: /Check the Server URL/,
	},
	{
		name: '400 not on WhatsApp',
		parameters: { number: '+51 999 999 999' },
		message: '+51 999 999 999 (sent as 51999999999) is not on WhatsApp (400) [item 0]',
		description: /sending again will not help/,
	},
	{
		name: '400 with the server\'s messages',
		arrange: (f, only) => f.failNext(400, { status: 400, error: 'Bad Request', response: { message: ['quoted.key.id must be a string', 'delay must be a number'] } }, 1, only),
		message: 'The server rejected the request to instance "sales" (400: quoted.key.id must be a string; delay must be a number) [item 0]',
		description: /Correct what the server names/,
	},
	{
		name: '400 with a bare body',
		arrange: (f, only) => f.failNext(400, {}, 1, only),
		message: 'The server rejected the request to instance "sales" (400: Bad Request) [item 0]',
		description: /Correct what the server names/,
	},
	{
		name: '500 connection closed',
		parameters: { instanceName: instance('offline') },
		message: 'The server or its WhatsApp connection failed on instance "offline" (500: Connection Closed) [item 0]',
		description: /instance is connected/,
	},
	{
		name: '413 from a proxy',
		arrange: (f, only) => f.failNext(413, '<html><body><h1>413 Request Entity Too Large</h1></body></html>', 1, only),
		message: 'The server or a proxy in front of it refused the request as too large (413: an HTML page saying "413 Request Entity Too Large") [item 0]',
		description: /Send a smaller file/,
	},
	{
		name: '429 asking for longer than the node waits',
		arrange: (f, only) => f.failNext(429, { status: 429, error: 'Too Many Requests', response: { message: 'Slow down' } }, 1, only, { 'retry-after': '600' }),
		failsTheOthers: true,
		message: 'Too many requests to instance "sales", refused; the server asks to wait 10 min (429: Slow down) [item 0]',
		description: /Pause Between Messages/,
	},
	{
		name: '200 that is not JSON',
		arrange: (f, only) => f.failNext(200, '<!doctype html><title>Evolution Manager</title>', 1, only),
		message: 'The server answered with something that is not JSON (200: an HTML page titled "Evolution Manager") [item 0]',
		description: /without \/manager/,
	},
	{
		name: 'a dropped connection',
		arrange: (f, only) => f.dropNext(1, only),
		message: `The Evolution API server at ${'FAKE'} closed the connection (ECONNRESET) [item 0]`,
		description: /may or may not have been sent/,
	},
	{
		name: 'an unreachable server',
		credentials: async () => ({ serverUrl: `http://127.0.0.1:${await closedPort()}` }),
		message: 'Cannot reach the Evolution API server at http://127.0.0.1:PORT (ECONNREFUSED) [item 0]',
		description: /Check the Server URL/,
	},
];

describe('Send Text: errors', () => {
	const expectedMessage = (c: ErrorCase, serverUrl: string) =>
		c.message.replace('FAKE', state.fake.url).replace('http://127.0.0.1:PORT', serverUrl);

	it.each(errorCases)('$name stops the run with a readable error', async (c) => {
		await c.arrange?.(state.fake);
		const credentials = (await c.credentials?.()) ?? {};
		const result = await runMessaging(state.fake, { parameters: sendText(c.parameters), credentials });
		const error = stopError(result);
		expect(error.message).toBe(expectedMessage(c, credentials.serverUrl ?? state.fake.url));
		expect(error.description).toMatch(c.description);
		expect(visibleText(result)).not.toContain(credentials.apiKey ?? state.fake.apiKey);
	});

	it.each(errorCases)('$name with Continue On Fail: the item carries the error, the others still run', async (c) => {
		const parameters = sendText(c.parameters);
		const failingNumber = c.parameters?.number ?? '51900000000';
		const failingInstance = (parameters.instanceName as { value: string }).value;
		await c.arrange?.(state.fake, (request) => (request.body as { number?: string } | undefined)?.number === failingNumber);
		const credentials = (await c.credentials?.()) ?? {};
		const result = await runMessaging(state.fake, {
			continueOnFail: true,
			parameters: {
				...parameters,
				instanceName: instance(`={{ $itemIndex === 0 ? ${JSON.stringify(failingInstance)} : "sales" }}`, 'name'),
				number: `={{ $itemIndex === 0 ? ${JSON.stringify(failingNumber)} : "51912345678" }}`,
			},
			items: itemsOf({}, {}, {}),
			credentials,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const message = expectedMessage(c, credentials.serverUrl ?? state.fake.url);
		expect(result.items[0].json).toEqual({ error: message });
		expect(result.items[0].error?.description).toMatch(c.description);
		for (const index of [1, 2]) {
			// A key the instance refuses is not sent again: the other items carry that refusal. A broken
			// credential, or a refusal whose wait is not over (the others are not sent before it ends),
			// fails every item the same way; otherwise the other items are sent.
			if (c.refusesTheKey) {
				const refusal = `${message.charAt(0).toLowerCase()}${message.slice(1).replace(/ \[item 0\]$/, '')}`;
				expect(result.items[index].json).toEqual({ error: `Not sent: item 0's request was refused with the same credential: ${refusal} [item ${index}]` });
			} else if (c.credentials || c.failsTheOthers) expect(result.items[index].json).toEqual({ error: message.replace(/\[item 0\]$/, `[item ${index}]`) });
			else expect(result.items[index].json.message).toEqual({ conversation: 'Hola' });
		}
		expect(visibleText(result)).not.toContain(credentials.apiKey ?? state.fake.apiKey);
	});

	it('with Continue On Fail, a failing item among several keeps its place and the others succeed', async () => {
		const result = await runMessaging(state.fake, {
			continueOnFail: true,
			parameters: sendText({ number: '={{ $json.phone }}', instanceName: instance('={{ $json.instance }}', 'name') }),
			items: itemsOf(
				{ phone: '51987654321', instance: 'sales' },
				{ phone: UNREGISTERED, instance: 'sales' },
				{ phone: '51912345678', instance: 'offline' },
				{ phone: '51912345678', instance: 'Nope' },
				{ phone: '51912345678', instance: 'Support Team' },
			),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(result.items.map((i) => i.json.error ?? 'sent')).toEqual([
			'sent',
			'51999999999 is not on WhatsApp (400) [item 1]',
			'The server or its WhatsApp connection failed on instance "offline" (500: Connection Closed) [item 2]',
			'The instance "Nope" does not exist on the server (404: The "Nope" instance does not exist) [item 3]',
			'sent',
		]);
		expect(unordered(state.fake.requests.map((r) => r.path))).toEqual(
			unordered([
				'/message/sendText/sales',
				'/message/sendText/sales',
				'/message/sendText/offline',
				'/message/sendText/Nope',
				'/message/sendText/Support%20Team',
			]),
		);
	});

	it('names the missing instance even when the key is wrong too (the server checks the instance first)', async () => {
		const result = await runMessaging(state.fake, { parameters: sendText({ instanceName: instance('Ventas') }), credentials: { apiKey: 'wrong-key-123' } });
		expect(stopError(result).message).toBe(
			'The instance "Ventas" does not exist on the server (404: The "Ventas" instance does not exist) [item 0]',
		);
	});

	it('without Continue On Fail, the first failing item stops the run and names that item', async () => {
		const result = await runMessaging(state.fake, {
			parameters: sendText({ number: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '51987654321' }, { phone: UNREGISTERED }),
		});
		expect(stopError(result).message).toBe('51999999999 is not on WhatsApp (400) [item 1]');
	});
});

describe('Send Text, version 1.1 (the recipient is a resource locator)', () => {
	it('reads a number from an expression in Number mode, and a group picked from the list', async () => {
		const result = await runMessaging(state.fake, {
			typeVersion: 1.1,
			parameters: sendText({ number: recipient('={{ $json.to }}'), text: '=Hola {{ $json.name }}' }),
			items: itemsOf({ to: '+51 987 654 321', name: 'Ana' }, { to: '120363111111111111@g.us', name: 'equipo' }),
		});
		expect(result.error).toBeUndefined();
		expect(state.fake.requests.map((r) => r.body)).toEqual([
			{ number: '51987654321', text: 'Hola Ana' },
			{ number: '120363111111111111@g.us', text: 'Hola equipo' },
		]);
		const group = await runMessaging(state.fake, { typeVersion: 1.1, parameters: sendText({ number: recipient('120363025246125486@g.us', 'group') }) });
		expect(group.items[0].json).toMatchObject({ key: { remoteJid: '120363025246125486@g.us' } });
	});

	it('names the Recipient in its errors', async () => {
		const result = await runMessaging(state.fake, { typeVersion: 1.1, parameters: sendText({ number: recipient('12345') }) });
		expect(stopError(result).message).toMatch(/^Recipient "12345" has 5 digits.* \[item 0\]$/);
		expect(state.fake.requests).toEqual([]);
	});
});
