// Every Messaging operation (and every media source) against every way an Evolution API server
// can misbehave: each gives a clear error naming the item, Continue On Fail keeps the other
// items' results, nothing hangs, and the API key never shows.
import { describe, expect, it } from 'vitest';

import { memoryBinary } from '../harness/binary';
import { runNode } from '../harness/engine';
import { expectOneFailedItem } from '../harness/unordered';
import { credentialsFor, instance, runMessaging, visibleText } from '../nodes/Messaging/helpers';
import { useEvolutionFake } from '../harness/evolutionFake';

const state = useEvolutionFake();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex');
const common = { instanceName: instance('sales'), number: '51987654321' };

const operations: Array<{ name: string; parameters: Record<string, unknown>; binary?: boolean }> = [
	{ name: 'sendText', parameters: { resource: 'message', operation: 'sendText', ...common, text: 'Hola' } },
	{ name: 'sendMedia from a URL', parameters: { resource: 'message', operation: 'sendMedia', ...common, mediaType: 'image', mediaSource: 'url', mediaUrl: 'https://files.example.com/logo.png' } },
	{ name: 'sendMedia from base64', parameters: { resource: 'message', operation: 'sendMedia', ...common, mediaType: 'image', mediaSource: 'base64', mediaBase64: PNG.toString('base64') } },
	{ name: 'sendMedia from a binary file', parameters: { resource: 'message', operation: 'sendMedia', ...common, mediaType: 'image', mediaSource: 'binary' }, binary: true },
	{ name: 'checkNumbers', parameters: { resource: 'chat', operation: 'checkNumbers', instanceName: instance('sales'), numbers: '51987654321, 51912345678' } },
	{ name: 'sendAudio', parameters: { resource: 'message', operation: 'sendAudio', ...common, mediaSource: 'url', mediaUrl: 'https://files.example.com/nota.ogg' } },
	{ name: 'sendSticker', parameters: { resource: 'message', operation: 'sendSticker', ...common, mediaSource: 'binary' }, binary: true },
	{ name: 'sendLocation', parameters: { resource: 'message', operation: 'sendLocation', ...common, latitude: -12.05, longitude: -77.04, name: 'Lima', address: '' } },
	{ name: 'sendContact', parameters: { resource: 'message', operation: 'sendContact', ...common, contacts: { contact: [{ fullName: 'Ana', phoneNumber: '51912345678' }] } } },
	{ name: 'sendPoll', parameters: { resource: 'message', operation: 'sendPoll', ...common, question: '¿Día?', pollOptions: 'Lunes\nMartes' } },
	{ name: 'sendReaction', parameters: { resource: 'message', operation: 'sendReaction', instanceName: instance('sales'), chat: '51987654321', messageId: 'AAAA1111', reaction: '👍' } },
	{ name: 'markAsRead', parameters: { resource: 'chat', operation: 'markAsRead', instanceName: instance('sales'), messages: { message: [{ chat: '51987654321', messageId: 'AAAA1111' }] } } },
	{ name: 'sendPresence', parameters: { resource: 'chat', operation: 'sendPresence', ...common, presence: 'composing', duration: 0 } },
	{ name: 'downloadMedia', parameters: { resource: 'chat', operation: 'downloadMedia', instanceName: instance('sales'), messageId: 'INCOMINGIMAGE0001' } },
	{ name: 'getProfilePictureUrl', parameters: { resource: 'chat', operation: 'getProfilePictureUrl', ...common } },
	{ name: 'group getMany', parameters: { resource: 'group', operation: 'getMany', instanceName: instance('sales') } },
	{ name: 'group get', parameters: { resource: 'group', operation: 'get', instanceName: instance('sales'), groupJid: { __rl: true, mode: 'id', value: '120363025246125486@g.us' } } },
	{ name: 'instance getConnectionState', parameters: { resource: 'instance', operation: 'getConnectionState', instanceName: instance('sales') } },
	{ name: 'instance getMany', parameters: { resource: 'instance', operation: 'getMany' } },
];

const failures: Array<{ name: string; status: number; body: unknown; headers?: Record<string, string>; expected: RegExp }> = [
	{ name: '400 message list', status: 400, body: { status: 400, error: 'Bad Request', response: { message: ['Owned media must be a url or base64'] } }, expected: /Owned media must be a url or base64/ },
	{ name: '400 unwrapped', status: 400, body: { status: 400, error: 'Bad Request', message: ['numbers must contain at least 1 elements'] }, expected: /numbers must contain at least 1 elements/ },
	{ name: '401 plain string', status: 401, body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } }, expected: /API key was rejected/ },
	{ name: '403', status: 403, body: { status: 403, error: 'Forbidden', response: { message: ['Missing global api key'] } }, expected: /API key may not use/ },
	{ name: '404 instance', status: 404, body: { status: 404, error: 'Not Found', response: { message: ['The "sales" instance does not exist'] } }, expected: /instance "sales" does not exist/ },
	{ name: '413', status: 413, body: { message: 'request entity too large' }, expected: /too large/ },
	// A 429 is waited out (test/nodes/Messaging/pace.test.ts) unless it asks for longer than the node waits.
	{ name: '429 asking for 15 minutes', status: 429, body: { status: 429, error: 'Too Many Requests', response: { message: 'slow down' } }, headers: { 'retry-after': '900' }, expected: /too many requests/i },
	{ name: '500 Connection Closed', status: 500, body: { status: 500, error: 'Internal Server Error', response: { message: 'Connection Closed' } }, expected: /Connection Closed/ },
	{ name: '502 HTML page', status: 502, body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', expected: /502/ },
	{ name: '201 HTML instead of JSON', status: 201, body: '<html><body>Evolution Manager</body></html>', expected: /not JSON/ },
	{ name: '201 truncated JSON', status: 201, body: '{"key": {"remoteJid": "5198', expected: /not JSON/ },
];

const onlyFirst = (count = 1) => {
	let seen = 0;
	return () => seen++ < count;
};

describe.each(operations)('Messaging $name under faults', ({ parameters, binary }) => {
	const items = (n: number) =>
		Array.from({ length: n }, () => ({ json: {}, ...(binary ? { binary: { data: memoryBinary(PNG, 'image/png', 'logo.png') } } : {}) }));

	// An unknown instance is a 404 of the routes that name one (Instance → Get Many names none).
	const applicable = failures.filter((failure) => failure.name !== '404 instance' || 'instanceName' in parameters);

	it.each(applicable)('$name: a clear error naming the item, without the API key', async ({ status, body, headers, expected }) => {
		state.fake.failNext(status, body, 1, undefined, headers);
		const result = await runMessaging(state.fake, { parameters, items: items(1) });
		expect(result.error?.message).toMatch(/ \[item 0\]$/);
		expect(result.error?.message).toMatch(expected);
		expect(result.error?.description).toBeTruthy();
		expect(visibleText(result)).not.toContain(state.fake.apiKey);
	});

	// A 429 that asks to wait longer than the node does fails the items after it too, without a
	// request (test/nodes/Messaging/pace.test.ts), and a 401 refuses the key for the instance
	// (test/nodes/Messaging/refusedCredential.test.ts): neither is one item's failure.
	it.each(applicable.filter((failure) => failure.status !== 429 && failure.status !== 401))('$name: Continue On Fail keeps the other item', async ({ status, body }) => {
		state.fake.failNext(status, body, 1, onlyFirst());
		const result = await runMessaging(state.fake, { parameters, items: items(2), continueOnFail: true });
		expect(result.error).toBeUndefined();
		expectOneFailedItem(result.items);
		expect(visibleText(result)).not.toContain(state.fake.apiKey);
	});

	it('connection closed mid-request: a clear error, the other item still sent', async () => {
		state.fake.dropNext(1, onlyFirst());
		const result = await runMessaging(state.fake, { parameters, items: items(2), continueOnFail: true });
		expectOneFailedItem(result.items);
		expect(result.items.find((item) => item.json.error !== undefined)?.json.error).toMatch(/closed the connection/);
	});

	it('an answer that never comes ends at the Timeout request option', async () => {
		state.fake.delayMs = 3_000;
		const result = await runMessaging(state.fake, { parameters: { ...parameters, requestOptions: { timeout: 250 } }, items: items(1) });
		expect(result.error?.message).toMatch(/^[A-Z].*did not answer in time \(E[A-Z]+\) \[item 0\]$/);
	});

	it('a server that refuses connections: cannot reach it', async () => {
		const result = await runNode({
			type: 'messaging',
			parameters: parameters as never,
			items: items(1),
			credentials: credentialsFor(state.fake, { serverUrl: 'http://127.0.0.1:9' }),
		});
		expect(result.error?.message).toMatch(/^Cannot reach the Evolution API server.*\(ECONNREFUSED\) \[item 0\]$/);
		expect(visibleText(result)).not.toContain(state.fake.apiKey);
	});
});

describe('Messaging under a rate limit', () => {
	it('completes every message in order with no option set: the 429s are waited out and each message sent once', async () => {
		// The fake answers a bare 429 past 40 requests in a second (decided once per request: the
		// fake asks the filter once per pending answer).
		let windowStart = 0;
		let inWindow = 0;
		const limited = new WeakMap<object, boolean>();
		const overLimit = (request: object) => {
			if (!limited.has(request)) {
				const now = Date.now();
				if (now - windowStart >= 1000) {
					windowStart = now;
					inWindow = 0;
				}
				limited.set(request, ++inWindow > 40);
			}
			return limited.get(request)!;
		};
		state.fake.failNext(429, { status: 429, error: 'Too Many Requests', response: { message: 'slow down' } }, 1000, overLimit);
		const texts = Array.from({ length: 100 }, (_, n) => `Aviso ${n}`);
		const result = await runMessaging(state.fake, {
			parameters: { resource: 'message', operation: 'sendText', ...common, text: '=Aviso {{ $json.n }}' },
			items: texts.map((_, n) => ({ json: { n } })),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(100);
		const accepted = state.fake.requests.filter((request) => limited.get(request) === false);
		expect(accepted.map((request) => (request.body as { text: string }).text)).toEqual(texts);
		// The limit did refuse some: the waiting is what let them through.
		expect(state.fake.requests.length).toBeGreaterThan(100);
	}, 60_000);
});
