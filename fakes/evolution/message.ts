// The message routes (the node's message resource): the sends. Each checks its body against its
// schema, then the connection and whether the chat is on WhatsApp, stores the message and answers
// it as prepareMessage does (201), emitting send.message to the webhook when subscribed.
import { randomBytes } from 'node:crypto';

import { badRequest, CONNECTION_CLOSED, internalError, NO_SOCKET_CHECK, noSocketUpload, schemaFailure } from './answers.ts';
import { DEFAULT_MIME, MIME_BY_EXTENSION, OPUS_MIME, mediaBytes, mediaSource, uploadedMedia } from './media.ts';
import { createJid, messageKey, serverNumber } from './numbers.ts';
import { isNotEmpty, numberSchema, type JsonSchema } from './schema.ts';
import { sendOptions, uploadSchema } from './sendSchemas.ts';
import { isOpen, notOnWhatsApp } from './state.ts';
import { mediaRowFor, storedLink } from './storage.ts';
import type { UploadedFile } from './multipart.ts';
import type { CannedAnswer, FakeInstance, FakeState, StoredMedia, StoredMessage } from './types.ts';
import { emitSendMessage } from './webhook.ts';

const SCHEMAS = {
	text: {
		type: 'object',
		properties: { number: numberSchema, text: { type: 'string' }, linkPreview: { type: 'boolean' }, ...sendOptions },
		required: ['number', 'text'],
	},
	location: {
		type: 'object',
		properties: {
			number: numberSchema,
			latitude: { type: 'number' },
			longitude: { type: 'number' },
			name: { type: 'string' },
			address: { type: 'string' },
			...sendOptions,
		},
		required: ['number', 'latitude', 'longitude', 'name', 'address'],
	},
	contact: {
		type: 'object',
		properties: {
			number: numberSchema,
			contact: {
				type: 'array',
				items: {
					type: 'object',
					properties: {
						fullName: { type: 'string' },
						wuid: { type: 'string', minLength: 10, pattern: '\\d+', description: '"wuid" must be a numeric string' },
						phoneNumber: { type: 'string', minLength: 10 },
						organization: { type: 'string' },
						email: { type: 'string' },
						url: { type: 'string' },
					},
					required: ['fullName', 'phoneNumber'],
					...isNotEmpty('fullName'),
				},
				minItems: 1,
				uniqueItems: true,
			},
		},
		required: ['number', 'contact'],
	},
	reaction: {
		type: 'object',
		properties: {
			key: {
				type: 'object',
				properties: { id: { type: 'string' }, remoteJid: { type: 'string' }, fromMe: { type: 'boolean', enum: [true, false] } },
				required: ['id', 'remoteJid', 'fromMe'],
				...isNotEmpty('id', 'remoteJid'),
			},
			reaction: { type: 'string' },
		},
		required: ['key', 'reaction'],
	},
	poll: {
		type: 'object',
		properties: {
			number: numberSchema,
			name: { type: 'string' },
			selectableCount: { type: 'integer', minimum: 0, maximum: 10 },
			values: { type: 'array', minItems: 2, maxItems: 10, uniqueItems: true, items: { type: 'string' } },
			...sendOptions,
		},
		required: ['number', 'name', 'selectableCount', 'values'],
	},
} satisfies Record<string, JsonSchema>;

// `\p{RGI_Emoji}` needs the `v` flag, which TypeScript's es2023 lib does not know as a literal.
const SINGLE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

/** emoji-regex as Evolution uses it also takes emoji written without their U+FE0F (`❤`). */
function isSingleEmojiOrEmpty(text: string): boolean {
	if (text === '') return true;
	const [first, ...rest] = [...text];
	return SINGLE_EMOJI.test(text) || SINGLE_EMOJI.test(`${first}\uFE0F${rest.join('')}`);
}

/** Evolution's contactMessage vCard, line for line. */
function vcard(contact: Record<string, unknown>): string {
	let result = 'BEGIN:VCARD\n' + 'VERSION:3.0\n' + `N:${contact.fullName}\n` + `FN:${contact.fullName}\n`;
	if (contact.organization) result += `ORG:${contact.organization};\n`;
	if (contact.email) result += `EMAIL:${contact.email}\n`;
	if (contact.url) result += `URL:${contact.url}\n`;
	const wuid = contact.wuid || createJid(String(contact.phoneNumber));
	return result + `item1.TEL;waid=${wuid}:${contact.phoneNumber}\n` + 'item1.X-ABLabel:Celular\n' + 'END:VCARD';
}

/** sendMessageWithTyping up to the send: the connection, then whether the chat is on WhatsApp. */
export function cannotSend(state: FakeState, instance: FakeInstance, chat: string, given?: string): CannedAnswer | undefined {
	if (instance.socket === false) return internalError(NO_SOCKET_CHECK);
	if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
	return notOnWhatsApp(state, chat, given);
}

/** The 201 answer every send route gives (prepareMessage), after storing the message (when the server stores new messages). */
export function sent(
	state: FakeState,
	instance: FakeInstance,
	chat: string,
	messageType: string,
	message: Record<string, unknown>,
	extra: { media?: StoredMedia; contextInfo?: unknown; poll?: StoredMessage['poll'] } = {},
): CannedAnswer {
	const key = messageKey(chat);
	const text = typeof message.conversation === 'string' ? message.conversation : undefined;
	const messageTimestamp = Math.floor(Date.now() / 1000);
	const stored: StoredMessage = {
		instance: instance.name,
		key,
		messageType,
		media: extra.media,
		messageTimestamp,
		...(text === undefined ? {} : { text }),
		...(extra.poll ? { poll: extra.poll } : {}),
	};
	// sendMessageWithTyping writes the row, and puts the file in the bucket, only with DATABASE_SAVE_DATA_NEW_MESSAGE;
	// the answer and send.message go all the same.
	if (state.fake.saveNewMessages) {
		stored.s3Row = mediaRowFor(state, stored, 'sent');
		state.fake.messages.set(key.id, stored);
	}
	// With S3 on, the server put the file in its bucket before it answered (and before send.message):
	// the link is in both, set before the webhook's `base64` (sendMessageWithTyping).
	const { base64, ...content } = message;
	const answer = {
		status: 201,
		body: {
			key,
			pushName: '',
			status: 'PENDING',
			message: { ...content, ...storedLink(state, stored), ...(base64 === undefined ? {} : { base64 }) },
			contextInfo: extra.contextInfo ?? null,
			messageType,
			messageTimestamp,
			instanceId: state.idOf(instance.name),
			source: 'unknown',
		},
	};
	emitSendMessage(state, instance.name, answer.body);
	return answer;
}

export function sendText(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.text);
	if (invalid) return invalid;
	if ((body.text as string).trim() === '') return badRequest(['Text is required']);
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	return sent(
		state,
		instance,
		number,
		'conversation',
		{ conversation: body.text },
		{ contextInfo: body.quoted ? { stanzaId: (body.quoted as { key?: { id?: string } }).key?.id } : null },
	);
}

/**
 * Whether a sent file comes back as `message.base64`: only when the instance's webhook is on with
 * Base64 (sendMessageWithTyping downloads the sent media for it), as Evolution does.
 */
function echoesMedia(state: FakeState, instance: FakeInstance): boolean {
	const webhook = state.fake.webhooks.get(instance.name);
	return Boolean(webhook?.enabled && webhook.webhookBase64);
}

export function sendMedia(
	state: FakeState,
	instance: FakeInstance,
	body: Record<string, unknown>,
	_query?: URLSearchParams,
	_id?: string,
	file?: UploadedFile,
): CannedAnswer {
	const invalid = schemaFailure(body, uploadSchema(state.fake.release, 'media'));
	if (invalid) return invalid;
	const mediatype = body.mediatype as string;
	const given = mediaSource(body.media);
	if (given === 'base64' && mediatype === 'document' && !body.fileName)
		return badRequest(['For base64 the file name must be informed.']);
	if (!file && !given) return badRequest(['Owned media must be a url or base64']);
	// An uploaded file replaces `media` with its base64 (mediaMessage), with no limit on its size;
	// a document then needs `fileName`: prepareMediaMessage looks for one in the base64 and fails.
	const source = file ? 'base64' : given!;
	const media = file ? file.buffer.toString('base64') : (body.media as string);
	if (file && mediatype === 'document' && !body.fileName) return internalError("TypeError: Cannot read properties of null (reading '1')");
	const bytes = file ? file.buffer : mediaBytes(media, source);
	const fileLength = source === 'base64' ? bytes.length : 48_213;
	if (!file && fileLength > state.fake.mediaLimitBytes) return badRequest([`Media exceeds the limit of ${state.fake.mediaLimitBytes} bytes`]);
	if (instance.socket === false) return noSocketUpload();
	if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
	if (source === 'url' && new URL(media).hostname.endsWith('.invalid'))
		return internalError(`getaddrinfo ENOTFOUND ${new URL(media).hostname}`);
	const number = serverNumber(body.number as string);
	const missing = notOnWhatsApp(state, number);
	if (missing) return missing;
	const extension = /\.([a-z0-9]+)$/i.exec(String(body.fileName ?? ''))?.[1]?.toLowerCase();
	const mimetype =
		mediatype === 'image'
			? 'image/jpeg'
			: mediatype === 'document'
				? (extension && MIME_BY_EXTENSION[extension]) || String(body.mimetype ?? DEFAULT_MIME.document)
				: String(body.mimetype ?? DEFAULT_MIME[mediatype]);
	const content = uploadedMedia(mimetype, fileLength);
	if (body.caption !== undefined && mediatype !== 'audio') content.caption = body.caption;
	if (mediatype === 'document') content.fileName = body.fileName ?? 'file';
	// 2.4's prepareMediaMessage: a video plays as a GIF when asked, with its source when 0, 1 or 2
	// (2.4 writes gifPlayback false on every video; the fake, playing 2.3.x, only when asked).
	if (mediatype === 'video' && body.gifPlayback !== undefined) content.gifPlayback = body.gifPlayback === true || body.gifPlayback === 'true';
	if (mediatype === 'video') {
		if (body.gifAttribution !== undefined) content.gifAttribution = Number(body.gifAttribution);
	}
	return sent(
		state,
		instance,
		number,
		`${mediatype}Message`,
		{ [`${mediatype}Message`]: content, ...(echoesMedia(state, instance) ? { base64: source === 'base64' ? media : 'AAAA' } : {}) },
		{
			media: {
				bytes,
				mimetype,
				fileName: content.fileName as string | undefined,
				caption: content.caption as string | undefined,
			},
		},
	);
}

/**
 * sendWhatsAppAudio and sendSticker: the schema, a URL or raw base64 in `key`, then the send;
 * the server re-encodes the file, so the message keeps its own MIME type.
 */
function sendConvertedFile(
	state: FakeState,
	instance: FakeInstance,
	body: Record<string, unknown>,
	file: { key: 'audio' | 'sticker'; schema: JsonSchema; notMedia: string; messageType: string; mimetype: string },
	content: (bytes: Buffer) => Record<string, unknown>,
	upload?: UploadedFile,
): CannedAnswer {
	const invalid = schemaFailure(body, file.schema);
	if (invalid) return invalid;
	const source = mediaSource(body[file.key]);
	if (!upload && !source) return badRequest([file.notMedia]);
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	const bytes = upload ? upload.buffer : mediaBytes(body[file.key] as string, source!);
	const message = { ...uploadedMedia(file.mimetype, bytes.length), ...content(bytes) };
	return sent(state, instance, number, file.messageType, { [file.messageType]: message }, { media: { bytes, mimetype: file.mimetype } });
}

export function sendWhatsAppAudio(
	state: FakeState,
	instance: FakeInstance,
	body: Record<string, unknown>,
	_query?: URLSearchParams,
	_id?: string,
	upload?: UploadedFile,
): CannedAnswer {
	// Converted or not (`encoding: false`), the server always sends a voice note as ogg/opus.
	const audio = {
		key: 'audio' as const,
		schema: uploadSchema(state.fake.release, 'audio'),
		notMedia: 'Owned media must be a url, base64, or valid file with buffer',
		messageType: 'audioMessage',
		mimetype: OPUS_MIME,
	};
	// An uploaded file replaces `audio` (audioWhatsapp); a form's `encoding` is text, so even "false" converts it.
	return sendConvertedFile(
		state,
		instance,
		body,
		audio,
		(bytes) => ({
			// Opus voice notes run at about 2 kB a second.
			seconds: Math.max(1, Math.round(bytes.length / 2000)),
			ptt: true,
			mediaKeyTimestamp: String(Math.floor(Date.now() / 1000)),
		}),
		upload,
	);
}

export function sendSticker(
	state: FakeState,
	instance: FakeInstance,
	body: Record<string, unknown>,
	_query?: URLSearchParams,
	_id?: string,
	upload?: UploadedFile,
): CannedAnswer {
	// mediaSticker puts an uploaded file's base64 on its copy of the body, then converts the body's
	// own `sticker`: with only a file, convertToWebP reads undefined as a URL.
	if (upload && schemaFailure(body, uploadSchema(state.fake.release, 'sticker')) === undefined && !mediaSource(body.sticker)) return internalError('Invalid URL');
	const sticker = {
		key: 'sticker' as const,
		schema: uploadSchema(state.fake.release, 'sticker'),
		notMedia: 'Owned media must be a url or base64',
		messageType: 'stickerMessage',
		mimetype: 'image/webp',
	};
	return sendConvertedFile(state, instance, body, sticker, () => ({ isAnimated: false }));
}

/** An MP4 file: its first box is `ftyp`. */
const isMp4 = (bytes: Buffer): boolean => bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp';

/**
 * sendPtv: a URL or raw base64 in `video`, then prepareMediaMessage reads the video's length with
 * mediainfo.js before the send. It takes a URL for a local file path (fs.stat fails: ENOENT), and
 * a file it cannot read has no length: both are a 500 before the connection is looked at.
 */
export function sendPtv(
	state: FakeState,
	instance: FakeInstance,
	body: Record<string, unknown>,
	_query?: URLSearchParams,
	_id?: string,
	upload?: UploadedFile,
): CannedAnswer {
	const invalid = schemaFailure(body, uploadSchema(state.fake.release, 'ptv'));
	if (invalid) return invalid;
	const source = upload ? 'base64' : mediaSource(body.video);
	if (!source) return badRequest(['Owned media must be a url or base64']);
	const video = body.video as string;
	if (source === 'url') return internalError(`Error: Failed to get video duration: ENOENT: no such file or directory, stat '${video}'`);
	// An uploaded file takes the place of `video` (ptvMessage).
	const bytes = upload ? upload.buffer : mediaBytes(video, source);
	if (!isMp4(bytes)) return internalError('Error: Failed to get video duration: Invalid media duration');
	if (instance.socket === false) return noSocketUpload();
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	// Videos run at about 100 kB a second in the fake.
	const ptvMessage = { ...uploadedMedia('video/mp4', bytes.length), seconds: Math.max(1, Math.round(bytes.length / 100_000)) };
	return sent(state, instance, number, 'ptvMessage', { ptvMessage }, { media: { bytes, mimetype: 'video/mp4' } });
}

/** The ARGB number Baileys' assertColor makes of `#RRGGBB`. */
const argb = (color: string): number => parseInt(`FF${color.trim().replace('#', '').padStart(6, '0')}`, 16);

/**
 * sendStatus: formatStatusMessage's checks in its order, then the send to `status@broadcast` (no
 * "not on WhatsApp" check); media goes to Baileys as `{ url: content }`, so anything but an http(s)
 * link is read as a local file.
 */
export function sendStatus(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, uploadSchema(state.fake.release, 'status'));
	if (invalid) return invalid;
	const content = body.content as string | undefined;
	if (!content) return badRequest(['Content is required']);
	let jids = body.statusJidList as string[] | undefined;
	if (body.allContacts) {
		if (!state.fake.contacts.size) return badRequest(['Contacts not found']);
		jids = [...state.fake.contacts.keys()].map((digits) => createJid(digits));
	}
	if (!jids?.length) return badRequest(['StatusJidList is required']);
	let messageType: string;
	let message: Record<string, unknown>;
	if (body.type === 'text') {
		if (!body.backgroundColor) return badRequest(['Background color is required']);
		if (!body.font) return badRequest(['Font is required']);
		messageType = 'extendedTextMessage';
		message = { extendedTextMessage: { text: content, backgroundArgb: argb(body.backgroundColor as string), font: body.font } };
	} else {
		if (!/^https?:\/\//i.test(content)) return internalError(`ENOENT: no such file or directory, open '${content}'`);
		messageType = `${body.type as string}Message`;
		const mimetype = body.type === 'audio' ? 'audio/mp4' : DEFAULT_MIME[body.type as string];
		const media = uploadedMedia(mimetype, 48_213);
		if (body.type === 'audio') media.ptt = true;
		else if (body.caption !== undefined) media.caption = body.caption;
		message = { [messageType]: media };
	}
	if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
	return sent(state, instance, 'status@broadcast', messageType, message);
}

export function sendLocation(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.location);
	if (invalid) return invalid;
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	const locationMessage = {
		degreesLatitude: body.latitude,
		degreesLongitude: body.longitude,
		name: body.name,
		address: body.address,
	};
	return sent(state, instance, number, 'locationMessage', { locationMessage });
}

export function sendContact(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.contact);
	if (invalid) return invalid;
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	const contacts = body.contact as Array<Record<string, unknown>>;
	if (contacts.length === 1)
		return sent(state, instance, number, 'contactMessage', {
			contactMessage: { displayName: contacts[0].fullName, vcard: vcard(contacts[0]) },
		});
	return sent(state, instance, number, 'contactsArrayMessage', {
		contactsArrayMessage: {
			displayName: `${contacts.length} contacts`,
			contacts: contacts.map((contact) => ({ displayName: contact.fullName, vcard: vcard(contact) })),
		},
	});
}

export function sendReaction(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.reaction);
	if (invalid) return invalid;
	if (!isSingleEmojiOrEmpty(body.reaction as string)) return badRequest(['Reaction must be a single emoji or empty string']);
	const reacted = body.key as { remoteJid: string; fromMe: boolean; id: string };
	const chat = createJid(reacted.remoteJid);
	const refused = cannotSend(state, instance, chat, reacted.remoteJid);
	if (refused) return refused;
	return sent(state, instance, chat, 'reactionMessage', {
		reactionMessage: { key: reacted, text: body.reaction, senderTimestampMs: Date.now() },
	});
}

export function sendPoll(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.poll);
	if (invalid) return invalid;
	const number = serverNumber(body.number as string);
	const refused = cannotSend(state, instance, number);
	if (refused) return refused;
	const values = body.values as string[];
	const selectableCount = body.selectableCount as number;
	// Baileys 7 refuses this while building the message, inside the server's try: a 400 "Error: ...".
	if (selectableCount > values.length)
		return badRequest([`Error: poll.selectableCount in poll should be >= 0 and <= ${values.length}`]);
	const messageType = selectableCount === 1 ? 'pollCreationMessageV3' : 'pollCreationMessage';
	return sent(state, instance, number, messageType, {
		messageContextInfo: { messageSecret: randomBytes(32).toString('base64') },
		[messageType]: {
			name: body.name,
			options: values.map((optionName) => ({ optionName })),
			selectableOptionsCount: selectableCount,
		},
	}, { poll: { name: body.name as string, options: values } });
}
