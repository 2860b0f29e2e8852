// Label, Template, Send Template, Offer Call and Get Server Info inside the real n8n, against two Evolution fakes
// on loopback: one answering as 2.3.6 (with a WhatsApp Business Cloud API instance), one whose
// Offer Call rings as 2.2's did. All scenarios run in ONE workflow execution (see n8n.ts); each
// touches its own instance, chat or route, so no check depends on the order of requests.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, FAKE_WA_WEB_VERSION, startEvolutionFake, type EvolutionFake, type RecordedRequest } from '../../fakes/evolution';
import { N8n, type CredentialRef, type NodeSpec, type ScenarioResult } from './n8n';
import { stopAll } from './sandbox';

const CUSTOMER = '51987654321';
const CUSTOMER_JID = `${CUSTOMER}@s.whatsapp.net`;
const INSTANCES = [
	{ name: 'sales', connectionStatus: 'open' as const },
	{ name: 'cloud', connectionStatus: 'open' as const, integration: 'WHATSAPP-BUSINESS', businessId: '1234567890' },
];
const COMPONENTS = [{ type: 'BODY', text: 'Hola {{1}}, su pedido está listo.', example: { body_text: [['Ana']] } }];

/** A template Meta approved earlier, for Send Template. */
const WELCOME = { name: 'bienvenida', parameter_format: 'POSITIONAL', components: [{ type: 'BODY', text: 'Hola {{1}}' }], language: 'es', status: 'APPROVED', category: 'UTILITY', id: '99887766' };
const WELCOME_PARAMETERS = [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }];

let current: EvolutionFake;
let release22: EvolutionFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;

const node = (credential: CredentialRef, resource: string, operation: string, parameters: IDataObject = {}): NodeSpec => ({
	type: 'messaging',
	typeVersion: 1.1,
	parameters: { resource, operation, instanceName: { __rl: true, mode: 'name', value: 'sales' }, ...parameters },
	credentials: { messagingApi: credential },
});
const labelId = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });
const recipient = (value: string) => ({ __rl: true, mode: 'number', value });

/** The requests a fake received on a route, in any order. */
const on = (fake: EvolutionFake, method: string, path: string): RecordedRequest[] =>
	fake.requests.filter((request) => request.method === method && request.path === path);

beforeAll(async () => {
	current = await startEvolutionFake({ instances: INSTANCES, templates: { cloud: [WELCOME] } });
	release22 = await startEvolutionFake({ instances: INSTANCES, callRelease: '2.2' });
	n8n = await N8n.start();
	const evolution = n8n.credential('messagingApi', { serverUrl: current.url, apiKey: DEFAULT_API_KEY }, 'Evolution 2.3.6 fake');
	const evolution22 = n8n.credential('messagingApi', { serverUrl: release22.url, apiKey: DEFAULT_API_KEY }, 'Evolution 2.2 fake');

	results = await n8n.runScenarios({
		'getServerInfo': { node: node(evolution, 'server', 'getServerInfo') },
		'addToChat': { node: node(evolution, 'label', 'addToChat', { number: recipient(`+${CUSTOMER}`), labelId: labelId('3') }) },
		'addToChat: an unknown label among good ones': {
			input: [
				{ to: '51912345678', label: '2' },
				{ to: '51912345678', label: '99' },
				{ to: '51900002222', label: '6' },
			],
			node: node(evolution, 'label', 'addToChat', {
				number: recipient('={{ $json.to }}'),
				labelId: { __rl: true, mode: 'id', value: '={{ $json.label }}' },
			}),
		},
		'createTemplate': {
			node: node(evolution, 'template', 'create', {
				instanceName: { __rl: true, mode: 'name', value: 'cloud' },
				templateName: 'pedido_listo',
				templateCategory: 'UTILITY',
				templateLanguage: 'es',
				templateComponents: JSON.stringify(COMPONENTS),
				options: { allowCategoryChange: true },
			}),
		},
		'createTemplate: Baileys instance': {
			node: node(evolution, 'template', 'create', {
				templateName: 'pedido_baileys',
				templateLanguage: 'es',
				templateComponents: JSON.stringify(COMPONENTS),
			}),
		},
		'sendTemplate': {
			node: node(evolution, 'message', 'sendTemplate', {
				instanceName: { __rl: true, mode: 'name', value: 'cloud' },
				number: recipient(`+${CUSTOMER}`),
				templateName: 'bienvenida',
				templateLanguage: 'es',
				templateParameters: JSON.stringify(WELCOME_PARAMETERS),
			}),
		},
		'offerCall: 2.2 rings': {
			node: node(evolution22, 'chat', 'offerCall', { number: recipient(CUSTOMER), callType: 'video', callDuration: 7 }),
		},
		'offerCall: 2.3.6 does not': {
			node: node(evolution, 'chat', 'offerCall', { number: recipient(CUSTOMER), callType: 'voice', callDuration: 3 }),
		},
	});
}, 600_000);

afterAll(() => stopAll(undefined, n8n, current, release22));

describe('Label, Template, Offer Call and Server in a real n8n', () => {
	it("Get Server Info gives the server's welcome answer", () => {
		const { items, error } = results['getServerInfo'];
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ status: 200, version: '2.3.6', clientName: 'evolution_exchange', whatsappWebVersion: FAKE_WA_WEB_VERSION });
		expect(on(current, 'GET', '/')).toHaveLength(1);
	});

	it("Add to Chat puts the label on the customer's chat", () => {
		const { items, error } = results['addToChat'];
		expect(error).toBeUndefined();
		expect(items).toEqual([{ numberJid: CUSTOMER_JID, labelId: '3', add: true }]);
		expect(on(current, 'POST', '/label/handleLabel/sales').map((request) => request.body)).toContainEqual({ number: CUSTOMER, labelId: '3', action: 'add' });
		expect([...(current.chatLabels.get('sales')?.get(CUSTOMER_JID) ?? [])]).toEqual(['3']);
	});

	it('Add to Chat gives an unknown label its error and labels the other chats', () => {
		const { items, itemErrors } = results['addToChat: an unknown label among good ones'];
		expect(items).toHaveLength(3);
		expect(items[0]).toEqual({ numberJid: '51912345678@s.whatsapp.net', labelId: '2', add: true });
		expect(itemErrors[1]?.message).toMatch(/^Instance "sales" could not add label 99 to the chat of 51912345678 \(400: Unable to add label to chat/);
		expect(items[2]).toEqual({ numberJid: '51900002222@s.whatsapp.net', labelId: '6', add: true });
		expect([...(current.chatLabels.get('sales')?.get('51912345678@s.whatsapp.net') ?? [])]).toEqual(['2']);
	});

	it('Create submits the template of a Cloud API instance and outputs the stored row', () => {
		const { items, error } = results['createTemplate'];
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ name: 'pedido_listo', template: { status: 'PENDING', category: 'UTILITY' } });
		expect(on(current, 'POST', '/template/create/cloud').map((request) => request.body)).toEqual([
			{ name: 'pedido_listo', category: 'UTILITY', language: 'es', components: COMPONENTS, allowCategoryChange: true },
		]);
		expect(current.templates.get('cloud')?.map((template) => template.name)).toEqual(['bienvenida', 'pedido_listo']);
	});

	it('Create on a Baileys instance says Meta refused its token', () => {
		const { error } = results['createTemplate: Baileys instance'];
		expect(error?.message).toMatch(/^Meta refused the access token of instance "sales" \(400: Invalid OAuth access token/);
		expect(error?.description).toMatch(/WhatsApp Business Cloud API instances/);
	});

	it('Send Template sends the approved template with its parameters from the Cloud API instance', () => {
		const { items, error } = results['sendTemplate'];
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ key: expect.objectContaining({ fromMe: true, remoteJid: CUSTOMER_JID }), message: { conversation: '▶️bienvenida◀️' } })]);
		expect(on(current, 'POST', '/message/sendTemplate/cloud').map((request) => request.body)).toEqual([
			{ number: CUSTOMER, name: 'bienvenida', language: 'es', components: WELCOME_PARAMETERS },
		]);
	});

	it('Offer Call rings the number on 2.2, and says 2.3.6 answers without calling', () => {
		const rang = results['offerCall: 2.2 rings'];
		expect(rang.error).toBeUndefined();
		expect(rang.items).toEqual([{ id: expect.any(String), to: CUSTOMER_JID }]);
		expect(release22.calls).toEqual([{ instance: 'sales', jid: CUSTOMER_JID, isVideo: true, callDuration: 7 }]);
		const stub = results['offerCall: 2.3.6 does not'];
		expect(stub.error?.message).toMatch(/^Instance "sales" did not call 51987654321: .*without placing the call \(201: id "123"\)/);
		expect(on(current, 'POST', '/call/offer/sales').map((request) => request.body)).toEqual([{ number: CUSTOMER, isVideo: false, callDuration: 3 }]);
	});
});
