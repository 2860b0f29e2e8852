// A delivery as a no-code user wants it: the fields to map (who wrote, what, in which chat), read
// from the shapes Evolution 2.1 to 2.3 send, with the raw event beside them minus the API key.
import type { IDataObject } from 'n8n-workflow';

import type { TriggerEvent } from './events';

/** A delivery's envelope: `{event, instance, data, destination, date_time, sender, server_url, apikey}`. */
export interface Delivery extends IDataObject {
	event: string;
	instance?: string;
	data?: IDataObject;
	date_time?: string;
	sender?: string;
}

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Whether a body looks like an Evolution delivery at all. */
export function isDelivery(body: unknown): body is Delivery {
	return isObject(body) && typeof body.event === 'string' && body.event !== '';
}

/** The delivery without the server's API key, which Evolution puts in every one. */
export function withoutApiKey(delivery: Delivery): IDataObject {
	const rest: IDataObject = { ...delivery };
	delete rest.apikey;
	return rest;
}

export const isGroupJid = (jid: string | undefined) => jid?.endsWith('@g.us') === true;
export const isLid = (jid: string | undefined) => jid?.endsWith('@lid') === true;
export const STATUS_BROADCAST = 'status@broadcast';

/** The digits of a phone JID (`51987654321@s.whatsapp.net`, with a `:device` part or not); undefined for `@lid`, groups and others. */
export function phoneOf(jid: string | undefined): string | undefined {
	const match = /^(\d+)(?::\d+)?@(s\.whatsapp\.net|c\.us)$/.exec(jid ?? '');
	return match?.[1];
}

/** The first phone JID among candidates (the id itself, then its alternates); WhatsApp may give only an `@lid`. */
function firstPhone(...candidates: unknown[]): string | undefined {
	for (const candidate of candidates) {
		const phone = phoneOf(text(candidate));
		if (phone) return phone;
	}
	return undefined;
}

/** Readable message types, from the proto key Evolution names (`conversation`, `imageMessage`...). */
const MESSAGE_TYPES: Record<string, string> = {
	conversation: 'text',
	extendedTextMessage: 'text',
	imageMessage: 'image',
	videoMessage: 'video',
	ptvMessage: 'video',
	audioMessage: 'audio',
	documentMessage: 'document',
	documentWithCaptionMessage: 'document',
	stickerMessage: 'sticker',
	locationMessage: 'location',
	liveLocationMessage: 'location',
	contactMessage: 'contact',
	contactsArrayMessage: 'contact',
	reactionMessage: 'reaction',
	pollCreationMessage: 'poll',
	pollCreationMessageV2: 'poll',
	pollCreationMessageV3: 'poll',
};

export const MESSAGE_TYPE_OPTIONS = [
	{ name: 'Audio', value: 'audio' },
	{ name: 'Contact', value: 'contact' },
	{ name: 'Document', value: 'document' },
	{ name: 'Image', value: 'image' },
	{ name: 'Location', value: 'location' },
	{ name: 'Other', value: 'other' },
	{ name: 'Poll', value: 'poll' },
	{ name: 'Reaction', value: 'reaction' },
	{ name: 'Sticker', value: 'sticker' },
	{ name: 'Text', value: 'text' },
	{ name: 'Video', value: 'video' },
];

/** The media proto keys whose file can be fetched. */
export const MEDIA_TYPES = new Set(['imageMessage', 'videoMessage', 'ptvMessage', 'audioMessage', 'documentMessage', 'documentWithCaptionMessage', 'stickerMessage']);

/** The proto key of a message's content: the reported `messageType`, else the first content key. */
function protoTypeOf(data: IDataObject, message: IDataObject): string {
	const reported = text(data.messageType);
	if (reported && reported !== 'unknown') return reported;
	return Object.keys(message).find((key) => key === 'conversation' || /Message$/.test(key)) ?? 'unknown';
}

/** A document with a caption comes wrapped (`documentWithCaptionMessage.message.documentMessage`). */
function contentOf(message: IDataObject, protoType: string): IDataObject {
	const content = message[protoType];
	if (protoType === 'documentWithCaptionMessage' && isObject(content) && isObject(content.message)) {
		return (content.message.documentMessage as IDataObject) ?? {};
	}
	if (protoType === 'documentMessage' && !isObject(content) && isObject(message.documentWithCaptionMessage)) {
		const inner = (message.documentWithCaptionMessage as IDataObject).message;
		if (isObject(inner) && isObject(inner.documentMessage)) return inner.documentMessage;
	}
	return isObject(content) ? content : {};
}

/** What a message says: its text (plain or extended) or its media's caption. */
function textOf(message: IDataObject, content: IDataObject): string | null {
	const extended = message.extendedTextMessage;
	return (
		text(message.conversation) ??
		(isObject(extended) ? text(extended.text) : undefined) ??
		text(content.caption) ??
		(typeof content.text === 'string' ? content.text : undefined) ??
		null
	);
}

/** The quoted message's id: in the top-level contextInfo (2.1.2 on) or inside the content (older, and media). */
function quotedIdOf(data: IDataObject, message: IDataObject, content: IDataObject): string | null {
	const extended = message.extendedTextMessage;
	for (const context of [data.contextInfo, content.contextInfo, isObject(extended) ? extended.contextInfo : undefined]) {
		if (isObject(context) && text(context.stanzaId)) return context.stanzaId as string;
	}
	return null;
}

/** An ISO time from WhatsApp's seconds (a number, a numeric string, or a protobuf Long `{low, high}`). */
function isoFromSeconds(value: unknown): string | null {
	let seconds: number | undefined;
	if (typeof value === 'number') seconds = value;
	else if (typeof value === 'string' && /^\d+$/.test(value)) seconds = Number(value);
	else if (isObject(value) && typeof value.low === 'number') seconds = (value.low >>> 0) + Number(value.high ?? 0) * 2 ** 32;
	if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
	return new Date(seconds * 1000).toISOString();
}

export interface MessageFields extends IDataObject {
	messageId: string | null;
	chatJid: string | null;
	isGroup: boolean;
	fromMe: boolean;
	senderPhone: string | null;
	senderJid: string | null;
	senderName: string | null;
	text: string | null;
	messageType: string;
	timestamp: string | null;
	quotedMessageId: string | null;
}

/**
 * The fields of a message event (`messages.upsert`, `send.message`). The sender's phone comes from
 * the chat (direct chats) or the participant (groups); when WhatsApp names them by `@lid`, from the
 * alternate JID Evolution passes on (`remoteJidAlt`/`participantAlt` from 2.3.5, `senderPn`/
 * `participantPn` in 2.3.1–2.3.2; 2.3.3–2.3.4 put the phone in `remoteJid` itself). A message
 * this number sent is from its own number (the envelope's `sender`).
 */
export function messageFields(delivery: Delivery): MessageFields {
	const data = isObject(delivery.data) ? delivery.data : {};
	const key = isObject(data.key) ? data.key : {};
	const message = isObject(data.message) ? data.message : {};
	const protoType = protoTypeOf(data, message);
	const content = contentOf(message, protoType);
	const chatJid = text(key.remoteJid) ?? null;
	const isGroup = isGroupJid(chatJid ?? undefined);
	const fromMe = key.fromMe === true;
	let senderJid: string | null;
	let senderPhone: string | null;
	if (fromMe) {
		senderJid = text(delivery.sender) ?? null;
		senderPhone = firstPhone(delivery.sender) ?? null;
	} else if (isGroup) {
		senderJid = text(key.participant) ?? text(data.participant) ?? null;
		senderPhone = firstPhone(key.participant, key.participantAlt, key.participantPn, data.participant) ?? null;
	} else {
		senderJid = chatJid;
		senderPhone = firstPhone(key.remoteJid, key.remoteJidAlt, key.senderPn, key.previousRemoteJid) ?? null;
	}
	const messageType = MESSAGE_TYPES[protoType] ?? 'other';
	return {
		messageId: text(key.id) ?? null,
		chatJid,
		isGroup,
		fromMe,
		senderPhone,
		senderJid,
		// Evolution names messages this number sent "Você" when WhatsApp gives no name.
		senderName: fromMe ? null : (text(data.pushName) ?? null),
		text: textOf(message, content),
		messageType,
		timestamp: isoFromSeconds(data.messageTimestamp),
		quotedMessageId: quotedIdOf(data, message, content),
	};
}

/** The file a media message describes: its MIME type and name (documents have one). */
export function mediaOf(delivery: Delivery): { protoType: string; mimeType?: string; fileName?: string; base64?: string } | undefined {
	const data = isObject(delivery.data) ? delivery.data : {};
	const message = isObject(data.message) ? data.message : {};
	const protoType = protoTypeOf(data, message);
	if (!MEDIA_TYPES.has(protoType)) return undefined;
	const content = contentOf(message, protoType);
	return {
		protoType,
		mimeType: text(content.mimetype),
		fileName: text(content.fileName),
		base64: text(message.base64),
	};
}

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
	const data = isObject(delivery.data) ? delivery.data : {};
	const chatJid = text(data.remoteJid) ?? null;
	const status = text(data.status);
	return {
		messageId: text(data.keyId) ?? (isObject(data.key) ? text(data.key.id) : undefined) ?? null,
		chatJid,
		isGroup: isGroupJid(chatJid ?? undefined),
		fromMe: data.fromMe === true,
		status: status ? (STATUS_NAMES[status] ?? status.toLowerCase()) : null,
	};
}

/** The fields of a connection update: the state and, once open, the number and profile. */
function connectionFields(delivery: Delivery): IDataObject {
	const data = isObject(delivery.data) ? delivery.data : {};
	return {
		state: text(data.state) ?? null,
		statusReason: typeof data.statusReason === 'number' ? data.statusReason : null,
		phone: firstPhone(data.wuid) ?? null,
		profileName: text(data.profileName) ?? null,
	};
}

/** The fields of a new QR code: the code (for a QR generator) and its picture as a data URL. */
function qrCodeFields(delivery: Delivery): IDataObject {
	const data = isObject(delivery.data) ? delivery.data : {};
	const qrcode = isObject(data.qrcode) ? data.qrcode : {};
	return {
		qrCode: text(qrcode.code) ?? null,
		qrCodeImage: text(qrcode.base64) ?? null,
		pairingCode: text(qrcode.pairingCode) ?? null,
	};
}

/** The fields of a group participants update; participants are JIDs (to 2.3.5) or objects (2.3.6). */
function groupParticipantsFields(delivery: Delivery): IDataObject {
	const data = isObject(delivery.data) ? delivery.data : {};
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

/** Which of the trigger's events a delivery is (a message by whether this number sent it); undefined for others. */
export function triggerEventOf(delivery: Delivery): TriggerEvent | undefined {
	switch (delivery.event) {
		case 'messages.upsert': {
			const data = isObject(delivery.data) ? delivery.data : {};
			const key = isObject(data.key) ? data.key : {};
			return key.fromMe === true ? 'messageSent' : 'messageReceived';
		}
		case 'send.message':
			return 'messageSent';
		case 'messages.update':
			return 'messageStatus';
		case 'connection.update':
			return 'connectionUpdate';
		case 'qrcode.updated':
			return 'qrCodeUpdated';
		case 'group-participants.update':
			return 'groupParticipants';
		default:
			return undefined;
	}
}

/** The item for a delivery: the event, the instance, the fields of its kind, and the raw event (no API key). */
export function normalise(delivery: Delivery): IDataObject {
	const kind = triggerEventOf(delivery);
	let fields: IDataObject = {};
	if (kind === 'messageReceived' || kind === 'messageSent') fields = messageFields(delivery);
	else if (kind === 'messageStatus') fields = statusFields(delivery);
	else if (kind === 'connectionUpdate') fields = connectionFields(delivery);
	else if (kind === 'qrCodeUpdated') fields = qrCodeFields(delivery);
	else if (kind === 'groupParticipants') fields = groupParticipantsFields(delivery);
	const raw = withoutApiKey(delivery);
	// The file travels as binary data; its base64 in the raw event would double the item's size.
	if (isObject(raw.data) && isObject(raw.data.message) && 'base64' in raw.data.message) {
		const message = { ...raw.data.message };
		delete message.base64;
		raw.data = { ...raw.data, message };
	}
	return {
		event: delivery.event,
		instance: text(delivery.instance) ?? null,
		...fields,
		raw,
	};
}
