// Messaging inside the real n8n, against the Evolution API fake on loopback: every operation and
// media source (a binary file made inside the workflow by n8n's Convert to File node included),
// Continue On Fail with a number that is not on WhatsApp, and a chained workflow Taxpayer Lookup →
// Messaging. All scenarios run in ONE workflow execution (see n8n.ts).
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, FAKE_PAIRING_CODE, SEEDED_MESSAGES, SEEDED_PDF, startEvolutionFake, type EvolutionFake, type RecordedRequest } from '../../fakes/evolution';
import { VALID_TOKEN, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { N8n, type CredentialRef, type NodeSpec, type ScenarioResult } from './n8n';
import { stopAll } from './sandbox';
import { unordered } from '../harness/unordered';

/** The first box of an MP4 file: what the fake reads a video note's length from. */
const MP4_BASE64 = 'AAAAGGZ0eXBpc29tAAACAGlzb21pc28y';
/** A 1×1 transparent PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const NOT_ON_WHATSAPP = '51911111111';
const VENTAS = '120363025246125486@g.us';
const SOPORTE = '120363111111111111@g.us';

const FIND_CHAT = '51900002222@s.whatsapp.net';
const FIND_CHAT_MESSAGES = 230;

let messaging: EvolutionFake;
let lookup: LookupFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;

const RESOURCE_OF: Record<string, string> = {
	checkNumbers: 'chat',
	markAsRead: 'chat',
	sendPresence: 'chat',
	downloadMedia: 'chat',
	getProfilePictureUrl: 'chat',
	findMessages: 'chat',
	archive: 'chat',
	unarchive: 'chat',
	markAsUnread: 'chat',
	block: 'chat',
	unblock: 'chat',
	getGroups: 'group',
	getGroup: 'group',
	getConnectionState: 'instance',
	getInstances: 'instance',
	create: 'instance',
	connect: 'instance',
	updateName: 'profile',
	updatePrivacySettings: 'profile',
	updatePicture: 'profile',
	getProfile: 'profile',
};
/** Operations whose value is shared by two resources, as the tests name them. */
const OPERATION_OF: Record<string, string> = { getGroups: 'getMany', getGroup: 'get', getInstances: 'getMany' };

/** The instance whose profile the profile scenario changes (not sales, which the other scenarios read). */
const PROFILE_INSTANCE = { __rl: true, mode: 'name', value: 'Support Team' };

const send = (credential: CredentialRef, operation: string, parameters: IDataObject, typeVersion = 1): NodeSpec => ({
	type: 'messaging',
	typeVersion,
	parameters: {
		resource: RESOURCE_OF[operation] ?? 'message',
		operation: OPERATION_OF[operation] ?? operation,
		instanceName: { __rl: true, mode: 'name', value: 'sales' },
		...parameters,
	},
	credentials: { messagingApi: credential },
});

beforeAll(async () => {
	messaging = await startEvolutionFake({ unregistered: [NOT_ON_WHATSAPP], contacts: { '51987654321': 'Ana Torres' } });
	// A chat with more stored messages than one page of Find Messages holds (pages of 100).
	for (let i = 0; i < FIND_CHAT_MESSAGES; i++)
		messaging.storeText({ instance: 'Support Team', remoteJid: FIND_CHAT, text: `Pedido ${i}`, messageTimestamp: 1_772_000_000 + i, id: `E2EFIND${String(i).padStart(4, '0')}` });
	lookup = await startLookupFake();
	n8n = await N8n.start();
	const evolution = n8n.credential('messagingApi', { serverUrl: `${messaging.url}/manager/`, apiKey: DEFAULT_API_KEY }, 'Evolution fake');
	const registry = n8n.credential('taxpayerLookupApi', { baseUrl: lookup.url, accessToken: VALID_TOKEN }, 'Lookup fake');

	results = await n8n.runScenarios(
		{
			'sendText': {
				node: send(evolution, 'sendText', { number: '+51 987 654 321', text: 'Hola desde n8n', options: { linkPreview: false, delay: 0 } }),
			},
			'sendText: Support Team instance, by list': {
				node: send(evolution, 'sendText', {
					instanceName: { __rl: true, mode: 'list', value: 'Support Team', cachedResultName: 'Support Team' },
					number: '51912345678@s.whatsapp.net',
					text: 'Ticket 7 resuelto',
				}),
			},
			'sendMedia: url': {
				node: send(evolution, 'sendMedia', {
					number: '51987654321',
					mediaType: 'document',
					mediaSource: 'url',
					mediaUrl: 'https://files.example.com/docs/Factura%20F001.pdf',
					options: { caption: 'Su factura' },
				}),
			},
			'sendMedia: base64': {
				node: send(evolution, 'sendMedia', {
					number: '51987654321',
					mediaType: 'image',
					mediaSource: 'base64',
					mediaBase64: `data:image/png;base64,${PNG_BASE64}`,
				}),
			},
			// A CSV file made inside the workflow from JSON items, sent as a document from its binary field.
			'sendMedia: binary from Convert to File': {
				input: [
					{ ruc: '20131312955', estado: 'ACTIVO' },
					{ ruc: '20100070970', estado: 'BAJA DE OFICIO' },
				],
				node: [
					{
						type: 'n8n-nodes-base.convertToFile',
						typeVersion: 1.1,
						parameters: { operation: 'csv', binaryPropertyName: 'report', options: { fileName: 'proveedores.csv' } },
					},
					send(evolution, 'sendMedia', {
						number: '51987654321',
						mediaType: 'document',
						mediaSource: 'binary',
						binaryPropertyName: 'report',
						options: { caption: 'Proveedores revisados' },
					}),
					// The file sent, fetched back by its message's ID, and uploaded again: the same bytes.
					send(evolution, 'downloadMedia', { messageId: '={{ $json.key.id }}' }),
					send(evolution, 'sendMedia', { number: '51922222222', mediaType: 'document', mediaSource: 'binary', binaryPropertyName: 'data' }),
				],
			},
			// Version 1.1: the recipient is a resource locator; a group picked from the list.
			'sendLocation: to a group from the list': {
				node: send(
					evolution,
					'sendLocation',
					{
						number: { __rl: true, mode: 'list', value: VENTAS, cachedResultName: 'Ventas Lima (3 members)' },
						latitude: -12.046374,
						longitude: -77.042793,
						name: 'Oficina Central',
						address: 'Av. Javier Prado Este 123, San Isidro',
					},
					1.1,
				),
			},
			'sendPoll': {
				node: send(
					evolution,
					'sendPoll',
					{ number: { __rl: true, mode: 'number', value: '+51 987 654 321' }, question: '¿Qué día?', pollOptions: 'Lunes\nMiércoles', selectableCount: 1 },
					1.1,
				),
			},
			'sendAudio: url': {
				node: send(evolution, 'sendAudio', { number: '51987654321', mediaSource: 'url', mediaUrl: 'https://cdn.example.com/voice/hola.mp3', options: { delay: 0 } }),
			},
			'sendSticker: base64': {
				node: send(evolution, 'sendSticker', { number: '51987654321', mediaSource: 'base64', mediaBase64: PNG_BASE64 }),
			},
			'sendVideoNote: base64': {
				node: send(evolution, 'sendVideoNote', { number: '51987654321', mediaSource: 'base64', mediaBase64: MP4_BASE64 }),
			},
			'sendStatus: text': {
				node: send(evolution, 'sendStatus', { statusType: 'text', content: 'Abierto el sábado', backgroundColor: '#128C7E', font: 2 }),
			},
			'sendList': {
				node: send(evolution, 'sendList', {
					number: '51987654321',
					interactiveTitle: 'Sedes',
					listButtonText: 'Ver sedes',
					listRows: { row: [{ section: 'Lima', title: 'Miraflores', rowId: 'mir' }] },
				}),
			},
			'sendButtons': {
				node: send(evolution, 'sendButtons', {
					number: '51987654321',
					interactiveTitle: 'Pedido 1042',
					buttons: { button: [{ type: 'url', displayText: 'Ver pedido', url: 'https://tienda.example.com/p/1042' }] },
				}),
			},
			'sendContact': {
				node: send(evolution, 'sendContact', {
					number: '51912345678',
					contacts: { contact: [{ fullName: 'Ana Torres', phoneNumber: '+51 987 654 321', organization: 'Comercial Andina SAC' }] },
				}),
			},
			'sendReaction': {
				node: send(evolution, 'sendReaction', { chat: '51987654321', messageId: SEEDED_MESSAGES.text, fromMe: false, reaction: '👍' }),
			},
			'markAsRead': {
				node: send(evolution, 'markAsRead', { messages: { message: [{ chat: '51987654321', messageId: SEEDED_MESSAGES.text, fromMe: false }] } }),
			},
			'sendPresence': {
				node: send(evolution, 'sendPresence', { number: '51987654321', presence: 'composing', duration: 10 }),
			},
			'getProfilePictureUrl': {
				node: send(evolution, 'getProfilePictureUrl', { number: '51987654321' }),
			},
			// A received document's file, then sent on from the binary it became.
			'downloadMedia → sendMedia from its binary': {
				node: [
					send(evolution, 'downloadMedia', { messageId: SEEDED_MESSAGES.document }),
					send(evolution, 'sendMedia', { number: '51912345678', mediaType: 'document', mediaSource: 'binary', binaryPropertyName: 'data' }),
				],
			},
			'findMessages: Return All across pages': {
				node: send(evolution, 'findMessages', {
					instanceName: { __rl: true, mode: 'name', value: 'Support Team' },
					returnAll: true,
					filters: { chat: '+51 900 002 222' },
				}),
			},
			'getGroups: with participants': {
				node: send(evolution, 'getGroups', { returnAll: true, options: { includeParticipants: true } }),
			},
			'getGroup: by ID': {
				node: send(evolution, 'getGroup', { groupJid: { __rl: true, mode: 'id', value: SOPORTE } }),
			},
			'getConnectionState': {
				node: send(evolution, 'getConnectionState', { instanceName: { __rl: true, mode: 'name', value: 'offline' } }),
			},
			'getInstances': {
				node: send(evolution, 'getInstances', { returnAll: true }),
			},
			// A new instance, created without a QR code, then connected: the QR code as a PNG file.
			'create → connect': {
				node: [
					send(evolution, 'create', { newInstanceName: 'e2e nueva', qrcode: false, options: { rejectCall: true, msgCall: 'Solo mensajes' } }),
					send(evolution, 'connect', { instanceName: { __rl: true, mode: 'name', value: '={{ $json.instance.instanceName }}' }, pairingNumber: '+51 987 654 321' }),
				],
			},
			'checkNumbers': {
				node: send(evolution, 'checkNumbers', { numbers: `+51 987 654 321; ${NOT_ON_WHATSAPP}\n51987654321` }),
			},
			// Continue On Fail: one recipient not on WhatsApp and one invalid number among good ones.
			'sendText: bad numbers among good ones': {
				input: [{ phone: '51987654321' }, { phone: NOT_ON_WHATSAPP }, { phone: 'call me' }, { phone: '51912345678' }],
				node: send(evolution, 'sendText', { number: '={{ $json.phone }}', text: '=Campaign to {{ $json.phone }}' }),
			},
			// Send → Edit → Delete for Everyone: each takes the message from the previous node's output (its default `{{ $json.key }}`).
			'sendText → edit → deleteForEveryone': {
				node: [
					send(evolution, 'sendText', { number: '51912345678', text: 'Precio: S/ 100' }),
					send(evolution, 'edit', { text: 'Precio: S/ 120' }),
					send(evolution, 'deleteForEveryone', {}),
				],
			},
			// Chat state: a sent text's chat archived, unarchived and marked unread, each node reading the previous one's key.
			'sendText → archive → unarchive → markAsUnread': {
				node: [
					send(evolution, 'sendText', { number: '51955555555', text: 'Su pedido está listo' }),
					send(evolution, 'archive', {}),
					send(evolution, 'unarchive', {}),
					send(evolution, 'markAsUnread', {}),
				],
			},
			// Two numbers blocked, then the first one unblocked (version 1.1's recipient locator).
			'block → unblock': {
				input: [{ phone: '+51 944 444 444' }, { phone: '51933333333' }],
				node: [
					send(evolution, 'block', { number: { __rl: true, mode: 'number', value: '={{ $json.phone }}' } }, 1.1),
					send(evolution, 'unblock', { number: { __rl: true, mode: 'number', value: '={{ $json.number }}' } }, 1.1),
				],
			},
			// Profile: the name from the item, one privacy setting, a picture by URL, then the profile read back.
			'profile: updateName → updatePrivacySettings → updatePicture → getProfile': {
				input: [{ name: 'Bodega Lima' }],
				node: [
					send(evolution, 'updateName', { instanceName: PROFILE_INSTANCE, profileName: '={{ $json.name }}' }),
					send(evolution, 'updatePrivacySettings', { instanceName: PROFILE_INSTANCE, privacy: { last: 'contacts' } }),
					send(evolution, 'updatePicture', { instanceName: PROFILE_INSTANCE, mediaSource: 'url', mediaUrl: 'https://example.com/logo.png' }),
					send(evolution, 'getProfile', { instanceName: PROFILE_INSTANCE }),
				],
			},
			// Chained: look up a taxpayer, send its name.
			'chained: lookup → sendText': {
				input: [{ ruc: '20131312955' }, { ruc: '20100070970' }],
				node: [
					{
						type: 'taxpayerLookup',
						parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
						credentials: { taxpayerLookupApi: registry },
					},
					send(evolution, 'sendText', {
						number: '51987654321',
						text: '=Proveedor: {{ $json.nombre_o_razon_social }} ({{ $json.estado_del_contribuyente }})',
					}),
				],
			},
		},
		{ name: 'Messaging: every operation' },
	);
});

afterAll(() => stopAll(undefined, n8n, messaging, lookup));

const ok = (name: string) => {
	const result = results[name];
	expect(result.error, `${name}: ${result.error?.message}`).toBeUndefined();
	return result.items;
};

/** The requests the fake received on a route, whose body matches. */
const received = (route: string, match: (body: IDataObject) => boolean = () => true): RecordedRequest[] =>
	messaging.requests.filter((r) => r.path === route && match((r.body ?? {}) as IDataObject));

describe('Messaging in n8n: message', () => {
	it('Send Text: normalises the number, sends the options, with the apikey header (server URL pasted with /manager)', () => {
		const [item] = ok('sendText');
		expect(item).toMatchObject({ key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true }, status: 'PENDING' });
		const [request] = received('/message/sendText/sales', (body) => body.text === 'Hola desde n8n');
		expect(request.body).toEqual({ number: '51987654321', text: 'Hola desde n8n', linkPreview: false, delay: 0 });
		expect(request.headers.apikey).toBe(DEFAULT_API_KEY);
		expect(request.method).toBe('POST');
	});

	it('Send Text: an instance picked from the list, its name encoded into the path; an address passes unchanged', () => {
		expect(ok('sendText: Support Team instance, by list')[0]).toMatchObject({ key: { remoteJid: '51912345678@s.whatsapp.net' } });
		expect(received('/message/sendText/Support%20Team').map((r) => r.body)).toEqual([
			{ number: '51912345678@s.whatsapp.net', text: 'Ticket 7 resuelto' },
		]);
	});

	it('Send Media from a URL: the link, a file name and MIME type from it, the caption', () => {
		expect(ok('sendMedia: url')[0]).toMatchObject({ messageType: 'documentMessage' });
		const [request] = received('/message/sendMedia/sales', (body) => String(body.media).startsWith('https://'));
		expect(request.body).toEqual({
			number: '51987654321',
			mediatype: 'document',
			media: 'https://files.example.com/docs/Factura%20F001.pdf',
			mimetype: 'application/pdf',
			fileName: 'Factura F001.pdf',
			caption: 'Su factura',
		});
	});

	it('Send Media from base64: the data: prefix stripped into the MIME type; the echoed file left out of the output', () => {
		const [item] = ok('sendMedia: base64');
		expect(item).toMatchObject({ messageType: 'imageMessage' });
		expect(item.message).not.toHaveProperty('base64');
		const [request] = received('/message/sendMedia/sales', (body) => body.mediatype === 'image');
		expect(request.body).toMatchObject({ number: '51987654321', mediatype: 'image', media: PNG_BASE64, mimetype: 'image/png' });
	});

	it('Send Media from a binary file made in the workflow (filesystem mode): uploaded as a form, and Download Media gives back the same bytes', () => {
		const result = results['sendMedia: binary from Convert to File'];
		expect(result.error?.message).toBeUndefined();
		// Convert to File made one CSV file of both items, kept on disk; Messaging sent it once.
		expect(result.byNode['sendMedia: binary from Convert to File · 1']).toHaveLength(1);
		expect(result.binaryByNode['sendMedia: binary from Convert to File · 1'][0]?.report?.id).toMatch(/^filesystem/);
		expect(result.items).toEqual([expect.objectContaining({ messageType: 'documentMessage' })]);
		const [request] = received('/message/sendMedia/sales', (body) => body.number === '51987654321' && body.fileName === 'proveedores.csv');
		expect(String(request.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
		expect(request.body).toEqual({ number: '51987654321', mediatype: 'document', mimetype: 'text/csv', caption: 'Proveedores revisados', fileName: 'proveedores.csv' });
		const file = request.parts?.find((part) => part.name === 'file');
		expect([file?.filename, file?.contentType]).toEqual(['proveedores.csv', 'text/csv']);
		const csv = file!.data;
		expect(csv.toString('utf8').trim().split('\n')).toEqual(['ruc,estado', '20131312955,ACTIVO', '20100070970,BAJA DE OFICIO']);
		// Download Media's file (n8n kept it on disk), uploaded again: byte for byte the file sent.
		expect(result.binaryByNode['sendMedia: binary from Convert to File · 3'][0]?.data).toMatchObject({ fileName: 'proveedores.csv', mimeType: 'text/csv' });
		const [again] = received('/message/sendMedia/sales', (body) => body.number === '51922222222');
		expect(again.parts?.find((part) => part.name === 'file')?.data.equals(csv)).toBe(true);
	});
});

describe('Messaging in n8n: chat', () => {
	it('Check Numbers: one request with every number once, one item per number as the user wrote it', () => {
		expect(ok('checkNumbers')).toEqual([
			{ jid: '51987654321@s.whatsapp.net', exists: true, number: '+51 987 654 321', name: 'Ana Torres' },
			{ jid: `${NOT_ON_WHATSAPP}@s.whatsapp.net`, exists: false, number: NOT_ON_WHATSAPP },
		]);
		expect(received('/chat/whatsappNumbers/sales').map((r) => r.body)).toEqual([{ numbers: ['51987654321', NOT_ON_WHATSAPP] }]);
	});
});

describe('Messaging in n8n: the other sends', () => {
	it('Send Location (version 1.1): to a group picked from the list', () => {
		expect(ok('sendLocation: to a group from the list')[0]).toMatchObject({ messageType: 'locationMessage', key: { remoteJid: VENTAS } });
		expect(received('/message/sendLocation/sales').map((r) => r.body)).toEqual([
			{ number: VENTAS, latitude: -12.046374, longitude: -77.042793, name: 'Oficina Central', address: 'Av. Javier Prado Este 123, San Isidro' },
		]);
	});

	it('Send Poll (version 1.1): a number typed in the recipient locator, the options one per line', () => {
		expect(ok('sendPoll')[0]).toMatchObject({ messageType: 'pollCreationMessageV3' });
		expect(received('/message/sendPoll/sales').map((r) => r.body)).toEqual([
			{ number: '51987654321', name: '¿Qué día?', values: ['Lunes', 'Miércoles'], selectableCount: 1 },
		]);
	});

	it('Send Audio, Send Sticker, Send Contact, Send Reaction: each route with its body', () => {
		expect(ok('sendAudio: url')[0]).toMatchObject({ messageType: 'audioMessage' });
		expect(received('/message/sendWhatsAppAudio/sales').map((r) => r.body)).toEqual([
			{ number: '51987654321', audio: 'https://cdn.example.com/voice/hola.mp3', delay: 0 },
		]);
		expect(ok('sendSticker: base64')[0]).toMatchObject({ messageType: 'stickerMessage' });
		expect(received('/message/sendSticker/sales').map((r) => r.body)).toEqual([{ number: '51987654321', sticker: PNG_BASE64 }]);
		expect(ok('sendContact')[0]).toMatchObject({ messageType: 'contactMessage' });
		expect(received('/message/sendContact/sales').map((r) => r.body)).toEqual([
			{
				number: '51912345678',
				contact: [{ fullName: 'Ana Torres', wuid: '51987654321', phoneNumber: '+51987654321', organization: 'Comercial Andina SAC' }],
			},
		]);
		expect(ok('sendReaction')[0]).toMatchObject({ messageType: 'reactionMessage' });
		expect(received('/message/sendReaction/sales').map((r) => r.body)).toEqual([
			{ key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: SEEDED_MESSAGES.text }, reaction: '👍' },
		]);
	});
});

describe('Messaging in n8n: Send Video Note, Send Status, Send List, Send Buttons', () => {
	it('each route with its body, and the message the server answers', () => {
		expect(ok('sendVideoNote: base64')[0]).toMatchObject({ messageType: 'ptvMessage' });
		expect(received('/message/sendPtv/sales').map((r) => r.body)).toEqual([{ number: '51987654321', video: MP4_BASE64 }]);
		expect(ok('sendStatus: text')[0]).toMatchObject({ messageType: 'extendedTextMessage', key: { remoteJid: 'status@broadcast' } });
		expect(received('/message/sendStatus/sales').map((r) => r.body)).toEqual([
			{ type: 'text', content: 'Abierto el sábado', backgroundColor: '#128C7E', font: 2, allContacts: true },
		]);
		expect(ok('sendList')[0]).toMatchObject({ messageType: 'listMessage' });
		expect(received('/message/sendList/sales').map((r) => r.body)).toEqual([
			{
				number: '51987654321',
				title: 'Sedes',
				buttonText: 'Ver sedes',
				footerText: '',
				sections: [{ title: 'Lima', rows: [{ title: 'Miraflores', rowId: 'mir' }] }],
			},
		]);
		expect(ok('sendButtons')[0]).toMatchObject({ messageType: 'viewOnceMessage' });
		expect(received('/message/sendButtons/sales').map((r) => r.body)).toEqual([
			{ number: '51987654321', title: 'Pedido 1042', buttons: [{ type: 'url', displayText: 'Ver pedido', url: 'https://tienda.example.com/p/1042' }] },
		]);
	});
});

describe('Messaging in n8n: chat, groups and instances', () => {
	it('Mark as Read, Send Presence, Get Profile Picture URL', () => {
		expect(ok('markAsRead')).toEqual([
			{ message: 'Read messages', read: 'success', messages: [{ remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: SEEDED_MESSAGES.text }] },
		]);
		expect(received('/chat/markMessageAsRead/sales')).toHaveLength(1);
		expect(ok('sendPresence')).toEqual([{ presence: 'composing' }]);
		expect(received('/chat/sendPresence/sales').map((r) => r.body)).toEqual([{ number: '51987654321', presence: 'composing', delay: 10 }]);
		expect(ok('getProfilePictureUrl')).toEqual([
			{ wuid: '51987654321@s.whatsapp.net', profilePictureUrl: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg' },
		]);
	});

	it("Download Media: the stored document's bytes, MIME type and name as n8n binary data; Send Media sends the same bytes on", () => {
		const result = results['downloadMedia → sendMedia from its binary'];
		expect(result.error?.message).toBeUndefined();
		const downloaded = result.byNode['downloadMedia → sendMedia from its binary · 1'];
		expect(downloaded).toEqual([
			expect.objectContaining({ messageId: SEEDED_MESSAGES.document, mimetype: 'application/pdf', fileName: 'Factura F001-123.pdf' }),
		]);
		expect(downloaded[0]).not.toHaveProperty('base64');
		const [files] = result.binaryByNode['downloadMedia → sendMedia from its binary · 1'];
		expect(files?.data).toMatchObject({ mimeType: 'application/pdf', fileName: 'Factura F001-123.pdf', fileExtension: 'pdf' });
		const [sent] = received('/message/sendMedia/sales', (body) => body.number === '51912345678');
		expect(sent.body).toMatchObject({ mediatype: 'document', mimetype: 'application/pdf', fileName: 'Factura F001-123.pdf' });
		expect(sent.parts?.find((part) => part.name === 'file')?.data.equals(SEEDED_PDF)).toBe(true);
		expect(result.items[0]).toMatchObject({ messageType: 'documentMessage' });
	});

	it('Group Get Many with participants, Group Get by ID', () => {
		const groups = ok('getGroups: with participants');
		expect(groups.map((group) => [group.id, group.subject, group.size])).toEqual([
			[VENTAS, 'Ventas Lima', 3],
			[SOPORTE, 'Soporte Clientes', 2],
		]);
		expect(groups[0].participants).toHaveLength(3);
		expect(received('/group/fetchAllGroups/sales?getParticipants=true')).toHaveLength(1);
		expect(ok('getGroup: by ID')).toEqual([expect.objectContaining({ id: SOPORTE, subject: 'Soporte Clientes' })]);
	});

	it('Instance Get Connection State and Get Many (tokens left out)', () => {
		expect(ok('getConnectionState')).toEqual([{ instanceName: 'offline', state: 'close', connected: false }]);
		const instances = ok('getInstances');
		expect(instances.map((entry) => [entry.name, entry.state])).toEqual([
			['sales', 'open'],
			['Support Team', 'open'],
			['offline', 'close'],
		]);
		expect(JSON.stringify(instances)).not.toMatch(/-token/);
	});
});

describe('Messaging in n8n: Find Messages', () => {
	it('Return All asks page after page until every message is in, one item per message, newest first', () => {
		const items = ok('findMessages: Return All across pages');
		const pages = received('/chat/findMessages/Support%20Team');
		expect(pages.map((r) => r.body)).toEqual(
			[1, 2, 3].map((page) => ({ where: { key: { remoteJid: FIND_CHAT } }, offset: 100, page })),
		);
		expect(items).toHaveLength(FIND_CHAT_MESSAGES);
		expect(items.map((item) => (item.message as IDataObject).conversation)).toEqual(
			Array.from({ length: FIND_CHAT_MESSAGES }, (_, i) => `Pedido ${FIND_CHAT_MESSAGES - 1 - i}`),
		);
	});
});

describe('Messaging in n8n: an instance created, then connected', () => {
	it("Create sends the name, Baileys and the settings, and outputs the token; Connect gives the QR code as a PNG file, the pairing code in the JSON", () => {
		const result = results['create → connect'];
		expect(result.error?.message).toBeUndefined();
		const [created] = result.byNode['create → connect · 1'];
		expect(created).toMatchObject({ instance: { instanceName: 'e2e nueva', integration: 'WHATSAPP-BAILEYS', status: 'close' }, settings: { rejectCall: true, msgCall: 'Solo mensajes' } });
		expect(created.hash).toBe(messaging.instances.get('e2e nueva')?.token);
		expect(received('/instance/create').map((r) => r.body)).toEqual([
			{ instanceName: 'e2e nueva', integration: 'WHATSAPP-BAILEYS', qrcode: false, rejectCall: true, msgCall: 'Solo mensajes' },
		]);
		expect(received('/instance/connect/e2e%20nueva?number=51987654321')).toHaveLength(1);
		expect(result.items).toEqual([
			expect.objectContaining({ instanceName: 'e2e nueva', state: 'connecting', connected: false, qrCode: true, pairingCode: FAKE_PAIRING_CODE, count: 1 }),
		]);
		expect(JSON.stringify(result.items)).not.toMatch(/base64/);
		const [files] = result.binaryByNode['create → connect'];
		expect(files?.data).toMatchObject({ mimeType: 'image/png', fileName: 'e2e nueva-qr.png', fileExtension: 'png' });
	});
});

describe('Messaging in n8n: Continue On Fail', () => {
	it('gives the recipient not on WhatsApp and the invalid number their errors, and sends to the others', () => {
		const { items, itemErrors, run } = results['sendText: bad numbers among good ones'];
		expect(items).toHaveLength(4);
		expect(items[0]).toMatchObject({ key: { remoteJid: '51987654321@s.whatsapp.net' } });
		expect(items[3]).toMatchObject({ key: { remoteJid: '51912345678@s.whatsapp.net' } });
		expect(itemErrors[0]).toBeUndefined();
		expect(itemErrors[3]).toBeUndefined();
		expect(itemErrors[1]?.message).toMatch(new RegExp(`${NOT_ON_WHATSAPP} is not on WhatsApp`));
		expect(itemErrors[2]?.message).toMatch(/call me/);
		expect(run?.data?.main[0]?.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
		// The invalid number was refused before any request; the others were each sent once, one at
		// a time in item order.
		const campaign = received('/message/sendText/sales', (body) => String(body.text).startsWith('Campaign to'));
		expect(campaign.map((r) => (r.body as IDataObject).number)).toEqual(['51987654321', NOT_ON_WHATSAPP, '51912345678']);
	});
});

describe('Messaging in n8n: Send → Edit → Delete for Everyone, with no mapping', () => {
	it("edits the sent text and deletes it, each node reading the previous one's key", () => {
		const name = 'sendText → edit → deleteForEveryone';
		const result = results[name];
		expect(result.error?.message).toBeUndefined();
		const sentKey = (result.byNode[`${name} · 1`][0] as { key: IDataObject }).key;
		expect(sentKey).toMatchObject({ remoteJid: '51912345678@s.whatsapp.net', fromMe: true });
		expect(received('/chat/updateMessage/sales').map((r) => r.body)).toEqual([
			{ key: sentKey, text: 'Precio: S/ 120', number: '51912345678@s.whatsapp.net' },
		]);
		expect(result.byNode[`${name} · 2`][0]).toMatchObject({ key: sentKey, message: { protocolMessage: { type: 'MESSAGE_EDIT' } } });
		const deletions = messaging.requests.filter((r) => r.path === '/chat/deleteMessageForEveryone/sales');
		expect(deletions.map((r) => [r.method, r.body])).toEqual([['DELETE', { id: sentKey.id, fromMe: true, remoteJid: '51912345678@s.whatsapp.net' }]]);
		expect(result.items).toEqual([expect.objectContaining({ key: sentKey, message: { protocolMessage: { key: sentKey, type: 'REVOKE' } } })]);
		expect(messaging.messages.get(String(sentKey.id))).toMatchObject({ text: 'Precio: S/ 120', status: 'DELETED' });
	});
});

describe('Messaging in n8n: chat state, with no mapping', () => {
	it("archives a sent text's chat, unarchives it and marks it unread, each node reading the previous one's key", () => {
		const [item] = ok('sendText → archive → unarchive → markAsUnread');
		const chat = '51955555555@s.whatsapp.net';
		const sent = messaging.requests.find((r) => r.path === '/message/sendText/sales' && (r.body as IDataObject).number === '51955555555');
		expect(sent).toBeDefined();
		const bodies = [...received('/chat/archiveChat/sales'), ...received('/chat/markChatUnread/sales')]
			.filter((r) => ((r.body as { lastMessage: { key: IDataObject } }).lastMessage.key.remoteJid === chat))
			.map((r) => r.body as { lastMessage: { key: IDataObject }; archive?: boolean });
		expect(bodies.map((body) => body.archive)).toEqual([true, false, undefined]);
		const key = bodies[0].lastMessage.key;
		expect(key).toMatchObject({ remoteJid: chat, fromMe: true });
		expect(bodies.every((body) => JSON.stringify(body.lastMessage) === JSON.stringify({ key }))).toBe(true);
		expect(item).toEqual({ chatId: chat, markedChatUnread: true, key });
		expect(messaging.chatStates.get('sales')?.archived.has(chat)).toBe(false);
		expect(messaging.chatStates.get('sales')?.unread.has(chat)).toBe(true);
	});

	it('blocks two numbers and unblocks them, the Unblock node reading the number Block output', () => {
		const items = ok('block → unblock');
		expect(items).toEqual([
			{ block: 'success', number: '51944444444', blocked: false },
			{ block: 'success', number: '51933333333', blocked: false },
		]);
		// Each node's two requests go out together (not sends: no lane), in either order; Unblock's after Block's.
		const sent = received('/chat/updateBlockStatus/sales').map((r) => r.body);
		expect(sent).toHaveLength(4);
		expect(unordered(sent.slice(0, 2))).toEqual(unordered([{ number: '51944444444', status: 'block' }, { number: '51933333333', status: 'block' }]));
		expect(unordered(sent.slice(2))).toEqual(unordered([{ number: '51944444444', status: 'unblock' }, { number: '51933333333', status: 'unblock' }]));
		expect(messaging.chatStates.get('sales')?.blocked.size).toBe(0);
	});
});

describe('Messaging in n8n: Profile', () => {
	it('updates the name, one privacy setting (the others sent back) and the picture, then reads the profile', () => {
		const [item] = ok('profile: updateName → updatePrivacySettings → updatePicture → getProfile');
		expect(received('/chat/updateProfileName/Support%20Team').map((r) => r.body)).toEqual([{ name: 'Bodega Lima' }]);
		expect(received('/chat/fetchPrivacySettings/Support%20Team')).toHaveLength(1);
		expect(received('/chat/updatePrivacySettings/Support%20Team').map((r) => r.body)).toEqual([
			{ readreceipts: 'all', profile: 'all', status: 'contacts', online: 'all', last: 'contacts', groupadd: 'all' },
		]);
		expect(received('/chat/updateProfilePicture/Support%20Team').map((r) => r.body)).toEqual([{ picture: 'https://example.com/logo.png' }]);
		expect(received('/chat/fetchProfile/Support%20Team').map((r) => r.body)).toEqual([undefined]);
		expect(item).toMatchObject({ name: 'Bodega Lima', numberExists: true, status: 'open', isBusiness: false });
		expect(String(item.picture)).toMatch(/^https:\/\/pps\.whatsapp\.net\//);
	});
});

describe('a chained workflow: Taxpayer Lookup → Messaging', () => {
	it("sends each looked-up taxpayer's name as a text", () => {
		const result = results['chained: lookup → sendText'];
		expect(result.error?.message).toBeUndefined();
		expect(result.byNode['chained: lookup → sendText · 1'].map((item) => item.ruc)).toEqual(['20131312955', '20100070970']);
		expect(result.items).toHaveLength(2);
		// Sends go one at a time, in item order.
		const texts = received('/message/sendText/sales', (body) => String(body.text).startsWith('Proveedor:')).map((r) => r.body);
		expect(texts).toEqual([
			{
				number: '51987654321',
				text: 'Proveedor: SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT (ACTIVO)',
			},
			{ number: '51987654321', text: 'Proveedor: SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA (BAJA DE OFICIO)' },
		]);
	});
});
