// The Messaging Trigger's other events in a running n8n (`n8n start`): published on an instance,
// it receives from the Evolution fake an edit, a deletion, a call, a presence, contacts, a label
// and a QR code, each starting one execution with its normalised items (the QR code as a PNG file);
// a delivery lacking what its event must carry is answered 400 and starts none.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, SEEDED_PNG, type EvolutionFake } from '../../fakes/evolution';
import {
	callData,
	contactsData,
	deletedMessageKeyData,
	editedMessageData,
	labelAssociationData,
	presenceData,
	qrCodeData,
} from '../../fakes/evolution/events';
import { N8n, type N8nServer } from './n8n';
import { n8nWithMessaging, stopAll } from './sandbox';
import { messagingTriggerWorkflow } from './triggerWorkflow';

const WORKFLOW_ID = 'e2eTriggerEvents1';
const WEBHOOK_ID = '6f0c2a1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const INSTANCE = 'Support Team';

let messaging: EvolutionFake;
let n8n: N8n;
let server: N8nServer;

const workflow = messagingTriggerWorkflow({
	id: WORKFLOW_ID,
	name: 'Messaging Trigger: other events e2e',
	webhookId: WEBHOOK_ID,
	instance: INSTANCE,
	events: ['messageEdited', 'messageDeleted', 'call', 'presence', 'contacts', 'labels', 'qrCodeUpdated'],
});

beforeAll(async () => {
	({ messaging, n8n } = await n8nWithMessaging());
	await n8n.importWorkflows([workflow]);
	server = await n8n.startServer();
});

afterAll(() => stopAll(server, n8n, messaging));

/** The trigger's output of every execution so far, oldest first: items' JSON and binary metadata. */
async function startedRuns(count: number) {
	const runs = [];
	for (const summary of await server.waitForExecutions(WORKFLOW_ID, count)) {
		const { status, data } = await server.execution(summary.id);
		const items = data.resultData.runData['Messaging Trigger']?.[0].data?.main[0] ?? [];
		runs.push({ status, json: items.map((item) => item.json as IDataObject), binary: items.map((item) => item.binary) });
	}
	return runs;
}

describe('Messaging Trigger in a running n8n: edits, deletions, calls, presence, contacts, labels, QR codes', () => {
	it('subscribes to their Evolution events, starts one execution per delivery with its items, and refuses an incomplete one', async () => {
		await server.activate(WORKFLOW_ID);
		expect(messaging.webhooks.get(INSTANCE)).toMatchObject({
			enabled: true,
			url: `${server.url}/webhook/${WEBHOOK_ID}/webhook`,
			// The fake plays 2.3: Message Edited also takes edits made through the API (SEND_MESSAGE_UPDATE).
			events: ['CALL', 'CONTACTS_UPDATE', 'CONTACTS_UPSERT', 'LABELS_ASSOCIATION', 'LABELS_EDIT', 'MESSAGES_DELETE', 'MESSAGES_EDITED', 'PRESENCE_UPDATE', 'QRCODE_UPDATED', 'SEND_MESSAGE_UPDATE'],
		});

		// Delivered one after the other: each answer comes after n8n took the delivery in.
		const deliveries: [string, unknown][] = [
			['messages.edited', editedMessageData('3EB0E2EEDIT000000000001', 'Mejor el martes', { from: '51912345678' })],
			['messages.delete', deletedMessageKeyData('3EB0E2EGONE000000000001', { from: '51912345678' })],
			['call', callData('offer', { id: 'E2ECALL0001', from: '51912345678' })],
			['presence.update', presenceData('51912345678', { '51912345678': 'composing' })],
			['contacts.update', contactsData([{ phone: '51912345678', name: 'Ana Torres' }, { phone: '51987654321', name: 'Luis Paredes' }])],
			['labels.association', labelAssociationData(INSTANCE, 'add', '51912345678', '5')],
			['qrcode.updated', { qrcode: { ...qrCodeData(INSTANCE).qrcode, base64: `data:image/png;base64,${SEEDED_PNG.toString('base64')}` } }],
		];
		for (const [event, data] of deliveries) expect((await messaging.deliver(INSTANCE, event, data)).statuses, event).toEqual([200]);

		// A message event without its message's key: 400, not retried, no execution.
		const incomplete = await messaging.deliver(INSTANCE, 'messages.edited', { type: 'MESSAGE_EDIT', editedMessage: { conversation: 'x' } });
		expect(incomplete.statuses).toEqual([400]);

		const runs = await startedRuns(deliveries.length);
		expect(runs.every((run) => run.status === 'success')).toBe(true);
		const byEvent = Object.fromEntries(runs.map((run) => [String(run.json[0]?.event), run]));
		expect(Object.keys(byEvent).sort()).toEqual(deliveries.map(([event]) => event).sort());

		expect(byEvent['messages.edited'].json).toEqual([
			expect.objectContaining({ instance: INSTANCE, messageId: '3EB0E2EEDIT000000000001', senderPhone: '51912345678', text: 'Mejor el martes', fromMe: false }),
		]);
		expect(byEvent['messages.delete'].json).toEqual([expect.objectContaining({ messageId: '3EB0E2EGONE000000000001', chatJid: '51912345678@s.whatsapp.net' })]);
		expect(byEvent.call.json).toEqual([expect.objectContaining({ callId: 'E2ECALL0001', status: 'offer', callerPhone: '51912345678', isVideo: false })]);
		expect(byEvent['presence.update'].json).toEqual([expect.objectContaining({ phone: '51912345678', presence: 'composing' })]);
		expect(byEvent['contacts.update'].json.map((item) => [item.phone, item.name])).toEqual([
			['51912345678', 'Ana Torres'],
			['51987654321', 'Luis Paredes'],
		]);
		expect(byEvent['labels.association'].json).toEqual([expect.objectContaining({ labelId: '5', action: 'add', chatJid: '51912345678@s.whatsapp.net' })]);
		expect(byEvent['qrcode.updated'].json).toEqual([expect.objectContaining({ qrCode: expect.stringMatching(/^2@/), error: null })]);
		expect(byEvent['qrcode.updated'].binary[0]?.data).toMatchObject({ mimeType: 'image/png', fileName: `${INSTANCE}-qr.png`, fileExtension: 'png' });
		// No item carries the server's API key, which Evolution puts in every delivery.
		expect(JSON.stringify(runs)).not.toContain(DEFAULT_API_KEY);

		// Nothing else started: the incomplete delivery is not an execution.
		expect(await server.executions(WORKFLOW_ID)).toHaveLength(deliveries.length);
		await server.deactivate(WORKFLOW_ID);
	});
});
