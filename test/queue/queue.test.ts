// The package in n8n's queue mode (cluster.ts: one main, two workers, Redis, PostgreSQL, the
// package installed in each from its tarball): webhook-started lookups and sends run on the
// workers, both of them; a file received by the main is sent by a worker (binary data in the
// database); the Messaging Trigger starts one execution per message; the Exchange Rate Trigger
// polls on the main, keeps its memory in PostgreSQL and sends nothing twice when the main restarts.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PACKAGE_NAME, repoRoot } from '../harness/n8n.mjs';
import type { ExecutionSummary, WorkflowJson } from '../e2e/n8n';
import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { textMessageData } from '../../fakes/evolution/events';
import { VALID_TOKEN, manyRucs, rateOn, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { QueueCluster, WORKER_CONCURRENCY, WORKER_NAMES, queueModeSettings, type CredentialJson } from './cluster';

const LOOKUP_CREDENTIAL = { id: 'queueLookupCred1', name: 'Taxpayer Lookup (queue test)' };
const MESSAGING_CREDENTIAL = { id: 'queueMessagingC1', name: 'Messaging (queue test)' };
const IDS = { lookupAndSend: 'queueLookupSend1', sendUpload: 'queueSendUpload1', rates: 'queueRateTrigger', listener: 'queueMsgTrigger1' };
const LISTENER_WEBHOOK_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const FRIDAY = '2025-11-21';
const RATES_TO = '51900000001';

const node = (name: string, type: string, parameters: IDataObject, extra: IDataObject = {}): IDataObject => ({
	id: name.toLowerCase().replace(/\W+/g, '-'),
	name,
	type: type.includes('.') ? type : `${PACKAGE_NAME}.${type}`,
	typeVersion: 1,
	position: [0, 0],
	parameters,
	...extra,
});
const lookupCredential = { credentials: { taxpayerLookupApi: LOOKUP_CREDENTIAL } };
const messagingCredential = { credentials: { messagingApi: MESSAGING_CREDENTIAL } };
const sales = { __rl: true, mode: 'name', value: 'sales' };

/** A Set node recording which process ran it (cluster.ts gives each its QUEUE_TEST_PROCESS). */
const ranOn = (fields: Record<string, string>) =>
	node(
		'Ran on',
		'n8n-nodes-base.set',
		{
			assignments: {
				assignments: Object.entries({ ranOn: '={{ $env.QUEUE_TEST_PROCESS }}', ...fields }).map(([name, value], index) => ({
					id: `ran-on-${index}`,
					name,
					value,
					type: 'string',
				})),
			},
			options: {},
		},
		{ typeVersion: 3.4 },
	);

/** Nodes connected one after the other. */
function chain(id: string, name: string, nodes: IDataObject[]): WorkflowJson {
	const connections: IDataObject = {};
	nodes.forEach((current, index) => {
		(current.position as number[])[0] = index * 220;
		const next = nodes[index + 1];
		if (next) connections[current.name as string] = { main: [[{ node: next.name, type: 'main', index: 0 }]] };
	});
	return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

const webhook = (path: string, webhookId: string) =>
	node('Webhook', 'n8n-nodes-base.webhook', { httpMethod: 'POST', path, responseMode: 'lastNode', options: {} }, { typeVersion: 2, webhookId });

const WORKFLOWS: WorkflowJson[] = [
	// A form or CRM posts a RUC and a phone: look the taxpayer up, send them a text.
	chain(IDS.lookupAndSend, 'Queue: lookup and send', [
		webhook('queue-lookup', '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b'),
		node('Look up RUC', 'taxpayerLookup', { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.body.ruc }}', options: {} }, lookupCredential),
		node(
			'Send text',
			'messaging',
			{ resource: 'message', operation: 'sendText', instanceName: sales, number: "={{ $('Webhook').item.json.body.number }}", text: '={{ $json.nombre_o_razon_social }} ({{ $json.ruc }})', options: {} },
			messagingCredential,
		),
		ranOn({ ruc: "={{ $('Look up RUC').item.json.ruc }}", messageId: '={{ $json.key.id }}' }),
	]),
	// A file posted to the main's webhook, sent as a WhatsApp document by a worker.
	chain(IDS.sendUpload, 'Queue: send an uploaded file', [
		webhook('queue-upload', '2c3d4e5f-6071-4829-9bac-1d2e3f4a5b6c'),
		node(
			'Send file',
			'messaging',
			{ resource: 'message', operation: 'sendMedia', instanceName: sales, number: '={{ $json.query.number }}', mediaType: 'document', mediaSource: 'binary', binaryPropertyName: 'data', options: { caption: 'Su factura' } },
			messagingCredential,
		),
		ranOn({ messageId: '={{ $json.key.id }}' }),
	]),
	chain(IDS.rates, 'Queue: new USD rate to WhatsApp', [
		node('New USD rate', 'exchangeRateTrigger', { pollTimes: { item: [{ mode: 'everyHour', minute: 15 }] }, currencies: ['USD'], options: {} }, lookupCredential),
		node('Post the rate', 'messaging', { resource: 'message', operation: 'sendText', instanceName: sales, number: RATES_TO, text: '=USD {{ $json.fecha }}: venta S/ {{ $json.precio_venta }}', options: {} }, messagingCredential),
		ranOn({ fecha: "={{ $('New USD rate').item.json.fecha }}" }),
	]),
	chain(IDS.listener, 'Queue: WhatsApp messages', [
		node(
			'WhatsApp message',
			'messagingTrigger',
			{ instanceName: { __rl: true, mode: 'name', value: 'Support Team' }, events: ['messageReceived'], options: { replaceExistingWebhook: true } },
			{ ...messagingCredential, webhookId: LISTENER_WEBHOOK_ID },
		),
		// README's advice for repeats across processes and restarts: n8n's own memory of message ids,
		// kept in the database.
		node(
			'Only new messages',
			'n8n-nodes-base.removeDuplicates',
			{ operation: 'removeItemsSeenInPreviousExecutions', logic: 'removeItemsWithAlreadySeenKeyValues', dedupeValue: '={{ $json.messageId }}', options: {} },
			{ typeVersion: 2 },
		),
		ranOn({ text: "={{ $('WhatsApp message').item.json.text }}" }),
	]),
];

let lookup: LookupFake;
let messaging: EvolutionFake;
let cluster: QueueCluster;

beforeAll(async () => {
	lookup = await startLookupFake({ today: FRIDAY, everyValidRucExists: true });
	messaging = await startEvolutionFake();
	const credentials: CredentialJson[] = [
		{ ...LOOKUP_CREDENTIAL, type: 'taxpayerLookupApi', data: { baseUrl: lookup.url, accessToken: VALID_TOKEN } },
		{ ...MESSAGING_CREDENTIAL, type: 'messagingApi', data: { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY } },
	];
	cluster = await QueueCluster.start({ credentials, workflows: WORKFLOWS });
});

afterAll(async () => {
	await cluster?.stop();
	await lookup?.close();
	await messaging?.close();
});

/** An execution with what its "Ran on" node recorded (nothing if it did not run). */
async function withRecord(summary: ExecutionSummary) {
	const { data } = await cluster.main.execution(summary.id);
	const recorded = data.resultData.runData['Ran on']?.[0]?.data?.main[0]?.[0]?.json ?? {};
	return { ...summary, recorded };
}

/** The first `count` finished executions of a workflow with their records, oldest first. */
async function executionsOf(workflowId: string, count: number) {
	return await Promise.all((await cluster.main.waitForExecutions(workflowId, count)).map(withRecord));
}

/** Every execution of a workflow with its record, once none is running and `done` says so; oldest first. */
async function settledExecutionsOf(workflowId: string, done: (records: Array<Awaited<ReturnType<typeof withRecord>>>) => boolean) {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const all = await cluster.main.executions(workflowId);
		if (all.every((execution) => !['new', 'running', 'waiting'].includes(execution.status))) {
			const records = await Promise.all(all.reverse().map(withRecord));
			if (done(records)) return records;
		}
		if (Date.now() > deadline) throw new Error(`the executions of ${workflowId} did not settle: ${JSON.stringify(all)}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

const sent = (route: string) => messaging.requests.filter((request) => request.path === route).map((request) => request.body as IDataObject);

describe('queue mode: one main, two workers, Redis and PostgreSQL', () => {
	it("README's Scaling with queue mode lists every setting this setup gives the processes", () => {
		const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
		const section = readme.slice(readme.indexOf('## Scaling with queue mode'), readme.indexOf('## Compatibility'));
		const settings = queueModeSettings({ port: 6379 }, { port: 5432, database: 'n8n', user: 'n8n', password: 'n8n' });
		for (const [name, value] of Object.entries(settings)) {
			// Addresses and names are the reader's own; fixed values must be the same.
			const own = /_(HOST|PORT|DATABASE|USER|PASSWORD)$/.test(name);
			if (own) expect(section, name).toMatch(new RegExp(`\\b(${name}|_${name.split('_').pop()})\\b`));
			else expect(section, name).toContain(`${name}=${value}`);
		}
		expect(section).toContain(`n8n worker --concurrency=${WORKER_CONCURRENCY}`);
		expect(section).toContain('N8N_ENCRYPTION_KEY');
		expect(readme).toContain('npm install --legacy-peer-deps /path/to/n8n-nodes-taxpayer-messaging-<version>.tgz');
	});

	it('webhook-started lookups and sends run on the workers, both of them, once each', async () => {
		await cluster.main.activate(IDS.lookupAndSend);
		const rucs = manyRucs(WORKER_CONCURRENCY + 1);
		const numbers = rucs.map((_, index) => `5198700000${index}`);
		// One more lookup in flight at once than one worker may run executions: a second worker must
		// have taken some.
		const heldTogether = lookup.holdUntilInFlight(rucs.length, 60_000);
		const responses = await Promise.all(
			rucs.map((ruc, index) =>
				cluster.main.webhook('queue-lookup', {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ ruc, number: numbers[index] }),
				}),
			),
		);
		expect(await heldTogether, `${rucs.length} lookups were in flight at once`).toBe(true);
		const answers = (await Promise.all(responses.map((response) => response.json()))) as IDataObject[];
		expect(responses.map((response) => response.status)).toEqual(rucs.map(() => 200));
		expect(answers.map((answer) => answer.ruc).sort()).toEqual([...rucs].sort());

		const executions = await executionsOf(IDS.lookupAndSend, rucs.length);
		expect(executions).toHaveLength(rucs.length);
		for (const execution of executions) {
			expect(execution, `execution ${execution.id}`).toMatchObject({ mode: 'webhook', status: 'success' });
			expect(WORKER_NAMES).toContain(execution.recorded.ranOn);
			// The worker that recorded itself is the one whose log says it started the execution.
			expect(cluster.workerThatRan(execution.id)).toBe(execution.recorded.ranOn);
		}
		expect(new Set(executions.map((execution) => execution.recorded.ranOn))).toEqual(new Set(WORKER_NAMES));
		expect(executions.map((execution) => execution.recorded.ruc).sort()).toEqual([...rucs].sort());

		// One lookup and one message per request: nothing asked or sent twice.
		expect(lookup.requests.map((request) => request.path).sort()).toEqual(rucs.map((ruc) => `/api/v2/ruc/${ruc}`).sort());
		const texts = sent('/message/sendText/sales');
		expect(texts.map((body) => body.number).sort()).toEqual([...numbers].sort());
		for (const [index, ruc] of rucs.entries()) {
			expect(texts.find((body) => body.number === numbers[index])?.text).toBe(`EMPRESA ${ruc} S.A.C. (${ruc})`);
		}
	});

	it('a file the main received is sent by a worker: binary data goes through PostgreSQL', async () => {
		await cluster.main.activate(IDS.sendUpload);
		// A 300 kB "PDF" with every byte value, so an encoding slip anywhere shows.
		const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0).map((_, index) => (index * 7 + 3) % 256)]);
		const response = await cluster.main.webhook('queue-upload?number=51987654321', {
			method: 'POST',
			headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="F001-123.pdf"' },
			body: file,
		});
		expect(response.status).toBe(200);
		const answer = (await response.json()) as IDataObject;
		expect(WORKER_NAMES).toContain(answer.ranOn);

		const [execution] = await executionsOf(IDS.sendUpload, 1);
		expect(execution).toMatchObject({ mode: 'webhook', status: 'success' });
		expect(cluster.workerThatRan(execution.id)).toBe(answer.ranOn);
		const [body] = sent('/message/sendMedia/sales');
		expect(body).toMatchObject({ number: '51987654321', mediatype: 'document', mimetype: 'application/pdf', fileName: 'F001-123.pdf', caption: 'Su factura' });
		// Uploaded as a form, streamed by the worker from the database's copy.
		const [upload] = messaging.requests.filter((request) => request.path === '/message/sendMedia/sales');
		expect(upload.parts?.find((part) => part.name === 'file')?.data.equals(file)).toBe(true);
		// The main stored the upload in the database, where the worker read it (they share no folder).
		const [stored] = await cluster.postgres.query('SELECT count(*) FROM binary_data');
		expect(Number(stored)).toBeGreaterThan(0);
	});

	it("the Messaging Trigger registers the main's webhook and starts one execution per message, on a worker; after a restart, Remove Duplicates catches a repeat", async () => {
		await cluster.main.activate(IDS.listener);
		const listenerUrl = `${cluster.main.url}/webhook/${LISTENER_WEBHOOK_ID}/webhook`;
		expect(messaging.webhooks.get('Support Team')).toMatchObject({ enabled: true, url: listenerUrl });

		const first = await messaging.deliver('Support Team', 'messages.upsert', textMessageData('hola', { id: '3EB0QUEUE000000000000001' }));
		expect(first.statuses).toEqual([200]);
		// Evolution's retry of the same delivery is answered and starts nothing.
		expect((await messaging.deliver('Support Team', 'messages.upsert', null, { envelope: first.envelope })).statuses).toEqual([200]);
		const second = await messaging.deliver('Support Team', 'messages.upsert', textMessageData('chau', { id: '3EB0QUEUE000000000000002' }));
		expect(second.statuses).toEqual([200]);

		const executions = await executionsOf(IDS.listener, 2);
		expect(executions.map((execution) => execution.recorded.text).sort()).toEqual(['chau', 'hola']);
		for (const execution of executions) {
			expect(execution).toMatchObject({ mode: 'webhook', status: 'success' });
			expect(WORKER_NAMES).toContain(execution.recorded.ranOn);
		}

		// The trigger's own memory of deliveries is the receiving process's (n8n does not save it after
		// a production delivery): after a restart, a retry of "hola" may start the workflow again, and
		// Remove Duplicates, whose memory is in the database, lets it go no further.
		await cluster.restartMain();
		// n8n says it is ready before it has activated the published workflows again: wait until the
		// webhook is there (it refuses a delivery without the secret; before, n8n answers 404).
		await expect.poll(async () => (await fetch(listenerUrl, { method: 'POST', body: '{}' })).status, { timeout: 60_000 }).toBe(401);
		expect((await messaging.deliver('Support Team', 'messages.upsert', null, { envelope: first.envelope })).statuses).toEqual([200]);
		expect((await messaging.deliver('Support Team', 'messages.upsert', textMessageData('tres', { id: '3EB0QUEUE000000000000003' }))).statuses).toEqual([200]);
		const afterRestart = await settledExecutionsOf(IDS.listener, (records) => records.some((record) => record.recorded.text === 'tres'));
		expect(afterRestart.every((execution) => execution.status === 'success')).toBe(true);
		expect(afterRestart.map((execution) => execution.recorded.text).filter(Boolean).sort()).toEqual(['chau', 'hola', 'tres']);
		await cluster.main.deactivate(IDS.listener);
	});

	it('the Exchange Rate Trigger polls on the main, remembers in PostgreSQL and sends nothing twice after the main restarts', async () => {
		const polls = () => lookup.requests.filter((request) => request.path === '/api/v2/tipo-cambio/sbs/ultimo').length;
		const postedRates = () => sent('/message/sendText/sales').filter((body) => body.number === RATES_TO).map((body) => body.text);
		const staticData = async () => (await cluster.postgres.query(`SELECT "staticData" FROM workflow_entity WHERE id = '${IDS.rates}'`))[0] ?? '';

		// Publishing: the first poll only remembers Friday's rate.
		await cluster.main.activate(IDS.rates);
		expect(polls()).toBe(1);
		// Monday's rate is published; the next poll (at publishing again) starts one execution.
		await cluster.main.deactivate(IDS.rates);
		lookup.setToday('2025-11-24');
		await cluster.main.activate(IDS.rates);
		const [monday] = await executionsOf(IDS.rates, 1);
		expect(monday).toMatchObject({ mode: 'trigger', status: 'success' });
		expect(monday.recorded).toMatchObject({ fecha: '2025-11-24' });
		expect(WORKER_NAMES).toContain(monday.recorded.ranOn);
		expect(postedRates()).toEqual([`USD 2025-11-24: venta S/ ${rateOn('2025-11-24', 'USD').precio_venta}`]);
		// The trigger's memory is in the workflow's row in PostgreSQL.
		expect(await staticData()).toContain('2025-11-24');

		// The main stops (a deploy, a crash) and Tuesday's rate is published meanwhile. At start-up the
		// main polls (the workers were not restarted: the poll is the main's), and its memory, read
		// back from PostgreSQL, makes Tuesday's rate come once and Monday's not again. Had the memory
		// been lost, the poll would only remember Tuesday's rate and send nothing.
		const before = polls();
		await cluster.restartMain(() => lookup.setToday('2025-11-25'));
		const executions = await executionsOf(IDS.rates, 2);
		expect(polls()).toBe(before + 1);
		expect(executions.map((execution) => execution.recorded.fecha)).toEqual(['2025-11-24', '2025-11-25']);
		expect(executions[1]).toMatchObject({ mode: 'trigger', status: 'success' });
		expect(WORKER_NAMES).toContain(executions[1].recorded.ranOn);
		expect(postedRates()).toEqual([
			`USD 2025-11-24: venta S/ ${rateOn('2025-11-24', 'USD').precio_venta}`,
			`USD 2025-11-25: venta S/ ${rateOn('2025-11-25', 'USD').precio_venta}`,
		]);
		expect(await staticData()).toContain('2025-11-25');
		await cluster.main.deactivate(IDS.rates);
	});
});
