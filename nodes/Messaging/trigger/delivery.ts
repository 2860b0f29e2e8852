// One delivery from Evolution: checked against the workflow's secret, read, filtered, and turned
// into the item that starts the workflow (once per message: Evolution retries failed deliveries).
import type { IBinaryKeyData, IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { TriggerEvent } from './events';
import { filtersFrom, messageFilteredOut, statusFilteredOut } from './filters';
import { isDelivery, mediaOf, normalise, triggerEventOf, type Delivery, type MessageFields } from './normalise';
import { VERIFICATION_HEADER, type Registration } from './registration';
import { fetchMedia } from './media';

/** How many recent deliveries are remembered to drop repeats (static data is saved with the workflow). */
export const RECENT_DELIVERIES = 200;

/**
 * Recent deliveries per trigger, in this process. n8n 2.41 does not save static data changed while
 * a production webhook is received (it does for activation and test webhooks), so the static data
 * list alone misses repeats there; this keeps them within the process that receives the webhooks.
 */
const recentByTrigger = new Map<string, string[]>();
function recentInProcess(trigger: string): string[] {
	let recent = recentByTrigger.get(trigger);
	if (!recent) {
		recent = [];
		recentByTrigger.set(trigger, recent);
	}
	return recent;
}

/** Compares without stopping at the first difference, so the time taken tells nothing about the secret. */
function sameSecret(given: unknown, expected: string): boolean {
	if (typeof given !== 'string' || given.length !== expected.length) return false;
	let difference = 0;
	for (let i = 0; i < expected.length; i++) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i);
	return difference === 0;
}

function answer(fns: IWebhookFunctions, status: number, body: IDataObject): IWebhookResponseData {
	fns.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}

/** Why a delivery starts nothing: 200 all the same, so that Evolution does not retry it. */
const skipped = (reason: string): IWebhookResponseData => ({ webhookResponse: { received: true, started: false, reason } });

/** What makes two deliveries the same, from the item's fields: a message's id (its upsert and send echo too), a status update's id and status, else the event and its time. */
function deliveryKey(fields: IDataObject, delivery: Delivery, kind: TriggerEvent | undefined): string | undefined {
	if (kind === 'messageReceived' || kind === 'messageSent') return fields.messageId ? `message:${String(fields.messageId)}` : undefined;
	if (kind === 'messageStatus') return fields.messageId ? `status:${String(fields.messageId)}:${String(fields.status)}` : undefined;
	return delivery.date_time ? `${delivery.event}:${delivery.date_time}` : undefined;
}

/** Whether the chosen events include this delivery; "All Events" takes everything. */
function isChosen(events: TriggerEvent[], kind: TriggerEvent | undefined): boolean {
	return events.includes('all') || (kind !== undefined && events.includes(kind));
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const registration = this.getWorkflowStaticData('node') as Registration;
	const headers = this.getHeaderData() as IDataObject;
	if (!registration.secret || !sameSecret(headers[VERIFICATION_HEADER], registration.secret)) {
		return answer(this, 401, {
			message: `Missing or wrong ${VERIFICATION_HEADER} header: this webhook only takes deliveries from the Evolution API instance it registered itself with.`,
		});
	}
	const body = this.getBodyData();
	if (!isDelivery(body)) return answer(this, 400, { message: 'Not an Evolution API event: the body has no "event".' });

	const kind = triggerEventOf(body);
	const events = this.getNodeParameter('events', []) as TriggerEvent[];
	if (!isChosen(events, kind)) return skipped(`${body.event} is not among the chosen events`);

	// The item's fields, read once: the filters and the repeat check use them too.
	const json = normalise(body);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const filters = filtersFrom(options);
	if (kind === 'messageReceived' || kind === 'messageSent') {
		const reason = messageFilteredOut(json as MessageFields, filters);
		if (reason) return skipped(`filtered out: ${reason}`);
	} else if (kind === 'messageStatus') {
		const reason = statusFilteredOut(json, filters);
		if (reason) return skipped(`filtered out: ${reason}`);
	} else if (kind === undefined && filters.ignoreFromMe) {
		// Other events of "All Events" still show whether this number sent them.
		const key = (body.data as IDataObject | undefined)?.key as IDataObject | undefined;
		if (key?.fromMe === true) return skipped('filtered out: sent by this number');
	}

	const key = deliveryKey(json, body, kind);
	if (key !== undefined) {
		const recent = registration.recent ?? [];
		const seen = recentInProcess(`${this.getWorkflow().id ?? ''}:${this.getNode().id}`);
		if (recent.includes(key) || seen.includes(key)) return skipped(`already received (${key})`);
		registration.recent = [...recent, key].slice(-RECENT_DELIVERIES);
		seen.push(key);
		if (seen.length > RECENT_DELIVERIES) seen.splice(0, seen.length - RECENT_DELIVERIES);
	}

	const item: INodeExecutionData = { json };
	const media = (kind === 'messageReceived' || kind === 'messageSent') && options.includeMedia === true ? mediaOf(body) : undefined;
	if (media) {
		try {
			const binary: IBinaryKeyData = { data: await fetchMedia(this, body, media) };
			item.binary = binary;
		} catch (error) {
			// The message still starts the workflow: losing it would be worse than missing its file.
			item.json.mediaError = (error as Error).message;
		}
	}
	return { workflowData: [[item]] };
}

