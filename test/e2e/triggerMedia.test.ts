// The Messaging Trigger's Include Media Files in a running n8n (`n8n start`, filesystem binary
// mode, its default outside queue mode) against the Evolution fake with S3 on: the file streamed
// from the delivery's `mediaUrl` (the fake plays the bucket) into n8n's binary store, byte for
// byte, and the server's base64 route asked instead once the store refuses the link.
import { randomBytes } from 'node:crypto';

import type { IBinaryData, IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FAKE_S3_BUCKET, type EvolutionFake } from '../../fakes/evolution';
import { mediaMessageData } from '../../fakes/evolution/events';
import { N8n, type N8nServer } from './n8n';
import { n8nWithMessaging, stopAll } from './sandbox';
import { messagingTriggerWorkflow } from './triggerWorkflow';

const INSTANCE = 'Support Team';
const workflow = messagingTriggerWorkflow({
	id: 'e2eTriggerMedia1',
	name: 'Messaging Trigger media e2e',
	webhookId: '5e0c7a1d-2b3f-4c6d-8e9f-0a1b2c3d4e5f',
	instance: INSTANCE,
	events: ['messageReceived'],
	options: { includeMedia: true, replaceExistingWebhook: true },
});
const WORKFLOW_ID = workflow.id;

let messaging: EvolutionFake;
let n8n: N8n;
let server: N8nServer;

beforeAll(async () => {
	({ messaging, n8n } = await n8nWithMessaging({ s3: true }));
	await n8n.importWorkflows([workflow]);
	server = await n8n.startServer();
	await server.activate(WORKFLOW_ID);
});

afterAll(() => stopAll(server, n8n, messaging));

/** A document received on the instance, stored (with S3 on: in the bucket), and delivered. */
async function receiveDocument(bytes: Buffer, fileName: string) {
	const id = messaging.storeMedia({ instance: INSTANCE, mediaType: 'document', bytes, mimetype: 'application/pdf', fileName });
	const outcome = await messaging.deliver(INSTANCE, 'messages.upsert', mediaMessageData({ id, mediaType: 'document', mimetype: 'application/pdf', fileName }));
	expect(outcome.statuses).toEqual([200]);
	return id;
}

/** The trigger's item of the execution whose message has this ID, and its file's bytes from n8n's binary store. */
async function startedWith(id: string, count: number) {
	await server.waitForExecutions(WORKFLOW_ID, count);
	for (const summary of await server.executions(WORKFLOW_ID)) {
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
		const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256 * 1024), Buffer.from('\n%%EOF\n')]);
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
		const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096), Buffer.from('\n%%EOF\n')]);
		const id = await receiveDocument(pdf, 'Vencido.pdf');
		const { json, bytes } = await startedWith(id, 2);
		expect(json).toMatchObject({ messageId: id, mediaSource: 'server' });
		expect(json.mediaStoreError).toMatch(new RegExp(`^the store answered 403 for message ${id} at .+ \\(the link expired or was refused\\)$`));
		expect(bytes.equals(pdf)).toBe(true);
		expect(base64Asked(id)).toHaveLength(1);
	});
});
