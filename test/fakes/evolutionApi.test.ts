// The fake must behave as the project's service spec (shared/spec/api-behaviour.md section 2, beside
// this repository) says the real server does; these checks pin it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { startEvolutionFake, type EvolutionFake } from './evolutionApi';

let fake: EvolutionFake;

beforeAll(async () => {
	fake = await startEvolutionFake({ unregistered: ['51999999999'] });
});
afterAll(async () => {
	await fake.close();
});
beforeEach(() => {
	fake.reset();
});

async function call(method: string, path: string, body?: unknown, apikey: string = fake.apiKey) {
	const response = await fetch(`${fake.url}${path}`, {
		method,
		headers: { apikey, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
	return { status: response.status, body: (await response.json()) as any };
}

describe('Evolution API fake', () => {
	it('checks the instance before the key', async () => {
		expect(await call('POST', '/message/sendText/nope', { number: '51987654321', text: 'x' }, 'bad')).toEqual({
			status: 404,
			body: { status: 404, error: 'Not Found', response: { message: ['The "nope" instance does not exist'] } },
		});
		expect(await call('POST', '/message/sendText/sales', { number: '51987654321', text: 'x' }, 'bad')).toEqual({
			status: 401,
			body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } },
		});
	});

	it('answers sendText with 201 and extra keys, and 400s in the wrapped envelope', async () => {
		const sent = await call('POST', '/message/sendText/sales', { number: '+51 987-654-321', text: 'Hola' });
		expect(sent.status).toBe(201);
		expect(Object.keys(sent.body)).toEqual(
			expect.arrayContaining(['key', 'pushName', 'status', 'message', 'messageType', 'messageTimestamp', 'instanceId', 'source']),
		);
		expect((await call('POST', '/message/sendText/sales', { number: '51987654321', text: ' ' })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: { message: ['Text is required'] },
		});
		expect((await call('POST', '/message/sendText/sales', { text: 'x' })).body.response.message).toEqual(['instance requires property "number"']);
		expect(await call('POST', '/message/sendText/sales', { number: '51999999999', text: 'x' })).toEqual({
			status: 400,
			body: {
				status: 400,
				error: 'Bad Request',
				response: { message: [{ jid: '51999999999@s.whatsapp.net', exists: false, number: '51999999999' }] },
			},
		});
		expect(await call('POST', '/message/sendText/offline', { number: '51987654321', text: 'x' })).toEqual({
			status: 500,
			body: { status: 500, error: 'Internal Server Error', response: { message: 'Connection Closed' } },
		});
	});

	it('takes media only as a URL or raw base64, and base64 documents only with a file name', async () => {
		const media = Buffer.from('hello').toString('base64');
		const send = (body: Record<string, unknown>) => call('POST', '/message/sendMedia/sales', { number: '51987654321', ...body });
		expect((await send({ mediatype: 'image', media })).status).toBe(201);
		expect((await send({ mediatype: 'image', media: 'https://example.com/a.png' })).body.messageType).toBe('imageMessage');
		for (const bad of [`data:image/png;base64,${media}`, `${media.slice(0, 4)}\n${media.slice(4)}`, 'not base64']) {
			expect((await send({ mediatype: 'image', media: bad })).body.response.message).toEqual(['Owned media must be a url or base64']);
		}
		expect((await send({ mediatype: 'document', media })).body.response.message).toEqual(['For base64 the file name must be informed.']);
		const doc = await send({ mediatype: 'document', media, fileName: 'a.pdf' });
		expect(doc.body.message.documentMessage).toMatchObject({ mimetype: 'application/pdf', fileName: 'a.pdf', fileLength: '5' });
		expect((await send({ mediatype: 'sticker', media })).body.response.message).toEqual([
			'mediatype must be one of the following values: image, document, video, audio',
		]);
	});

	it('answers whatsappNumbers per number and its errors unwrapped', async () => {
		expect(await call('POST', '/chat/whatsappNumbers/sales', { numbers: ['+51 987 654 321', '51999999999'] })).toEqual({
			status: 200,
			body: [
				{ jid: '51987654321@s.whatsapp.net', exists: true, number: '+51 987 654 321', lid: '654321123456@lid' },
				{ jid: '51999999999@s.whatsapp.net', exists: false, number: '51999999999' },
			],
		});
		expect(await call('POST', '/chat/whatsappNumbers/sales', { numbers: [] })).toEqual({
			status: 400,
			body: { status: 400, error: 'Bad Request', message: ['numbers must contain at least 1 elements'] },
		});
		expect((await call('POST', '/chat/whatsappNumbers/offline', { numbers: ['51987654321'] })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			message: ['Connection Closed'],
		});
	});

	it('lists instances with their connection state to a valid key only', async () => {
		const all = await call('GET', '/instance/fetchInstances');
		expect(all.body.map((i: { name: string; connectionStatus: string }) => [i.name, i.connectionStatus])).toEqual([
			['sales', 'open'],
			['Support Team', 'open'],
			['offline', 'close'],
		]);
		expect((await call('GET', '/instance/fetchInstances', undefined, 'offline-token')).body).toHaveLength(1);
		expect((await call('GET', '/instance/fetchInstances', undefined, 'bad')).status).toBe(401);
	});

	it('records requests as received and can be told to fail', async () => {
		fake.failNext(503, '<h1>down</h1>');
		const response = await fetch(`${fake.url}/message/sendText/Support%20Team`, { method: 'POST', headers: { apikey: 'k' }, body: '{"a":1}' });
		expect(response.status).toBe(503);
		expect(fake.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/message/sendText/Support%20Team', body: { a: 1 }, bodyBytes: 7 })]);
	});
});
