// The chat routes (the node's chat resource): whatsappNumbers, markMessageAsRead, sendPresence,
// getBase64FromMediaMessage (media the fake holds, seeded or sent) and fetchProfilePictureUrl; and
// updateMessage and deleteMessageForEveryone (the node's Message → Edit, Delete for Everyone);
// archiveChat, markChatUnread and updateBlockStatus, which keep each instance's chat state.
import { badRequest, CONNECTION_CLOSED, internalError, schemaFailure, unwrapped, wrapped } from './answers.ts';
import { EXTENSION_BY_MIME } from './media.ts';
import { createJid, jidOf, messageKey, serverNumber } from './numbers.ts';
import { isNotEmpty, numberSchema, validateSchema, type JsonSchema } from './schema.ts';
import { isOpen, notOnWhatsApp } from './state.ts';
import type { CannedAnswer, FakeChatState, FakeInstance, FakeState } from './types.ts';

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
	readMessages: {
		type: 'object',
		properties: {
			readMessages: {
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
		required: ['readMessages'],
	},
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
	const extension = EXTENSION_BY_MIME[media.mimetype.split(';')[0].trim().toLowerCase()] ?? 'false';
	const convert = body.convertToMp4 === true && found.messageType === 'audioMessage';
	return {
		status: 201,
		body: {
			mediaType: found.messageType,
			fileName: media.fileName || `${found.key.id}.${extension}`,
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
	return protocolAnswer(200, jid, { key, type: 'MESSAGE_EDIT', editedMessage, timestampMs: String(Date.now()) });
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
	if (stored && stored.instance === instance.name) state.fake.messages.set(key.id, { ...stored, status: 'DELETED' });
	return protocolAnswer(201, key.remoteJid, { key, type: 'REVOKE' });
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
