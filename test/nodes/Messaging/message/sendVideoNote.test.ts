import { describe, expect, it } from 'vitest';

import { memoryBinary, storeOnDisk } from '../../../harness/binary';
import { instance, itemsOf, recipient, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ unregistered: ['51999999999'] });
// The first box of an MP4 file (ftyp isom): what the fake reads a video's length from.
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
const MP4_BASE64 = MP4.toString('base64');

const sendVideoNote = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendVideoNote',
	instanceName: instance('sales'),
	number: '+51 987 654 321',
	mediaSource: 'base64',
	mediaBase64: `data:video/mp4;base64,${MP4_BASE64}`,
	...overrides,
});

describe('Send Video Note', () => {
	it('sends the video as raw base64 to sendPtv with the options, and outputs the video note', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendVideoNote({ options: { delay: 800, quotedMessageId: 'INCOMINGTEXT0001' } }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/message/sendPtv/sales',
				{ number: '51987654321', video: MP4_BASE64, delay: 800, quoted: { key: { id: 'INCOMINGTEXT0001' } } },
			],
		]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({
					messageType: 'ptvMessage',
					key: expect.objectContaining({ remoteJid: '51987654321@s.whatsapp.net', fromMe: true }),
					message: { ptvMessage: expect.objectContaining({ mimetype: 'video/mp4', seconds: 1 }) },
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	it('uploads a binary file of the item as the form part "file", to a group picked from the list (version 1.1)', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			typeVersion: 1.1,
			parameters: sendVideoNote({ number: recipient('120363025246125486@g.us', 'group'), mediaSource: 'binary', options: { quotedMessageId: 'INCOMINGTEXT0001' } }),
			items: [{ json: {}, binary: { data: memoryBinary(MP4, 'video/mp4', 'saludo.mp4') } }],
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].parts?.map((part) => [part.name, part.filename, part.contentType, part.filename ? part.data : part.data.toString()])).toEqual([
			['number', undefined, undefined, '120363025246125486@g.us'],
			['quoted[key][id]', undefined, undefined, 'INCOMINGTEXT0001'],
			['file', 'saludo.mp4', 'video/mp4', MP4],
		]);
		expect(fake.requests[0].body).toEqual({ number: '120363025246125486@g.us', quoted: { key: { id: 'INCOMINGTEXT0001' } } });
		expect(result.items[0].json).toMatchObject({ messageType: 'ptvMessage' });
	});

	it('streams a video kept on disk (filesystem binary mode); with a Delay, sends it as base64', async () => {
		const { fake } = state;
		const stored = await storeOnDisk(MP4, 'video/mp4', 'saludo.mp4');
		const uploaded = await runMessaging(fake, { parameters: sendVideoNote({ mediaSource: 'binary' }), items: [{ json: {}, binary: { data: stored } }] });
		expect(uploaded.error).toBeUndefined();
		expect(fake.requests[0].parts?.at(-1)?.data).toEqual(MP4);
		const delayed = await runMessaging(fake, {
			parameters: sendVideoNote({ mediaSource: 'binary', options: { delay: 300 } }),
			items: [{ json: {}, binary: { data: stored } }],
		});
		expect(delayed.error).toBeUndefined();
		expect(fake.requests[1].body).toEqual({ number: '51987654321', delay: 300, video: MP4_BASE64 });
	});

	it('refuses a file that is not a video and a missing file before any request, item by item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendVideoNote({ mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: memoryBinary(Buffer.from('%PDF-1.4'), 'application/pdf', 'factura.pdf') } }, ...itemsOf({})],
		});
		expect(fake.requests).toEqual([]);
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[expect.stringMatching(/^File "factura\.pdf" is application\/pdf, not a video\. Nothing was sent\. \[item 0\]$/), { item: 0 }],
			['Input Binary Field "data" is not there: this item has no files. Nothing was sent. [item 1]', { item: 1 }],
		]);
	});

	it('refuses a link before sending: Evolution 2.2 and 2.3 cannot read a video note\'s length from a URL', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendVideoNote({ mediaSource: 'url', mediaUrl: 'https://cdn.example.com/saludo.mp4' }),
		});
		expect(fake.requests).toEqual([]);
		expect(stopError(result).message).toBe(
			'Media Source "URL" cannot carry a video note: Evolution API reads its length from the file itself, and fails on a link. Nothing was sent. [item 0]',
		);
		expect(stopError(result).description).toBe('Download the video first (HTTP Request node, Response Format: File) and choose Binary File, or give it as Base64.');
	});

	it('says a number is not on WhatsApp, and a file that is not a video to the server', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendVideoNote({ number: '={{ $json.to }}', mediaBase64: '={{ $json.video }}' }),
			items: itemsOf({ to: '51999999999', video: MP4_BASE64 }, { to: '51987654321', video: 'AAAAAAAAAAAA' }),
		});
		expect(result.items.map((item) => item.json.error)).toEqual([
			'51999999999 is not on WhatsApp (400) [item 0]',
			'The server or its WhatsApp connection failed on instance "sales" (500: Error: Failed to get video duration: Invalid media duration) [item 1]',
		]);
	});
});
