import { describe, expect, it } from 'vitest';

import { bytesOf, memoryBinary, storeOnDisk } from '../../../harness/binary';
import { instance, itemsOf, recipient, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ unregistered: ['51999999999'] });
const OGG = Buffer.from('4f67675300020000000000000000', 'hex');

const sendAudio = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendAudio',
	instanceName: instance('sales'),
	number: '51987654321',
	mediaSource: 'url',
	mediaUrl: 'https://cdn.example.com/voice/hola.mp3',
	...overrides,
});

describe('Send Audio', () => {
	it('sends the link as a voice note to sendWhatsAppAudio and outputs the sent message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendAudio({ options: { delay: 1200 } }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/message/sendWhatsAppAudio/sales', { number: '51987654321', audio: 'https://cdn.example.com/voice/hola.mp3', delay: 1200 }],
		]);
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({ messageType: 'audioMessage', message: { audioMessage: expect.objectContaining({ ptt: true }) } }),
				pairedItem: { item: 0 },
			},
		]);
	});

	it('uploads a binary file as the form part "file", streamed from n8n\'s store, and Download Media gives back its bytes', async () => {
		const { fake } = state;
		const stored = await storeOnDisk(OGG, 'audio/ogg', 'nota.ogg');
		const result = await runMessaging(fake, {
			parameters: sendAudio({ mediaSource: 'binary', options: { delay: 0, convertToVoiceNote: true } }),
			items: [{ json: {}, binary: { data: stored } }],
		});
		expect(result.error).toBeUndefined();
		expect(String(fake.requests[0].headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
		// The server converts by default: "encoding" is left out, as a form field's "false" would read as true.
		expect(fake.requests[0].parts?.map((part) => [part.name, part.filename, part.contentType, part.filename ? part.data : part.data.toString()])).toEqual([
			['number', undefined, undefined, '51987654321'],
			['file', 'nota.ogg', 'audio/ogg', OGG],
		]);
		expect(result.items[0].json).toMatchObject({ messageType: 'audioMessage', message: { audioMessage: { ptt: true } } });
		const id = (result.items[0].json.key as { id: string }).id;
		const downloaded = await runMessaging(fake, { parameters: { resource: 'chat', operation: 'downloadMedia', instanceName: instance('sales'), messageId: id } });
		expect(await bytesOf(downloaded.items[0].binary!.data)).toEqual(OGG);
	});

	it('to a server that takes no upload (Evolution 2.1.0, 2.1.1: 400, its schema misses the number), sends the file again once as base64 JSON', async () => {
		const { fake } = state;
		fake.failNext(400, { status: 400, error: 'Bad Request', response: { message: [['instance requires property "number"']] } }, 1, (request) => request.parts !== undefined);
		const stored = await storeOnDisk(OGG, 'audio/ogg', 'nota.ogg');
		const result = await runMessaging(fake, { parameters: sendAudio({ mediaSource: 'binary' }), items: [{ json: {}, binary: { data: stored } }] });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((request) => [request.path, String(request.headers['content-type']).split(';')[0]])).toEqual([
			['/message/sendWhatsAppAudio/sales', 'multipart/form-data'],
			['/message/sendWhatsAppAudio/sales', 'application/json'],
		]);
		expect(fake.requests[1].body).toEqual({ number: '51987654321', audio: OGG.toString('base64') });
		expect(result.items[0].json).toMatchObject({ messageType: 'audioMessage', message: { audioMessage: { ptt: true } } });
	});

	it('with Convert to Voice Note off, sends a binary file as raw base64 (a form cannot say off), to a group picked from the list (version 1.1)', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			typeVersion: 1.1,
			parameters: sendAudio({
				number: recipient('120363025246125486@g.us', 'group'),
				mediaSource: 'binary',
				options: { convertToVoiceNote: false },
			}),
			items: [{ json: {}, binary: { data: memoryBinary(OGG, 'audio/ogg', 'nota.ogg') } }],
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({ number: '120363025246125486@g.us', audio: OGG.toString('base64'), encoding: false });
	});

	it('refuses a missing binary file and a link that is not http(s) before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: sendAudio({ mediaSource: '={{ $json.source }}', mediaUrl: '={{ $json.url }}', mediaBase64: 'unused' }),
			items: itemsOf({ source: 'binary' }, { source: 'url', url: 'ftp://files.example.com/a.ogg' }),
		});
		expect(fake.requests).toEqual([]);
		expect(result.items.map((item) => item.json.error)).toEqual([
			'Input Binary Field "data" is not there: this item has no files. Nothing was sent. [item 0]',
			'Media URL "ftp://files.example.com/a.ogg" uses ftp, not http or https. Nothing was sent. [item 1]',
		]);
	});

	it('says a number is not on WhatsApp, from the server\'s 400', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendAudio({ number: '51999999999' }) });
		expect(stopError(result).message).toBe('51999999999 is not on WhatsApp (400) [item 0]');
		expect(fake.requests).toHaveLength(1);
	});
});
