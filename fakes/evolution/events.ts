// The `data` of the events Evolution API 2.3.x delivers to a webhook, built the way its Baileys
// service builds them (prepareMessage: text always as `conversation`, the quote in a top-level
// `contextInfo`, the key exactly as Baileys gives it, with `remoteJidAlt`/`participantAlt` when
// WhatsApp addresses someone by `@lid`). See docs/evolution-api.md, "Incoming events".
import { randomBytes } from 'node:crypto';

/** An id like WhatsApp's own (`3EB0` and 18 hex digits). */
export const whatsappMessageId = () => `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;

export interface IncomingMessageInput {
	/** Message id; default a new one. */
	id?: string;
	/** The sender's phone digits; default 51987654321. */
	from?: string;
	/** Address the sender by `@lid` (this id) and give the phone only as `remoteJidAlt` (or `participantAlt` in groups). */
	lid?: string;
	/** Omit the phone altogether (WhatsApp does not always give it with an `@lid`). */
	hidePhone?: boolean;
	/** A group the message was written in (`…@g.us`). */
	group?: string;
	pushName?: string;
	fromMe?: boolean;
	/** The id of the message it answers. */
	quotedId?: string;
	/** Seconds; default now. */
	timestamp?: number;
}

const jid = (digits: string) => `${digits}@s.whatsapp.net`;

function keyOf(input: IncomingMessageInput) {
	const phone = jid(input.from ?? '51987654321');
	const id = input.id ?? whatsappMessageId();
	const fromMe = input.fromMe === true;
	if (input.group) {
		if (input.lid) {
			return {
				remoteJid: input.group,
				fromMe,
				id,
				participant: input.lid,
				...(input.hidePhone ? {} : { participantAlt: phone }),
				addressingMode: 'lid',
			};
		}
		return { remoteJid: input.group, fromMe, id, participant: phone, addressingMode: 'pn' };
	}
	if (input.lid) {
		return { remoteJid: input.lid, ...(input.hidePhone ? {} : { remoteJidAlt: phone }), fromMe, id, addressingMode: 'lid' };
	}
	return { remoteJid: phone, fromMe, id, addressingMode: 'pn' };
}

function envelopeOf(input: IncomingMessageInput, instanceId: string) {
	return {
		pushName: input.pushName ?? (input.fromMe ? 'Você' : 'Ana Torres'),
		status: input.fromMe ? 'SERVER_ACK' : 'DELIVERY_ACK',
		messageTimestamp: input.timestamp ?? Math.floor(Date.now() / 1000),
		instanceId,
		source: 'android',
	};
}

function quoteOf(input: IncomingMessageInput) {
	return input.quotedId
		? { stanzaId: input.quotedId, participant: '51900000001@s.whatsapp.net', quotedMessage: { conversation: 'Hola, ¿en qué le ayudamos?' } }
		: undefined;
}

/** A text message (plain or a reply: both arrive as `conversation`). */
export function textMessageData(text: string, input: IncomingMessageInput = {}, instanceId = 'instance-id') {
	const contextInfo = quoteOf(input);
	return {
		key: keyOf(input),
		...envelopeOf(input, instanceId),
		message: { conversation: text, messageContextInfo: { deviceListMetadataVersion: 2 } },
		...(contextInfo ? { contextInfo } : {}),
		messageType: 'conversation',
	};
}

export interface MediaMessageInput extends IncomingMessageInput {
	mediaType: 'image' | 'video' | 'ptv' | 'audio' | 'document' | 'sticker';
	mimetype: string;
	caption?: string;
	fileName?: string;
	/** The file, put into `message.base64` when the webhook's base64 option is on. */
	base64?: string;
	fileLength?: number;
}

/** A media message, as Baileys describes it (a URL on WhatsApp's servers, protobuf bytes as index objects). */
export function mediaMessageData(input: MediaMessageInput, instanceId = 'instance-id') {
	const messageType = `${input.mediaType}Message`;
	const contextInfo = quoteOf(input);
	const content: Record<string, unknown> = {
		url: `https://mmg.whatsapp.net/v/t62.7118-24/${whatsappMessageId().toLowerCase()}.enc`,
		mimetype: input.mimetype,
		fileLength: { low: input.fileLength ?? 48213, high: 0, unsigned: true },
		mediaKey: { 0: 12, 1: 200, 2: 31 },
		...(input.caption !== undefined ? { caption: input.caption } : {}),
		...(input.fileName !== undefined ? { fileName: input.fileName } : {}),
		...(input.mediaType === 'image' ? { height: 1280, width: 960 } : {}),
		...(input.mediaType === 'audio' ? { ptt: true, seconds: 7 } : {}),
		...(contextInfo ? { contextInfo } : {}),
	};
	return {
		key: keyOf(input),
		...envelopeOf(input, instanceId),
		message: { [messageType]: content, ...(input.base64 ? { base64: input.base64 } : {}) },
		...(contextInfo ? { contextInfo } : {}),
		messageType,
	};
}

/** A status update of a message this number sent (`messages.update`). */
export function statusUpdateData(
	messageId: string,
	status: 'SERVER_ACK' | 'DELIVERY_ACK' | 'READ' | 'PLAYED',
	to = '51987654321',
	instanceId = 'instance-id',
) {
	return { keyId: messageId, remoteJid: to.includes('@') ? to : jid(to), fromMe: true, status, instanceId, messageId: `cm${randomBytes(8).toString('hex')}` };
}

export function connectionUpdateData(instance: string, state: 'open' | 'connecting' | 'close', owner = '51900000001') {
	if (state === 'open') {
		return { instance, wuid: jid(owner), profileName: instance, profilePictureUrl: null, state, statusReason: 200 };
	}
	return { instance, state, statusReason: state === 'close' ? 401 : 200 };
}

export function qrCodeData(instance: string) {
	return {
		qrcode: {
			instance,
			pairingCode: null,
			code: `2@${randomBytes(24).toString('base64')},${randomBytes(16).toString('base64')},${randomBytes(16).toString('base64')}`,
			base64: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
		},
	};
}

/** Someone joined or left a group; 2.3.6 sends participants as objects with their phone. */
export function groupParticipantsData(group: string, action: 'add' | 'remove' | 'promote' | 'demote', participants: string[]) {
	return {
		id: group,
		author: '51900000001@s.whatsapp.net',
		participants: participants.map((digits) => ({ id: jid(digits), phoneNumber: jid(digits), admin: null })),
		action,
	};
}

/**
 * An edit WhatsApp reports (`messages.edited`): Evolution passes on the protocol message of the
 * edit as Baileys decoded it (proto JSON: the enum and the milliseconds as text). `key` names the
 * message edited; in a direct chat from someone else, its chat is theirs.
 */
export function editedMessageData(messageId: string, text: string, input: IncomingMessageInput = {}) {
	return {
		key: keyOf({ ...input, id: messageId }),
		type: 'MESSAGE_EDIT',
		editedMessage: { conversation: text },
		timestampMs: String((input.timestamp ?? Math.floor(Date.now() / 1000)) * 1000),
	};
}

/** A deletion for everyone WhatsApp reports (`messages.delete` from a `messages.update` without message): the key only. */
export function deletedMessageKeyData(messageId: string, input: IncomingMessageInput = {}) {
	return keyOf({ ...input, id: messageId });
}

/**
 * A deletion made through the API (`DELETE /chat/deleteMessageForEveryone` on a stored message):
 * `messages.delete` carries the stored row, its `id` the database's, the message's in `key`.
 */
export function deletedStoredMessageData(stored: { key: Record<string, unknown>; messageType: string; message: Record<string, unknown>; messageTimestamp: number }, instanceId = 'instance-id') {
	return {
		id: `cm${randomBytes(12).toString('hex')}`,
		instanceId,
		key: { ...stored.key, deleted: true },
		messageType: stored.messageType,
		status: 'DELETED',
		source: 'unknown',
		messageTimestamp: stored.messageTimestamp,
		pushName: 'Você',
		participant: null,
		message: stored.message,
	};
}

/** A call (`call`): Baileys' call event; `offer` when it rings here, then `ringing`, `reject`, `accept`, `timeout` or `terminate`. */
export function callData(
	status: 'offer' | 'ringing' | 'reject' | 'accept' | 'timeout' | 'terminate',
	input: { id?: string; from?: string; lid?: string; isVideo?: boolean; group?: string } = {},
) {
	const from = input.lid ?? jid(input.from ?? '51987654321');
	return {
		chatId: from,
		from,
		...(input.lid && input.from ? { callerPn: jid(input.from) } : {}),
		id: input.id ?? randomBytes(16).toString('hex').toUpperCase(),
		date: new Date().toISOString(),
		offline: false,
		status,
		isVideo: input.isVideo === true,
		isGroup: input.group !== undefined,
		...(input.group ? { groupJid: input.group } : {}),
	};
}

/** A presence update (`presence.update`): the chat, and what each person in it is doing. */
export function presenceData(chat: string, presences: Record<string, 'available' | 'unavailable' | 'composing' | 'recording' | 'paused'>, lastSeen?: number) {
	return {
		id: chat.includes('@') ? chat : jid(chat),
		presences: Object.fromEntries(
			Object.entries(presences).map(([who, presence]) => [
				who.includes('@') ? who : jid(who),
				{ lastKnownPresence: presence, ...(lastSeen !== undefined && presence === 'unavailable' ? { lastSeen } : {}) },
			]),
		),
	};
}

/** Contacts added or changed (`contacts.upsert`, `contacts.update`): a list of rows as Evolution stores them. */
export function contactsData(contacts: { phone?: string; jid?: string; name?: string; picture?: string | null }[], instanceId = 'instance-id') {
	return contacts.map((contact) => ({
		remoteJid: contact.jid ?? jid(contact.phone ?? '51987654321'),
		pushName: contact.name ?? (contact.phone ?? '51987654321'),
		profilePicUrl: contact.picture ?? null,
		instanceId,
	}));
}

/** A label created, changed or deleted (`labels.edit`), as Baileys reports it with the instance's name. */
export function labelEditData(instance: string, label: { id: string; name: string; color: number; deleted?: boolean }) {
	return { id: label.id, name: label.name, color: label.color, deleted: label.deleted === true, predefinedId: undefined, instance };
}

/** A label put on or taken off a chat (`labels.association`). */
export function labelAssociationData(instance: string, type: 'add' | 'remove', chat: string, labelId: string) {
	return { instance, type, chatId: chat.includes('@') ? chat : jid(chat), labelId };
}
