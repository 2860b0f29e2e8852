import { describe, expect, it } from 'vitest';

import { MAX_MEDIA_BYTES } from '../../../../nodes/Messaging/validation/media';
import { bytesOf, memoryBinary, storeInDatabase, storeOnDisk } from '../../../harness/binary';
import { askFake, instance, itemsOf, runMessaging, stopError } from '../helpers';
import { useEvolutionFake } from '../../../harness/evolutionFake';

const state = useEvolutionFake({ unregistered: ['51999999999'] });

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

const bodies = () => state.fake.requests.map((request) => request.body);

describe('Send Media from a URL', () => {
	it('sends the link with the MIME type its file name implies, and outputs the sent message', async () => {
		const result = await runMessaging(state.fake, { parameters: sendMedia({ options: { caption: 'Look' } }) });

		expect(result.error).toBeUndefined();
		expect(state.fake.requests).toHaveLength(1);
		expect(state.fake.requests[0].path).toBe('/message/sendMedia/sales');
		expect(state.fake.requests[0].headers.apikey).toBe(state.fake.apiKey);
		expect(state.fake.requests[0].body).toEqual({
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
	});

	it("drops the server's echo of the linked file (a webhook with Base64 on) from the output", async () => {
		await askFake(state.fake, 'POST', '/webhook/set/sales', { webhook: { enabled: true, url: 'http://127.0.0.1:9/hook', base64: true, events: ['SEND_MESSAGE'] } });
		// The server's answer carries the file it downloaded from the link.
		const raw = (await askFake(state.fake, 'POST', '/message/sendMedia/sales', { number: '51987654321', mediatype: 'image', media: 'https://cdn.example.com/photos/cat.png' })) as {
			message: { base64?: string };
		};
		expect(raw.message.base64).toEqual(expect.any(String));

		const result = await runMessaging(state.fake, { parameters: sendMedia() });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.message).toMatchObject({ imageMessage: { mimetype: 'image/jpeg' } });
		expect(result.items[0].json.message).not.toHaveProperty('base64');
	});

	it('sends a document link under the name of its last path part', async () => {
		await runMessaging(state.fake, {
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
		await runMessaging(state.fake, { parameters: sendMedia({ mediaType: 'document', mediaUrl: 'http://files.example.com/download?id=7' }) });
		await runMessaging(state.fake, {
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
		await runMessaging(state.fake, {
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
		const result = await runMessaging(state.fake, { parameters: sendMedia({ mediaUrl }) });
		expect(stopError(result).message).toBe(message);
		expect(state.fake.requests).toHaveLength(0);
	});

	it('explains a link the server cannot download (500), with Continue On Fail too', async () => {
		const parameters = sendMedia({ mediaUrl: '={{ $json.url }}' });
		const items = itemsOf({ url: 'https://files.invalid/a.png' }, { url: 'https://cdn.example.com/b.png' });
		const expected =
			'The server or its WhatsApp connection failed on instance "sales" (500: getaddrinfo ENOTFOUND files.invalid) [item 0]';

		const stopped = await runMessaging(state.fake, { parameters, items });
		expect(stopError(stopped).message).toBe(expected);
		expect(stopError(stopped).description).toBe(
			'Check in the Evolution API manager that the instance is connected (scan the QR code again if not) and, for media sent by URL, that the server can download it. Then try again, or turn on Retry On Fail.',
		);

		const continued = await runMessaging(state.fake, { parameters, items, continueOnFail: true });
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
		const result = await runMessaging(state.fake, { parameters: sendMedia({ mediaSource: 'base64', mediaBase64: wrapped, options: { caption: 'Logo' } }) });
		expect(result.error).toBeUndefined();
		expect(bodies()).toEqual([{ number: '51987654321', mediatype: 'image', media: pngBase64, mimetype: 'image/png', caption: 'Logo' }]);
		expect(result.items[0].json.messageType).toBe('imageMessage');
	});

	it('names a base64 document after its MIME type, which the server requires', async () => {
		const pdf = PDF.toString('base64');
		await runMessaging(state.fake, { parameters: sendMedia({ mediaType: 'document', mediaSource: 'base64', mediaBase64: `data:application/pdf;base64,${pdf}` }) });
		await runMessaging(state.fake, { parameters: sendMedia({ mediaType: 'document', mediaSource: 'base64', mediaBase64: pdf }) });
		await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'base64', mediaBase64: pdf, options: { fileName: 'Factura.pdf' } }),
		});
		await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'base64', mediaBase64: pdf, options: { mimeType: 'text/csv' } }),
		});
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'document', media: pdf, mimetype: 'application/pdf', fileName: 'document.pdf' },
			{ number: '51987654321', mediatype: 'document', media: pdf, fileName: 'document.bin' },
			{ number: '51987654321', mediatype: 'document', media: pdf, mimetype: 'application/pdf', fileName: 'Factura.pdf' },
			{ number: '51987654321', mediatype: 'document', media: pdf, mimetype: 'text/csv', fileName: 'document.csv' },
		]);
		expect(state.fake.requests).toHaveLength(4);
	});

	it.each([
		['text that is not base64', 'hello world!', 'is not valid base64 (it holds characters other than A-Z, a-z, 0-9, + and /)'],
		['URL-safe base64', 'aGVsbG8-_w==', 'is not valid base64 (it holds characters other than A-Z, a-z, 0-9, + and /)'],
		['cut-off base64', 'aGVsb', 'is not valid base64 (its length is wrong: the text looks cut off)'],
		['an empty prefix', 'data:image/png;base64,', 'is empty: base64 content is required'],
	])('rejects %s without a request', async (_case, mediaBase64, problem) => {
		const result = await runMessaging(state.fake, { parameters: sendMedia({ mediaSource: 'base64', mediaBase64 }) });
		expect(stopError(result).message).toBe(`Media (base64) ${JSON.stringify(mediaBase64)} ${problem}. Nothing was sent. [item 0]`);
		expect(state.fake.requests).toHaveLength(0);
	});
});

/** A form's parts as the fake received them: text fields as text, the file part with its name, type and bytes (as base64: compared at once). */
const partsOf = (index = 0) =>
	(state.fake.requests[index].parts ?? []).map((part) =>
		part.filename === undefined ? [part.name, part.data.toString('utf8')] : [part.name, part.filename, part.contentType, part.data.toString('base64')],
	);

/** A file of the item whose record says it has `bytes` bytes: the size check reads the record, before any byte. */
const claiming = (bytes: number, mimeType: string, fileName: string) => ({ ...memoryBinary(PNG, mimeType, fileName), bytes, fileSize: `${bytes} B` });

describe('Send Media from a binary file: a multipart upload', () => {
	it('uploads the file of each item as the form part "file", the other keys as form fields', async () => {
		const result = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: '={{ $json.kind }}', mediaSource: 'binary', number: '={{ $json.phone }}' }),
			items: [
				{ json: { phone: '51987654321', kind: 'document' }, binary: { data: memoryBinary(PDF, 'application/pdf', 'Factura F001-23.pdf') } },
				{ json: { phone: '51912345678', kind: 'image' }, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png') } },
			],
		});
		expect(result.error).toBeUndefined();
		expect(state.fake.requests.map((request) => [request.path, String(request.headers['content-type']).split(';')[0]])).toEqual([
			['/message/sendMedia/sales', 'multipart/form-data'],
			['/message/sendMedia/sales', 'multipart/form-data'],
		]);
		// Sends go one at a time, in item order; no base64 anywhere.
		expect(partsOf(0)).toEqual([
			['number', '51987654321'],
			['mediatype', 'document'],
			['mimetype', 'application/pdf'],
			['fileName', 'Factura F001-23.pdf'],
			['file', 'Factura F001-23.pdf', 'application/pdf', PDF.toString('base64')],
		]);
		expect(partsOf(1)).toEqual([
			['number', '51912345678'],
			['mediatype', 'image'],
			['mimetype', 'image/png'],
			['file', 'logo.png', 'image/png', PNG.toString('base64')],
		]);
		expect(state.fake.requests[0].headers.apikey).toBe(state.fake.apiKey);
		expect(result.items.map((i) => [i.json.messageType, i.pairedItem])).toEqual([
			['documentMessage', { item: 0 }],
			['imageMessage', { item: 1 }],
		]);
		expect((result.items[0].json.message as { documentMessage: { fileName: string } }).documentMessage.fileName).toBe('Factura F001-23.pdf');
		expect(result.items[0].json.message).not.toHaveProperty('base64');
	});

	it('sends the options as form fields: nested keys bracketed, lists one field per entry, Mention Everyone only when on', async () => {
		await runMessaging(state.fake, {
			parameters: sendMedia({
				mediaType: 'document',
				mediaSource: 'binary',
				binaryPropertyName: 'attachment',
				options: {
					fileName: 'Recibo año.pdf',
					mimeType: 'application/pdf',
					caption: 'Su recibo "final"\nGracias',
					quotedMessageId: '3EB0AAA',
					mentioned: '51911111111, 51922222222',
					mentionsEveryOne: false,
					delay: 0,
				},
			}),
			items: [{ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png'), attachment: memoryBinary(PDF, 'application/octet-stream', 'scan.bin') } }],
		});
		expect(partsOf()).toEqual([
			['number', '51987654321'],
			['mediatype', 'document'],
			['mimetype', 'application/pdf'],
			['caption', 'Su recibo "final"\nGracias'],
			['fileName', 'Recibo año.pdf'],
			['quoted[key][id]', '3EB0AAA'],
			['mentioned[]', '51911111111'],
			['mentioned[]', '51922222222'],
			['file', 'Recibo año.pdf', 'application/pdf', PDF.toString('base64')],
		]);
		// As multer gives them to the route: nested and listed, all text.
		expect(state.fake.requests[0].body).toEqual({
			number: '51987654321',
			mediatype: 'document',
			mimetype: 'application/pdf',
			caption: 'Su recibo "final"\nGracias',
			fileName: 'Recibo año.pdf',
			quoted: { key: { id: '3EB0AAA' } },
			mentioned: ['51911111111', '51922222222'],
		});
		state.fake.reset();
		await runMessaging(state.fake, {
			parameters: sendMedia({ mediaSource: 'binary', options: { mentionsEveryOne: true } }),
			items: [{ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png') } }],
		});
		expect(partsOf()).toContainEqual(['mentionsEveryOne', 'true']);
	});

	it('names a document without a file name after its MIME type, which the server needs', async () => {
		await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: memoryBinary(PDF, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') } }],
		});
		const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
		expect(partsOf()).toEqual([
			['number', '51987654321'],
			['mediatype', 'document'],
			['mimetype', xlsx],
			['fileName', 'document.xlsx'],
			['file', 'document.xlsx', xlsx, PDF.toString('base64')],
		]);
	});

	it('streams a file n8n keeps on disk (filesystem binary mode), and Download Media gives back the same bytes', async () => {
		const content = Buffer.concat([PDF, Buffer.alloc(300_000, 7), Buffer.from([0, 13, 10, 45, 45])]);
		const stored = await storeOnDisk(content, 'application/pdf', 'Factura.pdf');
		expect(stored.id).toMatch(/^filesystem/);
		const result = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: stored } }],
		});
		expect(result.error).toBeUndefined();
		expect(partsOf()).toEqual([
			['number', '51987654321'],
			['mediatype', 'document'],
			['mimetype', 'application/pdf'],
			['fileName', 'Factura.pdf'],
			['file', 'Factura.pdf', 'application/pdf', content.toString('base64')],
		]);
		// Streamed: no Content-Length, chunked on the wire.
		expect(state.fake.requests[0].headers['transfer-encoding']).toBe('chunked');
		const id = (result.items[0].json.key as { id: string }).id;
		const downloaded = await runMessaging(state.fake, {
			parameters: { resource: 'chat', operation: 'downloadMedia', instanceName: instance('sales'), messageId: id },
		});
		expect((await bytesOf(downloaded.items[0].binary!.data)).toString('base64')).toBe(content.toString('base64'));
		expect(downloaded.items[0].binary!.data.fileName).toBe('Factura.pdf');
	});

	it("drops the server's echo of the file (a webhook with Base64 on) from the output, as it arrives", async () => {
		await askFake(state.fake, 'POST', '/webhook/set/sales', { webhook: { enabled: true, url: 'http://127.0.0.1:9/hook', base64: true, events: ['SEND_MESSAGE'] } });
		const stored = await storeOnDisk(PDF, 'application/pdf', 'Factura.pdf');
		const result = await runMessaging(state.fake, { parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }), items: [{ json: {}, binary: { data: stored } }] });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.message).toMatchObject({ documentMessage: { fileName: 'Factura.pdf' } });
		expect(result.items[0].json.message).not.toHaveProperty('base64');
		// The server's answer did carry it.
		const raw = (await askFake(state.fake, 'POST', '/message/sendMedia/sales', { number: '51987654321', mediatype: 'document', media: PDF.toString('base64'), fileName: 'a.pdf' })) as {
			message: { base64?: string };
		};
		expect(raw.message.base64).toBe(PDF.toString('base64'));
	});

	it('streams a file n8n keeps in its database (database binary mode)', async () => {
		const stored = await storeInDatabase(PDF, 'application/pdf', 'Factura.pdf');
		const result = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: stored } }],
		});
		expect(result.error).toBeUndefined();
		expect(partsOf().at(-1)).toEqual(['file', 'Factura.pdf', 'application/pdf', PDF.toString('base64')]);
	});

	it('with a Delay, sends JSON with the file as base64: a form field is text, and the route wants a number', async () => {
		await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary', options: { delay: 1200 } }),
			items: [{ json: {}, binary: { data: memoryBinary(PDF, 'application/pdf', 'Factura.pdf') } }],
		});
		expect(state.fake.requests[0].parts).toBeUndefined();
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'document', mimetype: 'application/pdf', fileName: 'Factura.pdf', delay: 1200, media: PDF.toString('base64') },
		]);
	});

	it('names the missing field and the fields the item has, without a request', async () => {
		const withOther = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaSource: 'binary', binaryPropertyName: 'file' }),
			items: [{ json: {}, binary: { data: memoryBinary(PNG, 'image/png', 'logo.png') } }],
		});
		expect(stopError(withOther).message).toBe('Input Binary Field "file" is not a file of this item (it has "data"). Nothing was sent. [item 0]');
		const withNone = await runMessaging(state.fake, { parameters: sendMedia({ mediaSource: 'binary' }), items: itemsOf({ id: 1 }) });
		expect(stopError(withNone).message).toBe('Input Binary Field "data" is not there: this item has no files. Nothing was sent. [item 0]');
		expect(stopError(withNone).description).toBe('Make sure a previous node (HTTP Request, Read/Write Files, Google Drive...) outputs the file, and give the name of its binary field.');
		expect(state.fake.requests).toHaveLength(0);
	});

	it('with Continue On Fail, an item without its file fails alone', async () => {
		const result = await runMessaging(state.fake, {
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
		expect(state.fake.requests).toHaveLength(2);
	});
});

/** What Evolution 2.1.0 and 2.1.1 answer an upload: their routes read no form, so the schema misses every required key. */
const FORM_UNREAD = {
	status: 400,
	error: 'Bad Request',
	response: { message: [['instance requires property "number"', 'instance requires property "mediatype"', 'instance requires property "media"']] },
};
const isUpload = (request: { parts?: unknown }) => request.parts !== undefined;

describe('Send Media from a binary file to a server that takes no upload (Evolution 2.1.0, 2.1.1)', () => {
	it('sends it again once, as JSON with the file as base64, and outputs that answer', async () => {
		state.fake.failNext(400, FORM_UNREAD, 1, isUpload);
		const result = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary', options: { caption: 'Factura' } }),
			items: [{ json: {}, binary: { data: memoryBinary(PDF, 'application/pdf', 'Factura F001-23.pdf') } }],
		});
		expect(result.error).toBeUndefined();
		expect(state.fake.requests.map((request) => String(request.headers['content-type']).split(';')[0])).toEqual(['multipart/form-data', 'application/json']);
		expect(state.fake.requests[1].body).toEqual({
			number: '51987654321',
			mediatype: 'document',
			mimetype: 'application/pdf',
			caption: 'Factura',
			fileName: 'Factura F001-23.pdf',
			media: PDF.toString('base64'),
		});
		expect(result.items.map((i) => [i.json.messageType, i.pairedItem])).toEqual([['documentMessage', { item: 0 }]]);
	});

	it('asks again only after an upload: the same 400 to a JSON send is the item\'s error, one request', async () => {
		state.fake.failNext(400, FORM_UNREAD);
		const result = await runMessaging(state.fake, { parameters: sendMedia() });
		expect(stopError(result).message).toBe('The server rejected the request to instance "sales" (400: instance requires property "number"; instance requires property "mediatype"; instance requires property "media") [item 0]');
		expect(state.fake.requests).toHaveLength(1);
	});

	it('sends the JSON once: a refusal of it is the item\'s error, with no third request', async () => {
		state.fake.failNext(400, FORM_UNREAD, 2);
		const result = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: memoryBinary(PDF, 'application/pdf', 'a.pdf') } }],
		});
		expect(stopError(result).message).toBe('The server rejected the request to instance "sales" (400: instance requires property "number"; instance requires property "mediatype"; instance requires property "media") [item 0]');
		expect(state.fake.requests.map((request) => String(request.headers['content-type']).split(';')[0])).toEqual(['multipart/form-data', 'application/json']);
	});

	it('another refusal of the upload is the item\'s error: no JSON retry', async () => {
		state.fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: [['mediatype is not one of enum values: image,document,video,audio']] } }, 1, isUpload);
		const result = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'document', mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: memoryBinary(PDF, 'application/pdf', 'a.pdf') } }],
		});
		expect(stopError(result).message).toBe('The server rejected the request to instance "sales" (400: mediatype is not one of enum values: image,document,video,audio) [item 0]');
		expect(state.fake.requests).toHaveLength(1);
	});
});

describe("Send Media: WhatsApp's limits by media type, and base64's 15 MB", () => {
	const over = (bytes: number, limit: number, what: string) =>
		`is ${(bytes / 2 ** 20).toFixed(2)} MB (${bytes.toLocaleString('en-US')} bytes), over the ${(limit / 2 ** 20).toFixed(2)} MB (${limit.toLocaleString('en-US')} bytes) limit for ${what}. Nothing was sent.`;

	it.each([
		['document', 100 * 2 ** 20, 'a document on WhatsApp'],
		['video', 16 * 2 ** 20, 'a video on WhatsApp'],
		['audio', 16 * 2 ** 20, 'an audio file on WhatsApp'],
		['image', 16 * 2 ** 20, 'an image on WhatsApp'],
	] as const)('refuses a %s one byte over its limit, naming its size and the limit, without a request', async (mediaType, limit, what) => {
		const result = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType, mediaSource: 'binary' }),
			items: [{ json: {}, binary: { data: claiming(limit + 1, 'application/pdf', 'big.pdf') } }],
		});
		expect(stopError(result).message).toBe(`File "big.pdf" ${over(limit + 1, limit, what)} [item 0]`);
		expect(stopError(result).description).toBe('Compress or shrink the file, or put it on a web server and send it with Media Source "URL".');
		expect(state.fake.requests).toHaveLength(0);
	});

	it('uploads a file on disk over base64\'s 15 MB, and refuses one over 15 MB when a Delay needs base64', async () => {
		const big = Buffer.alloc(MAX_MEDIA_BYTES + 1, 0x41);
		const stored = await storeOnDisk(big, 'video/mp4', 'clip.mp4');
		const sent = await runMessaging(state.fake, { parameters: sendMedia({ mediaType: 'video', mediaSource: 'binary' }), items: [{ json: {}, binary: { data: stored } }] });
		expect(sent.error).toBeUndefined();
		expect(state.fake.requests[0].parts?.at(-1)?.data.length).toBe(MAX_MEDIA_BYTES + 1);
		state.fake.reset();
		const refused = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'video', mediaSource: 'binary', options: { delay: 500 } }),
			items: [{ json: {}, binary: { data: stored } }],
		});
		expect(stopError(refused).message).toBe(
			`File "clip.mp4" ${over(MAX_MEDIA_BYTES + 1, MAX_MEDIA_BYTES, 'media sent as base64, as Delay (Ms) needs (a file upload cannot carry it)')} [item 0]`,
		);
		expect(state.fake.requests).toHaveLength(0);
	});

	it('sends base64 text of exactly 15 MB and refuses one byte more', async () => {
		const atLimit = Buffer.alloc(MAX_MEDIA_BYTES, 0x41);
		const overLimit = Buffer.alloc(MAX_MEDIA_BYTES + 1, 0x41);
		const accepted = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'video', mediaSource: 'base64', mediaBase64: `data:video/mp4;base64,${atLimit.toString('base64')}` }),
		});
		expect(accepted.error).toBeUndefined();
		expect(state.fake.requests).toHaveLength(1);
		expect((state.fake.requests[0].body as { mimetype: string }).mimetype).toBe('video/mp4');
		state.fake.reset();

		const refused = await runMessaging(state.fake, {
			parameters: sendMedia({ mediaType: 'video', mediaSource: 'base64', mediaBase64: overLimit.toString('base64') }),
		});
		const overMessage = over(MAX_MEDIA_BYTES + 1, MAX_MEDIA_BYTES, 'media');
		expect(stopError(refused).message).toMatch(new RegExp(`^Media \\(base64\\) "QUFB.*\\(20971524 characters\\)" ${overMessage.replace(/[().]/g, '\\$&')} \\[item 0\\]$`));
		expect(state.fake.requests).toHaveLength(0);
		expect(stopError(refused).message.length).toBeLessThan(300);
	});
});

describe('Send Media: errors the server gives', () => {
	it('explains a number that is not on WhatsApp', async () => {
		const result = await runMessaging(state.fake, { parameters: sendMedia({ number: '51999999999' }) });
		expect(stopError(result).message).toBe('51999999999 is not on WhatsApp (400) [item 0]');
	});

	it('explains the raw-base64 rule when the server applies it', async () => {
		state.fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: ['Owned media must be a url or base64'] } });
		const result = await runMessaging(state.fake, { parameters: sendMedia() });
		expect(stopError(result).message).toBe(
			'The server rejected the request to instance "sales" (400: Owned media must be a url or base64) [item 0]',
		);
	});
});

describe('Send Media: a video played as a GIF (Evolution 2.4)', () => {
	const video = (options: Record<string, unknown>) => sendMedia({ mediaType: 'video', mediaUrl: 'https://cdn.example.com/clips/baile.mp4', options });

	it('sends gifPlayback and gifAttribution for a video, and the sent video plays as a GIF', async () => {
		const result = await runMessaging(state.fake, { parameters: video({ gifPlayback: true, gifAttribution: 2 }) });
		expect(result.error).toBeUndefined();
		expect(bodies()).toEqual([
			{ number: '51987654321', mediatype: 'video', media: 'https://cdn.example.com/clips/baile.mp4', mimetype: 'video/mp4', gifPlayback: true, gifAttribution: 2 },
		]);
		expect(result.items[0].json).toMatchObject({ message: { videoMessage: { gifPlayback: true, gifAttribution: 2 } } });
	});

	it('sends neither for a video without them, nor for another media type, and refuses a GIF source off the list', async () => {
		await runMessaging(state.fake, { parameters: video({}) });
		await runMessaging(state.fake, { parameters: sendMedia({ options: { gifPlayback: true, gifAttribution: 1 } }) });
		expect(bodies().map((body) => [(body as Record<string, unknown>)?.gifPlayback, (body as Record<string, unknown>)?.gifAttribution])).toEqual([
			[undefined, undefined],
			[undefined, undefined],
		]);
		const bad = await runMessaging(state.fake, { parameters: video({ gifAttribution: '={{ "giphy" }}' }) });
		expect(stopError(bad).message).toBe('GIF Source "giphy" is not a GIF source. Nothing was sent. [item 0]');
		expect(state.fake.requests).toHaveLength(2);
	});
});
