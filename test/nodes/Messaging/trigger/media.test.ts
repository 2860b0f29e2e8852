// Include Media Files with the server's S3/MinIO store on: the file streamed from the delivery's
// `message.mediaUrl` (the fake plays the bucket), the server asked instead when the link is
// refused, and deliveries without a link as before. Which source served the file is in the item.
// Videos go to the store only with the server's S3_SAVE_VIDEO; without it a received one is never
// delivered at all (docs/evolution-api.md, "S3 storage"). A server that stores no messages
// (DATABASE_SAVE_DATA_NEW_MESSAGE off) has neither the link nor the file to give: the item says what to do.
import type { IDataObject } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { FAKE_S3_BUCKET, SEEDED_MESSAGES, SEEDED_PDF, SEEDED_PNG, type EvolutionFake } from '../../../../fakes/evolution';
import { mediaMessageData } from '../../../../fakes/evolution/events';
import { activeTrigger, useEvolutionFake } from './helpers';

const state = useEvolutionFake({ s3: true });

const BASE64_ROUTE = '/chat/getBase64FromMediaMessage/sales';
const bucketRequests = (fake: EvolutionFake) => fake.requests.filter((request) => request.path.startsWith(`/${FAKE_S3_BUCKET}/`));
const base64Requests = (fake: EvolutionFake) => fake.requests.filter((request) => request.path === BASE64_ROUTE);
/** The link the last delivery carried as `message.mediaUrl`. */
const deliveredLink = (fake: EvolutionFake) => ((fake.webhookAttempts.at(-1)?.body.data as IDataObject).message as IDataObject).mediaUrl as string | undefined;

async function receive(data: ReturnType<typeof mediaMessageData>) {
	const harness = await activeTrigger(state.fake, { options: { includeMedia: true } });
	const outcome = await state.fake.deliver('sales', 'messages.upsert', data);
	expect(outcome.statuses).toEqual([200]);
	return harness.deliveries.at(-1)!.items![0];
}

const image = () => mediaMessageData({ id: SEEDED_MESSAGES.image, mediaType: 'image', mimetype: 'image/png', caption: 'Foto del recibo' });

describe('Messaging Trigger: media from the server’s store', () => {
	it('streams the file from the delivery’s mediaUrl, without asking the server', async () => {
		const item = await receive(image());
		const link = deliveredLink(state.fake)!;
		expect(link).toMatch(new RegExp(`^${state.fake.url}/${FAKE_S3_BUCKET}/evolution-api/[^?]+\\?X-Amz-Algorithm=AWS4-HMAC-SHA256&.*X-Amz-Expires=604800&`));
		expect(bucketRequests(state.fake).map((request) => ({ method: request.method, path: request.path }))).toEqual([{ method: 'GET', path: link.slice(state.fake.url.length) }]);
		// The bucket is not the server: the API key does not go with the link.
		expect(bucketRequests(state.fake)[0].headers.apikey).toBeUndefined();
		expect(base64Requests(state.fake)).toEqual([]);
		expect(item.json.mediaSource).toBe('store');
		expect(item.json).not.toHaveProperty('mediaStoreError');
		// `bytes` is n8n-core 2.x's (the compatibility stage's 1.123 gives the rest alike).
		const { data, bytes, ...described } = item.binary!.data;
		expect(described).toEqual({ mimeType: 'image/png', fileType: 'image', fileExtension: 'png', fileName: `${SEEDED_MESSAGES.image}.png`, fileSize: '68 B' });
		expect(bytes ?? SEEDED_PNG.length).toBe(SEEDED_PNG.length);
		expect(Buffer.from(data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it('keeps the file name and MIME type the message gives', async () => {
		const item = await receive(
			mediaMessageData({ id: SEEDED_MESSAGES.document, mediaType: 'document', mimetype: 'application/pdf', fileName: 'Factura F001-123.pdf' }),
		);
		expect(item.json.mediaSource).toBe('store');
		expect(item.binary!.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'Factura F001-123.pdf', fileExtension: 'pdf' });
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PDF)).toBe(true);
		expect(base64Requests(state.fake)).toEqual([]);
	});

	it('asks the server once when the store refuses the link (expired: 403), saying why', async () => {
		state.fake.s3LinksExpired = true;
		const item = await receive(image());
		expect(bucketRequests(state.fake)).toHaveLength(1);
		expect(base64Requests(state.fake).map((request) => request.body)).toEqual([{ message: { key: { id: SEEDED_MESSAGES.image } }, convertToMp4: false }]);
		const link = deliveredLink(state.fake)!;
		expect(item.json).toMatchObject({
			mediaSource: 'server',
			mediaStoreError: `the store answered 403 for message ${SEEDED_MESSAGES.image} at ${link.split('?')[0]} (the link expired or was refused)`,
		});
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it('asks the server when the store cannot be reached', async () => {
		state.fake.dropNext(1, (request) => request.path.startsWith(`/${FAKE_S3_BUCKET}/`));
		const item = await receive(image());
		expect(base64Requests(state.fake)).toHaveLength(1);
		expect(item.json.mediaSource).toBe('server');
		expect(item.json.mediaStoreError).toMatch(new RegExp(`^the store could not be reached for message ${SEEDED_MESSAGES.image} \\(.+\\)$`));
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it('makes no file of a store answer that breaks off mid-file, and asks the server for the whole one', async () => {
		state.fake.s3CutAfterBytes = 20;
		const item = await receive(image());
		expect(bucketRequests(state.fake)).toHaveLength(1);
		expect(base64Requests(state.fake)).toHaveLength(1);
		expect(item.json.mediaSource).toBe('server');
		expect(item.json.mediaStoreError).toMatch(new RegExp(`^the store's answer for message ${SEEDED_MESSAGES.image} broke off \\(.+\\)$`));
		// The binary is the server's whole file, not the 20 bytes the store sent.
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it('waits for a slow store, and still takes the file from it', async () => {
		state.fake.s3DelayMs = 300;
		const item = await receive(image());
		expect(item.json.mediaSource).toBe('store');
		expect(base64Requests(state.fake)).toEqual([]);
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it('refuses a file over what a WhatsApp message carries before reading it, and does not ask the server', async () => {
		const announced = 3 * 1024 * 1024 * 1024;
		state.fake.failNext(200, 'x', 1, (request) => request.path.startsWith(`/${FAKE_S3_BUCKET}/`), { 'content-type': 'video/mp4', 'content-length': String(announced) });
		const item = await receive(image());
		expect(item.binary).toBeUndefined();
		expect(base64Requests(state.fake)).toEqual([]);
		expect(item.json.mediaError).toBe(
			`The file of message ${SEEDED_MESSAGES.image} is 3072.00 MB (3,221,225,472 bytes), over the 2048.00 MB a WhatsApp message can carry: it was not downloaded`,
		);
	});

	it('with Media Files From: Each Delivery, takes the file the server put in the delivery, beside its link, and asks neither the store nor the server', async () => {
		const harness = await activeTrigger(state.fake, { options: { includeMedia: true, mediaFrom: 'delivery' } });
		const outcome = await state.fake.deliver('sales', 'messages.upsert', image());
		expect(outcome.statuses).toEqual([200]);
		// As the server sends it with the webhook's Base64 on: the link first, then the file.
		const delivered = (outcome.envelope.data as IDataObject).message as IDataObject;
		expect(Object.keys(delivered).slice(-2)).toEqual(['mediaUrl', 'base64']);
		expect(delivered.base64).toBe(SEEDED_PNG.toString('base64'));
		const item = harness.deliveries.at(-1)!.items![0];
		expect(bucketRequests(state.fake)).toEqual([]);
		expect(base64Requests(state.fake)).toEqual([]);
		expect(item.json.mediaSource).toBe('webhook');
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});

	it('takes the delivery’s base64 first when the webhook carries it', async () => {
		const item = await receive(mediaMessageData({ id: SEEDED_MESSAGES.image, mediaType: 'image', mimetype: 'image/png', base64: SEEDED_PNG.toString('base64') }));
		expect(deliveredLink(state.fake)).toBeDefined();
		expect(bucketRequests(state.fake)).toEqual([]);
		expect(base64Requests(state.fake)).toEqual([]);
		expect(item.json.mediaSource).toBe('webhook');
	});

	it('asks the server as before when S3 is off (no link in the delivery)', async () => {
		state.fake.s3 = false;
		const item = await receive(image());
		expect(deliveredLink(state.fake)).toBeUndefined();
		expect(bucketRequests(state.fake)).toEqual([]);
		expect(base64Requests(state.fake)).toHaveLength(1);
		expect(item.json.mediaSource).toBe('server');
		expect(item.json).not.toHaveProperty('mediaStoreError');
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});
});

describe('Messaging Trigger: a server that stores no messages (DATABASE_SAVE_DATA_NEW_MESSAGE off)', () => {
	/** An image received by a server that stores no messages (the fake's `saveNewMessages` off), and its delivery's item. */
	async function receiveUnstored(options: IDataObject = { includeMedia: true }) {
		state.fake.saveNewMessages = false;
		const id = state.fake.storeMedia({ mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png' });
		const harness = await activeTrigger(state.fake, { options });
		const outcome = await state.fake.deliver('sales', 'messages.upsert', mediaMessageData({ id, mediaType: 'image', mimetype: 'image/png' }));
		expect(outcome.statuses).toEqual([200]);
		return { id, item: harness.deliveries.at(-1)!.items![0] };
	}
	const unstoredError = (id: string) =>
		`Instance "sales" has no stored message with ID ${id} (400: Message not found): ` +
		"set the server's DATABASE_SAVE_DATA_NEW_MESSAGE=true, or the trigger's Options → Media Files From → Each Delivery (Base64)";

	it('says what to do when neither the delivery nor the store has the file and the server stores no messages', async () => {
		state.fake.s3 = false;
		const { id, item } = await receiveUnstored();
		expect(base64Requests(state.fake).map((request) => request.body)).toEqual([{ message: { key: { id } }, convertToMp4: false }]);
		expect(item.binary).toBeUndefined();
		expect(item.json).not.toHaveProperty('mediaSource');
		expect(item.json.mediaError).toBe(unstoredError(id));
	});

	it('with S3 on, gets no link either (the server puts a file in the store only for a message it stored), and says the same', async () => {
		const { id, item } = await receiveUnstored();
		expect(deliveredLink(state.fake)).toBeUndefined();
		expect(bucketRequests(state.fake)).toEqual([]);
		expect(base64Requests(state.fake)).toHaveLength(1);
		expect(item.binary).toBeUndefined();
		expect(item.json).not.toHaveProperty('mediaStoreError');
		expect(item.json.mediaError).toBe(unstoredError(id));
	});

	it('with Media Files From: Each Delivery, takes the file the server put in the delivery all the same, asking nothing', async () => {
		state.fake.s3 = false;
		const { item } = await receiveUnstored({ includeMedia: true, mediaFrom: 'delivery' });
		expect(bucketRequests(state.fake)).toEqual([]);
		expect(base64Requests(state.fake)).toEqual([]);
		expect(item.json.mediaSource).toBe('webhook');
		expect(item.json).not.toHaveProperty('mediaError');
		expect(Buffer.from(item.binary!.data.data, 'base64').equals(SEEDED_PNG)).toBe(true);
	});
});

describe('Messaging Trigger: videos and the server’s S3_SAVE_VIDEO', () => {
	const SENDER = '51987654321@s.whatsapp.net';
	const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);

	/** A video (or video note) received and delivered to an active trigger; the requests the fake got after the activation, as [method, path without the query]. */
	async function receiveVideo(mediaType: 'video' | 'ptv') {
		const id = state.fake.storeMedia({ mediaType, bytes: MP4, mimetype: 'video/mp4' });
		const harness = await activeTrigger(state.fake, { options: { includeMedia: true } });
		const activated = state.fake.requests.length;
		const outcome = await state.fake.deliver('sales', 'messages.upsert', mediaMessageData({ id, mediaType, mimetype: 'video/mp4' }));
		const requests = state.fake.requests.slice(activated).map((request) => [request.method, request.path.split('?')[0]]);
		return { id, harness, outcome, requests };
	}
	const bucketPathOf = (id: string) => `/${FAKE_S3_BUCKET}/evolution-api/${state.fake.messages.get(id)!.s3Row!.fileName.split('/').map(encodeURIComponent).join('/')}`;

	/** The item a delivered video starts the workflow with, its file taken from the store. */
	function expectStreamedVideo({ id, harness, outcome }: Awaited<ReturnType<typeof receiveVideo>>) {
		const { apikey: _apikey, ...raw } = outcome.envelope;
		const data = raw.data as { messageTimestamp: number };
		const [item] = harness.deliveries.at(-1)!.items!;
		expect(item.json).toEqual({
			event: 'messages.upsert', instance: 'sales', messageId: id, messageType: 'video', text: null, quotedMessageId: null,
			chatJid: SENDER, isGroup: false, fromMe: false,
			senderPhone: '51987654321', senderJid: SENDER, senderLid: null, senderName: 'Ana Torres',
			timestamp: new Date(data.messageTimestamp * 1000).toISOString(),
			raw,
			mediaSource: 'store',
		});
		// `bytes` is n8n-core 2.x's (the compatibility stage's 1.123 gives the rest alike).
		const { data: content, bytes, ...described } = item.binary!.data;
		expect(described).toEqual({ mimeType: 'video/mp4', fileType: 'video', fileExtension: 'mp4', fileName: `${id}.mp4`, fileSize: '24 B' });
		expect(bytes ?? MP4.length).toBe(MP4.length);
		expect(Buffer.from(content, 'base64').equals(MP4)).toBe(true);
	}

	it('with S3_SAVE_VIDEO on, streams a received video from the store, without asking the server', async () => {
		state.fake.s3SaveVideo = true;
		const received = await receiveVideo('video');
		expect(received.outcome.statuses).toEqual([200]);
		expect(received.requests).toEqual([['GET', bucketPathOf(received.id)]]);
		expectStreamedVideo(received);
	});

	it('with S3_SAVE_VIDEO off, streams a video note (ptvMessage) from the store all the same: the switch is for videoMessage alone', async () => {
		const received = await receiveVideo('ptv');
		expect(received.outcome.statuses).toEqual([200]);
		expect(received.requests).toEqual([['GET', bucketPathOf(received.id)]]);
		expectStreamedVideo(received);
	});

	it('with S3_SAVE_VIDEO off, is never started by a received video: the server sends no delivery', async () => {
		const { harness, outcome, requests } = await receiveVideo('video');
		expect([outcome.delivered, outcome.statuses, outcome.skipped]).toEqual([false, [], 'a received video with S3 on and S3_SAVE_VIDEO off: the server returns before the delivery']);
		expect(harness.deliveries).toEqual([]);
		expect(requests).toEqual([]);
	});
});
