// What each Evolution release's schema takes of an upload's form fields (docs/evolution-api.md,
// "Uploads"): the fake holds each release to its own schemas. A form field is text; 2.4.0-rc2's
// sendMedia and sendPtv want Mention Everyone (`mentionsEveryOne`) a boolean and refuse the text,
// before anything is sent: the node then sends the file again as base64 JSON, and the run's later
// items go as JSON at once. 2.3.x's schemas name the flag `everyOne` and let the text through.
// 2.4's Play as GIF and GIF Source are taken as text.
import { describe, expect, it } from 'vitest';

import { memoryBinary } from '../../../harness/binary';
import { instance, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ release: '2.4.0-rc2' });

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);

const binarySend = (operation: string, overrides: Record<string, unknown>) => ({
	resource: 'message',
	operation,
	instanceName: instance('sales'),
	number: '+51 987 654 321',
	mediaSource: 'binary',
	...overrides,
});
const image = () => ({ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png') } });
const video = () => ({ json: {}, binary: { data: memoryBinary(MP4, 'video/mp4', 'clip.mp4') } });
const mentioningEveryone = (operation: string, overrides: Record<string, unknown> = {}) => binarySend(operation, { ...overrides, options: { mentionsEveryOne: true } });

/** Each request as it reached the fake: its content type, and its form's text fields or its JSON body. */
const sent = () =>
	state.fake.requests.map((request) => [
		String(request.headers['content-type']).split(';')[0],
		request.parts ? request.parts.filter((part) => part.filename === undefined).map((part) => [part.name, part.data.toString('utf8')]) : request.body,
	]);
const sentTypes = () => sent().map(([type]) => type);

describe('Mention Everyone on an upload, Evolution 2.4.0-rc2', () => {
	it('Send Media: the form with the flag as text is refused, nothing sent; the file goes again as JSON, which 2.4 takes', async () => {
		const storedBefore = state.fake.messages.size;
		const result = await runMessaging(state.fake, { parameters: mentioningEveryone('sendMedia', { mediaType: 'image' }), items: [image()] });
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual([
			[
				'multipart/form-data',
				[
					['number', '51987654321'],
					['mediatype', 'image'],
					['mimetype', 'image/png'],
					['mentionsEveryOne', 'true'],
				],
			],
			['application/json', { number: '51987654321', mediatype: 'image', mimetype: 'image/png', mentionsEveryOne: true, media: PNG.toString('base64') }],
		]);
		expect(result.items.map((item) => [item.json.messageType, item.pairedItem])).toEqual([['imageMessage', { item: 0 }]]);
		// The form stored nothing: the JSON's message alone joined the server's store.
		expect(state.fake.messages.size).toBe(storedBefore + 1);
	});

	it("Send Media: the run's later items go as JSON at once, with no refused form", async () => {
		const result = await runMessaging(state.fake, { parameters: mentioningEveryone('sendMedia', { mediaType: 'image' }), items: [image(), image(), image()] });
		expect(result.error).toBeUndefined();
		expect(sentTypes()).toEqual(['multipart/form-data', 'application/json', 'application/json', 'application/json']);
		expect(result.items.map((item) => [item.json.messageType, item.pairedItem])).toEqual([
			['imageMessage', { item: 0 }],
			['imageMessage', { item: 1 }],
			['imageMessage', { item: 2 }],
		]);
	});

	it('Send Video Note: the same, to sendPtv', async () => {
		const result = await runMessaging(state.fake, { parameters: mentioningEveryone('sendVideoNote'), items: [video()] });
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual([
			[
				'multipart/form-data',
				[
					['number', '51987654321'],
					['mentionsEveryOne', 'true'],
				],
			],
			['application/json', { number: '51987654321', mentionsEveryOne: true, video: MP4.toString('base64') }],
		]);
		expect(result.items.map((item) => [item.json.messageType, item.pairedItem])).toEqual([['ptvMessage', { item: 0 }]]);
	});

	it("a file over base64's 15 MB then fails before the JSON goes, saying why it had to go as base64", async () => {
		const bytes = 15 * 1024 * 1024 + 1;
		const large = { json: {}, binary: { data: { ...memoryBinary(PNG, 'image/png', 'poster.png'), bytes, fileSize: `${bytes} B` } } };
		const result = await runMessaging(state.fake, { parameters: mentioningEveryone('sendMedia', { mediaType: 'image' }), items: [large] });
		expect(stopError(result).message).toBe(
			'File "poster.png" is 15.00 MB (15,728,641 bytes), over the 15.00 MB (15,728,640 bytes) limit for media sent as base64, as Evolution API 2.4 reads Mention Everyone only from JSON (a file upload cannot carry it). Nothing was sent. [item 0]',
		);
		expect(sentTypes()).toEqual(['multipart/form-data']);
	});

	it('the refusal is the answer of 2.4 alone: 2.3.7 takes the flag as text, in one upload', async () => {
		state.fake.release = '2.3.7';
		const result = await runMessaging(state.fake, { parameters: mentioningEveryone('sendMedia', { mediaType: 'image' }), items: [image()] });
		expect(result.error).toBeUndefined();
		expect(sentTypes()).toEqual(['multipart/form-data']);
	});

	it("another 400 to the upload is the item's error, with no JSON retry", async () => {
		state.fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: [['mediatype is not one of enum values: image,document,video,audio']] } });
		const result = await runMessaging(state.fake, { parameters: mentioningEveryone('sendMedia', { mediaType: 'image' }), items: [image()] });
		expect(stopError(result).message).toBe('The server rejected the request to instance "sales" (400: mediatype is not one of enum values: image,document,video,audio) [item 0]');
		expect(sentTypes()).toEqual(['multipart/form-data']);
	});
});

describe('Play as GIF on an upload, Evolution 2.4.0-rc2', () => {
	it('goes in the form as text, which 2.4 takes and plays as a GIF (no base64 fallback)', async () => {
		const result = await runMessaging(state.fake, {
			parameters: binarySend('sendMedia', { mediaType: 'video', options: { gifPlayback: true, gifAttribution: 2 } }),
			items: [video()],
		});
		expect(result.error).toBeUndefined();
		expect(sent()).toEqual([
			[
				'multipart/form-data',
				[
					['number', '51987654321'],
					['mediatype', 'video'],
					['mimetype', 'video/mp4'],
					['gifPlayback', 'true'],
					['gifAttribution', '2'],
				],
			],
		]);
		expect(result.items[0].json).toMatchObject({ messageType: 'videoMessage', message: { videoMessage: { gifPlayback: true, gifAttribution: 2 } } });
	});
});

describe('a refused form neither fails its item nor stops the run', () => {
	it('Evolution 2.1.0, 2.1.1 (no form read): every item of the run is sent, each again as JSON', async () => {
		state.fake.release = '2.3.7';
		// What 2.1.0 and 2.1.1 answer an upload: the route read no form, so its schema misses the keys.
		const formUnread = { status: 400, error: 'Bad Request', response: { message: [['instance requires property "number"']] } };
		state.fake.failNext(400, formUnread, 2, (request) => request.parts !== undefined);
		const result = await runMessaging(state.fake, { parameters: binarySend('sendMedia', { mediaType: 'image' }), items: [image(), image()] });
		expect(result.error).toBeUndefined();
		expect(sentTypes()).toEqual(['multipart/form-data', 'application/json', 'multipart/form-data', 'application/json']);
		expect(result.items.map((item) => [item.json.messageType, item.pairedItem])).toEqual([
			['imageMessage', { item: 0 }],
			['imageMessage', { item: 1 }],
		]);
	});
});
