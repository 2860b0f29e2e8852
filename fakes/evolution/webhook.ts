// The webhook routes (webhook/set, webhook/find) and the deliveries: an instance's events POSTed to
// its webhook as WebhookController.emit does, with 2.3's retries (delays scaled down).
import { randomBytes } from 'node:crypto';

import { internalError, schemaFailure } from './answers.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import { releaseAtLeast } from './server.ts';
import { droppedVideo, withStoreLink } from './storage.ts';
import { deliveryHeaders, eventsOf, hasHistoryProgress, upsertAsDelivered, type EvolutionRelease } from './release.ts';
import type { CannedAnswer, DeliveryOutcome, FakeInstance, FakeState, FakeWebhook } from './types.ts';

/** EventController.events of 2.3.x: what a webhook may subscribe to (`eventsOf(release)` for the others). */
export const WEBHOOK_EVENTS = eventsOf('2.3.6');

function schemasOf(release: EvolutionRelease, events = eventsOf(release)) {
	return {
		webhook: {
			type: 'object',
			properties: {
				webhook: {
					type: 'object',
					properties: {
						enabled: { type: 'boolean' },
						url: { type: 'string' },
						headers: { type: 'object' },
						byEvents: { type: 'boolean' },
						base64: { type: 'boolean' },
						events: { type: 'array', minItems: 0, items: { type: 'string', enum: events } },
					},
					required: ['enabled', 'url'],
					...isNotEmpty('enabled', 'url'),
				},
			},
			required: ['webhook'],
		},
		/** 2.0.x: the same keys at the top level, with webhookByEvents and webhookBase64. */
		webhookFlat: {
			type: 'object',
			properties: {
				enabled: { type: 'boolean' },
				url: { type: 'string' },
				webhookByEvents: { type: 'boolean' },
				webhookBase64: { type: 'boolean' },
				events: { type: 'array', minItems: 0, items: { type: 'string', enum: events } },
			},
			required: ['enabled', 'url'],
			...isNotEmpty('enabled', 'url'),
		},
	} satisfies Record<string, JsonSchema>;
}
/** 2.2's EventController.events: 2.3's without the four names 2.3.0 added. */
const EVENTS_ADDED_IN_2_3 = ['SEND_MESSAGE_UPDATE', 'INSTANCE_CREATE', 'INSTANCE_DELETE', 'STATUS_INSTANCE'];
const EVENTS_2_2 = eventsOf('2.3.6').filter((name) => !EVENTS_ADDED_IN_2_3.includes(name));
const schemas22 = schemasOf('2.3.6', EVENTS_2_2);
const schemasByRelease = new Map<EvolutionRelease, ReturnType<typeof schemasOf>>();
const schemasFor = (release: EvolutionRelease) => {
	if (!schemasByRelease.has(release)) schemasByRelease.set(release, schemasOf(release));
	return schemasByRelease.get(release)!;
};

/** WebhookController.set: validated by webhookSchema (2.0: a flat body), saved like Prisma's upsert. */
export function setWebhook(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const webhookRelease = state.options.webhookRelease ?? '2.3';
	const legacy = webhookRelease === '2.0';
	// A server that names a release before 2.3.0 (the serverVersion option) has 2.2's events: none of 2.3's.
	const schemas = releaseAtLeast(state, '2.3.0') ? schemasFor(state.fake.release) : schemas22;
	const invalid = schemaFailure(body, legacy ? schemas.webhookFlat : schemas.webhook);
	if (invalid) return invalid;
	const given = (legacy ? body : body.webhook) as Record<string, unknown>;
	const enabled = given.enabled === true;
	let events = given.events as string[] | undefined;
	if (!enabled) events = [];
	// `data.webhook.events.length` on a missing list: a TypeError, answered as a 500.
	else if (events === undefined) return internalError("Cannot read properties of undefined (reading 'length')");
	else if (events.length === 0) events = releaseAtLeast(state, '2.3.0') ? [...eventsOf(state.fake.release)] : [...EVENTS_2_2];
	const now = new Date().toISOString();
	const before = state.fake.webhooks.get(instance.name);
	const byEvents = (legacy ? given.webhookByEvents : given.byEvents) as boolean | undefined;
	const base64 = (legacy ? given.webhookBase64 : given.base64) as boolean | undefined;
	const keepsHeaders = webhookRelease === '2.3';
	// Prisma leaves out what is undefined: an update keeps the stored byEvents, base64 and headers.
	const row: FakeWebhook = {
		id: before?.id ?? `cm${randomBytes(12).toString('hex').slice(0, 23)}`,
		url: legacy && !enabled ? '' : String(given.url),
		...(keepsHeaders ? { headers: (given.headers as Record<string, string> | undefined) ?? before?.headers ?? null } : {}),
		enabled,
		events,
		webhookByEvents: byEvents ?? before?.webhookByEvents ?? false,
		webhookBase64: base64 ?? before?.webhookBase64 ?? false,
		createdAt: before?.createdAt ?? now,
		updatedAt: now,
		instanceId: state.idOf(instance.name),
	};
	state.fake.webhooks.set(instance.name, row);
	if (legacy) return { status: 201, body: { webhook: { instanceName: instance.name, webhook: given } } };
	return { status: 201, body: row };
}

/** EventController.get: the stored row, or `null` (JSON) when none was ever set. */
export function findWebhook(state: FakeState, instance: FakeInstance): CannedAnswer {
	return { status: 200, body: state.fake.webhooks.get(instance.name) ?? null };
}

const NOT_RETRIED = new Set([400, 401, 403, 404, 422]);

async function postOnce(url: string, headers: Record<string, string>, body: string): Promise<{ status?: number; error?: string }> {
	try {
		const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
		await response.arrayBuffer();
		return { status: response.status };
	} catch (error) {
		return { error: (error as Error).message };
	}
}

/**
 * A received media message's delivery with the webhook's Base64 on: the server downloads the file and
 * puts it in `message.base64`, after the store's link (`messages.upsert`: `localWebhook.enabled &&
 * webhookBase64 && isMedia`, with S3 on or off, and outside the DATABASE_SAVE_DATA_NEW_MESSAGE block,
 * so also for a message it did not store; docs/evolution-api.md, "Webhooks"). A sent one has it from
 * the send (message.ts). The fake has the file of each media message received through `storeMedia`.
 */
function withDeliveredFile(state: FakeState, webhook: FakeWebhook | undefined, data: unknown): unknown {
	const delivered = data as { key?: { id?: unknown }; message?: Record<string, unknown> } | null;
	if (!webhook?.enabled || !webhook.webhookBase64 || typeof delivered?.message !== 'object' || delivered.message.base64 !== undefined) return data;
	const id = delivered.key?.id;
	const stored = typeof id === 'string' ? (state.fake.messages.get(id) ?? state.receivedUnsaved.get(id)) : undefined;
	if (!stored?.media) return data;
	return { ...delivered, message: { ...delivered.message, base64: stored.media.bytes.toString('base64') } };
}

/** WebhookController.emit, with 2.3's retries (delays scaled down to milliseconds). */
export async function deliverEvent(
	state: FakeState,
	instanceName: string,
	event: string,
	data: unknown,
	envelope?: Record<string, unknown>,
): Promise<DeliveryOutcome> {
	const retry = {
		maxAttempts: state.options.webhookRetry?.maxAttempts ?? 10,
		initialDelayMs: state.options.webhookRetry?.initialDelayMs ?? 50,
	};
	const instance = state.fake.instances.get(instanceName);
	const webhook = state.fake.webhooks.get(instanceName);
	const subscription = event.replace(/[.-]/g, '_').toUpperCase();
	const { release } = state.fake;
	// messages.set's history-sync state (isLatest, progress) goes before the envelope's keys, as `extra`.
	const extra = event === 'messages.set' && hasHistoryProgress(release) ? { isLatest: true, progress: 100 } : {};
	const body = envelope ?? {
		...extra,
		event,
		instance: instanceName,
		// A stored media message carries its link in the bucket when S3 is on (storage.ts), then its file with Base64 on.
		data: event === 'messages.upsert' ? withDeliveredFile(state, webhook, withStoreLink(state, upsertAsDelivered(release, data))) : withStoreLink(state, data),
		destination: webhook?.url,
		date_time: new Date().toISOString(),
		...(instance?.ownerJid ? { sender: instance.ownerJid } : {}),
		server_url: state.options.serverUrl ?? state.fake.url,
		apikey: instance?.token ?? null,
	};
	const skip = (reason: string): DeliveryOutcome => ({ delivered: false, statuses: [], envelope: body, skipped: reason });
	const dropped = envelope ? undefined : droppedVideo(state, event, data);
	if (dropped) return skip(dropped);
	if (!instance) return skip(`no instance ${instanceName}`);
	if (!webhook) return skip('no webhook set');
	if (!webhook.enabled) return skip('the webhook is disabled');
	if (!webhook.events.includes(subscription)) return skip(`${subscription} is not subscribed`);
	if (!/^(https?:\/\/)/.test(webhook.url)) return skip('the webhook URL is not http(s)');
	const url = webhook.webhookByEvents ? `${webhook.url}/${subscription.replace(/_/g, '-').toLowerCase()}` : webhook.url;
	const headers: Record<string, string> = {
		accept: 'application/json, text/plain, */*',
		'content-type': 'application/json',
		...(webhook.headers ?? {}),
		...deliveryHeaders(state, instanceName, event),
	};
	const payload = JSON.stringify(body);
	const statuses: Array<number | undefined> = [];
	for (let attempt = 1; attempt <= retry.maxAttempts; attempt++) {
		const result = await postOnce(url, headers, payload);
		state.fake.webhookAttempts.push({ instance: instanceName, event, url, headers, body, ...result });
		statuses.push(result.status);
		if (result.status !== undefined && result.status >= 200 && result.status < 300) return { delivered: true, statuses, envelope: body };
		if (result.status !== undefined && NOT_RETRIED.has(result.status)) break;
		if (attempt < retry.maxAttempts) {
			const delay = Math.min(retry.initialDelayMs * 2 ** (attempt - 1), 1000);
			await new Promise((resolve) => setTimeout(resolve, delay));
		}
	}
	return { delivered: false, statuses, envelope: body };
}

/**
 * What Evolution does after an action through the API: `event` (as deliveries name it:
 * `send.message`, `typebot.change-status`) to the webhook, when it subscribes to `subscribedAs`.
 */
export function emitEvent(state: FakeState, instanceName: string, subscribedAs: string, event: string, data: unknown) {
	const webhook = state.fake.webhooks.get(instanceName);
	if (!webhook?.enabled || !webhook.events.includes(subscribedAs)) return;
	const delivery = deliverEvent(state, instanceName, event, data).catch(() => undefined);
	state.inFlightDeliveries.add(delivery);
	void delivery.finally(() => state.inFlightDeliveries.delete(delivery));
}

/** After a send through the API: a `send.message` event. */
export const emitSendMessage = (state: FakeState, instanceName: string, message: unknown) => emitEvent(state, instanceName, 'SEND_MESSAGE', 'send.message', message);
