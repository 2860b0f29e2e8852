// Sends through one instance go one at a time, in item order, with the pause the user sets; a send
// is never repeated once its request went out (only a 429, refused before anything was done, is);
// a failure without Continue On Fail stops the messages after it. Check Numbers stays concurrent.
import { describe, expect, it } from 'vitest';

import type { RecordedRequest } from '../../../fakes/evolution';
import { instance, runMessaging, stopError, useEvolutionFake } from './helpers';

const evolution = useEvolutionFake();

const CHAT = '51987654321';
const texts = (count: number, chat = CHAT) => Array.from({ length: count }, (_, n) => ({ json: { chat, text: `message ${n}` } }));

const sendText = (options: Record<string, unknown> = {}, instanceName = 'sales') => ({
	resource: 'message',
	operation: 'sendText',
	instanceName: instance(instanceName),
	number: '={{ $json.chat }}',
	text: '={{ $json.text }}',
	options,
});

const textsOf = (requests: RecordedRequest[] = []) => requests.map((request) => (request.body as { text: string }).text);
const sends = () => evolution.fake.requests.filter((request) => request.path.startsWith('/message/'));

describe('Messaging › pace of sends', () => {
	it('sends one at a time, in item order: the chat receives the items in order', async () => {
		evolution.fake.delayMs = 15;
		const items = texts(25);
		const result = await runMessaging(evolution.fake, { parameters: sendText(), items });
		expect(result.error).toBeUndefined();
		expect(textsOf(evolution.fake.chats().get(CHAT))).toEqual(items.map((item) => item.json.text));
		expect(evolution.fake.peakInFlight).toBe(1);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	});

	it('keeps item order per chat across chats, for Send Media too', async () => {
		evolution.fake.delayMs = 5;
		const items = Array.from({ length: 8 }, (_, n) => ({ json: { chat: n % 2 ? '51911111111' : '51922222222', text: `message${n}` } }));
		const result = await runMessaging(evolution.fake, {
			parameters: { ...sendText(), operation: 'sendMedia', mediaType: 'image', mediaSource: 'url', mediaUrl: '={{ "https://example.com/" + $json.text + ".jpg" }}' },
			items,
		});
		expect(result.error).toBeUndefined();
		const mediaOf = (requests: RecordedRequest[] = []) => requests.map((request) => (request.body as { media: string }).media);
		for (const chat of ['51911111111', '51922222222']) {
			const expected = items.filter((item) => item.json.chat === chat).map((item) => `https://example.com/${item.json.text}.jpg`);
			expect(mediaOf(evolution.fake.chats().get(chat))).toEqual(expected);
		}
	});

	it('Pause Between Messages: each message starts no sooner than the minimum after the one before', async () => {
		const items = texts(5);
		const result = await runMessaging(evolution.fake, {
			parameters: sendText({ pauseBetweenMessages: { pause: { minSeconds: 0.3, maxSeconds: 0.4 } } }),
			items,
		});
		expect(result.error).toBeUndefined();
		const arrivals = sends().map((request) => request.at);
		expect(textsOf(sends())).toEqual(items.map((item) => item.json.text));
		// Measured at the fake: 50 ms of leeway for the two requests' own way there (a loaded machine);
		// without the pause they arrive a few ms apart.
		for (let n = 1; n < arrivals.length; n++) expect(arrivals[n] - arrivals[n - 1]).toBeGreaterThanOrEqual(250);
	});

	it('refuses a pause whose maximum is below its minimum, before anything is sent', async () => {
		const result = await runMessaging(evolution.fake, {
			parameters: sendText({ pauseBetweenMessages: { pause: { minSeconds: 5, maxSeconds: 2 } } }),
			items: texts(1),
		});
		expect(stopError(result).message).toBe(
			'Pause Between Messages {"minSeconds":5,"maxSeconds":2} has a maximum below its minimum. Nothing was sent. [item 0]',
		);
		expect(evolution.fake.requests).toHaveLength(0);
	});

	it('refuses a pause past an hour, naming the bound, before anything is sent', async () => {
		const result = await runMessaging(evolution.fake, {
			parameters: sendText({ pauseBetweenMessages: { pause: { minSeconds: 1, maxSeconds: 7200 } } }),
			items: texts(1),
		});
		expect(stopError(result).message).toBe('Pause Between Messages Maximum 7200 is not a number of seconds from 0 to 3600. Nothing was sent. [item 0]');
		expect(evolution.fake.requests).toHaveLength(0);
	});

	it('a 429 (refused, nothing sent) is waited out and sent again, and the order holds', async () => {
		evolution.fake.failNext(429, { status: 429, error: 'Too Many Requests', response: { message: 'slow down' } }, 1, (request) =>
			JSON.stringify(request.body).includes('message 1'),
		{ 'retry-after': '1' });
		const items = texts(4);
		const result = await runMessaging(evolution.fake, { parameters: sendText(), items });
		expect(result.error).toBeUndefined();
		expect(textsOf(sends())).toEqual(['message 0', 'message 1', 'message 1', 'message 2', 'message 3']);
		expect(result.items.map((item) => (item.json.message as { conversation: string }).conversation)).toEqual(
			items.map((item) => item.json.text),
		);
	});

	it('a 429 that asks for longer than the node waits fails the item at once, and the next without a request', async () => {
		evolution.fake.failNext(429, { status: 429, error: 'Too Many Requests', response: { message: 'slow down' } }, 1, undefined, { 'retry-after': '900' });
		const result = await runMessaging(evolution.fake, { parameters: sendText(), items: texts(2), continueOnFail: true });
		expect(result.items.map((item) => item.json.error)).toEqual([
			'Too many requests to instance "sales", refused; the server asks to wait 15 min (429: slow down) [item 0]',
			'Too many requests to instance "sales", refused; the server asks to wait 15 min (429: slow down) [item 1]',
		]);
		// The server said when it would take messages again: the second was not sent before then.
		expect(sends()).toHaveLength(1);
	});

	it.each([
		{ name: 'an error answer (500)', arrange: () => evolution.fake.failNext(500, { status: 500, error: 'Internal Server Error', response: { message: 'boom' } }, 1, second) },
		{ name: 'no answer (connection dropped)', arrange: () => evolution.fake.dropNext(1, second) },
	])('$name after the send went out: never sent again; with Continue On Fail the next messages go on', async ({ arrange }) => {
		arrange();
		const result = await runMessaging(evolution.fake, { parameters: sendText(), items: texts(3), continueOnFail: true });
		expect(textsOf(sends())).toEqual(['message 0', 'message 1', 'message 2']);
		expect(result.items[1].json.error).toMatch(/ \[item 1\]$/);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('without Continue On Fail, the messages after a failed one are never sent', async () => {
		evolution.fake.failNext(500, { status: 500, error: 'Internal Server Error', response: { message: 'boom' } }, 1, second);
		const result = await runMessaging(evolution.fake, { parameters: sendText(), items: texts(6) });
		expect(stopError(result).message).toMatch(/ \[item 1\]$/);
		expect(textsOf(sends())).toEqual(['message 0', 'message 1']);
	});

	it('without Continue On Fail, a bad item stops the messages after it; those before it go out in order', async () => {
		const items = texts(5);
		items[3].json.chat = 'not a number';
		const result = await runMessaging(evolution.fake, { parameters: sendText(), items });
		expect(stopError(result).message).toMatch(/^Number "not a number".* \[item 3\]$/);
		expect(textsOf(sends())).toEqual(['message 0', 'message 1', 'message 2']);
	});

	it('Check Numbers keeps one request per item, several at once (at most 5)', async () => {
		evolution.fake.delayMs = 30;
		const result = await runMessaging(evolution.fake, {
			parameters: { resource: 'chat', operation: 'checkNumbers', instanceName: instance('sales'), numbers: '={{ $json.chat }}' },
			items: Array.from({ length: 12 }, (_, n) => ({ json: { chat: `5198765${String(n).padStart(4, '0')}` } })),
		});
		expect(result.error).toBeUndefined();
		expect(evolution.fake.requests).toHaveLength(12);
		expect(evolution.fake.peakInFlight).toBeGreaterThan(1);
		expect(evolution.fake.peakInFlight).toBeLessThanOrEqual(5);
	});
});

/** The send of "message 1". */
function second(request: RecordedRequest): boolean {
	return JSON.stringify(request.body).includes('"message 1"');
}
