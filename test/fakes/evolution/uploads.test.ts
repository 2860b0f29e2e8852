// The fake's media routes read a multipart upload as Evolution 2.2–2.4 does (multer, then the
// route's JSON schema on the fields as text, then the service with the file as base64).
import { describe, expect, it } from 'vitest';
import { useEvolutionFake } from '../../harness/evolutionFake';

const state = useEvolutionFake();

const PDF = Buffer.from('%PDF-1.4\r\n--not a boundary\r\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);

/** Posts a form (Node's own FormData) to a route of instance sales. */
async function upload(route: string, fields: Array<[string, string]>, file?: { name?: string; bytes: Buffer; fileName: string; type: string }) {
	const form = new FormData();
	for (const [name, value] of fields) form.append(name, value);
	if (file) form.append(file.name ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.fileName);
	const response = await fetch(`${state.fake.url}/message/${route}/sales`, { method: 'POST', headers: { apikey: state.fake.apiKey }, body: form });
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the fake Evolution API, uploads', () => {
	it('sends an uploaded document: fields as text (nested and listed as multer does), the file as the message', async () => {
		const answer = await upload(
			'sendMedia',
			[
				['number', '51987654321'],
				['mediatype', 'document'],
				['fileName', 'Factura.pdf'],
				['quoted[key][id]', 'INCOMINGTEXT0001'],
				['mentioned[]', '51911111111'],
			],
			{ bytes: PDF, fileName: 'whatever.bin', type: 'application/octet-stream' },
		);
		expect(answer.status).toBe(201);
		expect(answer.body).toMatchObject({ messageType: 'documentMessage', message: { documentMessage: { fileName: 'Factura.pdf', mimetype: 'application/pdf', fileLength: String(PDF.length) } } });
		expect(state.fake.requests[0].body).toEqual({
			number: '51987654321',
			mediatype: 'document',
			fileName: 'Factura.pdf',
			quoted: { key: { id: 'INCOMINGTEXT0001' } },
			mentioned: ['51911111111'],
		});
		expect(state.fake.requests[0].parts?.at(-1)).toMatchObject({ name: 'file', filename: 'whatever.bin', contentType: 'application/octet-stream', data: PDF });
	});

	it('checks the schema on the text: a delay fails as Evolution words it; a document without a name fails in the service', async () => {
		const delayed = await upload('sendMedia', [['number', '51987654321'], ['mediatype', 'image'], ['delay', '1200']], { bytes: PDF, fileName: 'a.png', type: 'image/png' });
		expect([delayed.status, delayed.body.response]).toEqual([400, { message: [['Enter a value in milliseconds']] }]);
		const unnamed = await upload('sendMedia', [['number', '51987654321'], ['mediatype', 'document']], { bytes: PDF, fileName: 'a.pdf', type: 'application/pdf' });
		expect(unnamed.status).toBe(500);
		const none = await upload('sendMedia', [['number', '51987654321'], ['mediatype', 'image']]);
		expect([none.status, none.body.response]).toEqual([400, { message: ['Owned media must be a url or base64'] }]);
	});

	it('takes a video note and a voice note from a file; fails a sticker from a file alone, and a file under another name', async () => {
		expect((await upload('sendPtv', [['number', '51987654321']], { bytes: MP4, fileName: 'v.mp4', type: 'video/mp4' })).body).toMatchObject({ messageType: 'ptvMessage' });
		expect((await upload('sendWhatsAppAudio', [['number', '51987654321'], ['encoding', 'false']], { bytes: PDF, fileName: 'n.ogg', type: 'audio/ogg' })).body).toMatchObject({
			messageType: 'audioMessage',
		});
		const sticker = await upload('sendSticker', [['number', '51987654321']], { bytes: PDF, fileName: 's.png', type: 'image/png' });
		expect([sticker.status, sticker.body.response]).toEqual([500, { message: 'Invalid URL' }]);
		const misnamed = await upload('sendMedia', [['number', '51987654321'], ['mediatype', 'image']], { name: 'media', bytes: PDF, fileName: 'a.png', type: 'image/png' });
		expect([misnamed.status, misnamed.body.response]).toEqual([500, { message: 'Unexpected field' }]);
	});

	it('gives an uploaded file back through getBase64FromMediaMessage', async () => {
		const sent = await upload('sendMedia', [['number', '51987654321'], ['mediatype', 'document'], ['fileName', 'F.pdf']], { bytes: PDF, fileName: 'F.pdf', type: 'application/pdf' });
		const id = (sent.body.key as { id: string }).id;
		const response = await fetch(`${state.fake.url}/chat/getBase64FromMediaMessage/sales`, {
			method: 'POST',
			headers: { apikey: state.fake.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ message: { key: { id } } }),
		});
		expect(Buffer.from(((await response.json()) as { base64: string }).base64, 'base64')).toEqual(PDF);
	});
});

/**
 * Each release's own schemas on an upload's fields, as text: the words are those jsonschema 1.4.1
 * gives for the release's src/validate/message.schema.ts (run once on the tags' files, recorded in
 * docs/evolution-api.md, "Uploads"). 2.3.6 and 2.3.7 share the file.
 */
describe("the fake Evolution API, each release's upload schemas", () => {
	const IMAGE: Array<[string, string]> = [
		['number', '51987654321'],
		['mediatype', 'image'],
	];
	const png = { bytes: PDF, fileName: 'a.png', type: 'image/png' };
	const mp4 = { bytes: MP4, fileName: 'v.mp4', type: 'video/mp4' };
	const refusal = (answer: { status: number; body: Record<string, unknown> }) => [answer.status, answer.body.response];
	const NOT_A_FLAG = ['mentionsEveryOne is not of a type(s) boolean', 'mentionsEveryOne is not one of enum values: true,false'];

	it.each(['2.3.6', '2.3.7'] as const)('%s lets Mention Everyone through as text (its schemas name the flag everyOne), and reads no GIF keys', async (release) => {
		state.fake.release = release;
		expect((await upload('sendMedia', [...IMAGE, ['mentionsEveryOne', 'true']], png)).status).toBe(201);
		expect((await upload('sendPtv', [['number', '51987654321'], ['mentionsEveryOne', 'true']], mp4)).status).toBe(201);
		expect((await upload('sendMedia', [...IMAGE, ['gifPlayback', 'yes']], png)).status).toBe(201);
		expect(refusal(await upload('sendMedia', [...IMAGE, ['everyOne', 'true']], png))).toEqual([
			400,
			{ message: [['everyOne is not of a type(s) boolean', 'everyOne is not one of enum values: true,false']] },
		]);
	});

	it('2.4.0-rc2 refuses Mention Everyone as text on every upload route that has it, and takes the GIF keys as text', async () => {
		state.fake.release = '2.4.0-rc2';
		expect(refusal(await upload('sendMedia', [...IMAGE, ['mentionsEveryOne', 'true']], png))).toEqual([400, { message: [NOT_A_FLAG] }]);
		expect(refusal(await upload('sendPtv', [['number', '51987654321'], ['mentionsEveryOne', 'true']], mp4))).toEqual([400, { message: [NOT_A_FLAG] }]);
		expect(refusal(await upload('sendWhatsAppAudio', [['number', '51987654321'], ['mentionsEveryOne', 'true']], png))).toEqual([400, { message: [NOT_A_FLAG] }]);
		expect(refusal(await upload('sendSticker', [['number', '51987654321'], ['mentionsEveryOne', 'true']], png))).toEqual([400, { message: [NOT_A_FLAG] }]);
		const gif = await upload('sendMedia', [['number', '51987654321'], ['mediatype', 'video'], ['gifPlayback', 'true'], ['gifAttribution', '2']], mp4);
		expect(gif.status).toBe(201);
		expect(gif.body).toMatchObject({ message: { videoMessage: { gifPlayback: true, gifAttribution: 2 } } });
		expect(refusal(await upload('sendMedia', [...IMAGE, ['gifPlayback', 'yes']], png))).toEqual([400, { message: [['gifPlayback is not exactly one from [subschema 0],[subschema 1]']] }]);
	});

	it.each(['2.3.6', '2.4.0-rc2'] as const)('%s refuses what no form can carry in any release: a delay, a status font or flag', async (release) => {
		state.fake.release = release;
		expect(refusal(await upload('sendMedia', [...IMAGE, ['delay', '1200']], png))).toEqual([400, { message: [['Enter a value in milliseconds']] }]);
		const status = await upload('sendStatus', [['type', 'image'], ['content', 'x'], ['font', '1'], ['allContacts', 'true']], png);
		expect(refusal(status)).toEqual([
			400,
			{ message: [['font is not of a type(s) integer', 'allContacts is not of a type(s) boolean', 'allContacts is not one of enum values: true,false']] },
		]);
	});
});
