// The Messaging Trigger in a running n8n (`n8n start`): publishing registers the webhook at the
// Evolution fake, deliveries start executions (once per message, never without the secret),
// unpublishing restores the webhook that was there before, and the RUC bot example answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SANDBOX_CREDENTIALS, SANDBOX_FAKE_OPTIONS, repoRoot } from '../harness/n8n.mjs';
import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { textMessageData } from '../../fakes/evolution/events';
import { VALID_TOKEN, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { N8n, type N8nServer, type WorkflowJson } from './n8n';
import { stopAll } from './sandbox';
import { messagingTriggerWorkflow } from './triggerWorkflow';

const WEBHOOK_ID = '0d4b7c2e-8f1a-4e3b-9c5d-6a7b8c9d0e1f';
const LISTENER_ID = 'e2eMsgTrigger001';
const RUC_BOT = JSON.parse(readFileSync(path.join(repoRoot, 'examples', 'ruc-bot.json'), 'utf8')) as WorkflowJson;
const OTHER = { enabled: true, url: 'https://crm.example.com/hooks/whatsapp', headers: { authorization: 'Bearer crm' }, events: ['MESSAGES_UPSERT'] };

let messaging: EvolutionFake;
let lookup: LookupFake;
let n8n: N8n;
let server: N8nServer;

const listener = messagingTriggerWorkflow({ id: LISTENER_ID, name: 'Messaging Trigger e2e', webhookId: WEBHOOK_ID, instance: 'Support Team', events: ['messageReceived'] });

beforeAll(async () => {
	messaging = await startEvolutionFake(SANDBOX_FAKE_OPTIONS.messaging);
	lookup = await startLookupFake();
	n8n = await N8n.start();
	n8n.credential(SANDBOX_CREDENTIALS.messaging.type, { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY }, SANDBOX_CREDENTIALS.messaging);
	n8n.credential(SANDBOX_CREDENTIALS.lookup.type, { baseUrl: lookup.url, accessToken: VALID_TOKEN }, SANDBOX_CREDENTIALS.lookup);
	await n8n.importWorkflows([listener, RUC_BOT]);
	server = await n8n.startServer();
});

afterAll(() => stopAll(server, n8n, messaging, lookup));

/** The text each execution of a workflow started with (its trigger's first item). */
async function startedTexts(workflowId: string, count: number) {
	await server.waitForExecutions(workflowId, count);
	const executions = await server.executions(workflowId);
	const texts = [];
	for (const summary of executions) {
		const { data } = await server.execution(summary.id);
		texts.push(data.resultData.runData['Messaging Trigger']?.[0].data?.main[0]?.[0].json.text);
	}
	return texts.sort();
}

describe('Messaging Trigger in a running n8n', () => {
	it('registers on publish, starts once per message, refuses a wrong secret, and restores the previous webhook', async () => {
		await fetch(`${messaging.url}/webhook/set/Support%20Team`, {
			method: 'POST',
			headers: { apikey: DEFAULT_API_KEY, 'content-type': 'application/json' },
			body: JSON.stringify({ webhook: OTHER }),
		});
		await server.activate(LISTENER_ID);
		const registered = messaging.webhooks.get('Support Team')!;
		const url = `${server.url}/webhook/${WEBHOOK_ID}/webhook`;
		expect(registered).toMatchObject({ enabled: true, url, events: ['MESSAGES_UPSERT'], webhookBase64: false });
		const secret = registered.headers?.['x-n8n-messaging-secret'];
		expect(secret).toMatch(/^[A-Za-z0-9]{40}$/);

		const first = await messaging.deliver('Support Team', 'messages.upsert', textMessageData('uno'));
		expect(first.statuses).toEqual([200]);
		// Evolution's retry of the same delivery: answered, but no second execution.
		const repeated = await messaging.deliver('Support Team', 'messages.upsert', null, { envelope: first.envelope });
		expect(repeated.statuses).toEqual([200]);
		const body = JSON.stringify({ ...first.envelope, data: textMessageData('falso') });
		for (const headers of [{ 'x-n8n-messaging-secret': 'x'.repeat(40) }, {}]) {
			const forged = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
			expect(forged.status).toBe(401);
		}
		const third = await messaging.deliver('Support Team', 'messages.upsert', textMessageData('tres'));
		expect(third.statuses).toEqual([200]);

		expect(await startedTexts(LISTENER_ID, 2)).toEqual(['tres', 'uno']);
		const [execution] = await server.waitForExecutions(LISTENER_ID, 1);
		const { data } = await server.execution(execution.id);
		const item = data.resultData.runData['Messaging Trigger'][0].data?.main[0]?.[0].json as IDataObject;
		expect(item).toMatchObject({ event: 'messages.upsert', instance: 'Support Team', senderPhone: '51987654321', messageType: 'text' });
		expect(JSON.stringify(item)).not.toContain('Support Team-token');

		await server.deactivate(LISTENER_ID);
		await expect.poll(() => messaging.webhooks.get('Support Team')?.url, { timeout: 30_000 }).toBe(OTHER.url);
		expect(messaging.webhooks.get('Support Team')).toMatchObject({ enabled: true, headers: OTHER.headers, events: OTHER.events });
	});

	it('runs the RUC bot example: a RUC gets the taxpayer quoted back, a wrong one a reply saying why', async () => {
		await server.activate(RUC_BOT.id);
		expect(messaging.webhooks.get('sales')).toMatchObject({ enabled: true, url: `${server.url}/webhook/b7c1e0d2-4f3a-4c8e-9a61-5d2f7e8a9b10/webhook` });
		const since = messaging.requests.length;
		const good = textMessageData('Hola, el RUC 20131312955 por favor', { id: '3EB0RUCBOT00000000000001' });
		const wrong = textMessageData('20131312956', { id: '3EB0RUCBOT00000000000002', from: '51912345678' });
		// One message after the other's execution ended: two executions at once both write Remove
		// Duplicates' memory of the workflow, and in CI one of them once sent no reply.
		expect((await messaging.deliver('sales', 'messages.upsert', good)).statuses).toEqual([200]);
		await server.waitForExecutions(RUC_BOT.id, 1);
		expect((await messaging.deliver('sales', 'messages.upsert', wrong)).statuses).toEqual([200]);
		await server.waitForExecutions(RUC_BOT.id, 2);
		const replies = messaging.requests
			.slice(since)
			.filter((request) => request.path === '/message/sendText/sales')
			.map((request) => request.body as IDataObject)
			.sort((a, b) => String(a.number).localeCompare(String(b.number)));
		expect(replies).toHaveLength(2);
		expect(replies[0]).toMatchObject({ number: '51912345678@s.whatsapp.net', quoted: { key: { id: '3EB0RUCBOT00000000000002' } } });
		expect(replies[0].text).toMatch(/^No pude consultar ese RUC: RUC "20131312956" .*check digit/s);
		expect(replies[0].text).not.toMatch(/\[item 0\]|Nothing was sent/);
		expect(replies[1]).toMatchObject({ number: '51987654321@s.whatsapp.net', quoted: { key: { id: '3EB0RUCBOT00000000000001' } } });
		expect(replies[1].text).toMatch(/^\*.+\*\nRUC: 20131312955\nEstado: ACTIVO\nCondición de domicilio: HABIDO$/);
		// Only the valid RUC was looked up.
		expect(lookup.requests.map((request) => request.path)).toEqual(['/api/v2/ruc/20131312955']);
	});
});
