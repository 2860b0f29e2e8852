// The Messaging Trigger's Include Media Files in a running n8n (`n8n start`, filesystem binary
// mode, its default outside queue mode) against the Evolution fake with S3 on: the file streamed
// from the delivery's `mediaUrl` (the fake plays the bucket) into n8n's binary store, byte for
// byte, and the server's base64 route asked instead once the store refuses the link; with Media
// Files From: Each Delivery, the file in the delivery, and n8n's payload limit refusing a big one.
import { randomBytes } from 'node:crypto';

import type { IBinaryData, IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { FAKE_S3_BUCKET, type EvolutionFake } from '../../fakes/evolution';
import { mediaMessageData } from '../../fakes/evolution/events';
import { N8n, type N8nServer } from './n8n';
import { n8nWithMessaging, stopAll } from './sandbox';
import { messagingTriggerWorkflow } from './triggerWorkflow';

/** A trigger of received messages with Include Media Files, its files taken as `mediaFrom` says (the node's default when undefined). */
const mediaWorkflow = (n: number, instance: string, webhookId: string, mediaFrom?: string) =>
	messagingTriggerWorkflow({
		id: `e2eTriggerMedia${n}`,
		name: `Messaging Trigger media e2e ${n}`,
		webhookId,
		instance,
		events: ['messageReceived'],
		options: { includeMedia: true, ...(mediaFrom ? { mediaFrom } : {}), replaceExistingWebhook: true },
	});

const INSTANCE = 'Support Team';
const workflow = mediaWorkflow(1, INSTANCE, '5e0c7a1d-2b3f-4c6d-8e9f-0a1b2c3d4e5f');
const WORKFLOW_ID = workflow.id;
/** The same trigger with Media Files From: Each Delivery (Base64), on another instance (one webhook each). */
const IN_DELIVERIES = 'sales';
const inDeliveries = mediaWorkflow(2, IN_DELIVERIES, '7a2d9c4e-1f3b-4a5c-9d8e-2b4c6d8e0f1a', 'delivery');

let messaging: EvolutionFake;
let n8n: N8n;
let server: N8nServer;

beforeAll(async () => {
	({ messaging, n8n } = await n8nWithMessaging({ s3: true }));
	await n8n.importWorkflows([workflow, inDeliveries]);
	server = await n8n.startServer();
	await server.activate(WORKFLOW_ID);
	await server.activate(inDeliveries.id);
});

afterAll(() => stopAll(server, n8n, messaging));

// A test that makes the store refuse its links says so itself.
beforeEach(() => {
	messaging.s3LinksExpired = false;
});

/** A document received on the instance, stored (with S3 on: in the bucket), and delivered; the statuses n8n answered. */
async function deliverDocument(bytes: Buffer, fileName: string, instance = INSTANCE) {
	const id = messaging.storeMedia({ instance, mediaType: 'document', bytes, mimetype: 'application/pdf', fileName });
	const outcome = await messaging.deliver(instance, 'messages.upsert', mediaMessageData({ id, mediaType: 'document', mimetype: 'application/pdf', fileName }));
	return { id, outcome };
}

async function receiveDocument(bytes: Buffer, fileName: string, instance = INSTANCE) {
	const { id, outcome } = await deliverDocument(bytes, fileName, instance);
	expect(outcome.statuses).toEqual([200]);
	return id;
}

const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size), Buffer.from('\n%%EOF\n')]);

/** The trigger's item of the execution whose message has this ID, and its file's bytes from n8n's binary store. */
async function startedWith(id: string, count: number, workflowId = WORKFLOW_ID) {
	await server.waitForExecutions(workflowId, count);
	for (const summary of await server.executions(workflowId)) {
		const { data } = await server.execution(summary.id);
		const item = data.resultData.runData['Messaging Trigger']?.[0].data?.main[0]?.[0];
		if (item?.json.messageId !== id) continue;
		const binary = item.binary?.data as IBinaryData;
		const file = await server.getSignedIn(`/rest/binary-data?id=${encodeURIComponent(binary.id!)}&action=download`);
		expect(file.status).toBe(200);
		return { json: item.json as IDataObject, binary, bytes: Buffer.from(await file.arrayBuffer()) };
	}
	throw new Error(`no execution started with message ${id}`);
}

const base64Asked = (id: string) =>
	messaging.requests.filter((request) => request.path === `/chat/getBase64FromMediaMessage/${encodeURIComponent(INSTANCE)}` && JSON.stringify(request.body).includes(id));
const bucketAsked = () => messaging.requests.filter((request) => request.path.startsWith(`/${FAKE_S3_BUCKET}/`));

describe('Messaging Trigger media from the S3 store in a running n8n', () => {
	it("streams the delivery's mediaUrl into n8n's filesystem binary store, byte for byte, without the base64 route", async () => {
		const pdf = pdfOf(256 * 1024);
		const id = await receiveDocument(pdf, 'Informe mensual.pdf');
		const { json, binary, bytes } = await startedWith(id, 1);
		expect(json).toMatchObject({ messageId: id, messageType: 'document', mediaSource: 'store' });
		expect(json).not.toHaveProperty('mediaStoreError');
		expect(binary).toMatchObject({ mimeType: 'application/pdf', fileName: 'Informe mensual.pdf', fileExtension: 'pdf' });
		expect(binary.id).toMatch(/^filesystem-v2:/);
		expect(bytes.equals(pdf)).toBe(true);
		expect(bucketAsked()).toHaveLength(1);
		expect(base64Asked(id)).toEqual([]);
	});

	it('asks the server once when the store answers 403 (the link expired), and says so', async () => {
		messaging.s3LinksExpired = true;
		const pdf = pdfOf(4096);
		const id = await receiveDocument(pdf, 'Vencido.pdf');
		const { json, bytes } = await startedWith(id, 2);
		expect(json).toMatchObject({ messageId: id, mediaSource: 'server' });
		expect(json.mediaStoreError).toMatch(new RegExp(`^the store answered 403 for message ${id} at .+ \\(the link expired or was refused\\)$`));
		expect(bytes.equals(pdf)).toBe(true);
		expect(base64Asked(id)).toHaveLength(1);
	});

	it("takes a file over n8n's payload limit from the store, where Each Delivery (Base64) loses its message", async () => {
		// 13 MB: its base64 (17.3 MB) is over n8n's 16 MB N8N_PAYLOAD_SIZE_MAX, the file itself is not.
		const big = pdfOf(13 * 1024 * 1024);
		const refused = await deliverDocument(big, 'Grande.pdf', IN_DELIVERIES);
		// n8n answers every attempt 500 (raw-body's PayloadTooLargeError, logged), and the server gives up.
		expect(refused.outcome.delivered).toBe(false);
		expect(refused.outcome.statuses.length).toBeGreaterThan(1);
		expect(new Set(refused.outcome.statuses)).toEqual(new Set([500]));
		expect(server.log).toContain('PayloadTooLargeError: request entity too large');
		// Each attempt carried the file: the server put it in the delivery, as the webhook's Base64 asks.
		const attempt = messaging.webhookAttempts.filter((sent) => sent.instance === IN_DELIVERIES).at(-1)!;
		expect(((attempt.body.data as IDataObject).message as IDataObject).base64).toBe(big.toString('base64'));

		const small = pdfOf(2048);
		const smallId = await receiveDocument(small, 'Pequeño.pdf', IN_DELIVERIES);
		const delivered = await startedWith(smallId, 1, inDeliveries.id);
		expect(delivered.json).toMatchObject({ messageId: smallId, mediaSource: 'webhook' });
		expect(delivered.bytes.equals(small)).toBe(true);
		// The big one started nothing: the only execution is the small one's.
		expect(await server.executions(inDeliveries.id)).toHaveLength(1);

		const id = await receiveDocument(big, 'Grande.pdf');
		const { json, bytes } = await startedWith(id, 3);
		expect(json).toMatchObject({ messageId: id, mediaSource: 'store' });
		expect(bytes.equals(big)).toBe(true);
	});
});
