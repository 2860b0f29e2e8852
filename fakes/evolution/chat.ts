// The chat routes (the node's chat resource): whatsappNumbers, markMessageAsRead, sendPresence,
// getBase64FromMediaMessage (media the fake holds, seeded or sent) and fetchProfilePictureUrl; and
// updateMessage and deleteMessageForEveryone (the node's Message → Edit, Delete for Everyone);
// findMessages, findStatusMessage, findContacts and findChats, answered from the message store
// (its messages' status updates) and `contacts`; archiveChat, markChatUnread and updateBlockStatus,
// which keep each instance's chat state.
import { badRequest, CONNECTION_CLOSED, internalError, schemaFailure, unwrapped, wrapped } from './answers.ts';
import { mediaFileName } from './media.ts';
import { deletedStoredMessageData } from './events.ts';
import { createJid, jidOf, messageKey, serverNumber } from './numbers.ts';
import { isNotEmpty, numberSchema, validateSchema, type JsonSchema } from './schema.ts';
import { contactsSchema, FIND_SCHEMAS } from './chatFindSchemas.ts';
import { isOpen, notOnWhatsApp } from './state.ts';
import { releaseAtLeast } from './server.ts';
import { storedLink } from './storage.ts';
import { emitEvent } from './webhook.ts';
import type { CannedAnswer, FakeChatState, FakeInstance, FakeState, StoredMessage } from './types.ts';

function lastMessageSchema(): JsonSchema {
	return {
		type: 'object',
		properties: {
			key: {
				type: 'object',
				properties: { id: { type: 'string' }, remoteJid: { type: 'string' }, fromMe: { type: 'boolean', enum: [true, false] } },
				required: ['id', 'fromMe', 'remoteJid'],
				...isNotEmpty('id', 'remoteJid'),
			},
			messageTimestamp: { type: 'integer', minLength: 1 },
		},
		required: ['key'],
		...isNotEmpty('messageTimestamp'),
	};
}

/** readMessageSchema (and 2.4's markMessageAsPlayedSchema): the message keys a receipt goes for, under `key`. */
const receiptSchema = (key: string): JsonSchema => ({
	type: 'object',
	properties: {
		[key]: {
			type: 'array',
			minItems: 1,
			uniqueItems: true,
			items: {
				properties: { id: { type: 'string' }, fromMe: { type: 'boolean', enum: [true, false] }, remoteJid: { type: 'string' } },
				required: ['id', 'fromMe', 'remoteJid'],
				...isNotEmpty('id', 'remoteJid'),
			},
		},
	},
	required: [key],
});

const SCHEMAS = {
	whatsappNumbers: {
		type: 'object',
		properties: {
			numbers: {
				type: 'array',
				minItems: 1,
				uniqueItems: true,
				items: { type: 'string', description: '"numbers" must be an array of numeric strings' },
			},
		},
	},
	readMessages: receiptSchema('readMessages'),
	/** 2.4's markMessageAsPlayedSchema: readMessageSchema's items under `playedMessages`. */
	playedMessages: receiptSchema('playedMessages'),
	presence: {
		type: 'object',
		properties: {
			number: numberSchema,
			delay: { type: 'number' },
			presence: { type: 'string', enum: ['unavailable', 'available', 'composing', 'recording', 'paused'] },
		},
		required: ['number', 'presence', 'delay'],
	},
	updateMessage: {
		type: 'object',
		properties: {
			number: { type: 'string' },
			text: { type: 'string' },
			key: {
				type: 'object',
				properties: { id: { type: 'string' }, remoteJid: { type: 'string' }, fromMe: { type: 'boolean', enum: [true, false] } },
				required: ['id', 'fromMe', 'remoteJid'],
				...isNotEmpty('id', 'remoteJid'),
			},
		},
		...isNotEmpty('number', 'text', 'key'),
	},
	deleteMessage: {
		type: 'object',
		properties: {
			id: { type: 'string' },
			fromMe: { type: 'boolean', enum: [true, false] },
			remoteJid: { type: 'string' },
			participant: { type: 'string' },
		},
		required: ['id', 'fromMe', 'remoteJid'],
		...isNotEmpty('id', 'remoteJid', 'participant'),
	},
	// archiveChatSchema and markChatUnreadSchema share lastMessage; only archive's may be left out.
	archiveChat: {
		type: 'object',
		properties: { chat: { type: 'string' }, lastMessage: lastMessageSchema(), archive: { type: 'boolean', enum: [true, false] } },
		required: ['archive'],
	},
	markChatUnread: {
		type: 'object',
		properties: { chat: { type: 'string' }, lastMessage: lastMessageSchema() },
		required: ['lastMessage'],
	},
	blockUser: {
		type: 'object',
		properties: { number: { type: 'string' }, status: { type: 'string', enum: ['block', 'unblock'] } },
		required: ['number', 'status'],
		...isNotEmpty('number', 'status'),
	},
	profilePicture: {
		type: 'object',
		properties: { number: { type: 'string' }, picture: { type: 'string' } },
	},
} satisfies Record<string, JsonSchema>;

export function whatsappNumbers(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const errors = validateSchema(body, SCHEMAS.whatsappNumbers);
	if (errors.length) return unwrapped([errors.map((error) => error.message)]);
	// No `required` in the schema: a missing list fails in the service as a TypeError, which
	// the route answers as it serialises, `{}`.
	if (body.numbers === undefined) return { status: 400, body: {} };
	// Internal errors come back unwrapped as 400s too.
	if (!isOpen(instance)) return unwrapped([CONNECTION_CLOSED]);
	return {
		status: 200,
		body: (body.numbers as string[]).map((given) => {
			const number = serverNumber(given);
			if (number.endsWith('@g.us')) return { jid: number, exists: true, number: given };
			const exists = notOnWhatsApp(state, number) === undefined;
			const result: Record<string, unknown> = { jid: jidOf(number), exists, number: given };
			const digits = number.split('@')[0];
			const name = state.fake.contacts.get(digits);
			if (exists && name) result.name = name;
			if (exists) result.lid = `${digits.slice(-6)}123456@lid`;
			return result;
		}),
	};
}

export function markMessageAsRead(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.readMessages);
	if (invalid) return invalid;
	if (!isOpen(instance)) return wrapped(500, 'Internal Server Error', ['Read messages fail', `Error: ${CONNECTION_CLOSED}`]);
	for (const read of body.readMessages as Array<{ remoteJid: string; fromMe: boolean; id: string }>) {
		// Only group and phone-number chats are read; `@lid` keys are dropped without a word.
		if (/@(g\.us|s\.whatsapp\.net)$/.test(read.remoteJid))
			state.fake.readKeys.push({ instance: instance.name, remoteJid: read.remoteJid, fromMe: read.fromMe, id: read.id });
	}
	return { status: 201, body: { message: 'Read messages', read: 'success' } };
}

/**
 * POST /chat/markMessageAsPlayed (2.4): Baileys' `sendReceipts(keys, 'played')` for the keys of
 * group and phone-number chats (isJidGroup, isPnUser; `@lid` ones dropped without a word); 201
 * `{message: 'Played messages', played: 'success'}`; any failure a 500.
 */
export function markMessageAsPlayed(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.playedMessages);
	if (invalid) return invalid;
	if (!isOpen(instance)) return wrapped(500, 'Internal Server Error', ['Mark messages as played fail', `Error: ${CONNECTION_CLOSED}`]);
	for (const played of body.playedMessages as Array<{ remoteJid: string; fromMe: boolean; id: string }>) {
		if (/@(g\.us|s\.whatsapp\.net)$/.test(played.remoteJid))
			state.fake.readKeys.push({ instance: instance.name, remoteJid: played.remoteJid, fromMe: played.fromMe, id: played.id, played: true });
	}
	return { status: 201, body: { message: 'Played messages', played: 'success' } };
}

export async function sendPresence(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): Promise<CannedAnswer> {
	const invalid = schemaFailure(body, SCHEMAS.presence);
	if (invalid) return invalid;
	// The whole service runs inside a try that rethrows `error.toString()`: a closed socket reads
	// "Error: Connection Closed", and the not-on-WhatsApp exception (a plain object) "[object Object]".
	if (!isOpen(instance)) return badRequest([`Error: ${CONNECTION_CLOSED}`]);
	if (notOnWhatsApp(state, createJid(body.number as string))) return badRequest(['[object Object]']);
	await new Promise((resolve) => setTimeout(resolve, Math.max(0, body.delay as number)));
	return { status: 201, body: { presence: body.presence } };
}

export function getBase64FromMediaMessage(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	// No schema: every failure is a caught error answered as 400 ["<error.toString()>"].
	const given = body.message as { key?: { id?: unknown }; message?: Record<string, unknown> } | null | undefined;
	if (given === undefined || given === null)
		return badRequest([`TypeError: Cannot read properties of ${given} (reading 'key')`]);
	const id = given.key?.id;
	const stored = typeof id === 'string' ? state.fake.messages.get(id) : undefined;
	const found = stored && stored.instance === instance.name ? stored : undefined;
	if (!found) {
		if (!given.message && !given.key) return badRequest(["TypeError: Cannot read properties of undefined (reading 'ephemeralMessage')"]);
		// A message sent inline is used as given; the fake can only serve media it holds.
		if (given.message && !Object.keys(given.message).some((type) => /^(image|document|audio|video|sticker|ptv)Message$/.test(type)))
			return badRequest(['The message is not of the media type']);
		return badRequest(['Message not found']);
	}
	if (!found.media) return badRequest(['The message is not of the media type']);
	const { media } = found;
	const convert = body.convertToMp4 === true && found.messageType === 'audioMessage';
	return {
		status: 201,
		body: {
			mediaType: found.messageType,
			fileName: mediaFileName(found.key.id, media),
			caption: media.caption,
			size: { fileLength: String(media.bytes.length), height: media.height, width: media.width },
			mimetype: convert ? 'audio/mp4' : media.mimetype,
			base64: media.bytes.toString('base64'),
			buffer: null,
		},
	};
}

export function fetchProfilePictureUrl(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.profilePicture);
	if (invalid) return invalid;
	if (body.number === undefined) return internalError("Cannot read properties of undefined (reading 'replace')");
	const wuid = createJid(body.number as string);
	// Any failure, a closed connection included, reads as "no picture".
	const url = isOpen(instance) ? state.fake.profilePictures.get(wuid.split('@')[0]) : undefined;
	return { status: 200, body: { wuid, profilePictureUrl: url ?? null } };
}

type Key = { remoteJid: string; fromMe: boolean; id: string; participant?: string };

/** The protocol message Baileys sends for an edit or a revoke, as the routes answer it (proto JSON: longs and enums as text). */
function protocolAnswer(status: number, chat: string, protocolMessage: Record<string, unknown>): CannedAnswer {
	return {
		status,
		body: {
			key: messageKey(chat),
			message: { protocolMessage },
			messageTimestamp: String(Math.floor(Date.now() / 1000)),
			status: 'PENDING',
		},
	};
}

/**
 * POST /chat/updateMessage (200): the message is found by ID among the instance's stored ones; an
 * unknown one, or one not a text, image or video, is 400 "Message not compatible"; its chat must be
 * `number`'s JID. Whether this number sent it is not checked (2.3.6's check lacks a `throw`).
 */
export function updateMessage(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.updateMessage);
	if (invalid) return invalid;
	if (typeof body.number !== 'string') return internalError("Cannot read properties of undefined (reading 'replace')");
	const jid = createJid(body.number);
	const key = body.key as Key | undefined;
	const stored = key ? state.fake.messages.get(key.id) : undefined;
	const found = stored && stored.instance === instance.name ? stored : undefined;
	if (!found || !['conversation', 'extendedTextMessage', 'imageMessage', 'videoMessage'].includes(found.messageType))
		return badRequest(['Message not compatible']);
	if (found.key.remoteJid !== jid) return badRequest(['RemoteJid does not match']);
	if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
	const text = String(body.text ?? '');
	state.fake.messages.set(found.key.id, { ...found, text, status: 'EDITED' });
	const editedMessage = found.messageType.endsWith('TextMessage') || found.messageType === 'conversation' ? { extendedTextMessage: { text } } : { [found.messageType]: { caption: text } };
	const protocolMessage = { key, type: 'MESSAGE_EDIT', editedMessage, timestampMs: String(Date.now()) };
	// From 2.3.0 the edit's protocol message goes to the webhook as send.message.update (Baileys emits no upsert for an own send).
	if (releaseAtLeast(state, '2.3.0')) emitEvent(state, instance.name, 'SEND_MESSAGE_UPDATE', 'send.message.update', protocolMessage);
	return protocolAnswer(200, jid, protocolMessage);
}

/**
 * DELETE /chat/deleteMessageForEveryone (201): WhatsApp is sent a revoke whatever the ID; a stored
 * message is marked DELETED. A closed connection fails inside the service's try: 500
 * ["Error while deleting message for everyone", "Error: Connection Closed"].
 */
export function deleteMessageForEveryone(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.deleteMessage);
	if (invalid) return invalid;
	if (!isOpen(instance)) return wrapped(500, 'Internal Server Error', ['Error while deleting message for everyone', `Error: ${CONNECTION_CLOSED}`]);
	const key: Key = { remoteJid: body.remoteJid as string, fromMe: body.fromMe as boolean, id: body.id as string };
	if (typeof body.participant === 'string') key.participant = body.participant;
	const stored = state.fake.messages.get(key.id);
	if (stored && stored.instance === instance.name) {
		state.fake.messages.set(key.id, { ...stored, status: 'DELETED' });
		// Only a stored message is announced, with its row (`id` the database's, the message in `key`).
		const row = messageRow(state, instance, stored);
		emitEvent(state, instance.name, 'MESSAGES_DELETE', 'messages.delete', deletedStoredMessageData({ ...row, key: { ...row.key } }, row.instanceId));
	}
	return protocolAnswer(201, key.remoteJid, { key, type: 'REVOKE' });
}

/** The stored messages of an instance, newest first (Prisma's `orderBy: { messageTimestamp: 'desc' }`; ties: the last stored first). */
export function storedOf(state: FakeState, instance: FakeInstance) {
	return [...state.fake.messages.values()]
		.map((message, index) => ({ message, index }))
		.filter(({ message }) => message.instance === instance.name)
		.sort((a, b) => (b.message.messageTimestamp ?? 0) - (a.message.messageTimestamp ?? 0) || b.index - a.index)
		.map(({ message }) => message);
}

/** A Message row as findMessages selects it. */
function messageRow(state: FakeState, instance: FakeInstance, stored: StoredMessage) {
	const media = stored.media && { mimetype: stored.media.mimetype, caption: stored.media.caption, ...(stored.media.fileName ? { fileName: stored.media.fileName } : {}) };
	// With S3 on when it was stored, the row holds the link the server wrote (storage.ts).
	const content = stored.text !== undefined ? { conversation: stored.text } : media ? { [stored.messageType]: media, ...storedLink(state, stored) } : {};
	return {
		id: `row-${stored.key.id}`,
		key: stored.key,
		pushName: stored.pushName ?? (stored.key.fromMe ? 'Você' : null),
		messageType: stored.messageType,
		message: content,
		messageTimestamp: stored.messageTimestamp ?? 0,
		instanceId: state.idOf(instance.name),
		source: stored.key.fromMe ? 'unknown' : 'android',
		// Baileys' contextInfo of a reply: the quoted message's ID as `stanzaId` (its other keys left out).
		contextInfo: stored.quotedId ? { stanzaId: stored.quotedId } : null,
		MessageUpdate: (stored.statuses ?? []).map((status) => ({ status })),
	};
}

/**
 * POST /chat/findMessages (200), as 2.3.6's Baileys fetchMessages: where.key's id and remoteJid,
 * and fromMe only when true (false is dropped by its truthiness test); messageTimestamp only with
 * both gte and lte (dates, made seconds). Newest first; `offset` a page's size (default 50), `page`
 * from 1; `{ messages: { total, pages, currentPage, records } }`.
 */
export function findMessages(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, FIND_SCHEMAS.findMessages);
	if (invalid) return invalid;
	const where = (body.where ?? {}) as { key?: { id?: string; remoteJid?: string; fromMe?: boolean }; messageTimestamp?: { gte?: unknown; lte?: unknown } };
	const seconds = (value: unknown) => Math.floor(new Date(value as string).getTime() / 1000);
	const range = where.messageTimestamp?.gte && where.messageTimestamp?.lte ? [seconds(where.messageTimestamp.gte), seconds(where.messageTimestamp.lte)] : undefined;
	const matching = storedOf(state, instance).filter(
		(stored) =>
			(!where.key?.id || stored.key.id === where.key.id) &&
			(!where.key?.remoteJid || stored.key.remoteJid === where.key.remoteJid) &&
			(!where.key?.fromMe || stored.key.fromMe === where.key.fromMe) &&
			(!range || ((stored.messageTimestamp ?? 0) >= range[0] && (stored.messageTimestamp ?? 0) <= range[1])),
	);
	const offset = Number(body.offset) || 50;
	const page = Number(body.page) || 1;
	const skip = offset * (page === 1 ? 0 : page - 1);
	return {
		status: 200,
		body: {
			messages: {
				total: matching.length,
				pages: Math.ceil(matching.length / offset),
				currentPage: page,
				records: matching.slice(skip, skip + offset).map((stored) => messageRow(state, instance, stored)),
			},
		},
	};
}

/** The server's createJid of a `where.remoteJid`, when one is given. */
const remoteJidOf = (where: unknown) => {
	const given = (where as { remoteJid?: unknown } | undefined)?.remoteJid;
	return typeof given === 'string' && given !== '' ? (given.includes('@') ? given : createJid(given)) : undefined;
};

/**
 * POST /chat/findContacts (200), as 2.3.6's fetchContacts: the instance's Contact rows (the fake's
 * `contacts`, by digits), `where.remoteJid` made a JID; every row unless `offset` (take) is given,
 * `page` then skipping; each with isGroup, isSaved and type.
 */
export function findContacts(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, contactsSchema(state));
	if (invalid) return invalid;
	const remoteJid = remoteJidOf(body.where);
	let rows = [...state.fake.contacts.entries()]
		.map(([digits, pushName]) => ({
			id: `contact-${digits}`,
			remoteJid: jidOf(digits),
			pushName,
			profilePicUrl: state.fake.profilePictures.get(digits) ?? null,
			createdAt: '2026-01-05T15:00:00.000Z',
			updatedAt: '2026-01-05T15:00:00.000Z',
			instanceId: state.idOf(instance.name),
		}))
		.filter((row) => !remoteJid || row.remoteJid === remoteJid);
	const offset = Number(body.offset) || 0;
	if (offset) rows = rows.slice(offset * (Math.max(Number(body.page) || 1, 1) - 1)).slice(0, offset);
	return {
		status: 200,
		body: rows.map((row) => {
			const isGroup = row.remoteJid.endsWith('@g.us');
			const isSaved = !!row.pushName || !!row.profilePicUrl;
			return { ...row, isGroup, isSaved, type: isGroup ? 'group' : isSaved ? 'contact' : 'group_member' };
		}),
	};
}

/**
 * POST /chat/findChats (200), as 2.3.6's fetchChats: one row per chat of the stored messages, with
 * its last message, the chat of the newest message first; `where.remoteJid` made a JID; `take` and
 * `skip` (not `page`/`offset`) cut the list; [] when there is none.
 */
export function findChats(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, contactsSchema(state));
	if (invalid) return invalid;
	const remoteJid = remoteJidOf(body.where);
	const last = new Map<string, StoredMessage>();
	for (const stored of storedOf(state, instance)) if (!last.has(stored.key.remoteJid)) last.set(stored.key.remoteJid, stored);
	const rows = [...last.values()]
		.filter((stored) => !remoteJid || stored.key.remoteJid === remoteJid)
		.map((stored) => {
			const digits = stored.key.remoteJid.split('@')[0];
			const name = state.fake.contacts.get(digits);
			const row = messageRow(state, instance, stored);
			return {
				id: name ? `contact-${digits}` : null,
				remoteJid: stored.key.remoteJid,
				pushName: name ?? stored.pushName ?? null,
				profilePicUrl: state.fake.profilePictures.get(digits) ?? null,
				updatedAt: new Date((stored.messageTimestamp ?? 0) * 1000).toISOString(),
				windowStart: null,
				windowExpires: null,
				windowActive: false,
				lastMessage: { ...row, id: row.id, MessageUpdate: undefined, participant: null, sessionId: null, status: null },
				unreadCount: null,
				isSaved: !!name,
			};
		});
	const skip = Number(body.skip) || 0;
	const take = Number(body.take) || undefined;
	return { status: 200, body: rows.slice(skip, take === undefined ? undefined : skip + take) };
}

/**
 * POST /chat/findStatusMessage (200), as 2.3.6's fetchStatusMessage: the MessageUpdate rows of the
 * instance, `where.remoteJid` (exact, no createJid) and `where.id` (the keyId); no order asked
 * (the fake: as stored); `offset` a page's size (default 50), `page` from 1; a bare list, no total.
 */
export function findStatusMessage(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, FIND_SCHEMAS.findStatusMessage);
	if (invalid) return invalid;
	const where = (body.where ?? {}) as { remoteJid?: string; id?: string };
	const rows = [...state.fake.messages.values()]
		.filter((stored) => stored.instance === instance.name)
		.flatMap((stored) =>
			(stored.statuses ?? []).map((status, index) => ({
				id: `update-${stored.key.id}-${index}`,
				keyId: stored.key.id,
				remoteJid: stored.key.remoteJid,
				fromMe: stored.key.fromMe,
				participant: null,
				pollUpdates: null,
				status,
				messageId: `row-${stored.key.id}`,
				instanceId: state.idOf(instance.name),
			})),
		)
		.filter((row) => (!where.remoteJid || row.remoteJid === where.remoteJid) && (!where.id || row.keyId === where.id));
	const offset = Number(body.offset) || 50;
	const page = Number(body.page) || 1;
	const skip = offset * (page === 1 ? 0 : page - 1);
	return { status: 200, body: rows.slice(skip, skip + offset) };
}

/** An instance's chat state, made empty the first time it is asked for. */
export function chatStateOf(state: FakeState, instanceName: string): FakeChatState {
	let chats = state.fake.chatStates.get(instanceName);
	if (!chats) {
		chats = { archived: new Set(), unread: new Set(), blocked: new Set() };
		state.fake.chatStates.set(instanceName, chats);
	}
	return chats;
}

/**
 * The chat archiveChat and markChatUnread change, as their service finds it: with `lastMessage`,
 * its key's remoteJid (`chat` ignored); without, `chat` must be the exact remoteJid of a message
 * the server stored (getLastMessage), else NotFoundException('Messages not found'), which the
 * catch turns into "[object Object]". Neither: a TypeError on `lastMessage.messageTimestamp`.
 */
function chatOfLastMessage(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): { chat: string } | { error: string } {
	const lastMessage = body.lastMessage as { key?: Key } | undefined;
	if (!lastMessage && typeof body.chat === 'string' && body.chat !== '') {
		const stored = [...state.fake.messages.values()].some((message) => message.instance === instance.name && message.key.remoteJid === body.chat);
		return stored ? { chat: body.chat } : { error: '[object Object]' };
	}
	if (!lastMessage) return { error: "TypeError: Cannot set properties of undefined (setting 'messageTimestamp')" };
	return { chat: String(lastMessage.key?.remoteJid) };
}

/**
 * POST /chat/archiveChat (201): `{chatId, archived: true}`, whether `archive` is true or false.
 * Failures inside the service are 500 with `[{archived: false, message: [text, error]}]`.
 */
export function archiveChat(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.archiveChat);
	if (invalid) return invalid;
	const failed = (error: string) =>
		wrapped(500, 'Internal Server Error', [{ archived: false, message: ['An error occurred while archiving the chat. Open a calling.', error] }]);
	const found = chatOfLastMessage(state, instance, body);
	if ('error' in found) return failed(found.error);
	if (!isOpen(instance)) return failed(`Error: ${CONNECTION_CLOSED}`);
	const archived = chatStateOf(state, instance.name).archived;
	if (body.archive) archived.add(createJid(found.chat));
	else archived.delete(createJid(found.chat));
	return { status: 201, body: { chatId: found.chat, archived: true } };
}

/** POST /chat/markChatUnread (201): `{chatId, markedChatUnread: true}`; `lastMessage` is required. */
export function markChatUnread(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.markChatUnread);
	if (invalid) return invalid;
	const failed = (error: string) =>
		wrapped(500, 'Internal Server Error', [{ markedChatUnread: false, message: ['An error occurred while marked unread the chat. Open a calling.', error] }]);
	const found = chatOfLastMessage(state, instance, body);
	if ('error' in found) return failed(found.error);
	if (!isOpen(instance)) return failed(`Error: ${CONNECTION_CLOSED}`);
	chatStateOf(state, instance.name).unread.add(createJid(found.chat));
	return { status: 201, body: { chatId: found.chat, markedChatUnread: true } };
}

/**
 * POST /chat/updateBlockStatus (201): `{block: "success"}` for block and unblock alike. The number
 * is first looked up on WhatsApp; one not on it (a BadRequestException, a plain object) and a
 * closed connection both fail inside the service's try: 500 ["Error blocking user", error].
 */
export function updateBlockStatus(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.blockUser);
	if (invalid) return invalid;
	const failed = (error: string) => wrapped(500, 'Internal Server Error', ['Error blocking user', error]);
	if (!isOpen(instance)) return failed(`Error: ${CONNECTION_CLOSED}`);
	const jid = createJid(serverNumber(body.number as string));
	if (notOnWhatsApp(state, jid)) return failed('[object Object]');
	const blocked = chatStateOf(state, instance.name).blocked;
	if (body.status === 'block') blocked.add(jid);
	else blocked.delete(jid);
	return { status: 201, body: { block: 'success' } };
}
