// Storage (S3) → Get Media URL (POST /s3/getMediaUrl): a presigned link to one stored file, kept to
// the instance (its id in the query), with when it stops working read from the link; with S3 turned
// off the server still finds the row but makes no link, and the node says so.
import { describe, expect, it } from 'vitest';

import { FAKE_S3_BUCKET, SEEDED_MESSAGES, SEEDED_PDF, SEEDED_PNG } from '../../../../fakes/evolution';
import type { EvolutionFake } from '../../../../fakes/evolution';
import { linkExpiry } from '../../../../nodes/Messaging/resources/storage/getMediaUrl';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ s3: true });

const getUrl = (mediaId: unknown, name = 'sales') => ({ resource: 'storage', operation: 'getMediaUrl', instanceName: instance(name), mediaId });

const rowOf = (fake: EvolutionFake, messageId: string) => fake.messages.get(messageId)!.s3Row!;

async function ask(fake: EvolutionFake, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
	const response = await fetch(`${fake.url}${path}`, { method: 'POST', headers: { apikey: fake.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
	return { status: response.status, body: await response.json() };
}

describe('Storage (S3) → Get Media URL', () => {
	it("asks the instance's id, POSTs the media ID with it, and outputs the link, when it expires, and the row", async () => {
		const { fake } = state;
		const row = rowOf(fake, SEEDED_MESSAGES.document);
		const before = Date.now();
		const result = await runMessaging(fake, { parameters: getUrl(row.id) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path.replace(/instanceId=[\w-]+/, 'instanceId=…'), r.body, r.headers.apikey])).toEqual([
			['GET', '/instance/fetchInstances?instanceName=sales', undefined, fake.apiKey],
			['POST', '/s3/getMediaUrl/sales?instanceId=…', { id: row.id }, fake.apiKey],
		]);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(Object.keys(item.json)).toEqual(['mediaUrl', 'expiresAt', 'expiresInSeconds', 'id', 'fileName', 'type', 'mimetype', 'createdAt', 'Message', 'messageId']);
		expect(item.json).toMatchObject({ id: row.id, type: 'documentMessage', mimetype: 'application/pdf', messageId: SEEDED_MESSAGES.document, expiresInSeconds: 604800 });
		expect(item.json.mediaUrl).toMatch(new RegExp(`^${fake.url}/${FAKE_S3_BUCKET}/evolution-api/.*Factura%20F001-123\\.pdf\\?X-Amz-Algorithm=.*&X-Amz-Expires=604800&`));
		// The link serves the file (the fake plays the bucket).
		const served = await fetch(item.json.mediaUrl as string);
		expect(served.headers.get('content-type')).toBe('application/pdf');
		expect(Buffer.from(await served.arrayBuffer()).equals(SEEDED_PDF)).toBe(true);
		// Signed to the second: seven days from the signing, which is now.
		const expiresAt = Date.parse(item.json.expiresAt as string);
		expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 604_800_000);
		expect(expiresAt).toBeLessThanOrEqual(Date.now() + 604_800_000);
	});

	it("reads a link's expiry from its X-Amz-Date and X-Amz-Expires, and says nothing for a link without them", () => {
		expect(linkExpiry('https://bucket.example.com/a.pdf?X-Amz-Date=20261128T225500Z&X-Amz-Expires=3600&X-Amz-Signature=ab')).toEqual({
			expiresAt: '2026-11-28T23:55:00.000Z',
			expiresInSeconds: 3600,
		});
		expect(linkExpiry('https://bucket.example.com/a.pdf')).toEqual({ expiresAt: null, expiresInSeconds: null });
		expect(linkExpiry('not a link')).toEqual({ expiresAt: null, expiresInSeconds: null });
	});

	it('says S3 is off now when the server finds the row but makes no link, naming the setting', async () => {
		const { fake } = state;
		fake.s3 = false;
		const error = stopError(await runMessaging(fake, { parameters: getUrl(rowOf(fake, SEEDED_MESSAGES.image).id) }));
		expect(error.message).toBe(
			`The server has S3 storage turned off: it found media ${rowOf(fake, SEEDED_MESSAGES.image).id} of instance "sales" but made no link (200) [item 0]`,
		);
		expect(error.description).toContain("Set S3_ENABLED=true (with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY) in the server's .env and restart it");
	});

	it("says no such media is stored for an unknown ID, and for another instance's media, per item with Continue On Fail", async () => {
		const { fake } = state;
		const otherId = fake.storeMedia({ instance: 'Support Team', id: 'SUPPORTIMAGE0002', mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png' });
		const other = rowOf(fake, otherId);
		const own = rowOf(fake, SEEDED_MESSAGES.image);
		const result = await runMessaging(fake, {
			parameters: getUrl('={{ $json.id }}'),
			items: itemsOf({ id: 'cm000000000000000000nope' }, { id: other.id }, { id: own.id }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.id])).toEqual([
			[{ item: 0 }, 'Instance "sales" has no media with ID cm000000000000000000nope stored in S3 (400: Media not found) [item 0]'],
			[{ item: 1 }, `Instance "sales" has no media with ID ${other.id} stored in S3 (400: Media not found) [item 1]`],
			[{ item: 2 }, own.id],
		]);
		// The route alone, without the instance's id, would have found the other instance's media.
		expect((await ask(fake, '/s3/getMediaUrl/sales', { id: other.id })).status).toBe(200);
	});

	it('refuses an empty ID, or one without a digit (the route requires one), before any request', async () => {
		const { fake } = state;
		expect(stopError(await runMessaging(fake, { parameters: getUrl('={{ "" }}') })).message).toBe('Media ID "" is empty. Nothing was sent. [item 0]');
		expect(stopError(await runMessaging(fake, { parameters: getUrl('abcdef') })).message).toBe(
			'Media ID "abcdef" has no digit, which the server requires of a media ID. Nothing was sent. [item 0]',
		);
		expect(fake.requests).toEqual([]);
	});
});

describe("the fake's s3/getMediaUrl, as Evolution's s3UrlSchema and MinIO take it", () => {
	it('requires the id, takes the expiry only as text, which MinIO then refuses', async () => {
		const { fake } = state;
		const id = rowOf(fake, SEEDED_MESSAGES.image).id;
		expect(await ask(fake, '/s3/getMediaUrl/sales', {})).toEqual({ status: 400, body: { status: 400, error: 'Bad Request', response: { message: [['instance requires property "id"']] } } });
		expect((await ask(fake, '/s3/getMediaUrl/sales', { id, expiry: 3600 })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: { message: [['expiry is not of a type(s) string']] },
		});
		expect((await ask(fake, '/s3/getMediaUrl/sales', { id, expiry: '3600' })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: { message: ['expires should be of type "number"'] },
		});
	});
});
