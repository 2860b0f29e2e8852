// The fields of the message events as a no-code user wants them (who wrote, what, in which chat):
// a new message, an edit, a deletion, read from the shapes Evolution 2.1 to 2.4 send.
import type { IDataObject } from 'n8n-workflow';

import { chatOfKey, dataOf, firstLid, firstPhone, firstPhoneJid, isObject, isoFromMillisOrDate, isoFromSeconds, text, type Delivery } from './read';

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

export interface MessageFields extends IDataObject {
	messageId: string | null;
	chatJid: string | null;
	isGroup: boolean;
	fromMe: boolean;
	senderPhone: string | null;
	senderJid: string | null;
	senderLid: string | null;
	senderName: string | null;
	text: string | null;
	messageType: string;
	timestamp: string | null;
	quotedMessageId: string | null;
}

/**
 * The fields of a message event (`messages.upsert`, `send.message`), with one meaning on every
 * release (chatOfKey): `chatJid` a group's JID or, in a direct chat, the other person's phone JID
 * when the delivery gives it (else their `@lid`); `senderJid` who wrote, by phone JID when given
 * (else `@lid`), the instance's own number for a message this number sent (the envelope's `sender`);
 * `senderLid` the writer's `@lid` when the delivery names one. In groups the writer is the
 * participant, with the phone in `participantAlt` (2.3.5 on) or `participantPn` (2.3.1–2.3.2).
 */
export function messageFields(delivery: Delivery): MessageFields {
	const data = dataOf(delivery);
	const key = isObject(data.key) ? data.key : {};
	const message = isObject(data.message) ? data.message : {};
	const protoType = protoTypeOf(data, message);
	const content = contentOf(message, protoType);
	const { chatJid, isGroup, lid } = chatOfKey(key);
	const fromMe = key.fromMe === true;
	let senderJid: string | null;
	let senderPhone: string | null;
	let senderLid: string | null = null;
	if (fromMe) {
		senderJid = text(delivery.sender) ?? null;
		senderPhone = firstPhone(delivery.sender) ?? null;
	} else if (isGroup) {
		const participants = [key.participant, key.participantAlt, key.participantPn, data.participant];
		senderPhone = firstPhone(...participants) ?? null;
		senderLid = firstLid(...participants) ?? null;
		senderJid = firstPhoneJid(...participants) ?? text(key.participant) ?? text(data.participant) ?? null;
	} else {
		senderJid = chatJid;
		senderPhone = firstPhone(key.remoteJid, key.remoteJidAlt, key.senderPn, key.previousRemoteJid) ?? null;
		senderLid = lid;
	}
	const messageType = MESSAGE_TYPES[protoType] ?? 'other';
	return {
		messageId: text(key.id) ?? null,
		chatJid,
		isGroup,
		fromMe,
		senderPhone,
		senderJid,
		senderLid,
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
	const data = dataOf(delivery);
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

/** A protocol message's type: protobuf's name (`MESSAGE_EDIT`, `REVOKE`) or its number (14, 0). */
const isType = (value: unknown, name: string, number: number) => value === name || value === number;

/**
 * The protocol message of `messages.edited`: Evolution passes on the edit as WhatsApp sent it
 * (`{key, type, editedMessage, timestampMs}`), the message it edits named by `key`. A deletion for
 * everyone travels the same way (type `REVOKE`) and is a deletion here.
 */
export function protocolMessageOf(delivery: Delivery): IDataObject {
	const data = dataOf(delivery);
	if (isObject(data.protocolMessage)) return data.protocolMessage;
	return data;
}

export const isRevoke = (delivery: Delivery) => isType(protocolMessageOf(delivery).type, 'REVOKE', 0);

/** Who did it: this number, the group's participant, or the other side of a direct chat. */
function actorPhone(key: IDataObject, chat: { chatJid: string | null; isGroup: boolean }): string | null {
	if (key.fromMe === true) return null;
	if (chat.isGroup) return firstPhone(key.participant, key.participantAlt, key.participantPn) ?? null;
	return firstPhone(chat.chatJid, key.remoteJidAlt, key.senderPn) ?? null;
}

/** What an edit and a deletion say of the message they act on, from its key. */
function keyFields(key: IDataObject): IDataObject {
	const chat = chatOfKey(key);
	return {
		messageId: text(key.id) ?? null,
		chatJid: chat.chatJid,
		isGroup: chat.isGroup,
		fromMe: key.fromMe === true,
		senderPhone: actorPhone(key, chat),
	};
}

/** The fields of an edit: the message edited, its new text (or caption), and when. */
export function editedFields(delivery: Delivery): IDataObject {
	const edit = protocolMessageOf(delivery);
	const key = isObject(edit.key) ? edit.key : {};
	const edited = isObject(edit.editedMessage) ? edit.editedMessage : {};
	// Some releases wrap the new content once more (`editedMessage.message`).
	const message = isObject(edited.message) ? edited.message : edited;
	const protoType = protoTypeOf({}, message);
	return {
		...keyFields(key),
		text: textOf(message, contentOf(message, protoType)),
		editedAt: isoFromMillisOrDate(edit.timestampMs),
	};
}

/**
 * The fields of a deletion for everyone. `messages.delete` carries the message's key (a deletion
 * WhatsApp reported), or the stored message with its key inside (one made through the API); an
 * edit event of type `REVOKE` names it in its `key`.
 */
export function deletedFields(delivery: Delivery): IDataObject {
	const data = delivery.event === 'messages.delete' ? dataOf(delivery) : protocolMessageOf(delivery);
	return keyFields(isObject(data.key) ? data.key : data);
}
