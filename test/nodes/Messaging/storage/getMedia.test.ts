// Storage (S3) → Get Media (POST /s3/getMedia): the Media rows the server wrote when it put files in
// its bucket, kept to the instance (its id, read first, goes in the query: the route reads it only
// from there), filtered by the row's id and type (sent) and the message's key.ID (matched here).
import { describe, expect, it } from 'vitest';

import { SEEDED_MESSAGES, SEEDED_PNG } from '../../../../fakes/evolution';
import type { EvolutionFake } from '../../../../fakes/evolution';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake, withEvolutionFakes } from '../helpers';

const state = useEvolutionFake({ s3: true });

const getMedia = (filters: Record<string, unknown> = {}, name = 'sales') => ({ resource: 'storage', operation: 'getMedia', instanceName: instance(name), filters });

/** An exchange with the fake as any client makes it: the status and the body. */
async function ask(fake: EvolutionFake, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
	const response = await fetch(`${fake.url}${path}`, { method: 'POST', headers: { apikey: fake.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: response.status, body: await response.json() };
}

async function idOf(fake: EvolutionFake, name: string): Promise<string> {
	const response = await fetch(`${fake.url}/instance/fetchInstances?instanceName=${encodeURIComponent(name)}`, { headers: { apikey: fake.apiKey } });
	return ((await response.json()) as Array<{ id: string }>)[0].id;
}

const OTHER_INSTANCE_IMAGE = 'SUPPORTIMAGE0001';

describe('Storage (S3) → Get Media', () => {
	it("asks the instance's id, then POSTs the filters with it in the query, and outputs each row with its message's ID", async () => {
		const { fake } = state;
		fake.storeMedia({ instance: 'Support Team', id: OTHER_INSTANCE_IMAGE, mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png' });
		const salesId = await idOf(fake, 'sales');
		fake.requests.length = 0;
		const result = await runMessaging(fake, { parameters: getMedia() });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body, r.headers.apikey])).toEqual([
			['GET', '/instance/fetchInstances?instanceName=sales', undefined, fake.apiKey],
			// No filter, no body: n8n sends none for an empty object, and Express reads it as {}.
			['POST', `/s3/getMedia/sales?instanceId=${salesId}`, undefined, fake.apiKey],
		]);
		// The Support Team's image is not among them: the route, asked without the id, would answer it too (below).
		expect(result.items.map((item) => [item.json.messageId, item.json.type, item.json.mimetype, item.pairedItem])).toEqual([
			[SEEDED_MESSAGES.image, 'imageMessage', 'image/png', { item: 0 }],
			[SEEDED_MESSAGES.document, 'documentMessage', 'application/pdf', { item: 0 }],
		]);
		const [image] = result.items;
		expect(Object.keys(image.json)).toEqual(['id', 'fileName', 'type', 'mimetype', 'createdAt', 'Message', 'messageId']);
		expect(image.json.id).toBe(fake.messages.get(SEEDED_MESSAGES.image)!.s3Row!.id);
		expect(image.json.fileName).toMatch(new RegExp(`^${salesId}/51987654321@s.whatsapp.net/imageMessage/\\d+_INCOMINGIMAGE0001.png$`));
		expect(image.json.Message).toMatchObject({ key: { id: SEEDED_MESSAGES.image }, messageType: 'imageMessage', instanceId: salesId });

		const unscoped = await ask(fake, '/s3/getMedia/sales', {});
		expect(unscoped.status).toBe(201);
		expect((unscoped.body as Array<{ Message: { key: { id: string } } }>).map((row) => row.Message.key.id)).toContain(OTHER_INSTANCE_IMAGE);
	});

	it("sends the media ID and type filters as the route's id and type, and matches the message ID here", async () => {
		const { fake } = state;
		const documentRow = fake.messages.get(SEEDED_MESSAGES.document)!.s3Row!;
		const byType = await runMessaging(fake, { parameters: getMedia({ mediaType: 'documentMessage' }) });
		expect(fake.requests[1].body).toEqual({ type: 'documentMessage' });
		expect(byType.items.map((item) => item.json.id)).toEqual([documentRow.id]);

		fake.requests.length = 0;
		const byId = await runMessaging(fake, { parameters: getMedia({ mediaId: ` ${documentRow.id} `, mediaType: 'documentMessage' }) });
		expect(fake.requests[1].body).toEqual({ id: documentRow.id, type: 'documentMessage' });
		expect(byId.items.map((item) => [item.json.id, item.json.messageId])).toEqual([[documentRow.id, SEEDED_MESSAGES.document]]);

		fake.requests.length = 0;
		const byMessage = await runMessaging(fake, { parameters: getMedia({ messageId: SEEDED_MESSAGES.image }) });
		expect(fake.requests[1].body).toBeUndefined();
		expect(byMessage.items.map((item) => item.json.messageId)).toEqual([SEEDED_MESSAGES.image]);
	});

	it('says no media matched, naming what was asked and the server setting, per item with Continue On Fail', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: { ...getMedia(), filters: { mediaType: '={{ $json.type }}' } },
			items: itemsOf({ type: 'videoMessage' }, { type: 'imageMessage' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.type])).toEqual([
			[{ item: 0 }, 'Instance "sales" has no videoMessage media stored in S3 (400: Media not found) [item 0]'],
			[{ item: 1 }, 'imageMessage'],
		]);
		const noMessage = stopError(await runMessaging(fake, { parameters: getMedia({ messageId: 'NOSUCHMESSAGE1' }) }));
		expect(noMessage.message).toBe('Instance "sales" has no media of message NOSUCHMESSAGE1 stored in S3 (the 2 found are of other messages) [item 0]');
	});

	it('says plainly that the server keeps no media without S3 (S3_ENABLED), whatever the filters', async () => {
		await withEvolutionFakes([{ s3: false }], async ([off]) => {
			const result = await runMessaging(off, { parameters: getMedia() });
			const error = stopError(result);
			expect(error.message).toBe('Instance "sales" has no media stored in S3 (400: Media not found) [item 0]');
			expect(error.description).toBe(
				'The server keeps media in S3 only with S3_ENABLED=true (with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY) in its .env, and only for media received or sent after that. Check the filters (Get Media without any lists what is stored), or download a message\'s file with Chat → Download Media.',
			);
		});
	});

	it('refuses bad filters before any request', async () => {
		const { fake } = state;
		const noDigit = stopError(await runMessaging(fake, { parameters: getMedia({ mediaId: 'abcdef' }) }));
		expect(noDigit.message).toBe('Media ID "abcdef" has no digit, which the server requires of a media ID. Nothing was sent. [item 0]');
		const badType = stopError(await runMessaging(fake, { parameters: getMedia({ mediaType: '={{ "gifMessage" }}' }) }));
		expect(badType.message).toMatch(/^Media Type "gifMessage" is not one of imageMessage, videoMessage, .*\. Nothing was sent\. \[item 0\]$/);
		const badMessage = stopError(await runMessaging(fake, { parameters: getMedia({ messageId: 'no id!' }) }));
		expect(badMessage.message).toMatch(/^Message ID "no id!" is not a message ID .*\[item 0\]$/);
		expect(fake.requests).toEqual([]);
	});

	it('names an instance the server does not have (its id is asked first)', async () => {
		const { fake } = state;
		const error = stopError(await runMessaging(fake, { parameters: getMedia({}, 'nobody') }));
		expect(error.message).toBe('The instance "nobody" does not exist on the server (404: Instance "nobody" not found) [item 0]');
		expect(fake.requests.map((r) => r.path)).toEqual(['/instance/fetchInstances?instanceName=nobody']);
	});
});

describe('Storage (S3) → Get Media: an instance the server does not name', () => {
	it("asks for no media when fetchInstances does not give that instance's id (another's would show its media)", async () => {
		const { fake } = state;
		fake.failNext(200, [{ id: 'another-instance-id', name: 'Support Team' }], 1, (request) => request.path.startsWith('/instance/fetchInstances'));
		const error = stopError(await runMessaging(fake, { parameters: getMedia() }));
		expect(error.message).toBe('The server did not give the id of instance "sales", which Get Media needs to keep to its media: nothing was asked [item 0]');
		expect(fake.requests.map((r) => r.path)).toEqual(['/instance/fetchInstances?instanceName=sales']);
	});
});

describe("the fake's s3/getMedia, as Evolution's s3Schema and Prisma take it", () => {
	it("refuses a text messageId by the schema, and an integer one as Prisma does (the column is the message row's text id)", async () => {
		const { fake } = state;
		expect(await ask(fake, '/s3/getMedia/sales', { messageId: 'abc' })).toEqual({
			status: 400,
			body: { status: 400, error: 'Bad Request', response: { message: [['messageId is not of a type(s) integer']] } },
		});
		expect(await ask(fake, '/s3/getMedia/sales', { messageId: 12 })).toEqual({
			status: 400,
			body: { status: 400, error: 'Bad Request', response: { message: [{ name: 'PrismaClientValidationError', clientVersion: '6.1.0' }] } },
		});
		expect((await ask(fake, '/s3/getMedia/sales', { type: '' })).body).toEqual({ status: 400, error: 'Bad Request', response: { message: [['The "type" cannot be empty']] } });
	});
});
