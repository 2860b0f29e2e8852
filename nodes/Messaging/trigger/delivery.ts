// One delivery from Evolution: checked against the workflow's secret and what its kind must carry,
// read, filtered, and turned into the items that start the workflow (once: Evolution retries).
import type { IBinaryKeyData, IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { QR_BINARY_FIELD, qrPng } from '../resources/instance/qrCode';
import type { TriggerEvent } from './events';
import { chatFilteredOut, filtersFrom, messageFilteredOut, type TriggerFilters } from './filters';
import type { MediaSource } from '../media/store';
import { fetchMedia } from './media';
import { mediaOf, type MessageFields } from './messageFields';
import { missingOf, normalise, repeatKeyOf, triggerEventOf } from './normalise';
import { byOutput } from './outputs';
import { dataOf, isDelivery, isObject, type Delivery } from './read';
import { VERIFICATION_HEADER, type Registration } from './registration';

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
	const missing = missingOf(body, kind);
	if (missing) {
		return answer(this, 400, {
			message: `A ${body.event} event without ${missing}: nothing was started. Evolution sends it with every such event; check what sent this request.`,
		});
	}

	// The items' fields, read once: the filters and the repeat check use them too.
	const items = normalise(body, kind);
	if (items.length === 0) return skipped(`${body.event} with no ${kind === 'contacts' ? 'contacts' : 'content'}`);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const reason = filteredOut(items[0], body, kind, filtersFrom(options));
	if (reason) return skipped(`filtered out: ${reason}`);

	const key = repeatKeyOf(items[0], body, kind);
	if (key !== undefined) {
		const recent = registration.recent ?? [];
		const seen = recentInProcess(`${this.getWorkflow().id ?? ''}:${this.getNode().id}`);
		if (recent.includes(key) || seen.includes(key)) return skipped(`already received (${key})`);
		registration.recent = [...recent, key].slice(-RECENT_DELIVERIES);
		seen.push(key);
		if (seen.length > RECENT_DELIVERIES) seen.splice(0, seen.length - RECENT_DELIVERIES);
	}

	const workflowItems: INodeExecutionData[] = items.map((json) => ({ json }));
	const file = await binaryOf(this, body, kind, options);
	if (file instanceof Error) workflowItems[0].json.mediaError = file.message;
	else if (file) {
		workflowItems[0].binary = file.binary;
		// Which source served a media message's file (trigger/media.ts), and why not the store when it was passed over.
		if (file.source) Object.assign(workflowItems[0].json, { mediaSource: file.source }, file.storeError ? { mediaStoreError: file.storeError } : {});
	}
	return { workflowData: byOutput(workflowItems, { events, options }, kind) };
}

/** Why a delivery's item starts nothing, by the filters that apply to its kind; undefined when it starts the workflow. */
function filteredOut(fields: IDataObject, delivery: Delivery, kind: TriggerEvent | undefined, filters: TriggerFilters): string | undefined {
	switch (kind) {
		case 'messageReceived':
		case 'messageSent':
			return messageFilteredOut(fields as MessageFields, filters);
		case 'messageEdited':
		case 'messageDeleted':
			return chatFilteredOut(fields, filters, true);
		case 'messageStatus':
		case 'call':
		case 'presence':
			return chatFilteredOut(fields, filters);
		case undefined: {
			// Other events of "All Events" still show whether this number sent them.
			const key = dataOf(delivery).key;
			return filters.ignoreFromMe && isObject(key) && key.fromMe === true ? 'sent by this number' : undefined;
		}
		default:
			return undefined;
	}
}

/**
 * The file an item carries: a new QR code's PNG always; a media message's file with Include Media
 * Files. A file that cannot be had is an Error: the message still starts the workflow, saying why.
 */
async function binaryOf(
	fns: IWebhookFunctions,
	delivery: Delivery,
	kind: TriggerEvent | undefined,
	options: IDataObject,
): Promise<{ binary: IBinaryKeyData; source?: MediaSource; storeError?: string } | Error | undefined> {
	if (kind === 'qrCodeUpdated') {
		const png = qrPng(dataOf(delivery).qrcode);
		if (!png) return undefined;
		return { binary: { [QR_BINARY_FIELD]: await fns.helpers.prepareBinaryData(png, `${String(delivery.instance ?? 'instance')}-qr.png`, 'image/png') } };
	}
	if ((kind !== 'messageReceived' && kind !== 'messageSent') || options.includeMedia !== true) return undefined;
	const media = mediaOf(delivery);
	if (!media) return undefined;
	try {
		const { binary, source, storeError } = await fetchMedia(fns, delivery, media);
		return { binary: { data: binary }, source, storeError };
	} catch (error) {
		return error as Error;
	}
}
