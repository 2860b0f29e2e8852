// The chat routes (the node's chat resource): whatsappNumbers, markMessageAsRead, sendPresence,
// getBase64FromMediaMessage (media the fake holds, seeded or sent) and fetchProfilePictureUrl.
import { badRequest, CONNECTION_CLOSED, internalError, schemaFailure, unwrapped, wrapped } from './answers.ts';
import { EXTENSION_BY_MIME } from './media.ts';
import { createJid, jidOf, serverNumber } from './numbers.ts';
import { isNotEmpty, numberSchema, validateSchema, type JsonSchema } from './schema.ts';
import { isOpen, notOnWhatsApp } from './state.ts';
import type { CannedAnswer, FakeInstance, FakeState } from './types.ts';

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
