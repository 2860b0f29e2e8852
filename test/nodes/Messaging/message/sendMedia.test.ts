import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { MAX_MEDIA_BYTES } from '../../../../nodes/Messaging/validation/media';
import { startEvolutionFake, type EvolutionFake } from '../../../../fakes/evolution';
import { memoryBinary, storeOnDisk } from '../../../harness/binary';
import { instance, itemsOf, runMessaging, stopError } from '../helpers';

let fake: EvolutionFake;

beforeAll(async () => {
	fake = await startEvolutionFake({ unregistered: ['51999999999'] });
});
afterAll(async () => {
	await fake.close();
});
beforeEach(() => {
	fake.reset();
});

const sendMedia = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendMedia',
	instanceName: instance('sales'),
	number: '+51 987 654 321',
	mediaType: 'image',
	mediaSource: 'url',
	mediaUrl: 'https://cdn.example.com/photos/cat.png',
	...overrides,
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const bodies = () => fake.requests.map((request) => request.body);

describe('Send Media from a URL', () => {
	it('sends the link with the MIME type its file name implies, and outputs the answer without the media echo', async () => {
		const result = await runMessaging(fake, { parameters: sendMedia({ options: { caption: 'Look' } }) });

		expect(result.error).toBeUndefined();
		expect(fake.requests).toHaveLength(1);
		expect(fake.requests[0].path).toBe('/message/sendMedia/sales');
		expect(fake.requests[0].headers.apikey).toBe(fake.apiKey);
		expect(fake.requests[0].body).toEqual({
			number: '51987654321',
			mediatype: 'image',
			media: 'https://cdn.example.com/photos/cat.png',
			mimetype: 'image/png',
			caption: 'Look',
		});
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({
			key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true },
			messageType: 'imageMessage',
			message: { imageMessage: { mimetype: 'image/jpeg', caption: 'Look' } },
		});
		expect(item.json.message).not.toHaveProperty('base64');
	});

	it('sends a document link under the name of its last path part', async () => {
		await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'document', mediaUrl: 'https://files.example.com/invoices/Factura%20F001-23.pdf' }),
		});
		expect(bodies()).toEqual([
			{
				number: '51987654321',
				mediatype: 'document',
				media: 'https://files.example.com/invoices/Factura%20F001-23.pdf',
				mimetype: 'application/pdf',
				fileName: 'Factura F001-23.pdf',
			},
		]);
	});

	it('sends a link without a file name as it is, and lets the options name the document', async () => {
		await runMessaging(fake, { parameters: sendMedia({ mediaType: 'document', mediaUrl: 'http://files.example.com/download?id=7' }) });
		await runMessaging(fake, {
			parameters: sendMedia({
				mediaType: 'document',
				mediaUrl: 'http://files.example.com/download?id=7',
				options: { fileName: 'Contrato.docx', caption: 'Firmar', mimeType: 'application/octet-stream' },
			}),
		});
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'document', media: 'http://files.example.com/download?id=7' },
			{
				number: '51987654321',
				mediatype: 'document',
				media: 'http://files.example.com/download?id=7',
				mimetype: 'application/octet-stream',
				caption: 'Firmar',
				fileName: 'Contrato.docx',
			},
		]);
	});

	it('never sends a caption with audio, nor a file name with anything but documents', async () => {
		await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'audio', mediaUrl: 'https://cdn.example.com/voice.ogg', options: { caption: 'ignored', fileName: 'x.ogg' } }),
		});
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'audio', media: 'https://cdn.example.com/voice.ogg', mimetype: 'audio/ogg' },
		]);
	});

	it.each([
		['ftp://files.example.com/a.pdf', 'Media URL "ftp://files.example.com/a.pdf" uses ftp, not http or https. Nothing was sent. [item 0]'],
		['files.example.com/a.pdf', 'Media URL "files.example.com/a.pdf" is not a URL. Nothing was sent. [item 0]'],
		['={{ "" }}', 'Media URL "" is empty: a media URL is required. Nothing was sent. [item 0]'],
	])('rejects the link %j without a request', async (mediaUrl, message) => {
		const result = await runMessaging(fake, { parameters: sendMedia({ mediaUrl }) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toHaveLength(0);
	});

	it('explains a link the server cannot download (500), with Continue On Fail too', async () => {
		const parameters = sendMedia({ mediaUrl: '={{ $json.url }}' });
		const items = itemsOf({ url: 'https://files.invalid/a.png' }, { url: 'https://cdn.example.com/b.png' });
		const expected =
			'The server or its WhatsApp connection failed on instance "sales" (500: getaddrinfo ENOTFOUND files.invalid) [item 0]';

		const stopped = await runMessaging(fake, { parameters, items });
		expect(stopError(stopped).message).toBe(expected);
		expect(stopError(stopped).description).toMatch(/the server can download it/);

		const continued = await runMessaging(fake, { parameters, items, continueOnFail: true });
		expect(continued.items.map((i) => [i.json.error ?? i.json.messageType, i.pairedItem])).toEqual([
			[expected, { item: 0 }],
			['imageMessage', { item: 1 }],
		]);
	});
});

describe('Send Media from base64 text', () => {
	const pngBase64 = PNG.toString('base64');

	it('strips a data: prefix and line breaks, and takes the MIME type from the prefix', async () => {
		const wrapped = `data:image/png;base64,${pngBase64.slice(0, 20)}\n${pngBase64.slice(20, 40)}\r\n${pngBase64.slice(40)}\n`;
		const result = await runMessaging(fake, { parameters: sendMedia({ mediaSource: 'base64', mediaBase64: wrapped, options: { caption: 'Logo' } }) });
		expect(result.error).toBeUndefined();
		expect(bodies()).toEqual([{ number: '51987654321', mediatype: 'image', media: pngBase64, mimetype: 'image/png', caption: 'Logo' }]);
		expect(result.items[0].json.messageType).toBe('imageMessage');
	});

	it('names a base64 document after its MIME type, which the server requires', async () => {
		const pdf = PDF.toString('base64');
		await runMessaging(fake, { parameters: sendMedia({ mediaType: 'document', mediaSource: 'base64', mediaBase64: `data:application/pdf;base64,${pdf}` }) });
		await runMessaging(fake, { parameters: sendMedia({ mediaType: 'document', mediaSource: 'base64', mediaBase64: pdf }) });
		await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'base64', mediaBase64: pdf, options: { fileName: 'Factura.pdf' } }),
		});
		await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'base64', mediaBase64: pdf, options: { mimeType: 'text/csv' } }),
		});
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'document', media: pdf, mimetype: 'application/pdf', fileName: 'document.pdf' },
			{ number: '51987654321', mediatype: 'document', media: pdf, fileName: 'document.bin' },
			{ number: '51987654321', mediatype: 'document', media: pdf, mimetype: 'application/pdf', fileName: 'Factura.pdf' },
			{ number: '51987654321', mediatype: 'document', media: pdf, mimetype: 'text/csv', fileName: 'document.csv' },
		]);
		expect(fake.requests).toHaveLength(4);
	});

	it.each([
		['text that is not base64', 'hello world!', 'is not valid base64 (it holds characters other than A-Z, a-z, 0-9, + and /)'],
		['URL-safe base64', 'aGVsbG8-_w==', 'is not valid base64 (it holds characters other than A-Z, a-z, 0-9, + and /)'],
		['cut-off base64', 'aGVsb', 'is not valid base64 (its length is wrong: the text looks cut off)'],
		['an empty prefix', 'data:image/png;base64,', 'is empty: base64 content is required'],
	])('rejects %s without a request', async (_case, mediaBase64, problem) => {
		const result = await runMessaging(fake, { parameters: sendMedia({ mediaSource: 'base64', mediaBase64 }) });
		expect(stopError(result).message).toBe(`Media (base64) ${JSON.stringify(mediaBase64)} ${problem}. Nothing was sent. [item 0]`);
		expect(fake.requests).toHaveLength(0);
	});
});

describe('Send Media from a binary file', () => {
	it('sends the file of each item with its MIME type and name', async () => {
		const result = await runMessaging(fake, {
			parameters: sendMedia({ mediaType: '={{ $json.kind }}', mediaSource: 'binary', number: '={{ $json.phone }}' }),
			items: [
				{ json: { phone: '51987654321', kind: 'document' }, binary: { data: memoryBinary(PDF, 'application/pdf', 'Factura F001-23.pdf') } },
				{ json: { phone: '51912345678', kind: 'image' }, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png') } },
			],
		});
		expect(result.error).toBeUndefined();
		// Sends go one at a time, in item order.
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'document', media: PDF.toString('base64'), mimetype: 'application/pdf', fileName: 'Factura F001-23.pdf' },
			{ number: '51912345678', mediatype: 'image', media: PNG.toString('base64'), mimetype: 'image/png' },
		]);
		expect(result.items.map((i) => [i.json.messageType, i.pairedItem])).toEqual([
			['documentMessage', { item: 0 }],
			['imageMessage', { item: 1 }],
		]);
		expect((result.items[0].json.message as { documentMessage: { fileName: string } }).documentMessage.fileName).toBe('Factura F001-23.pdf');
	});

	it('reads the named binary field, and lets the options override type and name', async () => {
		await runMessaging(fake, {
			parameters: sendMedia({
				mediaType: 'document',
				mediaSource: 'binary',
				binaryPropertyName: 'attachment',
				options: { fileName: 'Recibo.pdf', mimeType: 'application/pdf', caption: 'Su recibo' },
			}),
			items: [{ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png'), attachment: memoryBinary(PDF, 'application/octet-stream', 'scan.bin') } }],
		});
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'document', media: PDF.toString('base64'), mimetype: 'application/pdf', caption: 'Su recibo', fileName: 'Recibo.pdf' },
		]);
	});

	it('names a document without a file name after its MIME type', async () => {
		await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: memoryBinary(PDF, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') } }],
		});
		expect(bodies()).toEqual([
			{
				number: '51987654321',
				mediatype: 'document',
				media: PDF.toString('base64'),
				mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
				fileName: 'document.xlsx',
			},
		]);
	});

	it('reads a file n8n keeps on disk (filesystem binary mode)', async () => {
		const stored = await storeOnDisk(PDF, 'application/pdf', 'Factura.pdf');
		expect(stored.id).toMatch(/^filesystem/);
		const result = await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: stored } }],
		});
		expect(result.error).toBeUndefined();
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'document', media: PDF.toString('base64'), mimetype: 'application/pdf', fileName: 'Factura.pdf' },
		]);
	});

	it('names the missing field and the fields the item has, without a request', async () => {
		const withOther = await runMessaging(fake, {
			parameters: sendMedia({ mediaSource: 'binary', binaryPropertyName: 'file' }),
			items: [{ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png') } }],
		});
		expect(stopError(withOther).message).toBe('Input Binary Field "file" is not a file of this item (it has "data"). Nothing was sent. [item 0]');
		const withNone = await runMessaging(fake, { parameters: sendMedia({ mediaSource: 'binary' }), items: itemsOf({ id: 1 }) });
		expect(stopError(withNone).message).toBe('Input Binary Field "data" is not there: this item has no files. Nothing was sent. [item 0]');
		expect(stopError(withNone).description).toMatch(/previous node/);
		expect(fake.requests).toHaveLength(0);
	});

	it('with Continue On Fail, an item without its file fails alone', async () => {
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendMedia({ mediaSource: 'binary' }),
			items: [
				{ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'a.png') } },
				{ json: {} },
				{ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'c.png') } },
			],
		});
		expect(result.items.map((i) => [i.json.error ?? i.json.messageType, i.pairedItem])).toEqual([
			['imageMessage', { item: 0 }],
			['Input Binary Field "data" is not there: this item has no files. Nothing was sent. [item 1]', { item: 1 }],
			['imageMessage', { item: 2 }],
		]);
		expect(fake.requests).toHaveLength(2);
	});
});

describe('Send Media: the 15 MB limit', () => {
	// One buffer of the limit's size, shared by every case; each case adds at most one copy.
	const atLimit = Buffer.alloc(MAX_MEDIA_BYTES, 0x41);
	const overLimit = Buffer.alloc(MAX_MEDIA_BYTES + 1, 0x41);
	const overMessage = 'is 15.00 MB (15,728,641 bytes), over the 15.00 MB (15,728,640 bytes) limit for media. Nothing was sent.';

	it('sends a binary file of exactly 15 MB', async () => {
		const result = await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: memoryBinary(atLimit, 'application/pdf', 'big.pdf') } }],
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests).toHaveLength(1);
		const body = fake.requests[0].body as { media: string; fileName: string };
		expect(body.media.length).toBe(Math.ceil(MAX_MEDIA_BYTES / 3) * 4);
		expect(body.fileName).toBe('big.pdf');
		expect(result.items[0].json.message).not.toHaveProperty('base64');
	});

	it('refuses a binary file one byte over, naming its size and the limit, without a request', async () => {
		const result = await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: memoryBinary(overLimit, 'application/pdf', 'big.pdf') } }],
		});
		const error = stopError(result);
		expect(error.message).toBe(`File "big.pdf" ${overMessage} [item 0]`);
		expect(error.description).toMatch(/Media Source "URL"/);
		expect(fake.requests).toHaveLength(0);
	});

	it('refuses a file on disk one byte over before reading it', async () => {
		const stored = await storeOnDisk(overLimit, 'video/mp4', 'clip.mp4');
		const result = await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'video', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: stored } }],
		});
		expect(stopError(result).message).toBe(`File "clip.mp4" ${overMessage} [item 0]`);
		expect(fake.requests).toHaveLength(0);
	});

	it('sends base64 text of exactly 15 MB and refuses one byte more', async () => {
		const accepted = await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'video', mediaSource: 'base64', mediaBase64: `data:video/mp4;base64,${atLimit.toString('base64')}` }),
		});
		expect(accepted.error).toBeUndefined();
		expect(fake.requests).toHaveLength(1);
		expect((fake.requests[0].body as { mimetype: string }).mimetype).toBe('video/mp4');
		fake.reset();

		const refused = await runMessaging(fake, {
			parameters: sendMedia({ mediaType: 'video', mediaSource: 'base64', mediaBase64: overLimit.toString('base64') }),
		});
		expect(stopError(refused).message).toMatch(new RegExp(`^Media \\(base64\\) "QUFB.*\\(20971524 characters\\)" ${overMessage.replace(/[().]/g, '\\$&')} \\[item 0\\]$`));
		expect(fake.requests).toHaveLength(0);
		expect(stopError(refused).message.length).toBeLessThan(300);
	});
});

describe('Send Media: errors the server gives', () => {
	it('explains a number that is not on WhatsApp', async () => {
		const result = await runMessaging(fake, { parameters: sendMedia({ number: '51999999999' }) });
		expect(stopError(result).message).toBe('51999999999 is not on WhatsApp (400) [item 0]');
	});

	it('explains the raw-base64 rule when the server applies it', async () => {
		fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: ['Owned media must be a url or base64'] } });
		const result = await runMessaging(fake, { parameters: sendMedia() });
		expect(stopError(result).message).toBe(
			'The server rejected the request to instance "sales" (400: Owned media must be a url or base64) [item 0]',
		);
	});
});

describe('Send Media: a video played as a GIF (Evolution 2.4)', () => {
	const video = (options: Record<string, unknown>) => sendMedia({ mediaType: 'video', mediaUrl: 'https://cdn.example.com/clips/baile.mp4', options });

	it('sends gifPlayback and gifAttribution for a video, and the sent video plays as a GIF', async () => {
		const result = await runMessaging(fake, { parameters: video({ gifPlayback: true, gifAttribution: 2 }) });
		expect(result.error).toBeUndefined();
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'video', media: 'https://cdn.example.com/clips/baile.mp4', mimetype: 'video/mp4', gifPlayback: true, gifAttribution: 2 },
		]);
		expect(result.items[0].json).toMatchObject({ message: { videoMessage: { gifPlayback: true, gifAttribution: 2 } } });
	});

	it('sends neither for a video without them, nor for another media type, and refuses a GIF source off the list', async () => {
		await runMessaging(fake, { parameters: video({}) });
		await runMessaging(fake, { parameters: sendMedia({ options: { gifPlayback: true, gifAttribution: 1 } }) });
		expect(bodies().map((body) => [(body as Record<string, unknown>)?.gifPlayback, (body as Record<string, unknown>)?.gifAttribution])).toEqual([
			[undefined, undefined],
			[undefined, undefined],
		]);
		const bad = await runMessaging(fake, { parameters: video({ gifAttribution: '={{ "giphy" }}' }) });
		expect(stopError(bad).message).toBe('GIF Source "giphy" is not a GIF source. Nothing was sent. [item 0]');
		expect(fake.requests).toHaveLength(2);
	});
});
