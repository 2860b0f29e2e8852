// The reply-once example (examples/reply-once.json) in a running n8n, across a restart. The
// Messaging Trigger drops a repeated delivery only while the process that received the first one
// runs (n8n 2.41 does not save a trigger's static data after a production delivery): after a
// restart, Evolution's retry of a message answered before starts the workflow again. Remove
// Duplicates on the message ID, its memory in n8n's database, stops it there: one reply per message.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { repoRoot } from '../harness/n8n.mjs';
import type { EvolutionFake } from '../../fakes/evolution';
import { textMessageData } from '../../fakes/evolution/events';
import { N8n, type N8nServer, type WorkflowJson } from './n8n';
import { n8nWithMessaging, stopAll } from './sandbox';

const REPLY_ONCE = JSON.parse(readFileSync(path.join(repoRoot, 'examples', 'reply-once.json'), 'utf8')) as WorkflowJson;
const TRIGGER = 'WhatsApp message';
const DEDUPE = 'Only new messages';
const REPLY = 'Thank the sender';
const INSTANCE = 'Support Team';
const FIRST = { id: '3EB0REPLYONCE00000000001', from: '51987654321' };
const LATER = { id: '3EB0REPLYONCE00000000002', from: '51912345678' };

let messaging: EvolutionFake;
let n8n: N8n;
let server: N8nServer;

beforeAll(async () => {
	({ messaging, n8n } = await n8nWithMessaging());
	await n8n.importWorkflows([REPLY_ONCE]);
	server = await n8n.startServer();
});

afterAll(() => stopAll(server, n8n, messaging));

/** The replies the fake was asked to send: to whom, and the id of the message each quotes. */
const replies = () =>
	messaging.requests
		.filter((request) => request.path === `/message/sendText/${encodeURIComponent(INSTANCE)}`)
		.map((request) => request.body as IDataObject)
		.map((body) => ({ number: body.number, quoted: (body.quoted as { key?: { id?: string } } | undefined)?.key?.id, text: body.text }));

/**
 * Once at least `count` executions of the example have finished and none is still running: each
 * with the message ID its trigger started it with, the IDs Remove Duplicates kept and discarded,
 * and whether the reply node ran. Oldest first.
 */
async function executions(count: number) {
	await server.waitForExecutions(REPLY_ONCE.id, count);
	const all = await server.executions(REPLY_ONCE.id);
	expect(all.filter((execution) => ['new', 'running', 'waiting'].includes(execution.status))).toEqual([]);
	return await Promise.all(
		all.reverse().map(async (summary) => {
			const { data } = await server.execution(summary.id);
			const runData = data.resultData.runData;
			const dedupe = runData[DEDUPE]?.[0]?.data?.main ?? [];
			const ids = (output: number) => (dedupe[output] ?? []).map((item) => item.json.messageId);
			return {
				id: summary.id,
				mode: summary.mode,
				status: summary.status,
				messageId: runData[TRIGGER]?.[0]?.data?.main[0]?.[0]?.json.messageId,
				kept: ids(0),
				discarded: ids(1),
				replied: REPLY in runData,
			};
		}),
	);
}

describe('examples/reply-once.json in a running n8n', () => {
	it('replies once to a message delivered before and again after an n8n restart, and still replies to a new one', async () => {
		await server.activate(REPLY_ONCE.id);
		const webhookId = REPLY_ONCE.nodes.find((node) => node.name === TRIGGER)?.webhookId;
		const url = `${server.url}/webhook/${String(webhookId)}/webhook`;
		expect(messaging.webhooks.get(INSTANCE)).toMatchObject({ enabled: true, url });

		const first = await messaging.deliver(INSTANCE, 'messages.upsert', textMessageData('Hola, ¿emiten factura?', FIRST));
		expect(first.statuses).toEqual([200]);
		const [before] = await executions(1);
		expect(before).toMatchObject({ mode: 'webhook', status: 'success', messageId: FIRST.id, replied: true });
		const thanks = 'Gracias por su mensaje. Le respondemos pronto.';
		expect(replies()).toEqual([{ number: `${FIRST.from}@s.whatsapp.net`, quoted: FIRST.id, text: thanks }]);

		// A deploy or a crash: the same database and port, the workflow still published.
		server = await n8n.restartServer(server);
		// n8n says it is ready before it has published the workflows again: wait until the webhook is
		// there (it refuses a delivery without the secret; before, n8n answers 404).
		await expect.poll(async () => (await fetch(url, { method: 'POST', body: '{}' })).status, { timeout: 60_000 }).toBe(401);
		expect(messaging.webhooks.get(INSTANCE)).toMatchObject({ enabled: true, url });

		// Evolution's retry of the first delivery, the very envelope posted before the restart; then a
		// new message from someone else.
		const retried = await messaging.deliver(INSTANCE, 'messages.upsert', null, { envelope: first.envelope });
		expect(retried.statuses).toEqual([200]);
		const later = await messaging.deliver(INSTANCE, 'messages.upsert', textMessageData('Buenas tardes', LATER));
		expect(later.statuses).toEqual([200]);
		const after = (await executions(3)).filter((execution) => execution.id !== before.id);

		// One reply per message, whichever order the two executions ran in.
		expect(replies().sort((a, b) => String(a.quoted).localeCompare(String(b.quoted)))).toEqual([
			{ number: `${FIRST.from}@s.whatsapp.net`, quoted: FIRST.id, text: thanks },
			{ number: `${LATER.from}@s.whatsapp.net`, quoted: LATER.id, text: thanks },
		]);
		// The trigger did start the workflow for the retry (its memory went with the old process):
		// Remove Duplicates, which had kept the message the first time, discarded it, and the reply
		// node did not run.
		expect(before).toMatchObject({ kept: [FIRST.id], discarded: [] });
		expect(after).toHaveLength(2);
		const retry = after.find((execution) => execution.messageId === FIRST.id);
		expect(retry).toMatchObject({ mode: 'webhook', status: 'success', kept: [], discarded: [FIRST.id], replied: false });
		const fresh = after.find((execution) => execution.messageId === LATER.id);
		expect(fresh).toMatchObject({ mode: 'webhook', status: 'success', kept: [LATER.id], discarded: [], replied: true });
	});
});
