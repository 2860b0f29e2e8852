// The Messaging Trigger's Outputs option: the outputs n8n computes from the node's `outputs`
// expression (as the editor draws them, with each supported release's n8n-workflow), and the output
// each delivery from the Evolution fake leaves by; One, the default, keeps the single output.
import { createRequire } from 'node:module';

import * as thisRunsWorkflow from 'n8n-workflow';
import type { IDataObject, INode, INodeExecutionData, INodeTypeDescription } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { SEEDED_PNG } from '../../../../fakes/evolution';
import { callData, connectionUpdateData, qrCodeData, statusUpdateData, textMessageData } from '../../../../fakes/evolution/events';
import { MessagingTrigger } from '../../../../nodes/Messaging/MessagingTrigger.node';
import { activeTrigger, useEvolutionFake } from './helpers';

const state = useEvolutionFake();
const requireHere = createRequire(__filename);
const description = new MessagingTrigger().description;

type WorkflowModule = typeof thisRunsWorkflow;

/** The node's outputs as n8n computes them (NodeHelpers.getNodeOutputs), for the node's saved parameters. */
function outputsIn(workflow: WorkflowModule, parameters: IDataObject) {
	const node: INode = { id: 'trigger', name: 'Messaging Trigger', type: 'n8n-nodes-taxpayer-messaging.messagingTrigger', typeVersion: 1, position: [0, 0], parameters: parameters as INode['parameters'] };
	const nodeType = { description };
	const nodeTypes = { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) };
	const instance = new workflow.Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: nodeTypes as never });
	return workflow.NodeHelpers.getNodeOutputs(instance, node, description as INodeTypeDescription);
}

const named = (...names: string[]) => names.map((displayName) => ({ type: 'main', displayName }));

// The n8n-workflow this run uses (2.41's; the compatibility stage's release's there), and those of
// n8n 1.123.81 and 2.0, installed beside it as dev dependencies.
const RELEASES: Array<[string, () => WorkflowModule]> = [
	["this run's", () => thisRunsWorkflow],
	['n8n 1.123.81', () => requireHere('n8n-workflow-n8n-1.123.81') as WorkflowModule],
	['n8n 2.0.0', () => requireHere('n8n-workflow-n8n-2.0.0') as WorkflowModule],
];

describe.each(RELEASES)("Messaging Trigger: the outputs the editor draws (%s n8n-workflow)", (_, workflowOf) => {
	it('has the one unnamed output by default, as before the option, and with Outputs: One', () => {
		const workflow = workflowOf();
		expect(outputsIn(workflow, { events: ['messageReceived', 'connectionUpdate'], options: {} })).toEqual(['main']);
		expect(outputsIn(workflow, { events: ['messageReceived', 'connectionUpdate'] })).toEqual(['main']);
		expect(outputsIn(workflow, { events: ['messageReceived', 'connectionUpdate'], options: { outputs: 'one' } })).toEqual(['main']);
	});

	it("with One per Event, one per chosen event in the event list's order, named as it names them", () => {
		const workflow = workflowOf();
		const perEvent = (events?: string[]) => outputsIn(workflow, { ...(events ? { events } : {}), options: { outputs: 'perEvent', ignoreGroups: false } });
		expect(perEvent(['qrCodeUpdated', 'messageReceived', 'connectionUpdate'])).toEqual(named('Message Received', 'Connection Update', 'QR Code Updated'));
		expect(perEvent(['messageSent', 'all'])).toEqual(named('Message Sent', 'All Events'));
		// Trigger On left at its default is not saved: its default's output.
		expect(perEvent()).toEqual(named('Message Received'));
		expect(perEvent([])).toEqual([]);
	});
});

type Harness = Awaited<ReturnType<typeof activeTrigger>>;
const lastOutputs = (harness: Harness) => harness.deliveries.at(-1)?.outputs;
const CHOSEN = ['qrCodeUpdated', 'messageReceived', 'connectionUpdate'];

/** The same delivery, straight to a trigger that has its own webhook registration (its own secret). */
async function sameDeliveryTo(harness: Harness, envelope: unknown) {
	return await harness.deliver(envelope, { 'x-n8n-messaging-secret': String(harness.savedNodeStaticData()?.secret) });
}

describe('Messaging Trigger: Outputs One per Event, as deliveries leave', () => {
	it("puts each delivery on its event's output, with the item it has on the one output", async () => {
		// A trigger with one output on the same instance: its registration's secret lets the same deliveries in.
		const single = await activeTrigger(state.fake, { events: CHOSEN });
		const perEvent = await activeTrigger(state.fake, { events: CHOSEN, options: { outputs: 'perEvent', replaceExistingWebhook: true } });
		const qr = { qrcode: { ...qrCodeData('sales').qrcode, base64: `data:image/png;base64,${SEEDED_PNG.toString('base64')}` } };
		const deliveries: Array<[string, unknown, number]> = [
			['connection.update', connectionUpdateData('sales', 'connecting'), 1],
			['messages.upsert', textMessageData('Hola', { id: '3EB0OUTPUTS0000000000001' }), 0],
			['qrcode.updated', qr, 2],
		];
		for (const [event, data, output] of deliveries) {
			const outcome = await state.fake.deliver('sales', event, data);
			expect(outcome.statuses, event).toEqual([200]);
			const one = (await sameDeliveryTo(single, outcome.envelope)).outputs;
			expect(one, event).toHaveLength(1);
			expect(one![0], event).toHaveLength(1);
			const expected: INodeExecutionData[][] = [[], [], []];
			expected[output] = one![0];
			expect(lastOutputs(perEvent), event).toEqual(expected);
		}
		expect(lastOutputs(perEvent)?.[2][0].binary?.data).toMatchObject({ mimeType: 'image/png', fileName: 'sales-qr.png' });
		expect(perEvent.deliveries.map((delivery) => delivery.items?.[0].json.event)).toEqual(['connection.update', 'messages.upsert', 'qrcode.updated']);
	});

	it('starts nothing for an event not chosen, as with one output', async () => {
		const harness = await activeTrigger(state.fake, { events: CHOSEN, options: { outputs: 'perEvent' } });
		const outcome = await harness.deliver(
			{ event: 'messages.update', instance: 'sales', data: statusUpdateData('3EB0SENT00000000000001', 'READ') },
			{ 'x-n8n-messaging-secret': String(harness.savedNodeStaticData()?.secret) },
		);
		expect(outcome).toEqual({ status: 200, body: { received: true, started: false, reason: 'messages.update is not among the chosen events' }, items: undefined });
	});

	it('sends the events without an output of their own to All Events', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageReceived', 'all'], options: { outputs: 'perEvent' } });
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola', { id: '3EB0OUTPUTS0000000000002' }));
		await state.fake.deliver('sales', 'call', callData('offer', { id: 'OUTPUTSCALL1' }));
		await state.fake.deliver('sales', 'chats.upsert', [{ remoteJid: '51987654321@s.whatsapp.net' }]);
		expect(harness.deliveries.map((delivery) => delivery.outputs?.map((items) => items.map((item) => item.json.event)))).toEqual([
			[['messages.upsert'], []],
			[[], ['call']],
			[[], ['chats.upsert']],
		]);
	});

	it('follows a change of the events: published again, each delivery leaves by its output among the new ones', async () => {
		const harness = await activeTrigger(state.fake, { events: ['messageReceived', 'connectionUpdate'], options: { outputs: 'perEvent' } });
		await state.fake.deliver('sales', 'connection.update', connectionUpdateData('sales', 'close'));
		expect(lastOutputs(harness)?.map((items) => items.length)).toEqual([0, 1]);
		harness.node.parameters.events = ['call', 'connectionUpdate'];
		await harness.activate('update');
		expect(state.fake.webhooks.get('sales')?.events).toEqual(['CALL', 'CONNECTION_UPDATE']);
		await state.fake.deliver('sales', 'call', callData('offer', { id: 'OUTPUTSCALL2' }));
		await state.fake.deliver('sales', 'connection.update', connectionUpdateData('sales', 'open'));
		// Message Received is no longer chosen: Evolution was told so, and one delivered anyway starts nothing.
		await sameDeliveryTo(harness, { event: 'messages.upsert', instance: 'sales', data: textMessageData('Hola', { id: '3EB0OUTPUTS0000000000003' }) });
		expect(harness.deliveries.slice(1).map((delivery) => delivery.outputs?.map((items) => items.map((item) => item.json.event)))).toEqual([
			[['call'], []],
			[[], ['connection.update']],
			undefined,
		]);
	});
});

describe('Messaging Trigger: Outputs One (the default)', () => {
	it.each([
		['left out', {}],
		['set to One', { outputs: 'one' }],
	])('puts every event on the one output when %s', async (_, options) => {
		const harness = await activeTrigger(state.fake, { events: CHOSEN, options });
		await state.fake.deliver('sales', 'connection.update', connectionUpdateData('sales', 'connecting'));
		await state.fake.deliver('sales', 'messages.upsert', textMessageData('Hola', { id: '3EB0OUTPUTS0000000000004' }));
		expect(harness.deliveries.map((delivery) => delivery.outputs?.map((items) => items.map((item) => item.json.event)))).toEqual([
			[['connection.update']],
			[['messages.upsert']],
		]);
	});
});
