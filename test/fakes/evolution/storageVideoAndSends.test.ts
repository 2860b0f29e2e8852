// The bucket's two switches beyond S3_ENABLED, as the source of 2.3.6, 2.3.7 and 2.4.0-rc2 has them
// (docs/evolution-api.md, "S3 storage"): S3_SAVE_VIDEO (a received video with it off gets no row and
// no delivery at all; a video note or a document holding a video goes in), and media sent through
// the API, put in the bucket before the send answers.
import { describe, expect, it } from 'vitest';

import { FAKE_S3_BUCKET, RELEASES, SEEDED_PNG, type EvolutionFake } from '../../../fakes/evolution';
import { mediaMessageData } from '../../../fakes/evolution/events';
import { callFake } from './call';
import { useWebhookReceiver } from './webhookReceiver';
import { useEvolutionFake, withEvolutionFakes } from '../../harness/evolutionFake';

const state = useEvolutionFake({ s3: true });
const TO = '51987654321';
const CHAT = `${TO}@s.whatsapp.net`;
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
const VIDEO_DROPPED = 'a received video with S3 on and S3_SAVE_VIDEO off: the server returns before the delivery';

const receiver = useWebhookReceiver();

const listen = async (fake: EvolutionFake, events: string[]) =>
	expect((await callFake(fake, 'POST', '/webhook/set/sales', { webhook: { enabled: true, url: receiver.url, events } })).status).toBe(201);

/** The `message` of a message's findMessages row. */
async function storedRow(fake: EvolutionFake, id: string): Promise<Record<string, unknown>> {
	const found = await callFake(fake, 'POST', '/chat/findMessages/sales', { where: { key: { id } } });
	return found.body.messages.records[0].message;
}

/** The Media rows of one type, as `s3/getMedia` answers them ([] for its 400 "Media not found"). */
async function mediaRows(fake: EvolutionFake, type: string): Promise<Array<{ fileName: string; mimetype: string; Message: { key: { id: string } } }>> {
	const rows = await callFake(fake, 'POST', '/s3/getMedia/sales', { type });
	return rows.status === 201 ? rows.body : [];
}

const objectOf = (fake: EvolutionFake, link: string) => decodeURIComponent(link.slice(`${fake.url}/${FAKE_S3_BUCKET}/evolution-api/`.length).split('?')[0]);

describe('Evolution fake: S3_SAVE_VIDEO', () => {
	it('off (the default): a received video gets no row and no link, and is not delivered at all; the Message row is kept', async () => {
		const { fake } = state;
		await listen(fake, ['MESSAGES_UPSERT']);
		const id = fake.storeMedia({ mediaType: 'video', bytes: MP4, mimetype: 'video/mp4' });
		expect(await mediaRows(fake, 'videoMessage')).toEqual([]);
		expect(await storedRow(fake, id)).toEqual({ videoMessage: { mimetype: 'video/mp4' } });
		const outcome = await fake.deliver('sales', 'messages.upsert', mediaMessageData({ id, mediaType: 'video', mimetype: 'video/mp4' }));
		expect([outcome.delivered, outcome.statuses, outcome.skipped]).toEqual([false, [], VIDEO_DROPPED]);
		expect(fake.webhookAttempts).toEqual([]);
	});

	it('off: a video note (ptvMessage) and a document holding a video still go to the bucket and are delivered with their link', async () => {
		const { fake } = state;
		await listen(fake, ['MESSAGES_UPSERT']);
		const note = fake.storeMedia({ mediaType: 'ptv', bytes: MP4, mimetype: 'video/mp4' });
		const clip = fake.storeMedia({ mediaType: 'document', bytes: MP4, mimetype: 'video/mp4', fileName: 'clip.mp4' });
		const instanceId = fake.messages.get(note)!.s3Row!.fileName.split('/')[0];
		expect((await mediaRows(fake, 'ptvMessage')).map((row) => [row.Message.key.id, row.fileName, row.mimetype])).toEqual([
			[note, expect.stringMatching(new RegExp(`^${instanceId}/${CHAT}/ptvMessage/\\d+_${note}\\.mp4$`)), 'video/mp4'],
		]);
		expect((await mediaRows(fake, 'documentMessage')).find((row) => row.Message.key.id === clip)?.fileName).toMatch(/\/documentMessage\/\d+_clip\.mp4$/);
		for (const [id, mediaType] of [[note, 'ptv'], [clip, 'document']] as const) {
			const outcome = await fake.deliver('sales', 'messages.upsert', mediaMessageData({ id, mediaType, mimetype: 'video/mp4' }));
			expect(outcome.statuses).toEqual([200]);
			const link = (outcome.envelope.data as { message: { mediaUrl: string } }).message.mediaUrl;
			expect(objectOf(fake, link)).toBe(fake.messages.get(id)!.s3Row!.fileName);
			expect(Buffer.from(await (await fetch(link)).arrayBuffer()).equals(MP4)).toBe(true);
		}
	});

	it('on: a received video is in the bucket, its delivery and its findMessages row carry the link', async () => {
		const { fake } = state;
		fake.s3SaveVideo = true;
		await listen(fake, ['MESSAGES_UPSERT']);
		const id = fake.storeMedia({ mediaType: 'video', bytes: MP4, mimetype: 'video/mp4' });
		expect((await mediaRows(fake, 'videoMessage')).map((row) => row.Message.key.id)).toEqual([id]);
		expect((await storedRow(fake, id)).mediaUrl).toMatch(new RegExp(`^${fake.url}/${FAKE_S3_BUCKET}/evolution-api/`));
		const outcome = await fake.deliver('sales', 'messages.upsert', mediaMessageData({ id, mediaType: 'video', mimetype: 'video/mp4' }));
		expect(outcome.statuses).toEqual([200]);
		const served = await fetch((outcome.envelope.data as { message: { mediaUrl: string } }).message.mediaUrl);
		expect([served.status, served.headers.get('content-type')]).toEqual([200, 'video/mp4']);
		expect(Buffer.from(await served.arrayBuffer()).equals(MP4)).toBe(true);
	});

	it('matters only with S3 on: with it off a video is delivered as any message', async () => {
		await withEvolutionFakes([{}], async ([off]) => {
			await listen(off, ['MESSAGES_UPSERT']);
			const outcome = await off.deliver('sales', 'messages.upsert', mediaMessageData({ mediaType: 'video', mimetype: 'video/mp4' }));
			expect([outcome.statuses, outcome.skipped]).toEqual([[200], undefined]);
		});
	});

	it('is played alike by every release (the same lines in 2.3.6, 2.3.7 and 2.4.0-rc2)', async () => {
		const { fake } = state;
		await listen(fake, ['MESSAGES_UPSERT']);
		for (const release of RELEASES) {
			fake.release = release;
			const outcome = await fake.deliver('sales', 'messages.upsert', mediaMessageData({ mediaType: 'video', mimetype: 'video/mp4' }));
			expect([release, outcome.skipped]).toEqual([release, VIDEO_DROPPED]);
		}
	});
});

describe('Evolution fake: media sent through the API with S3 on', () => {
	it('puts the file in the bucket under <instance id>/<chat>/<message id>/<type>/<file>, its link in the answer, in send.message and in its findMessages row', async () => {
		const { fake } = state;
		await listen(fake, ['SEND_MESSAGE']);
		const sent = await callFake(fake, 'POST', '/message/sendMedia/sales', { number: TO, mediatype: 'image', media: SEEDED_PNG.toString('base64'), caption: 'Recibo' });
		expect(sent.status).toBe(201);
		const { id } = sent.body.key as { id: string };
		const link = sent.body.message.mediaUrl as string;
		expect(Object.keys(sent.body.message)).toEqual(['imageMessage', 'mediaUrl']);
		expect(link).toMatch(new RegExp(`^${fake.url}/${FAKE_S3_BUCKET}/evolution-api/[^?]+\\?X-Amz-Algorithm=AWS4-HMAC-SHA256&.*X-Amz-Expires=604800&`));
		const instanceId = sent.body.instanceId as string;
		expect(objectOf(fake, link)).toBe(`${instanceId}/${CHAT}/${id}/imageMessage/${id}.jpeg`);
		expect((await mediaRows(fake, 'imageMessage')).filter((row) => row.Message.key.id === id).map((row) => [row.fileName, row.mimetype])).toEqual([
			[`${instanceId}/${CHAT}/${id}/imageMessage/${id}.jpeg`, 'image/jpeg'],
		]);
		const served = await fetch(link);
		expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
		expect(Buffer.from(await served.arrayBuffer()).equals(SEEDED_PNG)).toBe(true);
		await fake.pendingDeliveries();
		expect(fake.webhookAttempts.map((attempt) => [attempt.event, (attempt.body.data as { message: { mediaUrl?: string } }).message.mediaUrl])).toEqual([['send.message', link]]);
		expect(objectOf(fake, (await storedRow(fake, id)).mediaUrl as string)).toBe(objectOf(fake, link));
	});

	it('keeps the link before the webhook’s base64 when the webhook asks for it', async () => {
		const { fake } = state;
		const set = { webhook: { enabled: true, url: receiver.url, events: ['SEND_MESSAGE'], base64: true } };
		expect((await callFake(fake, 'POST', '/webhook/set/sales', set)).status).toBe(201);
		const sent = await callFake(fake, 'POST', '/message/sendMedia/sales', { number: TO, mediatype: 'image', media: SEEDED_PNG.toString('base64') });
		expect(Object.keys(sent.body.message)).toEqual(['imageMessage', 'mediaUrl', 'base64']);
	});

	it('names each send’s object by its type and file: a video note, a voice note (mime-types’ .oga, audio/ogg), a sticker, a document by its name', async () => {
		const { fake } = state;
		const sends: Array<[string, Record<string, unknown>, string, string]> = [
			['sendPtv', { video: MP4.toString('base64') }, 'ptvMessage', 'video/mp4'],
			['sendWhatsAppAudio', { audio: 'T2dnUw==' }, 'audioMessage', 'audio/ogg'],
			['sendSticker', { sticker: SEEDED_PNG.toString('base64') }, 'stickerMessage', 'image/webp'],
			['sendMedia', { mediatype: 'document', media: MP4.toString('base64'), fileName: 'clip.mp4' }, 'documentMessage', 'video/mp4'],
		];
		const extensions: Record<string, string> = { 'video/mp4': 'mp4', 'audio/ogg': 'oga', 'image/webp': 'webp' };
		for (const [route, body, type, mimetype] of sends) {
			const sent = await callFake(fake, 'POST', `/message/${route}/sales`, { number: TO, ...body });
			const { id } = sent.body.key as { id: string };
			const file = type === 'documentMessage' ? 'clip.mp4' : `${id}.${extensions[mimetype]}`;
			expect([route, objectOf(fake, sent.body.message.mediaUrl)]).toEqual([route, `${sent.body.instanceId}/${CHAT}/${id}/${type}/${file}`]);
			expect([route, (await fetch(sent.body.message.mediaUrl)).headers.get('content-type')]).toEqual([route, mimetype]);
		}
	});

	it('puts no sent video in the bucket with S3_SAVE_VIDEO off (nor any file with S3 off), and one with it on', async () => {
		const { fake } = state;
		const video = { number: TO, mediatype: 'video', media: MP4.toString('base64') };
		const unsaved = await callFake(fake, 'POST', '/message/sendMedia/sales', video);
		expect([unsaved.status, Object.keys(unsaved.body.message)]).toEqual([201, ['videoMessage']]);
		expect(await storedRow(fake, unsaved.body.key.id)).not.toHaveProperty('mediaUrl');
		fake.s3SaveVideo = true;
		const saved = await callFake(fake, 'POST', '/message/sendMedia/sales', video);
		expect(objectOf(fake, saved.body.message.mediaUrl)).toBe(`${saved.body.instanceId}/${CHAT}/${saved.body.key.id}/videoMessage/${saved.body.key.id}.mp4`);
		fake.s3 = false;
		const off = await callFake(fake, 'POST', '/message/sendMedia/sales', { number: TO, mediatype: 'image', media: SEEDED_PNG.toString('base64') });
		expect(Object.keys(off.body.message)).toEqual(['imageMessage']);
	});
});
