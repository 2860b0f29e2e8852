// The send options most message schemas end with, and the schemas of the upload routes (sendMedia,
// sendPtv, sendWhatsAppAudio, sendStatus, sendSticker) per release, ported from
// src/validate/message.schema.ts with their keys in its order (docs/evolution-api.md, "Uploads").
// 2.3.6 and 2.3.7 have the same file (its blob is one in both tags); 2.4.0-rc2 names the mention flag
// `mentionsEveryOne` (2.3.x: `everyOne`, which lets `mentionsEveryOne` through unread) and adds
// sendMedia's `gifPlayback` and `gifAttribution`, each a value or its text.
import type { EvolutionRelease } from './release.ts';
import { isNotEmpty, numberSchema, type JsonSchema } from './schema.ts';

const delaySchema: JsonSchema = { type: 'integer', description: 'Enter a value in milliseconds' };
const quotedSchema: JsonSchema = {
	properties: {
		key: {
			type: 'object',
			properties: { id: { type: 'string' }, remoteJid: { type: 'string' }, fromMe: { type: 'boolean', enum: [true, false] } },
			required: ['id'],
			...isNotEmpty('id'),
		},
		message: { type: 'object' },
	},
};
const mentionedSchema: JsonSchema = {
	type: 'array',
	minItems: 1,
	uniqueItems: true,
	items: { type: 'string', pattern: '^\\d+', description: '"mentioned" must be an array of numeric strings' },
};
const flagSchema: JsonSchema = { type: 'boolean', enum: [true, false] };

/** delay, quoted, everyOne and mentioned, as 2.3.x's schemas end (2.3.6, 2.3.7). */
export const sendOptions: Record<string, JsonSchema> = { delay: delaySchema, quoted: quotedSchema, everyOne: flagSchema, mentioned: mentionedSchema };

/** 2.4.0-rc2's: the flag is `mentionsEveryOne`, a boolean, which a form's text is not. */
const sendOptions24: Record<string, JsonSchema> = { delay: delaySchema, quoted: quotedSchema, mentionsEveryOne: flagSchema, mentioned: mentionedSchema };

type UploadRoute = 'media' | 'ptv' | 'audio' | 'status' | 'sticker';

function uploadSchemas(options: Record<string, JsonSchema>, gif: Record<string, JsonSchema>): Record<UploadRoute, JsonSchema> {
	return {
		media: {
			type: 'object',
			properties: {
				number: numberSchema,
				mediatype: { type: 'string', enum: ['image', 'document', 'video', 'audio'] },
				mimetype: { type: 'string' },
				media: { type: 'string' },
				fileName: { type: 'string' },
				caption: { type: 'string' },
				...gif,
				...options,
			},
			required: ['number', 'mediatype'],
		},
		ptv: { type: 'object', properties: { number: numberSchema, video: { type: 'string' }, ...options }, required: ['number'] },
		audio: { type: 'object', properties: { number: numberSchema, audio: { type: 'string' }, ...options }, required: ['number'] },
		// statusMessageSchema: no number, no send options; the same in every release. A form cannot carry `font` (an integer) nor `allContacts` (a boolean).
		status: {
			type: 'object',
			properties: {
				type: { type: 'string', enum: ['text', 'image', 'audio', 'video'] },
				content: { type: 'string' },
				caption: { type: 'string' },
				backgroundColor: { type: 'string' },
				font: { type: 'integer', minimum: 0, maximum: 5 },
				statusJidList: {
					type: 'array',
					minItems: 1,
					uniqueItems: true,
					items: { type: 'string', pattern: '^\\d+', description: '"statusJidList" must be an array of numeric strings' },
				},
				allContacts: flagSchema,
			},
			required: ['type'],
		},
		sticker: { type: 'object', properties: { number: numberSchema, sticker: { type: 'string' }, ...options }, required: ['number'] },
	};
}

const UPLOAD_SCHEMAS_2_3 = uploadSchemas(sendOptions, {});
const UPLOAD_SCHEMAS_2_4 = uploadSchemas(sendOptions24, {
	gifPlayback: { oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] },
	gifAttribution: {
		oneOf: [
			{ type: 'integer', enum: [0, 1, 2] },
			{ type: 'string', enum: ['0', '1', '2'] },
		],
	},
});

/** The schema the release checks an upload route's body against (JSON, or a form's fields as multer gives them: text). */
export const uploadSchema = (release: EvolutionRelease, route: UploadRoute): JsonSchema =>
	(release.startsWith('2.4') ? UPLOAD_SCHEMAS_2_4 : UPLOAD_SCHEMAS_2_3)[route];
