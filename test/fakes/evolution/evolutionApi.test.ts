// The fake must behave as the project's notes on Evolution (docs/evolution-api.md) say the real
// server does; these checks pin it.
import { describe, expect, it } from 'vitest';

import { DEFAULT_DELIVER_TO, SEEDED_MESSAGES, SEEDED_PDF, SEEDED_PNG, type EvolutionFake } from '../../../fakes/evolution';
import { callFake } from './call';
import { SANDBOX_FAKE_OPTIONS, SANDBOX_PLAYGROUND_INSTANCE } from '../../harness/n8n.mjs';
import { useEvolutionFake, withEvolutionFakes } from '../../harness/evolutionFake';

const state = useEvolutionFake({ unregistered: ['51999999999'] });

const call = (method: string, path: string, body?: unknown, apikey?: string) => callFake(state.fake, method, path, body, apikey);

describe('Evolution API fake', () => {
	it('checks the instance before the key', async () => {
		expect(await call('POST', '/message/sendText/nope', { number: '51987654321', text: 'x' }, 'bad')).toEqual({
			status: 404,
			body: { status: 404, error: 'Not Found', response: { message: ['The "nope" instance does not exist'] } },
		});
		expect(await call('POST', '/message/sendText/sales', { number: '51987654321', text: 'x' }, 'bad')).toEqual({
			status: 401,
			body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } },
		});
	});

	it('answers sendText with 201 and extra keys, and 400s in the wrapped envelope', async () => {
		const sent = await call('POST', '/message/sendText/sales', { number: '+51 987-654-321', text: 'Hola' });
		expect(sent.status).toBe(201);
		expect(Object.keys(sent.body)).toEqual(
			expect.arrayContaining(['key', 'pushName', 'status', 'message', 'messageType', 'messageTimestamp', 'instanceId', 'source']),
		);
		expect((await call('POST', '/message/sendText/sales', { number: '51987654321', text: ' ' })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: { message: ['Text is required'] },
		});
		// Schema failures come as a list inside the list; controller and service errors do not.
		expect((await call('POST', '/message/sendText/sales', { text: 'x' })).body.response.message).toEqual([['instance requires property "number"']]);
		expect(await call('POST', '/message/sendText/sales', { number: '51999999999', text: 'x' })).toEqual({
			status: 400,
			body: {
				status: 400,
				error: 'Bad Request',
				response: { message: [{ jid: '51999999999@s.whatsapp.net', exists: false, number: '51999999999' }] },
			},
		});
		expect(await call('POST', '/message/sendText/offline', { number: '51987654321', text: 'x' })).toEqual({
			status: 500,
			body: { status: 500, error: 'Internal Server Error', response: { message: 'Connection Closed' } },
		});
	});

	it('takes media only as a URL or raw base64, and base64 documents only with a file name', async () => {
		const media = Buffer.from('hello').toString('base64');
		const send = (body: Record<string, unknown>) => call('POST', '/message/sendMedia/sales', { number: '51987654321', ...body });
		expect((await send({ mediatype: 'image', media })).status).toBe(201);
		expect((await send({ mediatype: 'image', media: 'https://example.com/a.png' })).body.messageType).toBe('imageMessage');
		for (const bad of [`data:image/png;base64,${media}`, `${media.slice(0, 4)}\n${media.slice(4)}`, 'not base64']) {
			expect((await send({ mediatype: 'image', media: bad })).body.response.message).toEqual(['Owned media must be a url or base64']);
		}
		expect((await send({ mediatype: 'document', media })).body.response.message).toEqual(['For base64 the file name must be informed.']);
		const doc = await send({ mediatype: 'document', media, fileName: 'a.pdf' });
		expect(doc.body.message.documentMessage).toMatchObject({ mimetype: 'application/pdf', fileName: 'a.pdf', fileLength: '5' });
		expect((await send({ mediatype: 'sticker', media })).body.response.message).toEqual([
			['mediatype is not one of enum values: image,document,video,audio'],
		]);
		expect((await send({ mediatype: 'image' })).body.response.message).toEqual(['Owned media must be a url or base64']);
	});

	it('answers whatsappNumbers per number and its errors unwrapped', async () => {
		expect(await call('POST', '/chat/whatsappNumbers/sales', { numbers: ['+51 987 654 321', '51999999999'] })).toEqual({
			status: 200,
			body: [
				{ jid: '51987654321@s.whatsapp.net', exists: true, number: '+51 987 654 321', lid: '654321123456@lid' },
				{ jid: '51999999999@s.whatsapp.net', exists: false, number: '51999999999' },
			],
		});
		expect(await call('POST', '/chat/whatsappNumbers/sales', { numbers: [] })).toEqual({
			status: 400,
			body: { status: 400, error: 'Bad Request', message: [['numbers does not meet minimum length of 1']] },
		});
		expect((await call('POST', '/chat/whatsappNumbers/offline', { numbers: ['51987654321'] })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			message: ['Connection Closed'],
		});
	});

	it('lists instances with their connection state to a valid key only', async () => {
		const all = await call('GET', '/instance/fetchInstances');
		expect(all.body.map((i: { name: string; connectionStatus: string }) => [i.name, i.connectionStatus])).toEqual([
			['sales', 'open'],
			['Support Team', 'open'],
			['offline', 'close'],
		]);
		expect((await call('GET', '/instance/fetchInstances', undefined, 'offline-token')).body).toHaveLength(1);
		expect((await call('GET', '/instance/fetchInstances', undefined, 'bad')).status).toBe(401);
	});

	it('records requests as received and can be told to fail', async () => {
		state.fake.failNext(503, '<h1>down</h1>');
		const response = await fetch(`${state.fake.url}/message/sendText/Support%20Team`, { method: 'POST', headers: { apikey: 'k' }, body: '{"a":1}' });
		expect(response.status).toBe(503);
		expect(state.fake.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/message/sendText/Support%20Team', body: { a: 1 }, bodyBytes: 7 })]);
	});
});

const TO = '51987654321';
const UNREGISTERED = '51999999999';
const badRequestOf = (message: unknown) => ({ status: 400, body: { status: 400, error: 'Bad Request', response: { message } } });
const CONNECTION_CLOSED = { status: 500, body: { status: 500, error: 'Internal Server Error', response: { message: 'Connection Closed' } } };

describe('Evolution API fake: schema errors', () => {
	it('reports every schema error of a body in one nested list, in the schema order', async () => {
		expect(await call('POST', '/message/sendLocation/sales', {})).toEqual(
			badRequestOf([
				[
					'instance requires property "number"',
					'instance requires property "latitude"',
					'instance requires property "longitude"',
					'instance requires property "name"',
					'instance requires property "address"',
				],
			]),
		);
		expect((await call('POST', '/message/sendText/sales', { number: 51987654321, text: 'x', delay: '1000' })).body.response.message).toEqual([
			['Invalid format', 'Enter a value in milliseconds'],
		]);
		expect((await call('POST', '/message/sendText/sales', { number: TO, text: 'x', delay: 1.5, mentioned: ['x'] })).body.response.message).toEqual([
			['Enter a value in milliseconds', '"mentioned" must be an array of numeric strings'],
		]);
	});

	it('validates before it looks at the connection', async () => {
		expect((await call('POST', '/message/sendLocation/offline', { number: TO })).status).toBe(400);
		expect(await call('POST', '/message/sendLocation/offline', { number: TO, latitude: 1, longitude: 2, name: '', address: '' })).toEqual(
			CONNECTION_CLOSED,
		);
	});

	it('checks the instance before the key on every instance route', async () => {
		for (const [method, path] of [
			['POST', '/message/sendPoll'],
			['POST', '/chat/getBase64FromMediaMessage'],
			['GET', '/group/fetchAllGroups'],
			['GET', '/instance/connectionState'],
		]) {
			expect((await call(method, `${path}/nope`, method === 'POST' ? {} : undefined, 'bad')).body).toEqual({
				status: 404,
				error: 'Not Found',
				response: { message: ['The "nope" instance does not exist'] },
			});
			expect((await call(method, `${path}/sales`, method === 'POST' ? {} : undefined, 'bad')).body).toEqual({
				status: 401,
				error: 'Unauthorized',
				response: { message: 'Unauthorized' },
			});
		}
	});

	it('answers an unknown method or route with 404 Cannot <METHOD> <path>', async () => {
		const read = { readMessages: [{ remoteJid: `${TO}@s.whatsapp.net`, fromMe: false, id: 'ABC' }] };
		expect(await call('PUT', '/chat/markMessageAsRead/sales', read)).toEqual({
			status: 404,
			body: { status: 404, error: 'Not Found', response: { message: ['Cannot PUT /chat/markMessageAsRead/sales'] } },
		});
		expect((await call('GET', '/message/sendPoll/sales')).body.response.message).toEqual(['Cannot GET /message/sendPoll/sales']);
	});
});

describe('Evolution API fake: message routes', () => {
	it('sends voice notes as ogg/opus ptt, converted or not', async () => {
		const audio = Buffer.alloc(6000, 1).toString('base64');
		const sent = await call('POST', '/message/sendWhatsAppAudio/sales', { number: TO, audio });
		expect(sent.status).toBe(201);
		expect(sent.body).toMatchObject({ key: { remoteJid: `${TO}@s.whatsapp.net`, fromMe: true }, messageType: 'audioMessage', status: 'PENDING' });
		expect(sent.body.message.audioMessage).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 3, fileLength: '6000' });
		expect(typeof sent.body.message.audioMessage.url).toBe('string');
		const raw = await call('POST', '/message/sendWhatsAppAudio/sales', { number: TO, audio: 'https://example.com/a.mp3', encoding: false });
		expect(raw.body.message.audioMessage).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', ptt: true });
	});

	it('refuses audio that is neither a URL nor base64, and audio to numbers not on WhatsApp', async () => {
		expect(await call('POST', '/message/sendWhatsAppAudio/sales', { number: TO, audio: 'data:audio/ogg;base64,AAAA' })).toEqual(
			badRequestOf(['Owned media must be a url, base64, or valid file with buffer']),
		);
		expect(await call('POST', '/message/sendWhatsAppAudio/sales', { number: TO })).toEqual(
			badRequestOf(['Owned media must be a url, base64, or valid file with buffer']),
		);
		expect(await call('POST', '/message/sendWhatsAppAudio/sales', { audio: 'AAAA' })).toEqual(badRequestOf([['instance requires property "number"']]));
		expect(await call('POST', '/message/sendWhatsAppAudio/sales', { number: UNREGISTERED, audio: 'AAAA' })).toEqual(
			badRequestOf([{ jid: `${UNREGISTERED}@s.whatsapp.net`, exists: false, number: UNREGISTERED }]),
		);
	});

	it('sends stickers as webp from a URL or base64 only', async () => {
		const sent = await call('POST', '/message/sendSticker/sales', { number: TO, sticker: 'https://example.com/s.webp' });
		expect(sent.status).toBe(201);
		expect(sent.body.messageType).toBe('stickerMessage');
		expect(sent.body.message.stickerMessage.mimetype).toBe('image/webp');
		expect(await call('POST', '/message/sendSticker/sales', { number: TO, sticker: 'not media' })).toEqual(
			badRequestOf(['Owned media must be a url or base64']),
		);
		expect((await call('POST', '/message/sendSticker/offline', { number: TO, sticker: 'AAAA' }))).toEqual(CONNECTION_CLOSED);
	});

	it('sends locations with numeric coordinates, without a range check', async () => {
		const sent = await call('POST', '/message/sendLocation/sales', { number: TO, latitude: -12.0464, longitude: 777, name: 'Tienda', address: 'Av. Arequipa 123' });
		expect(sent.status).toBe(201);
		expect(sent.body.messageType).toBe('locationMessage');
		expect(sent.body.message).toEqual({
			locationMessage: { degreesLatitude: -12.0464, degreesLongitude: 777, name: 'Tienda', address: 'Av. Arequipa 123' },
		});
		expect((await call('POST', '/message/sendLocation/sales', { number: TO, latitude: '1', longitude: 2, name: 'a', address: 'b' })).body.response.message).toEqual([
			['latitude is not of a type(s) number'],
		]);
	});

	it('sends one contact as a vCard and several as an array', async () => {
		const ana = { fullName: 'Ana Torres', wuid: '51987654321', phoneNumber: '+51 987 654 321', organization: 'Ferretería Lima', email: 'ana@example.pe', url: 'https://example.pe' };
		const one = await call('POST', '/message/sendContact/sales', { number: TO, contact: [ana] });
		expect(one.status).toBe(201);
		expect(one.body.messageType).toBe('contactMessage');
		expect(one.body.message.contactMessage).toEqual({
			displayName: 'Ana Torres',
			vcard:
				'BEGIN:VCARD\nVERSION:3.0\nN:Ana Torres\nFN:Ana Torres\nORG:Ferretería Lima;\nEMAIL:ana@example.pe\nURL:https://example.pe\n' +
				'item1.TEL;waid=51987654321:+51 987 654 321\nitem1.X-ABLabel:Celular\nEND:VCARD',
		});
		const two = await call('POST', '/message/sendContact/sales', { number: TO, contact: [ana, { fullName: 'Luis', phoneNumber: '51912345678' }] });
		expect(two.body.messageType).toBe('contactsArrayMessage');
		expect(two.body.message.contactsArrayMessage.displayName).toBe('2 contacts');
		// Without a wuid the server puts the phone's whole JID in waid.
		expect(two.body.message.contactsArrayMessage.contacts[1]).toEqual({
			displayName: 'Luis',
			vcard: 'BEGIN:VCARD\nVERSION:3.0\nN:Luis\nFN:Luis\nitem1.TEL;waid=51912345678@s.whatsapp.net:51912345678\nitem1.X-ABLabel:Celular\nEND:VCARD',
		});
	});

	it('validates contacts as the schema does', async () => {
		const errors = async (contact: unknown) => (await call('POST', '/message/sendContact/sales', { number: TO, contact })).body.response.message;
		expect(await errors([])).toEqual([['contact does not meet minimum length of 1']]);
		expect(await errors([{}])).toEqual([['contact[0] requires property "fullName"', 'contact[0] requires property "phoneNumber"']]);
		expect(await errors([{ fullName: 'A', phoneNumber: '123' }])).toEqual([['contact[0].phoneNumber does not meet minimum length of 10']]);
		expect(await errors([{ fullName: 'A', phoneNumber: '51987654321', wuid: 'abc' }])).toEqual([
			['"wuid" must be a numeric string', '"wuid" must be a numeric string'],
		]);
		const luis = { fullName: 'Luis', phoneNumber: '51912345678' };
		expect(await errors([luis, luis])).toEqual([['contact contains duplicate item']]);
	});

	it('reacts in the chat of the reacted message, with one emoji or none', async () => {
		const key = { remoteJid: `${TO}@s.whatsapp.net`, fromMe: false, id: 'BAE5F00D' };
		const sent = await call('POST', '/message/sendReaction/sales', { key, reaction: '👍' });
		expect(sent.status).toBe(201);
		expect(sent.body.key).toMatchObject({ remoteJid: `${TO}@s.whatsapp.net`, fromMe: true });
		expect(sent.body.messageType).toBe('reactionMessage');
		expect(sent.body.message.reactionMessage).toMatchObject({ key, text: '👍' });
		expect((await call('POST', '/message/sendReaction/sales', { key, reaction: '' })).status).toBe(201);
		expect((await call('POST', '/message/sendReaction/sales', { key, reaction: '❤' })).status).toBe(201);
		for (const reaction of ['👍👍', 'ok']) {
			expect(await call('POST', '/message/sendReaction/sales', { key, reaction })).toEqual(
				badRequestOf(['Reaction must be a single emoji or empty string']),
			);
		}
		expect(state.fake.chats().get(`${TO}@s.whatsapp.net`)).toHaveLength(5);
	});

	it('validates reaction keys and checks the reacted chat is on WhatsApp', async () => {
		expect((await call('POST', '/message/sendReaction/sales', {})).body.response.message).toEqual([
			['instance requires property "key"', 'instance requires property "reaction"'],
		]);
		expect((await call('POST', '/message/sendReaction/sales', { key: {}, reaction: '👍' })).body.response.message).toEqual([
			['key requires property "id"', 'key requires property "remoteJid"', 'key requires property "fromMe"'],
		]);
		expect((await call('POST', '/message/sendReaction/sales', { key: { id: 'A', remoteJid: 'B', fromMe: 'true' }, reaction: '👍' })).body.response.message).toEqual([
			['key.fromMe is not of a type(s) boolean', 'key.fromMe is not one of enum values: true,false'],
		]);
		const remoteJid = `${UNREGISTERED}@s.whatsapp.net`;
		expect(await call('POST', '/message/sendReaction/sales', { key: { remoteJid, fromMe: false, id: 'A' }, reaction: '👍' })).toEqual(
			badRequestOf([{ jid: remoteJid, exists: false, number: remoteJid }]),
		);
	});

	it('sends polls, single-choice ones as pollCreationMessageV3', async () => {
		const single = await call('POST', '/message/sendPoll/sales', { number: TO, name: '¿Talla?', selectableCount: 1, values: ['S', 'M', 'L'] });
		expect(single.status).toBe(201);
		expect(single.body.messageType).toBe('pollCreationMessageV3');
		expect(single.body.message.pollCreationMessageV3).toEqual({
			name: '¿Talla?',
			options: [{ optionName: 'S' }, { optionName: 'M' }, { optionName: 'L' }],
			selectableOptionsCount: 1,
		});
		const multiple = await call('POST', '/message/sendPoll/sales', { number: TO, name: '¿Colores?', selectableCount: 0, values: ['Rojo', 'Azul'] });
		expect(multiple.body.messageType).toBe('pollCreationMessage');
		expect(multiple.body.message.pollCreationMessage.selectableOptionsCount).toBe(0);
	});

	it('validates polls as the schema and Baileys do', async () => {
		const errors = async (poll: Record<string, unknown>) =>
			(await call('POST', '/message/sendPoll/sales', { number: TO, name: 'q', selectableCount: 1, values: ['a', 'b'], ...poll })).body.response.message;
		expect(await errors({ selectableCount: 11 })).toEqual([['selectableCount must be less than or equal to 10']]);
		expect(await errors({ selectableCount: -1 })).toEqual([['selectableCount must be greater than or equal to 0']]);
		expect(await errors({ selectableCount: 1.5 })).toEqual([['selectableCount is not of a type(s) integer']]);
		expect(await errors({ values: ['a'] })).toEqual([['values does not meet minimum length of 2']]);
		expect(await errors({ values: Array.from({ length: 11 }, (_, i) => `v${i}`) })).toEqual([['values does not meet maximum length of 10']]);
		expect(await errors({ values: ['a', 'a'] })).toEqual([['values contains duplicate item']]);
		expect(await errors({ values: [1, 'b'] })).toEqual([['values[0] is not of a type(s) string']]);
		expect(await errors({ selectableCount: 3 })).toEqual(['Error: poll.selectableCount in poll should be >= 0 and <= 2']);
	});
});

describe('Evolution API fake: chat routes', () => {
	it('marks messages read with POST, dropping @lid keys', async () => {
		const keys = [
			{ remoteJid: `${TO}@s.whatsapp.net`, fromMe: false, id: 'A1' },
			{ remoteJid: '123456789012345@lid', fromMe: false, id: 'A2' },
			{ remoteJid: '120363025246125486@g.us', fromMe: false, id: 'A3' },
		];
		expect(await call('POST', '/chat/markMessageAsRead/sales', { readMessages: keys })).toEqual({
			status: 201,
			body: { message: 'Read messages', read: 'success' },
		});
		expect(state.fake.readKeys.map((key) => key.id)).toEqual(['A1', 'A3']);
	});

	it('validates read keys as the schema does', async () => {
		const errors = async (body: unknown) => (await call('POST', '/chat/markMessageAsRead/sales', body)).body.response.message;
		expect(await errors({})).toEqual([['instance requires property "readMessages"']]);
		expect(await errors({ readMessages: [] })).toEqual([['readMessages does not meet minimum length of 1']]);
		expect(await errors({ readMessages: 'A1' })).toEqual([['readMessages is not of a type(s) array']]);
		expect(await errors({ readMessages: [{}] })).toEqual([
			[
				'readMessages[0] requires property "id"',
				'readMessages[0] requires property "fromMe"',
				'readMessages[0] requires property "remoteJid"',
			],
		]);
	});

	it('holds the presence answer for its delay', async () => {
		const started = performance.now();
		const answer = await call('POST', '/chat/sendPresence/sales', { number: TO, presence: 'composing', delay: 150 });
		expect(performance.now() - started).toBeGreaterThanOrEqual(140);
		expect(answer).toEqual({ status: 201, body: { presence: 'composing' } });
	});

	it('validates presence bodies, and answers its service errors as strings', async () => {
		expect((await call('POST', '/chat/sendPresence/sales', {})).body.response.message).toEqual([
			['instance requires property "number"', 'instance requires property "presence"', 'instance requires property "delay"'],
		]);
		expect((await call('POST', '/chat/sendPresence/sales', { number: TO, presence: 'typing', delay: '5' })).body.response.message).toEqual([
			['delay is not of a type(s) number', 'presence is not one of enum values: unavailable,available,composing,recording,paused'],
		]);
		expect(await call('POST', '/chat/sendPresence/sales', { number: UNREGISTERED, presence: 'composing', delay: 0 })).toEqual(
			badRequestOf(['[object Object]']),
		);
		expect(await call('POST', '/chat/sendPresence/offline', { number: TO, presence: 'composing', delay: 0 })).toEqual(
			badRequestOf(['Error: Connection Closed']),
		);
	});

	it('gives back seeded media as base64', async () => {
		const image = await call('POST', '/chat/getBase64FromMediaMessage/sales', { message: { key: { id: SEEDED_MESSAGES.image } } });
		expect(image).toEqual({
			status: 201,
			body: {
				mediaType: 'imageMessage',
				fileName: 'INCOMINGIMAGE0001.png',
				caption: 'Foto del recibo',
				size: { fileLength: String(SEEDED_PNG.length), height: 1, width: 1 },
				mimetype: 'image/png',
				base64: SEEDED_PNG.toString('base64'),
				buffer: null,
			},
		});
		const document = await call('POST', '/chat/getBase64FromMediaMessage/sales', { message: { key: { id: SEEDED_MESSAGES.document } }, convertToMp4: false });
		expect(document.body).toMatchObject({ mediaType: 'documentMessage', fileName: 'Factura F001-123.pdf', mimetype: 'application/pdf' });
		expect(Buffer.from(document.body.base64, 'base64').equals(SEEDED_PDF)).toBe(true);
	});

	it('gives back just-sent base64 media byte for byte', async () => {
		const bytes = Buffer.from('%PDF-1.4\nhola\n%%EOF\n');
		const sent = await call('POST', '/message/sendMedia/sales', { number: TO, mediatype: 'document', media: bytes.toString('base64'), fileName: 'hola.pdf', caption: 'Tu factura' });
		const media = await call('POST', '/chat/getBase64FromMediaMessage/sales', { message: { key: { id: sent.body.key.id } } });
		expect(media.body).toMatchObject({ mediaType: 'documentMessage', fileName: 'hola.pdf', caption: 'Tu factura', mimetype: 'application/pdf' });
		expect(Buffer.from(media.body.base64, 'base64').equals(bytes)).toBe(true);

		const voice = await call('POST', '/message/sendWhatsAppAudio/sales', { number: TO, audio: 'T2dnUw==' });
		const mp4 = await call('POST', '/chat/getBase64FromMediaMessage/sales', { message: { key: { id: voice.body.key.id } }, convertToMp4: true });
		expect(mp4.body).toMatchObject({ mediaType: 'audioMessage', fileName: `${voice.body.key.id}.oga`, mimetype: 'audio/mp4', base64: 'T2dnUw==' });
	});

	it('answers getBase64 failures as 400s with the error string', async () => {
		const fetchMedia = (body: unknown, instance = 'sales') => call('POST', `/chat/getBase64FromMediaMessage/${instance}`, body);
		expect(await fetchMedia({ message: { key: { id: 'NOPE' } } })).toEqual(badRequestOf(['Message not found']));
		expect(await fetchMedia({ message: { key: { id: SEEDED_MESSAGES.text } } })).toEqual(badRequestOf(['The message is not of the media type']));
		expect(await fetchMedia({})).toEqual(badRequestOf(["TypeError: Cannot read properties of undefined (reading 'key')"]));
		// Messages belong to their instance.
		expect(await fetchMedia({ message: { key: { id: SEEDED_MESSAGES.image } } }, 'Support Team')).toEqual(badRequestOf(['Message not found']));
	});

	it('keeps seeds across reset() and drops sent messages', async () => {
		const sent = await call('POST', '/message/sendText/sales', { number: TO, text: 'hola' });
		const seeded = state.fake.storeMedia({ mediaType: 'video', bytes: Buffer.from('video'), mimetype: 'video/mp4', remoteJid: '51912345678@s.whatsapp.net' });
		expect(state.fake.messages.has(sent.body.key.id)).toBe(true);
		state.fake.reset();
		expect(state.fake.messages.has(sent.body.key.id)).toBe(false);
		expect([...state.fake.messages.keys()]).toEqual(expect.arrayContaining([...Object.values(SEEDED_MESSAGES), seeded]));
		expect((await call('POST', '/chat/getBase64FromMediaMessage/sales', { message: { key: { id: seeded } } })).body).toMatchObject({
			mediaType: 'videoMessage',
			fileName: `${seeded}.mp4`,
			base64: Buffer.from('video').toString('base64'),
		});
	});

	it('answers profile pictures by wuid, null when there is none', async () => {
		expect(await call('POST', '/chat/fetchProfilePictureUrl/sales', { number: '+51 987 654 321' })).toEqual({
			status: 200,
			body: { wuid: '51987654321@s.whatsapp.net', profilePictureUrl: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg' },
		});
		expect((await call('POST', '/chat/fetchProfilePictureUrl/sales', { number: '51912345678' })).body).toEqual({
			wuid: '51912345678@s.whatsapp.net',
			profilePictureUrl: null,
		});
		expect((await call('POST', '/chat/fetchProfilePictureUrl/sales', { number: '120363025246125486@g.us' })).body.wuid).toBe('120363025246125486@g.us');
		expect(await call('POST', '/chat/fetchProfilePictureUrl/sales', {})).toEqual({
			status: 500,
			body: { status: 500, error: 'Internal Server Error', response: { message: "Cannot read properties of undefined (reading 'replace')" } },
		});
	});
});

describe('Evolution API fake: groups and instances', () => {
	it('lists groups, with participants only when asked', async () => {
		const without = await call('GET', '/group/fetchAllGroups/sales?getParticipants=false');
		expect(without.status).toBe(200);
		expect(without.body.map((group: { id: string }) => group.id)).toEqual(['120363025246125486@g.us', '120363111111111111@g.us']);
		expect(without.body[0]).toEqual({
			id: '120363025246125486@g.us',
			subject: 'Ventas Lima',
			subjectOwner: '51987654321@s.whatsapp.net',
			subjectTime: expect.any(Number),
			pictureUrl: null,
			size: 3,
			creation: expect.any(Number),
			owner: '51987654321@s.whatsapp.net',
			desc: expect.any(String),
			descId: expect.any(String),
			restrict: false,
			announce: false,
			isCommunity: false,
			isCommunityAnnounce: false,
		});
		const withParticipants = await call('GET', '/group/fetchAllGroups/sales?getParticipants=true');
		expect(withParticipants.body[0].participants).toEqual([
			{ id: '51987654321@s.whatsapp.net', admin: 'superadmin' },
			{ id: '51912345678@s.whatsapp.net', admin: 'admin' },
			{ id: '51900000001@s.whatsapp.net', admin: null },
		]);
		expect(withParticipants.body[1].participants).toHaveLength(2);
	});

	it('validates the getParticipants query', async () => {
		expect(await call('GET', '/group/fetchAllGroups/sales')).toEqual(badRequestOf(['The getParticipants needs to be informed in the query']));
		expect(await call('GET', '/group/fetchAllGroups/sales?getParticipants=TRUE')).toEqual(
			badRequestOf([{ property: 'getParticipants', message: 'getParticipants is not one of enum values: true,false' }]),
		);
		expect(await call('GET', '/group/fetchAllGroups/offline?getParticipants=true')).toEqual(CONNECTION_CLOSED);
	});

	it('finds a group by its bare digits, always with participants', async () => {
		const found = await call('GET', '/group/findGroupInfos/sales?groupJid=120363111111111111');
		expect(found.status).toBe(200);
		expect(found.body).toMatchObject({ id: '120363111111111111@g.us', subject: 'Soporte Clientes', size: 2 });
		expect(found.body.participants).toHaveLength(2);
		expect(found.body).not.toHaveProperty('owner');
	});

	it('validates groupJid and answers unknown groups with 404', async () => {
		expect(await call('GET', '/group/findGroupInfos/sales')).toEqual(
			badRequestOf(['The group id needs to be informed in the query', 'ex: "groupJid=120362@g.us"']),
		);
		const pattern = await fetch(`${state.fake.url}/group/findGroupInfos/sales?groupJid=ventas`, { headers: { apikey: state.fake.apiKey } });
		// The pattern's backslash is doubled in the message, and doubled again in the JSON.
		expect(await pattern.text()).toBe(
			'{"status":400,"error":"Bad Request","response":{"message":[{"property":"groupJid","message":"groupJid does not match pattern \\"^[\\\\\\\\d-]+@g.us$\\""}]}}',
		);
		expect(await call('GET', '/group/findGroupInfos/sales?groupJid=120363999999999999@g.us')).toEqual({
			status: 404,
			body: { status: 404, error: 'Not Found', response: { message: ['Error fetching group', 'Error: item-not-found'] } },
		});
	});

	it('answers the connection state, closed ones too', async () => {
		expect(await call('GET', '/instance/connectionState/Support%20Team')).toEqual({
			status: 200,
			body: { instance: { instanceName: 'Support Team', state: 'open' } },
		});
		expect((await call('GET', '/instance/connectionState/offline', undefined, 'offline-token')).body).toEqual({
			instance: { instanceName: 'offline', state: 'close' },
		});
	});

	it('fetches one instance by name', async () => {
		const one = await call('GET', '/instance/fetchInstances?instanceName=Support%20Team');
		expect(one.body.map((instance: { name: string }) => instance.name)).toEqual(['Support Team']);
		expect(await call('GET', '/instance/fetchInstances?instanceName=nope')).toEqual({
			status: 404,
			body: { status: 404, error: 'Not Found', response: { message: ['Instance "nope" not found'] } },
		});
		// An instance token sees only its own instance, whatever name it asks for.
		expect((await call('GET', '/instance/fetchInstances?instanceName=sales', undefined, 'offline-token')).status).toBe(401);
	});
});

describe('Evolution API fake: the deliver control route', () => {
	/** The instance a `POST /_fake/deliver` made receive (no webhook is set: the outcome says so). */
	async function deliveredTo(target: EvolutionFake, body: Record<string, unknown>) {
		const response = await fetch(`${target.url}/_fake/deliver`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		const outcome = (await response.json()) as { skipped?: string; envelope: { instance?: string; apikey?: string } };
		expect(response.status).toBe(200);
		expect(outcome.skipped).toBe('no webhook set');
		expect(outcome.envelope).not.toHaveProperty('apikey');
		return outcome.envelope.instance;
	}

	it('delivers to sales unless the body names an instance', async () => {
		expect(DEFAULT_DELIVER_TO).toBe('sales');
		expect(await deliveredTo(state.fake, { text: 'Hola' })).toBe('sales');
		expect(await deliveredTo(state.fake, { instance: 'Support Team', text: 'Hola' })).toBe('Support Team');
	});

	it("delivers to the sandbox's playground, which the sandbox adds to the default instances", async () => {
		await withEvolutionFakes([SANDBOX_FAKE_OPTIONS.messaging], async ([sandbox]) => {
			expect(SANDBOX_FAKE_OPTIONS.messaging.deliverTo).toBe(SANDBOX_PLAYGROUND_INSTANCE);
			expect(await deliveredTo(sandbox, { text: 'Hola', from: '51987654321' })).toBe('playground');
			expect(await deliveredTo(sandbox, { instance: 'sales' })).toBe('sales');
			const listed = await fetch(`${sandbox.url}/instance/fetchInstances`, { headers: { apikey: sandbox.apiKey } });
			const states = ((await listed.json()) as Array<{ name: string; connectionStatus: string }>).map(({ name, connectionStatus }) => [name, connectionStatus]);
			expect(states).toEqual([
				['sales', 'open'],
				['Support Team', 'open'],
				['offline', 'close'],
				['playground', 'open'],
			]);
			// The sandbox's three are the fake's defaults, unchanged.
			const defaults = [...state.fake.instances.values()];
			for (const instance of defaults) expect(sandbox.instances.get(instance.name)).toEqual(instance);
			const unknown = await fetch(`${sandbox.url}/_fake/deliver`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"instance":"nope"}' });
			expect(unknown.status).toBe(404);
		});
	});
});
