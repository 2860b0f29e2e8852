// The fields of the trigger's other events: status updates, the connection and its QR code, groups,
// calls, presence, contacts and labels, read from the shapes Evolution 2.1 to 2.3 send.
import type { IDataObject } from 'n8n-workflow';

import { dataOf, firstPhone, isGroupJid, isObject, isoFromMillisOrDate, text, type Delivery } from './read';

const STATUS_NAMES: Record<string, string> = {
	ERROR: 'error',
	PENDING: 'pending',
	SERVER_ACK: 'sent',
	DELIVERY_ACK: 'delivered',
	READ: 'read',
	PLAYED: 'played',
	DELETED: 'deleted',
};

/** The fields of a status update (`messages.update`): which message, and sent, delivered, read or played. */
export function statusFields(delivery: Delivery): IDataObject {
	const data = dataOf(delivery);
	const chatJid = text(data.remoteJid) ?? null;
	const status = text(data.status);
	return {
		messageId: text(data.keyId) ?? (isObject(data.key) ? text(data.key.id) : undefined) ?? null,
		chatJid,
		isGroup: isGroupJid(chatJid),
		fromMe: data.fromMe === true,
		status: status ? (STATUS_NAMES[status] ?? status.toLowerCase()) : null,
	};
}

/** The fields of a connection update: the state and, once open, the number and profile. */
export function connectionFields(delivery: Delivery): IDataObject {
	const data = dataOf(delivery);
	return {
		state: text(data.state) ?? null,
		statusReason: typeof data.statusReason === 'number' ? data.statusReason : null,
		phone: firstPhone(data.wuid) ?? null,
		profileName: text(data.profileName) ?? null,
	};
}

/**
 * The fields of a new QR code: the code (for a QR generator), its picture as a data URL (the PNG
 * itself goes into binary data), the pairing code. When the instance used up its QR codes, the
 * event has no code but Evolution's reason (`{message, statusCode}`): it becomes `error`.
 */
export function qrCodeFields(delivery: Delivery): IDataObject {
	const data = dataOf(delivery);
	const qrcode = isObject(data.qrcode) ? data.qrcode : {};
	return {
		qrCode: text(qrcode.code) ?? null,
		qrCodeImage: text(qrcode.base64) ?? null,
		pairingCode: text(qrcode.pairingCode) ?? null,
		error: text(qrcode.code) ? null : (text(data.message) ?? null),
	};
}

/** The fields of a group participants update; participants are JIDs (to 2.3.5) or objects (2.3.6). */
export function groupParticipantsFields(delivery: Delivery): IDataObject {
	const data = dataOf(delivery);
	const participants = (Array.isArray(data.participants) ? data.participants : []).map((participant) => {
		const jid = isObject(participant) ? text(participant.id) : text(participant);
		const phone = isObject(participant) ? firstPhone(participant.id, participant.phoneNumber) : firstPhone(participant);
		return { jid: jid ?? null, phone: phone ?? null };
	});
	return {
		groupJid: text(data.id) ?? null,
		action: text(data.action) ?? null,
		participants,
		authorPhone: firstPhone(data.author, data.authorPn) ?? null,
	};
}

/**
 * The fields of a call (`call`: Baileys' call event). Each change of a call is one delivery:
 * `offer` (it rings here), `ringing`, `accept`, `reject`, `timeout` (missed), `terminate`.
 */
export function callFields(delivery: Delivery): IDataObject {
	const data = dataOf(delivery);
	const from = text(data.from) ?? null;
	const groupJid = text(data.groupJid) ?? null;
	return {
		callId: text(data.id) ?? null,
		status: text(data.status) ?? null,
		callerJid: from,
		callerPhone: firstPhone(data.from, data.callerPn, data.chatId) ?? null,
		isVideo: data.isVideo === true,
		isGroup: data.isGroup === true || isGroupJid(groupJid),
		groupJid,
		chatJid: text(data.chatId) ?? from,
		timestamp: isoFromMillisOrDate(data.date),
		offline: data.offline === true,
	};
}

/** What WhatsApp says someone is doing: `available`, `unavailable`, `composing` (typing), `recording`, `paused`. */
export function presenceFields(delivery: Delivery): IDataObject {
	const data = dataOf(delivery);
	const chatJid = text(data.id) ?? null;
	const presences = isObject(data.presences) ? data.presences : {};
	const people = Object.entries(presences).map(([jid, value]) => {
		const presence = isObject(value) ? value : {};
		return {
			jid,
			phone: firstPhone(jid) ?? null,
			presence: text(presence.lastKnownPresence) ?? null,
			lastSeen: typeof presence.lastSeen === 'number' ? new Date(presence.lastSeen * 1000).toISOString() : null,
		};
	});
	// A direct chat has one person; in a group, the first reported is the one at the top level.
	const first = people[0];
	return {
		chatJid,
		isGroup: isGroupJid(chatJid),
		phone: first?.phone ?? firstPhone(chatJid) ?? null,
		presence: first?.presence ?? null,
		lastSeen: first?.lastSeen ?? null,
		presences: people,
	};
}

/** The contacts of a `contacts.upsert` or `contacts.update` delivery: a list, or one contact. */
export function contactsOf(delivery: Delivery): IDataObject[] {
	if (Array.isArray(delivery.data)) return delivery.data.filter(isObject);
	return isObject(delivery.data) ? [delivery.data] : [];
}

/** One contact's fields: its address, phone, name and picture. */
export function contactFields(contact: IDataObject, event: string): IDataObject {
	const contactJid = text(contact.remoteJid) ?? null;
	return {
		contactJid,
		phone: firstPhone(contact.remoteJid, contact.remoteJidAlt) ?? null,
		name: text(contact.pushName) ?? null,
		profilePictureUrl: text(contact.profilePicUrl) ?? null,
		action: event === 'contacts.upsert' ? 'add' : 'update',
	};
}

/**
 * The fields of a label change (WhatsApp Business): a label created, renamed, recoloured or deleted
 * (`labels.edit`), or put on or taken off a chat (`labels.association`).
 */
export function labelFields(delivery: Delivery): IDataObject {
	const data = dataOf(delivery);
	if (delivery.event === 'labels.association') {
		const chatJid = text(data.chatId) ?? null;
		return {
			labelId: text(data.labelId) ?? null,
			labelName: null,
			color: null,
			action: data.type === 'remove' ? 'remove' : 'add',
			chatJid,
			isGroup: isGroupJid(chatJid),
		};
	}
	return {
		labelId: text(data.id) ?? null,
		labelName: text(data.name) ?? null,
		color: data.color === undefined || data.color === null ? null : String(data.color),
		action: data.deleted === true ? 'delete' : 'edit',
		chatJid: null,
		isGroup: false,
	};
}
