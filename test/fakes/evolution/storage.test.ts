// The fake's S3 routes and 2.4's generateMessageID against what the real 2.3.6 and 2.3.7 servers
// answered with S3_ENABLED=false (recorded offline by the realevo harness: the same on both; the
// instance renamed `sales`). With S3 on, what the source says (docs/evolution-api.md, "S3 storage").
import { describe, expect, it } from 'vitest';

import { FAKE_S3_BUCKET, SEEDED_MESSAGES, SEEDED_PNG } from '../../../fakes/evolution';
import { callFake } from './call';
import { useEvolutionFake, withEvolutionFakes } from '../../harness/evolutionFake';

const state = useEvolutionFake();

const refused = (status: number, error: string, message: unknown) => ({ status, body: { status, error, response: { message } } });

/** [request, route, body, the real server's answer] */
const RECORDED: Array<[string, string, unknown, ReturnType<typeof refused>]> = [
	['getMedia with an empty body', '/s3/getMedia/sales', {}, refused(400, 'Bad Request', ['Media not found'])],
	['getMedia by type', '/s3/getMedia/sales', { type: 'image' }, refused(400, 'Bad Request', ['Media not found'])],
	['getMedia by id', '/s3/getMedia/sales', { id: 'realevo-missing' }, refused(400, 'Bad Request', ['Media not found'])],
	['getMedia with wrong types', '/s3/getMedia/sales', { messageId: 'x', type: 5 }, refused(400, 'Bad Request', [['type is not of a type(s) string', 'messageId is not of a type(s) integer']])],
	['getMedia with an empty id', '/s3/getMedia/sales', { id: '' }, refused(400, 'Bad Request', [['The "id" cannot be empty']])],
	['getMedia on an unknown instance', '/s3/getMedia/realevo-nobody', {}, refused(404, 'Not Found', ['The "realevo-nobody" instance does not exist'])],
	['getMediaUrl without id', '/s3/getMediaUrl/sales', {}, refused(400, 'Bad Request', [['instance requires property "id"']])],
	['getMediaUrl with an unknown id', '/s3/getMediaUrl/sales', { id: '123' }, refused(400, 'Bad Request', ['Media not found'])],
	['getMediaUrl with a non-numeric id', '/s3/getMediaUrl/sales', { id: 'abc' }, refused(400, 'Bad Request', [['id does not match pattern "\\\\d+"']])],
	['getMediaUrl with an expiry', '/s3/getMediaUrl/sales', { id: '123', expiry: '3600' }, refused(400, 'Bad Request', ['Media not found'])],
	['getMediaUrl with a numeric expiry', '/s3/getMediaUrl/sales', { id: '123', expiry: 3600 }, refused(400, 'Bad Request', [['expiry is not of a type(s) string']])],
];

describe('Evolution fake: S3 routes as the real server answers them with S3 off', () => {
	it.each(RECORDED)('%s', async (_name, path, body, answer) => {
		expect(await callFake(state.fake, 'POST', path, body)).toEqual(answer);
	});

	it('answers the instance token as the global key (no media either way)', async () => {
		expect(await callFake(state.fake, 'POST', '/s3/getMedia/sales', {}, 'sales-token')).toEqual(refused(400, 'Bad Request', ['Media not found']));
	});

	it("has no generateMessageID before 2.4: Express's 404, as 2.3.6 and 2.3.7 answer", async () => {
		for (const release of ['2.3.6', '2.3.7'] as const) {
			state.fake.release = release;
			expect(await callFake(state.fake, 'GET', '/baileys/generateMessageID/sales')).toEqual(refused(404, 'Not Found', ['Cannot GET /baileys/generateMessageID/sales']));
		}
		state.fake.release = '2.4.0-rc2';
		const made = await callFake(state.fake, 'GET', '/baileys/generateMessageID/sales');
		expect(made.status).toBe(200);
		expect(made.body).toEqual({ id: expect.stringMatching(/^3EB0[0-9A-F]{18}$/) });
	});
});

describe('Evolution fake: S3 routes with S3 on (read in the source)', () => {
	it('answers the rows (201) and a 7-day link (200); S3 turned off since: the row without a link', async () => {
		await withEvolutionFakes([{ s3: true }], async ([on]) => {
			const rows = await callFake(on, 'POST', '/s3/getMedia/sales', { type: 'imageMessage' });
			expect(rows.status).toBe(201);
			expect(rows.body.map((row: { Message: { key: { id: string } } }) => row.Message.key.id)).toEqual([SEEDED_MESSAGES.image]);
			const id = rows.body[0].id as string;
			const link = await callFake(on, 'POST', '/s3/getMediaUrl/sales', { id });
			expect(link.status).toBe(200);
			expect(link.body.mediaUrl).toMatch(/X-Amz-Expires=604800/);
			expect(await callFake(on, 'POST', '/s3/getMediaUrl/sales', { id, expiry: '3600' })).toEqual(refused(400, 'Bad Request', ['expires should be of type "number"']));
			on.s3 = false;
			const unlinked = await callFake(on, 'POST', '/s3/getMediaUrl/sales', { id });
			expect(unlinked.status).toBe(200);
			expect(unlinked.body).not.toHaveProperty('mediaUrl');
			expect(unlinked.body).toMatchObject({ id, type: 'imageMessage' });
		});
	});
});

describe('Evolution fake: the bucket behind the links (MinIO, path-style)', () => {
	it("serves a link's file with the stored Content-Type; 403 once expired, 403 unsigned, 404 for an unknown object", async () => {
		await withEvolutionFakes([{ s3: true }], async ([on]) => {
			const row = (await callFake(on, 'POST', '/s3/getMedia/sales', { type: 'imageMessage' })).body[0];
			const link = (await callFake(on, 'POST', '/s3/getMediaUrl/sales', { id: row.id })).body.mediaUrl as string;
			const served = await fetch(link);
			expect([served.status, served.headers.get('content-type'), served.headers.get('content-length')]).toEqual([200, 'image/png', String(SEEDED_PNG.length)]);
			expect(Buffer.from(await served.arrayBuffer()).equals(SEEDED_PNG)).toBe(true);
			const object = link.slice(on.url.length + FAKE_S3_BUCKET.length + 2).split('?')[0];
			const xmlError = async (url: string) => {
				const response = await fetch(url);
				return [response.status, response.headers.get('content-type'), /<Code>(\w+)<\/Code><Message>([^<]+)<\/Message>/.exec(await response.text())?.slice(1)];
			};
			expect(await xmlError(link.split('?')[0])).toEqual([403, 'application/xml', ['AccessDenied', 'Access Denied.']]);
			expect(await xmlError(link.replace(object, `${object}-gone`))).toEqual([404, 'application/xml', ['NoSuchKey', 'The specified key does not exist.']]);
			expect(await xmlError(link.replace(/X-Amz-Date=\d{8}/, 'X-Amz-Date=20200101'))).toEqual([403, 'application/xml', ['AccessDenied', 'Request has expired']]);
			on.s3LinksExpired = true;
			expect(await xmlError(link)).toEqual([403, 'application/xml', ['AccessDenied', 'Request has expired']]);
		});
	});

	it("puts the link in a stored media message's delivery with S3 on, and none with it off", async () => {
		await withEvolutionFakes([{ s3: true }], async ([on]) => {
			const data = { key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: SEEDED_MESSAGES.image }, message: { imageMessage: { mimetype: 'image/png' } } };
			const linked = await on.deliver('sales', 'messages.upsert', data);
			expect((linked.envelope.data as { message: { mediaUrl: string } }).message.mediaUrl).toMatch(new RegExp(`^${on.url}/${FAKE_S3_BUCKET}/evolution-api/`));
			on.s3 = false;
			const unlinked = await on.deliver('sales', 'messages.upsert', data);
			expect(unlinked.envelope.data).toEqual(data);
		});
	});

	it("puts a stored media message's file in its delivery with the webhook's Base64 on, after the link, with S3 on or off", async () => {
		// Nobody listens on port 9: one attempt, the envelope is what counts.
		await withEvolutionFakes([{ s3: true, webhookRetry: { maxAttempts: 1 } }], async ([on]) => {
			const data = { key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: SEEDED_MESSAGES.image }, message: { imageMessage: { mimetype: 'image/png' } } };
			const setWebhook = (base64: boolean) =>
				callFake(on, 'POST', '/webhook/set/sales', { webhook: { enabled: true, url: 'http://127.0.0.1:9/hook', base64, events: ['MESSAGES_UPSERT'] } });
			const delivered = async () => (await on.deliver('sales', 'messages.upsert', data)).envelope.data as { message: Record<string, unknown> };
			expect((await setWebhook(true)).status).toBe(201);
			const both = await delivered();
			expect(Object.keys(both.message)).toEqual(['imageMessage', 'mediaUrl', 'base64']);
			expect(both.message.base64).toBe(SEEDED_PNG.toString('base64'));
			on.s3 = false;
			expect((await delivered()).message).toEqual({ imageMessage: { mimetype: 'image/png' }, base64: SEEDED_PNG.toString('base64') });
			expect((await setWebhook(false)).status).toBe(201);
			expect(await delivered()).toEqual(data);
		});
	});
});
