// Messaging inside the real n8n, against the Evolution API fake on loopback: every operation and
// media source (a binary file made inside the workflow by n8n's Convert to File node included),
// Continue On Fail with a number that is not on WhatsApp, and a chained workflow Taxpayer Lookup →
// Messaging. All scenarios run in ONE workflow execution (see n8n.ts).
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake, type RecordedRequest } from '../fakes/evolutionApi';
import { VALID_TOKEN, startLookupFake, type LookupFake } from '../fakes/lookupApi';
import { N8n, type CredentialRef, type NodeSpec, type ScenarioResult } from './n8n';

/** A 1×1 transparent PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const NOT_ON_WHATSAPP = '51911111111';

let messaging: EvolutionFake;
let lookup: LookupFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;

const send = (credential: CredentialRef, operation: string, parameters: IDataObject): NodeSpec => ({
	type: 'messaging',
	parameters: {
		resource: operation === 'checkNumbers' ? 'chat' : 'message',
		operation,
		instanceName: { __rl: true, mode: 'name', value: 'sales' },
		...parameters,
	},
	credentials: { messagingApi: credential },
});

beforeAll(async () => {
	messaging = await startEvolutionFake({ unregistered: [NOT_ON_WHATSAPP], contacts: { '51987654321': 'Ana Torres' } });
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

afterAll(async () => {
	await n8n?.dispose();
	await messaging?.close();
	await lookup?.close();
});

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

	it('Send Media from a binary file made in the workflow: its content, name and MIME type', () => {
		const result = results['sendMedia: binary from Convert to File'];
		expect(result.error?.message).toBeUndefined();
		// Convert to File made one CSV file of both items; Messaging sent it once.
		expect(result.byNode['sendMedia: binary from Convert to File · 1']).toHaveLength(1);
		expect(result.items).toEqual([expect.objectContaining({ messageType: 'documentMessage' })]);
		const [request] = received('/message/sendMedia/sales', (body) => body.fileName === 'proveedores.csv');
		const body = request.body as IDataObject;
		expect(body).toMatchObject({ number: '51987654321', mediatype: 'document', mimetype: 'text/csv', caption: 'Proveedores revisados' });
		const csv = Buffer.from(String(body.media), 'base64').toString('utf8');
		expect(csv.trim().split('\n')).toEqual(['ruc,estado', '20131312955,ACTIVO', '20100070970,BAJA DE OFICIO']);
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
