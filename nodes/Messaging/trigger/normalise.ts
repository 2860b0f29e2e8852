// Which of the trigger's events a delivery is, what a delivery of that kind must carry, and the
// items it becomes: the fields of its kind, with the raw event beside them minus the API key.
import type { IDataObject } from 'n8n-workflow';

import type { TriggerEvent } from './events';
import {
	callFields,
	connectionFields,
	contactFields,
	contactsOf,
	groupParticipantsFields,
	labelFields,
	presenceFields,
	qrCodeFields,
	statusFields,
} from './eventFields';
import { deletedFields, editedFields, isRevoke, messageFields, protocolMessageOf } from './messageFields';
import { dataOf, isObject, text, withoutApiKey, type Delivery } from './read';

/** Which of the trigger's events a delivery is (a message by whether this number sent it); undefined for others. */
export function triggerEventOf(delivery: Delivery): TriggerEvent | undefined {
	switch (delivery.event) {
		case 'messages.upsert':
			return isObject(dataOf(delivery).key) && (dataOf(delivery).key as IDataObject).fromMe === true ? 'messageSent' : 'messageReceived';
		case 'send.message':
			return 'messageSent';
		case 'messages.update':
			return 'messageStatus';
		case 'messages.edited':
		case 'send.message.update':
			return isRevoke(delivery) ? 'messageDeleted' : 'messageEdited';
		case 'messages.delete':
			return 'messageDeleted';
		case 'connection.update':
			return 'connectionUpdate';
		case 'qrcode.updated':
			return 'qrCodeUpdated';
		case 'group-participants.update':
			return 'groupParticipants';
		case 'call':
			return 'call';
		case 'presence.update':
			return 'presence';
		case 'contacts.upsert':
		case 'contacts.update':
			return 'contacts';
		case 'labels.edit':
		case 'labels.association':
			return 'labels';
		default:
			return undefined;
	}
}

/** The value at a dotted path of an object. */
function at(object: IDataObject, path: string): unknown {
	return path.split('.').reduce<unknown>((value, step) => (isObject(value) ? value[step] : undefined), object);
}

/** The first of the paths (`"data.key.id": "the message's ID"`) with no text or number; undefined when all are there. */
function firstMissing(root: IDataObject, paths: Record<string, string>): string | undefined {
	for (const [path, meaning] of Object.entries(paths)) {
		const value = at(root, path);
		if (!(typeof value === 'number' || text(value) !== undefined)) return `${path} (${meaning})`;
	}
	return undefined;
}

/**
 * What a delivery lacks that its kind must carry (what the items and the repeat check are made of),
 * or undefined. A delivery without it is answered 400 and starts nothing.
 */
export function missingOf(delivery: Delivery, kind: TriggerEvent | undefined): string | undefined {
	const root = { data: delivery.data } as IDataObject;
	switch (kind) {
		case 'messageReceived':
		case 'messageSent':
			return firstMissing(root, { 'data.key.id': "the message's ID", 'data.key.remoteJid': 'its chat' });
		case 'messageStatus':
			return (text(at(root, 'data.key.id')) ? undefined : firstMissing(root, { 'data.keyId': "the message's ID" })) ?? firstMissing(root, { 'data.status': 'the new status' });
		case 'messageEdited':
		case 'messageDeleted': {
			// An edit (or a deletion sent as one) names its message in the protocol message's key; a
			// deletion in its key, or is the key itself.
			const edit = delivery.event !== 'messages.delete';
			const message = edit ? protocolMessageOf(delivery) : dataOf(delivery);
			const path = edit || isObject(message.key) ? 'data.key' : 'data';
			return firstMissing({ data: message }, { [`${path}.id`]: "the message's ID", [`${path}.remoteJid`]: 'its chat' });
		}
		case 'connectionUpdate':
			return firstMissing(root, { 'data.state': 'the connection state' });
		case 'qrCodeUpdated':
			return at(root, 'data.message') ? undefined : firstMissing(root, { 'data.qrcode.code': 'the QR code' });
		case 'groupParticipants':
			return firstMissing(root, { 'data.id': 'the group', 'data.action': 'what changed' }) ?? (Array.isArray(at(root, 'data.participants')) ? undefined : 'data.participants (who)');
		case 'call':
			return firstMissing(root, { 'data.id': "the call's ID", 'data.from': 'the caller', 'data.status': "the call's status" });
		case 'presence':
			return firstMissing(root, { 'data.id': 'the chat' }) ?? (isObject(at(root, 'data.presences')) ? undefined : 'data.presences (who is doing what)');
		case 'contacts': {
			if (!Array.isArray(delivery.data) && !isObject(delivery.data)) return 'data (the contacts)';
			const index = contactsOf(delivery).findIndex((contact) => text(contact.remoteJid) === undefined);
			if (Array.isArray(delivery.data) && delivery.data.some((contact) => !isObject(contact))) return 'data (a list of contacts)';
			return index < 0 ? undefined : `${Array.isArray(delivery.data) ? `data[${index}]` : 'data'}.remoteJid (the contact's address)`;
		}
		case 'labels':
			return delivery.event === 'labels.association'
				? firstMissing(root, { 'data.labelId': 'the label', 'data.chatId': 'the chat', 'data.type': 'add or remove' })
				: firstMissing(root, { 'data.id': 'the label' });
		default:
			return undefined;
	}
}

/** The fields of a delivery's items: one set for most kinds, one per contact for contacts. */
function fieldsOf(delivery: Delivery, kind: TriggerEvent | undefined): IDataObject[] {
	switch (kind) {
		case 'messageReceived':
		case 'messageSent':
			return [messageFields(delivery)];
		case 'messageStatus':
			return [statusFields(delivery)];
		case 'messageEdited':
			return [editedFields(delivery)];
		case 'messageDeleted':
			return [deletedFields(delivery)];
		case 'connectionUpdate':
			return [connectionFields(delivery)];
		case 'qrCodeUpdated':
			return [qrCodeFields(delivery)];
		case 'groupParticipants':
			return [groupParticipantsFields(delivery)];
		case 'call':
			return [callFields(delivery)];
		case 'presence':
			return [presenceFields(delivery)];
		case 'contacts':
			return contactsOf(delivery).map((contact) => contactFields(contact, delivery.event));
		case 'labels':
			return [labelFields(delivery)];
		default:
			return [historySyncFields(delivery)];
	}
}

/** A history sync's state (`messages.set` from 2.3.7: `isLatest`, `progress` beside the envelope); nothing for other events. */
function historySyncFields(delivery: Delivery): IDataObject {
	if (delivery.event !== 'messages.set' || (delivery.isLatest === undefined && delivery.progress === undefined)) return {};
	return { isLatest: delivery.isLatest === true, progress: typeof delivery.progress === 'number' ? delivery.progress : null };
}

/** The raw event of an item: the delivery minus `apikey` and a media file's base64 (it travels as binary data). */
function rawOf(delivery: Delivery): IDataObject {
	const raw = withoutApiKey(delivery);
	if (isObject(raw.data) && isObject(raw.data.message) && 'base64' in raw.data.message) {
		const message = { ...raw.data.message };
		delete message.base64;
		raw.data = { ...raw.data, message };
	}
	return raw;
}

/**
 * The items of a delivery: the event, the instance, the fields of its kind, and the raw event. A
 * contacts delivery gives one item per contact, each with its own contact as `raw.data` (a history
 * sync can carry thousands: the whole list in every item would grow with its square).
 */
export function normalise(delivery: Delivery, kind = triggerEventOf(delivery)): IDataObject[] {
	const head = { event: delivery.event, instance: text(delivery.instance) ?? null };
	if (kind === 'contacts') {
		const raw = withoutApiKey(delivery);
		return contactsOf(delivery).map((contact) => ({ ...head, ...contactFields(contact, delivery.event), raw: { ...raw, data: contact } }));
	}
	return fieldsOf(delivery, kind).map((fields) => ({ ...head, ...fields, raw: rawOf(delivery) }));
}

/**
 * What makes two deliveries the same (Evolution retries): a message's ID (its upsert and send echo
 * too), a status update's ID and status, an edit's ID and time, a deletion's ID, a call's ID and
 * status; for other events, the event, its time and its data.
 */
export function repeatKeyOf(fields: IDataObject, delivery: Delivery, kind: TriggerEvent | undefined): string | undefined {
	const id = text(fields.messageId);
	switch (kind) {
		case 'messageReceived':
		case 'messageSent':
			return id && `message:${id}`;
		case 'messageStatus':
			return id && `status:${id}:${String(fields.status)}`;
		case 'messageEdited':
			return id && `edited:${id}:${String(fields.editedAt ?? fields.text)}`;
		case 'messageDeleted':
			return id && `deleted:${id}`;
		case 'call':
			return fields.callId ? `call:${String(fields.callId)}:${String(fields.status)}` : undefined;
		default:
			// A retry repeats the envelope exactly; two events in the same millisecond differ in their data.
			return delivery.date_time ? `${delivery.event}:${delivery.date_time}:${fingerprint(JSON.stringify(delivery.data ?? null))}` : undefined;
	}
}

/** A short fingerprint of a text (FNV-1a, 32 bits): enough to tell two events of one millisecond apart. */
function fingerprint(value: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
	return (hash >>> 0).toString(36);
}
