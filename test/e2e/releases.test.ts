// One case per feature of the package, on the n8n release this run uses: `npm test` runs it on the
// pinned release with the rest of test/e2e/, and the compatibility stage (scripts/compat.sh) on each
// older release of the matrix (N8N_VERSION), where it is the whole end-to-end suite. What a release
// lacks is said here (LACKS) and checked as the user meets it, never skipped silently.
// The features: Taxpayer Lookup Get, Messaging Send Text, Continue On Fail (CLI `execute`); the
// credential tests; the Messaging Trigger's publish and delivery, and its One per Event outputs; Send and Wait for Response
// (approve, and a tampered link refused); the nodes as AI Agent tools; the Exchange Rate Trigger's poll.
import { readFileSync } from 'node:fs';

import type { IDataObject, INodeTypeDescription } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { connectionUpdateData, textMessageData } from '../../fakes/evolution/events';
import { VALID_TOKEN, rateOn, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { startOpenAiFake, type OpenAiFake } from '../../fakes/openai';
import { N8N_VERSION, PACKAGE_NAME } from '../harness/n8n.mjs';
import { N8n, messagingNode, type CredentialRef, type N8nServer, type WorkflowJson } from './n8n';
import { stopAll } from './sandbox';
import { messagingTriggerWorkflow } from './triggerWorkflow';
import { BROWSER_AGENT, eventually, linksOf, untilWaiting } from './waiting';

/** The node types the release loaded, as `n8n export:nodes` listed them (globalSetup.ts). */
const exported = JSON.parse(readFileSync(inject('exportedNodesFile'), 'utf8')) as INodeTypeDescription[];
const versionsOf = (type: string) =>
	exported.filter((node) => node.name === type).flatMap((node) => (Array.isArray(node.version) ? node.version : [node.version]));
const newestVersionOf = (type: string) => Math.max(...versionsOf(type));

/**
 * What the release lacks, as found by running this file on it. n8n 1.123 and 2.0 make no
 * human-review tool of Send and Wait for Response (and 1.123's AI Agent tops out below 3.1, which
 * the AI agent example uses): the example does not open there, and an agent uses the nodes as
 * tools directly.
 */
const LACKS = {
	humanReviewTool: !exported.some((node) => node.name === `${PACKAGE_NAME}.messagingHitlTool`),
};

let lookup: LookupFake;
let messaging: EvolutionFake;
let openAi: OpenAiFake;
let n8n: N8n;
let server: N8nServer;
let lookupCredential: CredentialRef;
let messagingCredential: CredentialRef;
let openAiCredential: CredentialRef;

const LISTENER = 'relMsgTrigger001';
const LISTENER_WEBHOOK = '5e0c8a1b-3f2d-4c6e-9a7b-1d2e3f4a5b6c';
const PER_EVENT = 'relTrigOutputs01';
const PER_EVENT_WEBHOOK = '8a7b6c5d-4e3f-4a1b-9c2d-3e4f5a6b7c8d';
const APPROVE = 'relSendAndWait01';
const AGENT_FLOW = 'relAiAgentTools1';
const RATES = 'relExchangeRate1';
const NAME = 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT';

const node = (name: string, type: string, typeVersion: number, parameters: IDataObject, extra: IDataObject = {}) => ({
	id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
	name,
	type,
	typeVersion,
	position: [0, 0],
	parameters,
	...extra,
});
const main = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });

function workflows(): WorkflowJson[] {
	const messagingCredentials = { messagingApi: messagingCredential };
	return [
		messagingTriggerWorkflow({ id: LISTENER, name: 'Release: Messaging Trigger', webhookId: LISTENER_WEBHOOK, instance: 'sales', events: ['messageReceived'], credential: messagingCredential }),
		messagingTriggerWorkflow({
			id: PER_EVENT,
			name: 'Release: Messaging Trigger, One per Event',
			webhookId: PER_EVENT_WEBHOOK,
			instance: 'Support Team',
			events: ['connectionUpdate', 'messageReceived'],
			options: { outputs: 'perEvent' },
			// Outputs in the event list's order: Message Received, then Connection Update.
			outputs: ['On message', 'On connection'],
			credential: messagingCredential,
		}),
		{
			id: APPROVE,
			name: 'Release: Send and Wait',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				node('Webhook', 'n8n-nodes-base.webhook', 2, { httpMethod: 'POST', path: 'release-approve', responseMode: 'onReceived', options: {} }, {
					webhookId: '7c2d9e4f-1a3b-4c5d-8e6f-7a8b9c0d1e2f',
				}),
				node('Ask', `${PACKAGE_NAME}.messaging`, 1.1, {
					resource: 'message',
					operation: 'sendAndWait',
					instanceName: { __rl: true, mode: 'name', value: 'sales' },
					number: { __rl: true, mode: 'number', value: '={{ $json.body.phone }}' },
					message: 'Approve invoice F001-9?',
					responseType: 'approval',
					options: { approvalType: 'double', approveLabel: 'Aprobar', disapproveLabel: 'Rechazar' },
				}, { credentials: messagingCredentials }),
				node('After', 'n8n-nodes-base.noOp', 1, {}),
			],
			connections: { Webhook: main('Ask'), Ask: main('After') },
		},
		{
			id: AGENT_FLOW,
			name: 'Release: AI Agent tools',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', 1, {}),
				node('AI Agent', '@n8n/n8n-nodes-langchain.agent', newestVersionOf('@n8n/n8n-nodes-langchain.agent'), {
					promptType: 'define',
					text: 'Look up RUC 20131312955 and send the name to 51912345678',
					options: { systemMessage: 'Use the tools. Say in one sentence what you did.' },
				}),
				node('OpenAI Chat Model', '@n8n/n8n-nodes-langchain.lmChatOpenAi', newestVersionOf('@n8n/n8n-nodes-langchain.lmChatOpenAi'), {
					model: { __rl: true, mode: 'list', value: 'gpt-5-mini' },
					responsesApiEnabled: false,
					options: {},
				}, { credentials: { openAiApi: openAiCredential } }),
				node('Look up taxpayer', `${PACKAGE_NAME}.taxpayerLookupTool`, 1, {
					resource: 'taxpayer',
					operation: 'get',
					ruc: "={{ $fromAI('ruc', 'The taxpayer\\'s RUC: 11 digits', 'string') }}",
				}, { credentials: { taxpayerLookupApi: lookupCredential } }),
				node('Send WhatsApp text', `${PACKAGE_NAME}.messagingTool`, 1.1, {
					resource: 'message',
					operation: 'sendText',
					instanceName: { __rl: true, mode: 'name', value: 'sales' },
					number: { __rl: true, mode: 'number', value: "={{ $fromAI('number', 'The WhatsApp number to send to, with its country code (51 for Peru)', 'string') }}" },
					text: "={{ $fromAI('text', 'The message to send', 'string') }}",
				}, { credentials: messagingCredentials }),
			],
			connections: {
				Start: main('AI Agent'),
				'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
				'Look up taxpayer': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
				'Send WhatsApp text': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
			},
		},
		{
			id: RATES,
			name: 'Release: Exchange Rate Trigger',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				node('Each rate', `${PACKAGE_NAME}.exchangeRateTrigger`, 1, {
					pollTimes: { item: [{ mode: 'everyHour', minute: 15 }] },
					currencies: ['USD'],
					options: {},
				}, { credentials: { taxpayerLookupApi: lookupCredential } }),
			],
			connections: {},
		},
	];
}

beforeAll(async () => {
	lookup = await startLookupFake();
	messaging = await startEvolutionFake();
	openAi = await startOpenAiFake();
	n8n = await N8n.start();
	lookupCredential = n8n.credential('taxpayerLookupApi', { baseUrl: lookup.url, accessToken: VALID_TOKEN }, { name: 'Lookup fake', id: 'relLookupCred001' });
	messagingCredential = n8n.credential('messagingApi', { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY }, { name: 'Evolution fake', id: 'relMessagingCre1' });
	openAiCredential = n8n.credential('openAiApi', { apiKey: openAi.apiKey, url: openAi.url }, { name: 'OpenAI fake', id: 'relOpenAiCred001' });
});

afterAll(() => stopAll(server, n8n, lookup, messaging, openAi));

describe(`the package on n8n ${N8N_VERSION}`, () => {
	it('runs Taxpayer Lookup Get and Messaging Send Text, and Continue On Fail keeps a bad item to itself', async () => {
		const since = { lookup: lookup.requests.length, messaging: messaging.requests.length };
		const results = await n8n.runScenarios({
			'get taxpayer': {
				node: { type: 'taxpayerLookup', parameters: { resource: 'taxpayer', operation: 'get', ruc: '20131312955' }, credentials: { taxpayerLookupApi: lookupCredential } },
			},
			'one bad RUC among good ones': {
				input: [{ ruc: '20131312955' }, { ruc: '20131312956' }, { ruc: '20100070970' }],
				node: { type: 'taxpayerLookup', parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' }, credentials: { taxpayerLookupApi: lookupCredential } },
			},
			'send text': {
				node: messagingNode(messagingCredential, 'message', 'sendText', { number: { __rl: true, mode: 'number', value: '+51 987 654 321' }, text: 'Hola' }),
			},
		});
		expect(results['get taxpayer'].error).toBeUndefined();
		expect(results['get taxpayer'].items).toEqual([expect.objectContaining({ ruc: '20131312955', nombre_o_razon_social: NAME })]);

		const mixed = results['one bad RUC among good ones'];
		expect(mixed.items.map((item) => item.ruc ?? null)).toEqual(['20131312955', null, '20100070970']);
		expect(mixed.itemErrors[1]?.message).toBe('RUC "20131312956" fails the check digit (the last digit should be 5). Nothing was sent. [item 1]');
		expect(lookup.requests.slice(since.lookup).map((request) => request.path).sort()).toEqual([
			'/api/v2/ruc/20100070970',
			'/api/v2/ruc/20131312955',
			'/api/v2/ruc/20131312955',
		]);

		expect(results['send text'].error).toBeUndefined();
		expect(results['send text'].items[0]).toMatchObject({ key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true } });
		expect(messaging.requests.slice(since.messaging).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
			{ method: 'POST', path: '/message/sendText/sales', body: { number: '51987654321', text: 'Hola' } },
		]);
	});

});

describe(`the package in a running n8n ${N8N_VERSION}`, () => {
	beforeAll(async () => {
		await n8n.importWorkflows(workflows());
		server = await n8n.startServer();
	});

	it('tests both credentials from the editor: a good one passes, a wrong key or token says so', async () => {
		// As the editor does: the credential is saved, then tested with the data of its form (n8n
		// 1.123 tests only a saved credential; 2.41 refuses an id it does not know).
		const test = async (type: string, data: IDataObject) => {
			const { id } = await server.rest<{ id: string }>('POST', '/credentials', { name: `Tested ${type} ${Math.random()}`, type, data });
			return await server.rest<{ status: string; message: string }>('POST', '/credentials/test', { credentials: { id, name: type, type, data } });
		};
		expect(await test('taxpayerLookupApi', { baseUrl: lookup.url, accessToken: VALID_TOKEN })).toMatchObject({ status: 'OK' });
		expect(await test('messagingApi', { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY })).toMatchObject({ status: 'OK' });
		const wrongToken = await test('taxpayerLookupApi', { baseUrl: lookup.url, accessToken: 'wrong-token' });
		expect(wrongToken).toMatchObject({ status: 'Error' });
		expect(wrongToken.message).toMatch(/401/);
		const wrongKey = await test('messagingApi', { serverUrl: messaging.url, apiKey: 'wrong-key' });
		expect(wrongKey).toMatchObject({ status: 'Error' });
		expect(wrongKey.message).toMatch(/401/);
	});

	it("publishes the Messaging Trigger (its webhook registered at the server) and starts once per delivered message", async () => {
		await server.activate(LISTENER);
		expect(messaging.webhooks.get('sales')).toMatchObject({ enabled: true, url: `${server.url}/webhook/${LISTENER_WEBHOOK}/webhook`, events: ['MESSAGES_UPSERT'] });
		const delivered = await messaging.deliver('sales', 'messages.upsert', textMessageData('hola desde WhatsApp'));
		expect(delivered.statuses).toEqual([200]);
		const [execution] = await server.waitForExecutions(LISTENER, 1);
		const { data } = await server.execution(execution.id);
		expect(data.resultData.runData['Messaging Trigger'][0].data?.main[0]?.map((item) => item.json)).toEqual([
			expect.objectContaining({ event: 'messages.upsert', instance: 'sales', senderPhone: '51987654321', text: 'hola desde WhatsApp' }),
		]);
		await server.deactivate(LISTENER);
	});

	it('gives each event its own output with Outputs One per Event: a delivery runs only the node on its output', async () => {
		await server.activate(PER_EVENT);
		for (const [event, data] of [
			['connection.update', connectionUpdateData('Support Team', 'connecting')],
			['messages.upsert', textMessageData('hola por salida')],
		] as const) {
			expect((await messaging.deliver('Support Team', event, data)).statuses, event).toEqual([200]);
		}
		const ran: Record<string, { outputs: number[]; nodes: string[] }> = {};
		for (const summary of await server.waitForExecutions(PER_EVENT, 2)) {
			const { runData } = (await server.execution(summary.id)).data.resultData;
			const outputs = runData['Messaging Trigger'][0].data?.main ?? [];
			const event = String(outputs.flatMap((items) => items ?? [])[0]?.json.event);
			ran[event] = { outputs: outputs.map((items) => items?.length ?? 0), nodes: Object.keys(runData).filter((name) => name !== 'Messaging Trigger') };
		}
		expect(ran).toEqual({
			'messages.upsert': { outputs: [1, 0], nodes: ['On message'] },
			'connection.update': { outputs: [0, 1], nodes: ['On connection'] },
		});
		await server.deactivate(PER_EVENT);
	});

	it('Send and Wait for Response: a tampered link is refused (401), the approve link resumes the execution', async () => {
		await server.activate(APPROVE);
		const started = await server.webhook('release-approve', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ phone: '51900000009' }),
		});
		expect(started.status).toBe(200);
		const text = await eventually('the approval text', () => {
			const request = messaging.requests.find((r) => (r.body as IDataObject)?.number === '51900000009');
			return request ? String((request.body as IDataObject).text) : undefined;
		});
		const links = linksOf(text);
		expect(Object.keys(links)).toEqual(['Aprobar', 'Rechazar']);
		const waiting = await eventually('a waiting execution', async () => (await server.executions(APPROVE))[0]);
		await untilWaiting(server, waiting.id);

		const tampered = new URL(links.Rechazar);
		tampered.searchParams.set('approved', 'true');
		expect((await fetch(tampered, { headers: { 'user-agent': BROWSER_AGENT } })).status).toBe(401);
		expect((await server.execution(waiting.id)).status).toBe('waiting');

		expect((await fetch(links.Aprobar, { headers: { 'user-agent': BROWSER_AGENT } })).status).toBe(200);
		const finished = await server.waitForExecution(waiting.id);
		expect(finished.status).toBe('success');
		expect(finished.data.resultData.runData.After[0].data?.main[0]?.map((item) => item.json)).toEqual([
			{ data: { approved: true, respondedAt: expect.any(String) } },
		]);
		await server.deactivate(APPROVE);
	});

	it('gives an AI Agent both nodes as tools: the model looks the RUC up and sends the name', async () => {
		const since = messaging.requests.length;
		const executionId = await server.runManually(AGENT_FLOW, 'Start');
		const finished = await server.waitForExecution(executionId);
		expect(finished.status).toBe('success');
		expect(lookup.requests.map((request) => request.path)).toContain('/api/v2/ruc/20131312955');
		const sent = messaging.requests.slice(since).filter((request) => request.path === '/message/sendText/sales');
		expect(sent.map((request) => request.body)).toEqual([{ number: '51912345678', text: expect.stringContaining(NAME) }]);
		const tools = openAi.completions[0].tools?.map((tool) => tool.function.name).sort();
		expect(tools).toEqual(['Look_up_taxpayer', 'Send_WhatsApp_text']);
	});

	it("publishes the Exchange Rate Trigger: its poll asks the API with the credential's token and remembers the rate", async () => {
		lookup.setToday('2025-12-05');
		const since = lookup.requests.length;
		const manual = await server.waitForExecution(await server.runManually(RATES, 'Each rate'));
		expect(manual.status).toBe('success');
		const { precio_compra, precio_venta } = rateOn('2025-12-05', 'USD');
		expect(manual.data.resultData.runData['Each rate'][0].data?.main[0]?.map((item) => item.json)).toEqual([
			{ fecha: '2025-12-05', moneda: 'USD', precio_compra, precio_venta },
		]);
		await server.activate(RATES);
		await eventually('the first poll', () => (lookup.requests.length > since + 1 ? true : undefined));
		const polls = lookup.requests.slice(since);
		expect(polls.every((request) => request.headers.authorization === `Bearer ${VALID_TOKEN}`)).toBe(true);
		expect(polls.map((request) => request.path)).toEqual(['/api/v2/tipo-cambio/sbs/ultimo', '/api/v2/tipo-cambio/sbs/ultimo']);
		await server.deactivate(RATES);
	});

	it('says what this release lacks, as the README says it', () => {
		// README's Compatibility: n8n makes a human-review tool of Send and Wait on 2.33 and 2.41, not on
		// 2.0 nor 1.123. A release that joins the matrix is added here and to the README's table.
		const lacksHumanReview: Record<string, boolean> = { '1.123.81': true, '2.0.3': true, '2.33.7': false, '2.41.1': false };
		expect(Object.keys(lacksHumanReview), 'this release is in the README\'s table').toContain(N8N_VERSION);
		expect(LACKS.humanReviewTool).toBe(lacksHumanReview[N8N_VERSION]);
	});
});
