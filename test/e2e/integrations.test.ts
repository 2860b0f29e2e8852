// Messaging's Integration resource inside the real n8n, against its own Evolution fake: a human
// handover (a contact's Typebot session paused, then the sessions read back) and an event transport
// set then read (RabbitMQ). Each scenario is a chain run in order, one item each, in ONE workflow
// execution (see n8n.ts): nothing depends on timing or on the order of concurrent requests.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { N8n, type CredentialRef, type NodeSpec, type ScenarioResult } from './n8n';
import { stopAll } from './sandbox';

const ANA = '51987654321@s.whatsapp.net';
const LUIS = '51912345678@s.whatsapp.net';
const TYPEBOT_ID = 'clbotventase2e01';

let messaging: EvolutionFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;

const integration = (credential: CredentialRef, operation: string, parameters: IDataObject): NodeSpec => ({
	type: 'messaging',
	typeVersion: 1.1,
	parameters: { resource: 'integration', operation, instanceName: { __rl: true, mode: 'name', value: 'sales' }, ...parameters },
	credentials: { messagingApi: credential },
});

beforeAll(async () => {
	messaging = await startEvolutionFake();
	// Two contacts talk to the instance's Typebot: only Ana's session is paused.
	messaging.storeBotSession({ instance: 'sales', bot: 'typebot', botId: TYPEBOT_ID, remoteJid: ANA, pushName: 'Ana Torres' });
	messaging.storeBotSession({ instance: 'sales', bot: 'typebot', botId: TYPEBOT_ID, remoteJid: LUIS, pushName: 'Luis Rojas' });
	n8n = await N8n.start();
	const evolution = n8n.credential('messagingApi', { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY }, 'Evolution fake');

	results = await n8n.runScenarios(
		{
			"handover: pause Ana's Typebot session → read the sessions": {
				node: [
					integration(evolution, 'changeChatbotSessionStatus', { bot: 'typebot', chat: '+51 987 654 321', sessionStatus: 'paused' }),
					integration(evolution, 'getChatbotSessions', { bot: 'typebot', botId: TYPEBOT_ID }),
				],
			},
			'RabbitMQ: set → get': {
				node: [
					integration(evolution, 'setEventTransport', { transport: 'rabbitmq', enabled: true, events: ['MESSAGES_UPSERT', 'SEND_MESSAGE'] }),
					integration(evolution, 'getEventTransport', { transport: 'rabbitmq' }),
				],
			},
		},
		{ name: 'Messaging: integrations' },
	);
});

afterAll(() => stopAll(undefined, n8n, messaging));

const chain = (name: string): ScenarioResult => {
	const result = results[name];
	expect(result.error, `${name}: ${result.error?.message}`).toBeUndefined();
	return result;
};

const requestsTo = (prefix: string) => messaging.requests.filter((r) => r.path.startsWith(prefix)).map((r) => [r.method, r.path, r.body]);

describe('Integration in n8n: a human handover', () => {
	it("pauses the contact's Typebot session (the number made its address), then reads every session of the bot", () => {
		const name = "handover: pause Ana's Typebot session → read the sessions";
		const result = chain(name);
		expect(requestsTo('/typebot/')).toEqual([
			['POST', '/typebot/changeStatus/sales', { remoteJid: ANA, status: 'paused' }],
			['GET', `/typebot/fetchSessions/${TYPEBOT_ID}/sales`, undefined],
		]);
		expect(result.byNode[`${name} · 1`]).toEqual([{ instanceName: 'sales', remoteJid: ANA, status: 'paused', session: { count: 1 } }]);
		expect(result.items.map((item) => [item.remoteJid, item.pushName, item.status, item.botId])).toEqual([
			[ANA, 'Ana Torres', 'paused', TYPEBOT_ID],
			[LUIS, 'Luis Rojas', 'opened', TYPEBOT_ID],
		]);
	});
});

describe('Integration in n8n: an event transport', () => {
	it('sets RabbitMQ with two events, then reads the same row back', () => {
		const name = 'RabbitMQ: set → get';
		const result = chain(name);
		expect(requestsTo('/rabbitmq/')).toEqual([
			['POST', '/rabbitmq/set/sales', { rabbitmq: { enabled: true, events: ['MESSAGES_UPSERT', 'SEND_MESSAGE'] } }],
			['GET', '/rabbitmq/find/sales', undefined],
		]);
		const [set] = result.byNode[`${name} · 1`];
		expect(set).toMatchObject({ enabled: true, events: ['MESSAGES_UPSERT', 'SEND_MESSAGE'] });
		expect(result.items).toEqual([set]);
		expect(messaging.integrations.transports.get('sales')?.get('rabbitmq')).toMatchObject({ enabled: true, events: ['MESSAGES_UPSERT', 'SEND_MESSAGE'] });
	});
});
