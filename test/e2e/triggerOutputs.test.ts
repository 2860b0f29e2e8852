// The Messaging Trigger's Outputs option in a running n8n (`n8n start`): with One per Event each
// output is connected to a node of its own, and each delivery from the Evolution fake runs the node
// on its event's output, and only that one; the events changed and published again, and n8n
// restarted, deliveries still reach their nodes; the default keeps the single output.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SEEDED_PNG, type EvolutionFake } from '../../fakes/evolution';
import { callData, connectionUpdateData, qrCodeData, textMessageData } from '../../fakes/evolution/events';
import { N8n, type N8nServer } from './n8n';
import { n8nWithMessaging, stopAll } from './sandbox';
import { TRIGGER, messagingTriggerWorkflow, noOp, outputsTo } from './triggerWorkflow';

const PER_EVENT = { id: 'e2eTrigOutputs01', webhookId: '2c7e1f0a-5b3d-4e6f-9a8b-7c6d5e4f3a2b', instance: 'Support Team' };
const SINGLE = { id: 'e2eTrigOutputs02', webhookId: '9d8c7b6a-1e2f-4a3b-8c5d-0f1e2d3c4b5a', instance: 'sales' };

let messaging: EvolutionFake;
let n8n: N8n;
let server: N8nServer;

beforeAll(async () => {
	({ messaging, n8n } = await n8nWithMessaging());
	await n8n.importWorkflows([
		messagingTriggerWorkflow({ ...PER_EVENT, name: 'Trigger outputs: one per event', events: ['qrCodeUpdated', 'messageReceived', 'connectionUpdate'], options: { outputs: 'perEvent' }, outputs: ['On message', 'On connection', 'On QR code'] }),
		messagingTriggerWorkflow({ ...SINGLE, name: 'Trigger outputs: one', events: ['messageReceived', 'connectionUpdate'], outputs: ['Every event'] }),
	]);
	server = await n8n.startServer();
});

afterAll(() => stopAll(server, n8n, messaging));

interface Run {
	event: string;
	/** How many items each of the trigger's outputs gave. */
	outputs: number[];
	/** The nodes that ran after the trigger, and the JSON of the item each got. */
	ran: Record<string, IDataObject[]>;
	/** The trigger's items, all outputs together. */
	items: IDataObject[];
}

/** The executions of a workflow after the first `since`, each by its event: whatever order n8n ran them in. */
async function runsByEvent(workflowId: string, since: number, count: number): Promise<Record<string, Run>> {
	const finished = await server.waitForExecutions(workflowId, since + count);
	expect(finished).toHaveLength(since + count);
	const runs: Record<string, Run> = {};
	for (const summary of finished.slice(since)) {
		const { status, data } = await server.execution(summary.id);
		expect(status).toBe('success');
		const { [TRIGGER]: trigger, ...others } = data.resultData.runData;
		const outputs = trigger[0].data?.main ?? [];
		const items = outputs.flatMap((output) => output ?? []).map((item) => item.json);
		const ran = Object.fromEntries(Object.entries(others).map(([node, [run]]) => [node, (run.data?.main[0] ?? []).map((item) => item.json)]));
		runs[String(items[0]?.event)] = { event: String(items[0]?.event), outputs: outputs.map((output) => output?.length ?? 0), ran, items };
	}
	expect(Object.keys(runs)).toHaveLength(count);
	return runs;
}

/** Delivers one event after the other: each answer comes once n8n took the delivery in. */
async function deliverAll(instance: string, deliveries: Array<[string, unknown]>) {
	for (const [event, data] of deliveries) expect((await messaging.deliver(instance, event, data)).statuses, event).toEqual([200]);
}

/** Saves the workflow with `change` as the editor does, publishes that version, and waits until it is live. */
async function publishChanged(workflowId: string, change: (workflow: IDataObject) => IDataObject) {
	const workflow = await server.rest<IDataObject>('GET', `/workflows/${workflowId}`);
	const saved = await server.rest<{ versionId: string }>('PATCH', `/workflows/${workflowId}`, change(workflow));
	await server.rest('POST', `/workflows/${workflowId}/activate`, { versionId: saved.versionId });
	await expect
		.poll(async () => await server.rest<{ status: string; liveVersionId: string | null }>('GET', `/workflows/${workflowId}/publication-status`), { timeout: 60_000, interval: 250 })
		.toMatchObject({ status: 'published', liveVersionId: saved.versionId });
}

const qrCode = () => ({ qrcode: { ...qrCodeData(PER_EVENT.instance).qrcode, base64: `data:image/png;base64,${SEEDED_PNG.toString('base64')}` } });

describe('Messaging Trigger in a running n8n: Outputs One per Event', () => {
	it('runs the node on each delivery\'s event output, only that one, with the item the trigger gave', async () => {
		await server.activate(PER_EVENT.id);
		expect(messaging.webhooks.get(PER_EVENT.instance)?.events).toEqual(['CONNECTION_UPDATE', 'MESSAGES_UPSERT', 'QRCODE_UPDATED']);
		await deliverAll(PER_EVENT.instance, [
			['messages.upsert', textMessageData('Hola', { id: '3EB0E2EOUTPUTS000000001' })],
			['connection.update', connectionUpdateData(PER_EVENT.instance, 'connecting')],
			['qrcode.updated', qrCode()],
		]);
		const runs = await runsByEvent(PER_EVENT.id, 0, 3);
		// The outputs in the event list's order: Message Received, Connection Update, QR Code Updated.
		expect(runs['messages.upsert']).toMatchObject({ outputs: [1, 0, 0], ran: { 'On message': runs['messages.upsert'].items } });
		expect(runs['connection.update']).toMatchObject({ outputs: [0, 1, 0], ran: { 'On connection': runs['connection.update'].items } });
		expect(runs['qrcode.updated']).toMatchObject({ outputs: [0, 0, 1], ran: { 'On QR code': runs['qrcode.updated'].items } });
		for (const run of Object.values(runs)) expect(Object.keys(run.ran), run.event).toHaveLength(1);
		expect(runs['messages.upsert'].items).toEqual([expect.objectContaining({ instance: PER_EVENT.instance, messageId: '3EB0E2EOUTPUTS000000001', text: 'Hola' })]);
		expect(runs['connection.update'].items).toEqual([expect.objectContaining({ instance: PER_EVENT.instance, state: 'connecting' })]);
	});

	it('keeps delivering after the events are changed and published again, and after a restart', async () => {
		// Incoming Call added, QR Code Updated taken out: Connection Update's output moves from 2nd to 3rd.
		const nodes = ['On message', 'On call', 'On connection'];
		await publishChanged(PER_EVENT.id, (workflow) => ({
			...workflow,
			nodes: [
				...(workflow.nodes as IDataObject[]).map((node) =>
					node.name === TRIGGER ? { ...node, parameters: { ...(node.parameters as IDataObject), events: ['messageReceived', 'call', 'connectionUpdate'] } } : node,
				),
				noOp('On call', 3),
			],
			connections: outputsTo(...nodes),
		}));
		await expect.poll(() => messaging.webhooks.get(PER_EVENT.instance)?.events, { timeout: 30_000 }).toEqual(['CALL', 'CONNECTION_UPDATE', 'MESSAGES_UPSERT']);
		const since = (await server.executions(PER_EVENT.id)).length;
		await deliverAll(PER_EVENT.instance, [
			['call', callData('offer', { id: 'E2EOUTPUTSCALL01' })],
			['connection.update', connectionUpdateData(PER_EVENT.instance, 'open')],
			['messages.upsert', textMessageData('Otra vez', { id: '3EB0E2EOUTPUTS000000002' })],
		]);
		// The fake sends what the webhook subscribes to: the QR code is no longer asked for.
		expect(await messaging.deliver(PER_EVENT.instance, 'qrcode.updated', qrCode())).toMatchObject({ delivered: false, skipped: 'QRCODE_UPDATED is not subscribed' });
		const changed = await runsByEvent(PER_EVENT.id, since, 3);
		expect(changed.call).toMatchObject({ outputs: [0, 1, 0], ran: { 'On call': changed.call.items } });
		expect(changed['connection.update']).toMatchObject({ outputs: [0, 0, 1], ran: { 'On connection': changed['connection.update'].items } });
		expect(changed['messages.upsert']).toMatchObject({ outputs: [1, 0, 0], ran: { 'On message': changed['messages.upsert'].items } });

		// A deploy or a crash: the same database and port, the workflow still published.
		server = await n8n.restartServer(server);
		const url = `${server.url}/webhook/${PER_EVENT.webhookId}/webhook`;
		// n8n says it is ready before it has published the workflows again: until then a delivery gets 404.
		await expect.poll(async () => (await fetch(url, { method: 'POST', body: '{}' })).status, { timeout: 60_000 }).toBe(401);
		await deliverAll(PER_EVENT.instance, [['connection.update', connectionUpdateData(PER_EVENT.instance, 'close')]]);
		const restarted = await runsByEvent(PER_EVENT.id, since + 3, 1);
		expect(restarted['connection.update']).toMatchObject({ outputs: [0, 0, 1], ran: { 'On connection': [expect.objectContaining({ state: 'close' })] } });
		await server.deactivate(PER_EVENT.id);
	});
});

describe('Messaging Trigger in a running n8n: Outputs One (the default)', () => {
	it('gives every event on the one output, as before the option', async () => {
		await server.activate(SINGLE.id);
		await deliverAll(SINGLE.instance, [
			['connection.update', connectionUpdateData(SINGLE.instance, 'connecting')],
			['messages.upsert', textMessageData('Hola', { id: '3EB0E2EOUTPUTS000000003' })],
		]);
		const runs = await runsByEvent(SINGLE.id, 0, 2);
		expect(runs['connection.update']).toMatchObject({ outputs: [1], ran: { 'Every event': runs['connection.update'].items } });
		expect(runs['messages.upsert']).toMatchObject({ outputs: [1], ran: { 'Every event': runs['messages.upsert'].items } });
		await server.deactivate(SINGLE.id);
	});
});
