// Download Media with the server's S3/MinIO store on: the stored message's link (one findMessages),
// the file streamed from the store (the fake plays the bucket), the base64 route when the link is
// refused; with S3 off, see downloadMedia.test.ts.
import { describe, expect, it } from 'vitest';

import { FAKE_S3_BUCKET, SEEDED_MESSAGES, SEEDED_PDF, SEEDED_PNG, type EvolutionFake } from '../../../../fakes/evolution';
import { instance, runMessaging, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ s3: true });

const downloadMedia = (messageId: string, options: Record<string, unknown> = {}) => ({
	resource: 'chat',
	operation: 'downloadMedia',
	instanceName: instance('sales'),
	messageId,
	options,
});

/** The requests as [method, path without the link's signature, body]. */
const sent = (fake: EvolutionFake) => fake.requests.map((request) => [request.method, request.path.split('?')[0], request.body]);
const FIND = (id: string) => ['POST', '/chat/findMessages/sales', { where: { key: { id } }, offset: 1, page: 1 }];
const BASE64 = (id: string) => ['POST', '/chat/getBase64FromMediaMessage/sales', { message: { key: { id } }, convertToMp4: false }];
const bucketPath = (fake: EvolutionFake, id: string) => `/${FAKE_S3_BUCKET}/evolution-api/${fake.messages.get(id)!.s3Row!.fileName.split('/').map(encodeURIComponent).join('/')}`;

describe('Download Media from the server’s S3 store', () => {
	it("streams the file from the stored message's link, without the base64 route", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: downloadMedia(SEEDED_MESSAGES.document) });
		expect(result.error).toBeUndefined();
		expect(sent(fake)).toEqual([FIND(SEEDED_MESSAGES.document), ['GET', bucketPath(fake, SEEDED_MESSAGES.document), undefined]]);
		// The bucket is not the server: the API key does not go with the link.
		expect(fake.requests[1].headers.apikey).toBeUndefined();
		const [item] = result.items;
		expect(item.json).toEqual({
			messageId: SEEDED_MESSAGES.document,
			mediaType: 'documentMessage',
			mimetype: 'application/pdf',
			fileName: 'Factura F001-123.pdf',
			mediaSource: 'store',
		});
		expect(item.binary?.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'Factura F001-123.pdf', fileExtension: 'pdf' });
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PDF)).toBe(true);
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('asks the base64 route once when the store refuses the link (expired: 403), saying why', async () => {
		const { fake } = state;
		fake.s3LinksExpired = true;
		const result = await runMessaging(fake, { parameters: downloadMedia(SEEDED_MESSAGES.image) });
		expect(result.error).toBeUndefined();
		const bucket = bucketPath(fake, SEEDED_MESSAGES.image);
		expect(sent(fake)).toEqual([FIND(SEEDED_MESSAGES.image), ['GET', bucket, undefined], BASE64(SEEDED_MESSAGES.image)]);
		const [item] = result.items;
		expect(item.json).toMatchObject({
			messageId: SEEDED_MESSAGES.image,
			mediaSource: 'server',
			mediaStoreError: `the store answered 403 for message ${SEEDED_MESSAGES.image} at ${fake.url}${bucket} (the link expired or was refused)`,
		});
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it('asks the base64 route when the stored message has no link (stored while S3 was off)', async () => {
		const { fake } = state;
		fake.s3 = false;
		const id = fake.storeMedia({ mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png' });
		fake.s3 = true;
		const result = await runMessaging(fake, { parameters: downloadMedia(id) });
		expect(result.error).toBeUndefined();
		expect(sent(fake)).toEqual([FIND(id), BASE64(id)]);
		expect(result.items[0].json.mediaSource).toBe('server');
		expect(result.items[0].json).not.toHaveProperty('mediaStoreError');
	});
});
