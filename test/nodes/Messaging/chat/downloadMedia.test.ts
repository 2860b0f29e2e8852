import { describe, expect, it } from 'vitest';

import { SEEDED_MESSAGES, SEEDED_PDF, SEEDED_PNG } from '../../../../fakes/evolution';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const downloadMedia = (overrides: Record<string, unknown> = {}) => ({
	resource: 'chat',
	operation: 'downloadMedia',
	instanceName: instance('sales'),
	messageId: SEEDED_MESSAGES.image,
	...overrides,
});

/** The bytes of an output file held in memory (the engine tests run in n8n's default mode). */
const bytesOf = (data: string) => Buffer.from(data, 'base64');

describe('Download Media', () => {
	it('asks by message ID and puts the file in "data" with its MIME type and name; the JSON keeps the rest', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: downloadMedia() });
		expect(result.error).toBeUndefined();
		// The stored message first, for a link to the server's S3 store (none here: S3 is off), then the base64 route.
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
			['/chat/findMessages/sales', { where: { key: { id: SEEDED_MESSAGES.image } }, offset: 1, page: 1 }],
			['/chat/getBase64FromMediaMessage/sales', { message: { key: { id: SEEDED_MESSAGES.image } }, convertToMp4: false }],
		]);
		const [item] = result.items;
		expect(item.json).toEqual({
			messageId: SEEDED_MESSAGES.image,
			mediaType: 'imageMessage',
			fileName: `${SEEDED_MESSAGES.image}.png`,
			caption: 'Foto del recibo',
			size: expect.objectContaining({ fileLength: String(SEEDED_PNG.length) }),
			mimetype: 'image/png',
			mediaSource: 'server',
		});
		expect(Object.keys(item.binary ?? {})).toEqual(['data']);
		expect(item.binary?.data).toMatchObject({ mimeType: 'image/png', fileName: `${SEEDED_MESSAGES.image}.png` });
		expect(bytesOf(item.binary!.data.data)).toEqual(SEEDED_PNG);
		expect(item.pairedItem).toEqual({ item: 0 });
	});

	it('keeps a document\'s own file name, into the binary field named, for each item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: downloadMedia({ messageId: '={{ $json.id }}', outputBinaryField: 'invoice' }),
			items: itemsOf({ id: SEEDED_MESSAGES.document }, { id: SEEDED_MESSAGES.image }),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.binary?.invoice?.fileName, item.binary?.invoice?.mimeType])).toEqual([
			['Factura F001-123.pdf', 'application/pdf'],
			[`${SEEDED_MESSAGES.image}.png`, 'image/png'],
		]);
		expect(bytesOf(result.items[0].binary!.invoice.data)).toEqual(SEEDED_PDF);
	});

	it('gets back the bytes of a file sent before (Send Media from base64, then Download Media by its key.id)', async () => {
		const { fake } = state;
		const pdf = Buffer.from('%PDF-1.4\nround trip\n%%EOF\n');
		const sent = await runMessaging(fake, {
			parameters: {
				resource: 'message',
				operation: 'sendMedia',
				instanceName: instance('sales'),
				number: '51987654321',
				mediaType: 'document',
				mediaSource: 'base64',
				mediaBase64: pdf.toString('base64'),
				options: { fileName: 'vuelta.pdf' },
			},
		});
		const id = (sent.items[0].json.key as { id: string }).id;
		const result = await runMessaging(fake, { parameters: downloadMedia({ messageId: id, options: { convertToMp4: false } }) });
		expect(result.error).toBeUndefined();
		expect(result.items[0].binary?.data).toMatchObject({ fileName: 'vuelta.pdf', mimeType: 'application/pdf' });
		expect(bytesOf(result.items[0].binary!.data.data)).toEqual(pdf);
	});

	it('asks the server to convert a voice note to MP4 when the option is on', async () => {
		const { fake } = state;
		const id = fake.storeMedia({ mediaType: 'audio', bytes: Buffer.from('OggS-voice'), mimetype: 'audio/ogg; codecs=opus' });
		const result = await runMessaging(fake, { parameters: downloadMedia({ messageId: id, options: { convertToMp4: true } }) });
		expect(result.error).toBeUndefined();
		// The store keeps the voice note as received: the server's route converts it, so no link is looked for.
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([['/chat/getBase64FromMediaMessage/sales', { message: { key: { id } }, convertToMp4: true }]]);
		expect(result.items[0].binary?.data.mimeType).toBe('audio/mp4');
	});

	it.each([
		[{ messageId: '={{ "" }}' }, 'Message ID "" is empty: a message ID is required. Nothing was sent. [item 0]'],
		[{ messageId: 'a b' }, 'Message ID "a b" is not a message ID (4 to 128 letters, digits, - or _). Nothing was sent. [item 0]'],
		[{ outputBinaryField: 'my file' }, 'Put Output File in Field "my file" is not a binary field name (letters, digits, _ and -). Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: downloadMedia(overrides) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it('explains an ID the server has not stored, and a message without media, per item with Continue On Fail', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: downloadMedia({ messageId: '={{ $json.id }}' }),
			items: itemsOf({ id: 'NOSUCHMESSAGE1' }, { id: SEEDED_MESSAGES.text }, { id: SEEDED_MESSAGES.image }),
		});
		expect(result.items.map((item) => item.json.error)).toEqual([
			'Instance "sales" has no stored message with ID NOSUCHMESSAGE1 (400: Message not found) [item 0]',
			`Message ${SEEDED_MESSAGES.text} holds no image, audio, video, sticker or document (400: The message is not of the media type) [item 1]`,
			undefined,
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[2].binary?.data.mimeType).toBe('image/png');
	});
});
