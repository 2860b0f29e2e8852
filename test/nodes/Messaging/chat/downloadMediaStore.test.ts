// Download Media with the server's S3/MinIO store on: the stored message's link (one findMessages),
// the file streamed from the store (the fake plays the bucket), the base64 route when the link is
// refused or the server kept no file (a video with S3_SAVE_VIDEO off); a message the workflow sent
// itself as one received. With S3 off, see downloadMedia.test.ts.
import type { IBinaryData, IDataObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { FAKE_S3_BUCKET, SEEDED_MESSAGES, SEEDED_PDF, SEEDED_PNG, type EvolutionFake } from '../../../../fakes/evolution';
import { memoryBinary } from '../../../harness/binary';
import { instance, runMessaging, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ s3: true });
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);

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

	it('asks the base64 route for a received video the server kept out of its store (S3_SAVE_VIDEO off)', async () => {
		const { fake } = state;
		const id = fake.storeMedia({ mediaType: 'video', bytes: MP4, mimetype: 'video/mp4' });
		const result = await runMessaging(fake, { parameters: downloadMedia(id) });
		expect(result.error).toBeUndefined();
		expect(sent(fake)).toEqual([FIND(id), BASE64(id)]);
		expect(result.items[0].json).toEqual({ messageId: id, mediaType: 'videoMessage', mimetype: 'video/mp4', fileName: `${id}.mp4`, size: { fileLength: '24' }, mediaSource: 'server' });
		expect(Buffer.from(result.items[0].binary!.data.data, 'base64').equals(MP4)).toBe(true);
	});
});

describe('Download Media of a file the workflow sent, with the server’s S3 store on', () => {
	/** Sends `file` as `mediaType` from an item's binary; the sent message's id and the send's output. */
	async function send(fake: EvolutionFake, mediaType: string, file: IBinaryData) {
		const parameters = { resource: 'message', operation: 'sendMedia', instanceName: instance('sales'), number: '51987654321', mediaType, mediaSource: 'binary' };
		const result = await runMessaging(fake, { parameters, items: [{ json: {}, binary: { data: file } }] });
		expect(result.error).toBeUndefined();
		fake.requests.length = 0;
		const output = result.items[0].json as { key: { id: string }; message: IDataObject };
		return { id: output.key.id, message: output.message };
	}

	it("streams it from the store: the server put it in its bucket before it answered, and the send's output carries the link", async () => {
		const { fake } = state;
		const { id, message } = await send(fake, 'document', memoryBinary(SEEDED_PDF, 'application/pdf', 'Boleta B001-7.pdf'));
		const bucket = bucketPath(fake, id);
		expect(bucket).toBe(`/${FAKE_S3_BUCKET}/evolution-api/${fake.messages.get(id)!.s3Row!.fileName.split('/')[0]}/51987654321%40s.whatsapp.net/${id}/documentMessage/Boleta%20B001-7.pdf`);
		expect(String(message.mediaUrl).split('?')[0]).toBe(`${fake.url}${bucket}`);
		const result = await runMessaging(fake, { parameters: downloadMedia(id) });
		expect(result.error).toBeUndefined();
		expect(sent(fake)).toEqual([FIND(id), ['GET', bucket, undefined]]);
		const [item] = result.items;
		expect(item.json).toEqual({ messageId: id, mediaType: 'documentMessage', mimetype: 'application/pdf', fileName: 'Boleta B001-7.pdf', mediaSource: 'store' });
		expect(item.binary?.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'Boleta B001-7.pdf', fileExtension: 'pdf' });
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PDF)).toBe(true);
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('asks the base64 route for a sent video with S3_SAVE_VIDEO off (no link), and streams it with S3_SAVE_VIDEO on', async () => {
		const { fake } = state;
		const video = memoryBinary(MP4, 'video/mp4', 'tour.mp4');
		const unsaved = await send(fake, 'video', video);
		expect(unsaved.message).not.toHaveProperty('mediaUrl');
		const fromServer = await runMessaging(fake, { parameters: downloadMedia(unsaved.id) });
		expect(sent(fake)).toEqual([FIND(unsaved.id), BASE64(unsaved.id)]);
		expect(fromServer.items[0].json).toEqual({ messageId: unsaved.id, mediaType: 'videoMessage', mimetype: 'video/mp4', fileName: `${unsaved.id}.mp4`, size: { fileLength: '24' }, mediaSource: 'server' });

		fake.s3SaveVideo = true;
		const saved = await send(fake, 'video', video);
		const fromStore = await runMessaging(fake, { parameters: downloadMedia(saved.id) });
		expect(sent(fake)).toEqual([FIND(saved.id), ['GET', bucketPath(fake, saved.id), undefined]]);
		expect(fromStore.items[0].json).toEqual({ messageId: saved.id, mediaType: 'videoMessage', mimetype: 'video/mp4', fileName: `${saved.id}.mp4`, mediaSource: 'store' });
		expect(Buffer.from(fromStore.items[0].binary!.data.data, 'base64').equals(MP4)).toBe(true);
	});
});
