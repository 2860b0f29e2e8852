// A fake Evolution API v2 server on 127.0.0.1, faithful to the project's service spec
// (shared/spec/api-behaviour.md section 2, beside this repository) and to Evolution 2.3.x's source:
// guard order (instance, then apikey); request bodies checked against ports of Evolution's JSON
// schemas with jsonschema's messages, order and nested `[[...]]` envelope; controller and service
// errors in their own envelopes; the not-on-WhatsApp 400; the media rules; answers with extra
// keys; groups, profile pictures and stored messages (so media can be fetched back as base64); and
// fetchInstances with connection states. It records every request as received.
//
// Used by the node tests, the `npm start` sandbox and the end-to-end tests: keep
// `startEvolutionFake(options?)` and its `{ port }` option stable.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
	connectionUpdateData,
	groupParticipantsData,
	mediaMessageData,
	qrCodeData,
	statusUpdateData,
	textMessageData,
	whatsappMessageId,
} from './events.ts';

export type ConnectionStatus = 'open' | 'close' | 'connecting';

export interface FakeInstance {
	name: string;
	/** The instance's own token, accepted as `apikey` for this instance only. */
	token: string;
	connectionStatus: ConnectionStatus;
	ownerJid: string | null;
	profileName: string | null;
}

export interface FakeGroupParticipant {
	/** `<digits>@s.whatsapp.net` (or `@lid`). */
	id: string;
	admin: 'superadmin' | 'admin' | null;
}

export interface FakeGroup {
	/** `<digits>@g.us`. */
	id: string;
	subject: string;
	/** The creator's JID; omitted from answers when absent, as the server does. */
	owner?: string;
	desc?: string;
	participants: FakeGroupParticipant[];
	/** The instances that are members; default every instance. */
	instances?: string[];
}

export type StoredMediaType = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export interface StoredMedia {
	bytes: Buffer;
	mimetype: string;
	fileName?: string;
	caption?: string;
	height?: number;
	width?: number;
}

/** A message the server holds in its database (sent through it, or received). */
export interface StoredMessage {
	instance: string;
	key: { remoteJid: string; fromMe: boolean; id: string };
	/** The proto key, as the server names it: `conversation`, `imageMessage`, `reactionMessage`... */
	messageType: string;
	media?: StoredMedia;
}

export interface StoreMediaInput {
	/** Default `sales`. */
	instance?: string;
	/** Default a random id. */
	id?: string;
	/** The sender; default `51987654321@s.whatsapp.net`. */
	remoteJid?: string;
	mediaType: StoredMediaType;
	bytes: Buffer;
	mimetype: string;
	fileName?: string;
	caption?: string;
	height?: number;
	width?: number;
}

export interface EvolutionFakeOptions {
	/** Port to listen on; default 0 (a free port). */
	port?: number;
	/** The server's global API key; default `global-test-key`. */
	apiKey?: string;
	/** Instances; default: `sales` (open), `Support Team` (open), `offline` (close), tokens `<name>-token`. */
	instances?: Array<Partial<FakeInstance> & { name: string }>;
	/** Numbers (digits, as the server normalises them) that are not on WhatsApp. */
	unregistered?: string[];
	/** Names the server knows for numbers (whatsappNumbers answers them as `name`). */
	contacts?: Record<string, string>;
	/** The limit on decoded base64 media; default 15 MB (15 × 1024 × 1024 bytes). */
	mediaLimitBytes?: number;
	/** Groups the instances belong to; default `DEFAULT_GROUPS`. */
	groups?: FakeGroup[];
	/** Profile picture URLs by digits (a number's or a group's); default `DEFAULT_PROFILE_PICTURES`. Others have none. */
	profilePictures?: Record<string, string>;
	/**
	 * Which release's webhook routes to play: `2.3` (default: nested body, custom headers, retries),
	 * `2.1.0` (nested body, no headers kept), `2.0` (flat body).
	 */
	webhookRelease?: '2.3' | '2.1.0' | '2.0';
	/** Delivery retries as 2.3's retryWebhookRequest, scaled down: attempts (default 10) and the first delay (default 50 ms, doubling, at most 1 s). */
	webhookRetry?: { maxAttempts?: number; initialDelayMs?: number };
	/** The server's SERVER_URL, sent in every delivery; default the fake's own URL. */
	serverUrl?: string;
}

/** An instance's webhook as Evolution stores it (the Prisma row `webhook/set` and `webhook/find` answer). */
export interface FakeWebhook {
	id: string;
	url: string;
	headers?: Record<string, string> | null;
	enabled: boolean;
	events: string[];
	webhookByEvents: boolean;
	webhookBase64: boolean;
	createdAt: string;
	updatedAt: string;
	instanceId: string;
}

/** One POST the fake made to a webhook. */
export interface WebhookAttempt {
	instance: string;
	event: string;
	url: string;
	headers: Record<string, string>;
	body: Record<string, unknown>;
	/** The receiver's status, or undefined when the request failed (refused, timed out). */
	status?: number;
	error?: string;
}

export interface DeliveryOutcome {
	/** Whether a 2xx answer came back. */
	delivered: boolean;
	/** Every attempt's status (undefined: no answer), in order. */
	statuses: Array<number | undefined>;
	/** What was posted (the same body on every attempt). */
	envelope: Record<string, unknown>;
	/** Why nothing was posted (no webhook, disabled, event not subscribed). */
	skipped?: string;
}

export interface RecordedRequest {
	method: string;
	/** The path and query exactly as received (still percent-encoded). */
	path: string;
	headers: IncomingHttpHeaders;
	/** The parsed JSON body, or the raw text when it is not JSON; undefined when empty. */
	body: unknown;
	/** Size of the body in bytes. */
	bodyBytes: number;
	/** When the request arrived (its headers were read): ms on the `performance.now()` clock. */
	at: number;
}

export interface CannedAnswer {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

export type RequestFilter = (request: RecordedRequest) => boolean;

interface Pending {
	/** An answer, or undefined to drop the connection. */
	answer?: CannedAnswer;
	when?: RequestFilter;
}

export interface EvolutionFake {
	url: string;
	port: number;
	apiKey: string;
	requests: RecordedRequest[];
	instances: Map<string, FakeInstance>;
	unregistered: Set<string>;
	contacts: Map<string, string>;
	mediaLimitBytes: number;
	/** Groups by id. */
	groups: Map<string, FakeGroup>;
	/** Profile picture URLs by digits. */
	profilePictures: Map<string, string>;
	/** The server's message store by message id: the seeds, then every successful send. */
	messages: Map<string, StoredMessage>;
	/** Each instance's webhook, by instance name (`webhook/set` writes it, `webhook/find` reads it). */
	webhooks: Map<string, FakeWebhook>;
	/** Every POST made to a webhook, in order. */
	webhookAttempts: WebhookAttempt[];
	/**
	 * Delivers an event (`messages.upsert`...) of an instance to its webhook, as Evolution does: only
	 * when enabled and subscribed, the envelope with the API key, the stored headers, retried on
	 * failure except 400, 401, 403, 404 and 422. `envelope` re-sends a previous delivery's body as is.
	 */
	deliver(instance: string, event: string, data: unknown, options?: { envelope?: Record<string, unknown> }): Promise<DeliveryOutcome>;
	/** Deliveries started by the fake itself (send.message after a send), to await in tests. */
	pendingDeliveries(): Promise<void>;
	/** The keys markMessageAsRead passed on to WhatsApp (`@lid` ones are dropped), in order. */
	readKeys: Array<{ instance: string; remoteJid: string; fromMe: boolean; id: string }>;
	/** Seeds an incoming media message (kept across `reset()`); returns its id. */
	storeMedia(input: StoreMediaInput): string;
	/**
	 * Answers the next `times` requests (those `when` accepts, if given) with this status and body,
	 * after recording them. A string body is sent as HTML.
	 */
	failNext(status: number, body: unknown, times?: number, when?: RequestFilter, headers?: Record<string, string>): void;
	/** Closes the connection of the next `times` requests (those `when` accepts) without an answer. */
	dropNext(times?: number, when?: RequestFilter): void;
	/** Holds every answer this long (ms). */
	delayMs: number;
	/** Requests waiting for their answer now, and the most there were at once. */
	inFlight: number;
	peakInFlight: number;
	/** The sends (message/*) each chat received, by the number or JID they named, in order of arrival. */
	chats(): Map<string, RecordedRequest[]>;
	/** Forgets recorded requests, pending canned answers, read keys and sent messages (seeds stay). */
	reset(): void;
	close(): Promise<void>;
}

export const DEFAULT_API_KEY = 'global-test-key';
/** The fake's control route that makes an instance receive a message and deliver it to its webhook. */
export const CONTROL_DELIVER = '/_fake/deliver';
/** The control route that lists the messages sent through the fake, newest last. */
export const CONTROL_SENT = '/_fake/sent';
export const DEFAULT_MEDIA_LIMIT_BYTES = 15 * 1024 * 1024;

export const DEFAULT_GROUPS: readonly FakeGroup[] = [
	{
		id: '120363025246125486@g.us',
		subject: 'Ventas Lima',
		owner: '51987654321@s.whatsapp.net',
		desc: 'Pedidos y cotizaciones',
		participants: [
			{ id: '51987654321@s.whatsapp.net', admin: 'superadmin' },
			{ id: '51912345678@s.whatsapp.net', admin: 'admin' },
			{ id: '51900000001@s.whatsapp.net', admin: null },
		],
	},
	{
		id: '120363111111111111@g.us',
		subject: 'Soporte Clientes',
		participants: [
			{ id: '51900000001@s.whatsapp.net', admin: 'superadmin' },
			{ id: '51912345678@s.whatsapp.net', admin: null },
		],
	},
];

export const DEFAULT_PROFILE_PICTURES: Readonly<Record<string, string>> = {
	'51987654321': 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg',
};

/** Ids of the messages every fake starts with (instance `sales`, from 51987654321, not fromMe). */
export const SEEDED_MESSAGES = {
	/** A 1×1 PNG, caption `Foto del recibo`, no file name (so its base64 answer names it `INCOMINGIMAGE0001.png`). */
	image: 'INCOMINGIMAGE0001',
	/** A small PDF named `Factura F001-123.pdf`. */
	document: 'INCOMINGDOC00001',
	/** A text message: not media. */
	text: 'INCOMINGTEXT0001',
} as const;

export const SEEDED_PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
	'base64',
);
export const SEEDED_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const SEEDED_SENDER = '51987654321@s.whatsapp.net';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MIME_BY_EXTENSION: Record<string, string> = {
	pdf: 'application/pdf',
	txt: 'text/plain',
	csv: 'text/csv',
	doc: 'application/msword',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	zip: 'application/zip',
	jpg: 'image/jpeg',
	png: 'image/png',
	mp4: 'video/mp4',
	mp3: 'audio/mpeg',
	ogg: 'audio/ogg',
};
// What the server's mime-types@2 `extension()` gives (parameters ignored); unknown types give `false`.
const EXTENSION_BY_MIME: Record<string, string> = {
	'image/jpeg': 'jpeg',
	'image/png': 'png',
	'image/webp': 'webp',
	'image/gif': 'gif',
	'video/mp4': 'mp4',
	'audio/ogg': 'oga',
	'audio/mpeg': 'mpga',
	'audio/mp4': 'm4a',
	'application/pdf': 'pdf',
	'application/octet-stream': 'bin',
	'application/zip': 'zip',
	'application/msword': 'doc',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
	'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
	'text/plain': 'txt',
	'text/csv': 'csv',
};
const DEFAULT_MIME: Record<string, string> = {
	image: 'image/jpeg',
	video: 'video/mp4',
	audio: 'audio/ogg; codecs=opus',
	document: 'application/octet-stream',
};
const OPUS_MIME = 'audio/ogg; codecs=opus';
// URL media is never downloaded: the store keeps these bytes in its place.
const URL_MEDIA_PLACEHOLDER_BYTES = 16;
// `\p{RGI_Emoji}` needs the `v` flag, which TypeScript's es2023 lib does not know as a literal.
const SINGLE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

// ---------------------------------------------------------------------------------------------
// JSON Schema, as the server's jsonschema@1.x checks it: keywords in the schema's own key order,
// every error kept, messages `<path> <text>` with the first `instance.` cut, or the failing
// sub-schema's `description` instead. The schemas below are ports of src/validate/*.schema.ts with
// their keys in the same order, since that order is the order of the messages.

interface JsonSchema {
	type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
	description?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	minItems?: number;
	maxItems?: number;
	uniqueItems?: boolean;
	minLength?: number;
	pattern?: string;
	enum?: unknown[];
	minimum?: number;
	maximum?: number;
	propertyNames?: JsonSchema;
	if?: JsonSchema;
	then?: JsonSchema;
}

interface SchemaError {
	/** `instance`, or the path without its `instance.` prefix (`groupJid`, `contact[0].phoneNumber`). */
	property: string;
	message: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(value: unknown, type: NonNullable<JsonSchema['type']>): boolean {
	switch (type) {
		case 'object':
			return isObject(value);
		case 'array':
			return Array.isArray(value);
		case 'number':
			return typeof value === 'number' && Number.isFinite(value);
		case 'integer':
			return typeof value === 'number' && value % 1 === 0;
		default:
			return typeof value === type;
	}
}

function deepEqual(a: unknown, b: unknown): boolean {
	if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
	if (isObject(a) && isObject(b)) {
		const keys = Object.keys(a);
		return keys.length === Object.keys(b).length && keys.every((key) => deepEqual(a[key], b[key]));
	}
	return a === b;
}

function validateSchema(value: unknown, schema: JsonSchema, path = 'instance'): SchemaError[] {
	const errors: SchemaError[] = [];
	const fail = (text: string) =>
		errors.push({ property: path.replace('instance.', ''), message: schema.description ?? `${path} ${text}`.replace('instance.', '') });
	for (const keyword of Object.keys(schema) as Array<keyof JsonSchema>) {
		switch (keyword) {
			case 'type':
				if (value !== undefined && !hasType(value, schema.type!)) fail(`is not of a type(s) ${schema.type}`);
				break;
			case 'properties':
				if (isObject(value))
					for (const [name, sub] of Object.entries(schema.properties!)) errors.push(...validateSchema(value[name], sub, `${path}.${name}`));
				break;
			case 'required':
				if (isObject(value))
					for (const name of schema.required!) if (value[name] === undefined) fail(`requires property ${JSON.stringify(name)}`);
				break;
			case 'items':
				if (Array.isArray(value)) value.forEach((item, i) => errors.push(...validateSchema(item, schema.items!, `${path}[${i}]`)));
				break;
			case 'minItems':
				if (Array.isArray(value) && value.length < schema.minItems!) fail(`does not meet minimum length of ${schema.minItems}`);
				break;
			case 'maxItems':
				if (Array.isArray(value) && value.length > schema.maxItems!) fail(`does not meet maximum length of ${schema.maxItems}`);
				break;
			case 'uniqueItems':
				if (schema.uniqueItems && Array.isArray(value) && value.some((item, i) => value.slice(i + 1).some((other) => deepEqual(item, other))))
					fail('contains duplicate item');
				break;
			case 'minLength':
				// Counted in code points, as jsonschema does.
				if (typeof value === 'string' && [...value].length < schema.minLength!) fail(`does not meet minimum length of ${schema.minLength}`);
				break;
			case 'pattern':
				if (typeof value === 'string' && !new RegExp(schema.pattern!, 'u').test(value))
					fail(`does not match pattern ${JSON.stringify(schema.pattern)}`);
				break;
			case 'enum':
				if (value !== undefined && !schema.enum!.some((option) => deepEqual(option, value)))
					fail(`is not one of enum values: ${schema.enum!.map(String).join(',')}`);
				break;
			case 'minimum':
				if (hasType(value, 'number') && (value as number) < schema.minimum!) fail(`must be greater than or equal to ${schema.minimum}`);
				break;
			case 'maximum':
				if (hasType(value, 'number') && (value as number) > schema.maximum!) fail(`must be less than or equal to ${schema.maximum}`);
				break;
			case 'propertyNames':
				if (isObject(value))
					for (const [name, item] of Object.entries(value))
						if (item !== undefined) errors.push(...validateSchema(name, schema.propertyNames!, path));
				break;
			case 'if':
				if (value !== undefined && validateSchema(value, schema.if!, path).length === 0 && schema.then)
					errors.push(...validateSchema(value, schema.then, path));
				break;
		}
	}
	return errors;
}

/**
 * Evolution's `isNotEmpty(...)`: the `then` applies only when every key of the object is one of
 * these, so it rarely does (`{id: '', remoteJid: 'x', fromMe: true}` passes).
 */
function isNotEmpty(...names: string[]): Pick<JsonSchema, 'if' | 'then'> {
	const properties: Record<string, JsonSchema> = {};
	for (const name of names) properties[name] = { minLength: 1, description: `The "${name}" cannot be empty` };
	return { if: { propertyNames: { enum: [...names] } }, then: { properties } };
}

/** EventController.events of 2.3.x: what a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
	'APPLICATION_STARTUP',
	'QRCODE_UPDATED',
	'MESSAGES_SET',
	'MESSAGES_UPSERT',
	'MESSAGES_EDITED',
	'MESSAGES_UPDATE',
	'MESSAGES_DELETE',
	'SEND_MESSAGE',
	'SEND_MESSAGE_UPDATE',
	'CONTACTS_SET',
	'CONTACTS_UPSERT',
	'CONTACTS_UPDATE',
	'PRESENCE_UPDATE',
	'CHATS_SET',
	'CHATS_UPSERT',
	'CHATS_UPDATE',
	'CHATS_DELETE',
	'GROUPS_UPSERT',
	'GROUP_UPDATE',
	'GROUP_PARTICIPANTS_UPDATE',
	'CONNECTION_UPDATE',
	'LABELS_EDIT',
	'LABELS_ASSOCIATION',
	'CALL',
	'TYPEBOT_START',
	'TYPEBOT_CHANGE_STATUS',
	'REMOVE_INSTANCE',
	'LOGOUT_INSTANCE',
	'INSTANCE_CREATE',
	'INSTANCE_DELETE',
	'STATUS_INSTANCE',
];

const numberSchema: JsonSchema = { type: 'string', description: 'Invalid format' };
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
/** delay, quoted, everyOne and mentioned: the options most message schemas end with. */
const sendOptions: Record<string, JsonSchema> = {
	delay: delaySchema,
	quoted: quotedSchema,
	everyOne: { type: 'boolean', enum: [true, false] },
	mentioned: {
		type: 'array',
		minItems: 1,
		uniqueItems: true,
		items: { type: 'string', pattern: '^\\d+', description: '"mentioned" must be an array of numeric strings' },
	},
};

const SCHEMAS = {
	text: {
		type: 'object',
		properties: { number: numberSchema, text: { type: 'string' }, linkPreview: { type: 'boolean' }, ...sendOptions },
		required: ['number', 'text'],
	},
	media: {
		type: 'object',
		properties: {
			number: numberSchema,
			mediatype: { type: 'string', enum: ['image', 'document', 'video', 'audio'] },
			mimetype: { type: 'string' },
			media: { type: 'string' },
			fileName: { type: 'string' },
			caption: { type: 'string' },
			...sendOptions,
		},
		required: ['number', 'mediatype'],
	},
	audio: {
		type: 'object',
		properties: { number: numberSchema, audio: { type: 'string' }, ...sendOptions },
		required: ['number'],
	},
	sticker: {
		type: 'object',
		properties: { number: numberSchema, sticker: { type: 'string' }, ...sendOptions },
		required: ['number'],
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
	groupJid: {
		type: 'object',
		properties: { groupJid: { type: 'string', pattern: '^[\\d-]+@g.us$' } },
		required: ['groupJid'],
		...isNotEmpty('groupJid'),
	},
	getParticipants: {
		type: 'object',
		properties: { getParticipants: { type: 'string', enum: ['true', 'false'] } },
		required: ['getParticipants'],
		...isNotEmpty('getParticipants'),
	},
	webhook: {
		type: 'object',
		properties: {
			webhook: {
				type: 'object',
				properties: {
					enabled: { type: 'boolean' },
					url: { type: 'string' },
					headers: { type: 'object' },
					byEvents: { type: 'boolean' },
					base64: { type: 'boolean' },
					events: { type: 'array', minItems: 0, items: { type: 'string', enum: WEBHOOK_EVENTS } },
				},
				required: ['enabled', 'url'],
				...isNotEmpty('enabled', 'url'),
			},
		},
		required: ['webhook'],
	},
	/** 2.0.x: the same keys at the top level, with webhookByEvents and webhookBase64. */
	webhookFlat: {
		type: 'object',
		properties: {
			enabled: { type: 'boolean' },
			url: { type: 'string' },
			webhookByEvents: { type: 'boolean' },
			webhookBase64: { type: 'boolean' },
			events: { type: 'array', minItems: 0, items: { type: 'string', enum: WEBHOOK_EVENTS } },
		},
		required: ['enabled', 'url'],
		...isNotEmpty('enabled', 'url'),
	},
} satisfies Record<string, JsonSchema>;

// ---------------------------------------------------------------------------------------------
// Envelopes

/** The wrapped envelope of message routes and guards. */
const wrapped = (status: number, error: string, message: unknown): CannedAnswer => ({
	status,
	body: { status, error, response: { message } },
});
/** The unwrapped envelope of whatsappNumbers (since 2.3.0 it answers the raw exception). */
const unwrapped = (message: unknown[]): CannedAnswer => ({
	status: 400,
	body: { status: 400, error: 'Bad Request', message },
});
const badRequest = (message: unknown) => wrapped(400, 'Bad Request', message);
const notFound = (message: unknown) => wrapped(404, 'Not Found', message);
/** What an uncaught error (a TypeError, or Baileys' closed socket) becomes: 500 with a string message. */
const internalError = (message: string) => wrapped(500, 'Internal Server Error', message);
const CONNECTION_CLOSED = 'Connection Closed';

/** dataValidate: a failed schema is a 400 whose message is the list of errors inside a list. */
function schemaFailure(body: Record<string, unknown>, schema: JsonSchema): CannedAnswer | undefined {
	const errors = validateSchema(body, schema);
	return errors.length ? badRequest([errors.map((error) => error.message)]) : undefined;
}

/** The group validators spread their `{property, message}` errors into a flat list. */
function groupSchemaFailure(body: Record<string, unknown>, schema: JsonSchema): CannedAnswer | undefined {
	const errors = validateSchema(body, schema);
	return errors.length ? badRequest(errors) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Numbers and media

/** The server's own normalisation: spaces, +, (, ), dashes and dots removed; addresses kept. */
function serverNumber(raw: string): string {
	if (/@(s\.whatsapp\.net|g\.us|lid|broadcast)$/.test(raw)) return raw;
	return raw.replace(/[\s+()\-.]/g, '');
}

function jidOf(number: string): string {
	return number.includes('@') ? number : `${number}@s.whatsapp.net`;
}

/** Evolution's createJid without its Brazil/Mexico/Argentina rewrites: digits, and 18+ digits are a group. */
function createJid(number: string): string {
	number = number.replace(/:\d+/, '');
	if (/@(g\.us|s\.whatsapp\.net|lid|broadcast)/.test(number)) return number;
	const digits = number.split('@')[0].replace(/\D/g, '');
	return digits.length >= 18 ? `${digits}@g.us` : `${digits}@s.whatsapp.net`;
}

const newMessageId = () => randomBytes(10).toString('hex').toUpperCase();

function messageKey(number: string) {
	return { remoteJid: jidOf(number), fromMe: true, id: newMessageId() };
}

/** class-validator's isURL/isBase64 as far as the fake needs: http(s) URLs, and raw base64 only. */
function mediaSource(media: unknown): 'url' | 'base64' | undefined {
	if (typeof media !== 'string') return undefined;
	if (/^https?:\/\//i.test(media)) return 'url';
	if (media.length % 4 === 0 && BASE64.test(media)) return 'base64';
	return undefined;
}

function mediaBytes(media: string, source: 'url' | 'base64'): Buffer {
	return source === 'base64' ? Buffer.from(media, 'base64') : Buffer.alloc(URL_MEDIA_PLACEHOLDER_BYTES);
}

/** The keys Baileys gives an uploaded media message. */
function uploadedMedia(mimetype: string, fileLength: number): Record<string, unknown> {
	return {
		url: `https://mmg.whatsapp.net/v/t62.7118-24/${randomBytes(6).toString('hex')}.enc`,
		mimetype,
		fileSha256: randomBytes(32).toString('base64'),
		fileLength: String(fileLength),
		mediaKey: randomBytes(32).toString('base64'),
	};
}

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

function queryOf(path: string): URLSearchParams {
	const index = path.indexOf('?');
	return new URLSearchParams(index >= 0 ? path.slice(index + 1) : '');
}

type Handler = (instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams) => CannedAnswer | Promise<CannedAnswer>;

export async function startEvolutionFake(options: EvolutionFakeOptions = {}): Promise<EvolutionFake> {
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	const instances = new Map<string, FakeInstance>();
	const seeds = options.instances ?? [
		{ name: 'sales', connectionStatus: 'open' as const },
		{ name: 'Support Team', connectionStatus: 'open' as const },
		{ name: 'offline', connectionStatus: 'close' as const },
	];
	for (const seed of seeds) {
		instances.set(seed.name, {
			token: `${seed.name}-token`,
			connectionStatus: 'open',
			ownerJid: seed.connectionStatus === 'close' ? null : '51900000001@s.whatsapp.net',
			profileName: seed.name,
			...seed,
		});
	}
	const instanceIds = new Map<string, string>();
	const pending: Pending[] = [];
	const webhookRelease = options.webhookRelease ?? '2.3';
	const inFlightDeliveries = new Set<Promise<unknown>>();
	// Seeded messages, restored by reset() after sends have been dropped.
	const seededMessages = new Map<string, StoredMessage>();

	const fake: EvolutionFake = {
		url: '',
		port: 0,
		apiKey,
		requests: [],
		instances,
		unregistered: new Set(options.unregistered ?? []),
		contacts: new Map(Object.entries(options.contacts ?? {})),
		mediaLimitBytes: options.mediaLimitBytes ?? DEFAULT_MEDIA_LIMIT_BYTES,
		groups: new Map((options.groups ?? DEFAULT_GROUPS).map((group) => [group.id, structuredClone(group)])),
		profilePictures: new Map(Object.entries(options.profilePictures ?? DEFAULT_PROFILE_PICTURES)),
		messages: new Map(),
		readKeys: [],
		webhooks: new Map(),
		webhookAttempts: [],
		deliver: (instance, event, data, deliverOptions) => deliverEvent(instance, event, data, deliverOptions?.envelope),
		async pendingDeliveries() {
			while (inFlightDeliveries.size > 0) await Promise.allSettled([...inFlightDeliveries]);
		},
		storeMedia(input) {
			const id = input.id ?? newMessageId();
			const message: StoredMessage = {
				instance: input.instance ?? 'sales',
				key: { remoteJid: input.remoteJid ?? SEEDED_SENDER, fromMe: false, id },
				messageType: `${input.mediaType}Message`,
				media: {
					bytes: input.bytes,
					mimetype: input.mimetype,
					fileName: input.fileName,
					caption: input.caption,
					height: input.height,
					width: input.width,
				},
			};
			seededMessages.set(id, message);
			fake.messages.set(id, message);
			return id;
		},
		failNext(status, body, times = 1, when, headers) {
			for (let i = 0; i < times; i++) pending.push({ answer: { status, body, headers }, when });
		},
		dropNext(times = 1, when) {
			for (let i = 0; i < times; i++) pending.push({ when });
		},
		delayMs: 0,
		inFlight: 0,
		peakInFlight: 0,
		chats() {
			const chats = new Map<string, RecordedRequest[]>();
			for (const request of fake.requests) {
				if (!/^\/message\//.test(request.path)) continue;
				const body = request.body as { number?: unknown; key?: { remoteJid?: unknown } } | undefined;
				// sendReaction names its chat only in the reacted message's key.
				const named = /^\/message\/sendReaction\//.test(request.path) ? body?.key?.remoteJid : body?.number;
				const chat = String(named ?? '');
				chats.set(chat, [...(chats.get(chat) ?? []), request]);
			}
			return chats;
		},
		reset() {
			fake.requests.length = 0;
			pending.length = 0;
			fake.delayMs = 0;
			fake.peakInFlight = 0;
			fake.readKeys.length = 0;
			fake.webhooks.clear();
			fake.webhookAttempts.length = 0;
			fake.messages.clear();
			for (const [id, message] of seededMessages) fake.messages.set(id, message);
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};

	fake.storeMedia({
		id: SEEDED_MESSAGES.image,
		mediaType: 'image',
		bytes: SEEDED_PNG,
		mimetype: 'image/png',
		caption: 'Foto del recibo',
		height: 1,
		width: 1,
	});
	fake.storeMedia({
		id: SEEDED_MESSAGES.document,
		mediaType: 'document',
		bytes: SEEDED_PDF,
		mimetype: 'application/pdf',
		fileName: 'Factura F001-123.pdf',
	});
	const seededText: StoredMessage = {
		instance: 'sales',
		key: { remoteJid: SEEDED_SENDER, fromMe: false, id: SEEDED_MESSAGES.text },
		messageType: 'conversation',
	};
	seededMessages.set(SEEDED_MESSAGES.text, seededText);
	fake.messages.set(SEEDED_MESSAGES.text, seededText);

	const idOf = (name: string) => {
		if (!instanceIds.has(name)) instanceIds.set(name, randomUUID());
		return instanceIds.get(name)!;
	};

	const isOpen = (instance: FakeInstance) => instance.connectionStatus === 'open';

	function instanceRow(instance: FakeInstance) {
		return {
			id: idOf(instance.name),
			name: instance.name,
			connectionStatus: instance.connectionStatus,
			ownerJid: instance.ownerJid,
			profileName: instance.profileName,
			profilePicUrl: null,
			integration: 'WHATSAPP-BAILEYS',
			number: null,
			token: instance.token,
			clientName: 'evolution_exchange',
			createdAt: '2026-01-01T00:00:00.000Z',
			updatedAt: '2026-01-01T00:00:00.000Z',
			Setting: { rejectCall: false, groupsIgnore: false, alwaysOnline: false },
			_count: { Message: 0, Contact: 0, Chat: 0 },
		};
	}

	function fetchInstances(headers: IncomingHttpHeaders, query: URLSearchParams): CannedAnswer {
		const key = headers.apikey;
		const instanceName = query.get('instanceName') || undefined;
		const instanceId = query.get('instanceId') || undefined;
		const number = query.get('number') || undefined;
		const all = [...instances.values()];
		if (key !== apiKey) {
			// An instance token sees only its own instance, narrowed further by name or id.
			const visible = all.filter(
				(instance) =>
					key === instance.token &&
					(!instanceName || instance.name === instanceName) &&
					(!instanceId || idOf(instance.name) === instanceId),
			);
			if (visible.length === 0) return wrapped(401, 'Unauthorized', 'Unauthorized');
			return { status: 200, body: visible.map(instanceRow) };
		}
		if (instanceId || number) {
			const byId = instanceId ? all.find((instance) => idOf(instance.name) === instanceId) : undefined;
			if (!byId) return notFound([`Instance "${instanceId ?? number}" not found`]);
			return { status: 200, body: [instanceRow(byId)] };
		}
		if (instanceName) {
			const named = instances.get(instanceName);
			if (!named) return notFound([`Instance "${instanceName}" not found`]);
			return { status: 200, body: [instanceRow(named)] };
		}
		return { status: 200, body: all.map(instanceRow) };
	}

	function notOnWhatsApp(number: string, given: string = number): CannedAnswer | undefined {
		if (number.endsWith('@g.us') || number.endsWith('@broadcast') || number.endsWith('@lid')) return undefined;
		const digits = number.split('@')[0];
		if (!fake.unregistered.has(digits)) return undefined;
		return badRequest([{ jid: jidOf(number), exists: false, number: given }]);
	}

	/** sendMessageWithTyping up to the send: the connection, then whether the chat is on WhatsApp. */
	function cannotSend(instance: FakeInstance, chat: string, given?: string): CannedAnswer | undefined {
		if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
		return notOnWhatsApp(chat, given);
	}

	/** The 201 answer every send route gives (prepareMessage), after storing the message. */
	function sent(
		instance: FakeInstance,
		chat: string,
		messageType: string,
		message: Record<string, unknown>,
		extra: { media?: StoredMedia; contextInfo?: unknown } = {},
	): CannedAnswer {
		const key = messageKey(chat);
		fake.messages.set(key.id, { instance: instance.name, key, messageType, media: extra.media });
		const answer = {
			status: 201,
			body: {
				key,
				pushName: '',
				status: 'PENDING',
				message,
				contextInfo: extra.contextInfo ?? null,
				messageType,
				messageTimestamp: Math.floor(Date.now() / 1000),
				instanceId: idOf(instance.name),
				source: 'unknown',
			},
		};
		emitSendMessage(instance.name, answer.body);
		return answer;
	}

	function sendText(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const invalid = schemaFailure(body, SCHEMAS.text);
		if (invalid) return invalid;
		if ((body.text as string).trim() === '') return badRequest(['Text is required']);
		const number = serverNumber(body.number as string);
		const refused = cannotSend(instance, number);
		if (refused) return refused;
		return sent(
			instance,
			number,
			'conversation',
			{ conversation: body.text },
			{ contextInfo: body.quoted ? { stanzaId: (body.quoted as { key?: { id?: string } }).key?.id } : null },
		);
	}

	function sendMedia(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const invalid = schemaFailure(body, SCHEMAS.media);
		if (invalid) return invalid;
		const mediatype = body.mediatype as string;
		const source = mediaSource(body.media);
		if (source === 'base64' && mediatype === 'document' && !body.fileName)
			return badRequest(['For base64 the file name must be informed.']);
		if (!source) return badRequest(['Owned media must be a url or base64']);
		const media = body.media as string;
		const bytes = mediaBytes(media, source);
		const fileLength = source === 'base64' ? bytes.length : 48_213;
		if (fileLength > fake.mediaLimitBytes) return badRequest([`Media exceeds the limit of ${fake.mediaLimitBytes} bytes`]);
		if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
		if (source === 'url' && new URL(media).hostname.endsWith('.invalid'))
			return internalError(`getaddrinfo ENOTFOUND ${new URL(media).hostname}`);
		const number = serverNumber(body.number as string);
		const missing = notOnWhatsApp(number);
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
		return sent(
			instance,
			number,
			`${mediatype}Message`,
			{ [`${mediatype}Message`]: content, base64: source === 'base64' ? media : 'AAAA' },
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
		instance: FakeInstance,
		body: Record<string, unknown>,
		file: { key: 'audio' | 'sticker'; schema: JsonSchema; notMedia: string; messageType: string; mimetype: string },
		content: (bytes: Buffer) => Record<string, unknown>,
	): CannedAnswer {
		const invalid = schemaFailure(body, file.schema);
		if (invalid) return invalid;
		const source = mediaSource(body[file.key]);
		if (!source) return badRequest([file.notMedia]);
		const number = serverNumber(body.number as string);
		const refused = cannotSend(instance, number);
		if (refused) return refused;
		const bytes = mediaBytes(body[file.key] as string, source);
		const message = { ...uploadedMedia(file.mimetype, bytes.length), ...content(bytes) };
		return sent(instance, number, file.messageType, { [file.messageType]: message }, { media: { bytes, mimetype: file.mimetype } });
	}

	function sendWhatsAppAudio(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		// Converted or not (`encoding: false`), the server always sends a voice note as ogg/opus.
		const audio = {
			key: 'audio' as const,
			schema: SCHEMAS.audio,
			notMedia: 'Owned media must be a url, base64, or valid file with buffer',
			messageType: 'audioMessage',
			mimetype: OPUS_MIME,
		};
		return sendConvertedFile(instance, body, audio, (bytes) => ({
			// Opus voice notes run at about 2 kB a second.
			seconds: Math.max(1, Math.round(bytes.length / 2000)),
			ptt: true,
			mediaKeyTimestamp: String(Math.floor(Date.now() / 1000)),
		}));
	}

	function sendSticker(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const sticker = {
			key: 'sticker' as const,
			schema: SCHEMAS.sticker,
			notMedia: 'Owned media must be a url or base64',
			messageType: 'stickerMessage',
			mimetype: 'image/webp',
		};
		return sendConvertedFile(instance, body, sticker, () => ({ isAnimated: false }));
	}

	function sendLocation(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const invalid = schemaFailure(body, SCHEMAS.location);
		if (invalid) return invalid;
		const number = serverNumber(body.number as string);
		const refused = cannotSend(instance, number);
		if (refused) return refused;
		const locationMessage = {
			degreesLatitude: body.latitude,
			degreesLongitude: body.longitude,
			name: body.name,
			address: body.address,
		};
		return sent(instance, number, 'locationMessage', { locationMessage });
	}

	function sendContact(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const invalid = schemaFailure(body, SCHEMAS.contact);
		if (invalid) return invalid;
		const number = serverNumber(body.number as string);
		const refused = cannotSend(instance, number);
		if (refused) return refused;
		const contacts = body.contact as Array<Record<string, unknown>>;
		if (contacts.length === 1)
			return sent(instance, number, 'contactMessage', {
				contactMessage: { displayName: contacts[0].fullName, vcard: vcard(contacts[0]) },
			});
		return sent(instance, number, 'contactsArrayMessage', {
			contactsArrayMessage: {
				displayName: `${contacts.length} contacts`,
				contacts: contacts.map((contact) => ({ displayName: contact.fullName, vcard: vcard(contact) })),
			},
		});
	}

	function sendReaction(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const invalid = schemaFailure(body, SCHEMAS.reaction);
		if (invalid) return invalid;
		if (!isSingleEmojiOrEmpty(body.reaction as string)) return badRequest(['Reaction must be a single emoji or empty string']);
		const reacted = body.key as { remoteJid: string; fromMe: boolean; id: string };
		const chat = createJid(reacted.remoteJid);
		const refused = cannotSend(instance, chat, reacted.remoteJid);
		if (refused) return refused;
		return sent(instance, chat, 'reactionMessage', {
			reactionMessage: { key: reacted, text: body.reaction, senderTimestampMs: Date.now() },
		});
	}

	function sendPoll(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const invalid = schemaFailure(body, SCHEMAS.poll);
		if (invalid) return invalid;
		const number = serverNumber(body.number as string);
		const refused = cannotSend(instance, number);
		if (refused) return refused;
		const values = body.values as string[];
		const selectableCount = body.selectableCount as number;
		// Baileys 7 refuses this while building the message, inside the server's try: a 400 "Error: ...".
		if (selectableCount > values.length)
			return badRequest([`Error: poll.selectableCount in poll should be >= 0 and <= ${values.length}`]);
		const messageType = selectableCount === 1 ? 'pollCreationMessageV3' : 'pollCreationMessage';
		return sent(instance, number, messageType, {
			messageContextInfo: { messageSecret: randomBytes(32).toString('base64') },
			[messageType]: {
				name: body.name,
				options: values.map((optionName) => ({ optionName })),
				selectableOptionsCount: selectableCount,
			},
		});
	}

	function whatsappNumbers(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
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
				const exists = notOnWhatsApp(number) === undefined;
				const result: Record<string, unknown> = { jid: jidOf(number), exists, number: given };
				const digits = number.split('@')[0];
				const name = fake.contacts.get(digits);
				if (exists && name) result.name = name;
				if (exists) result.lid = `${digits.slice(-6)}123456@lid`;
				return result;
			}),
		};
	}

	function markMessageAsRead(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const invalid = schemaFailure(body, SCHEMAS.readMessages);
		if (invalid) return invalid;
		if (!isOpen(instance)) return wrapped(500, 'Internal Server Error', ['Read messages fail', `Error: ${CONNECTION_CLOSED}`]);
		for (const read of body.readMessages as Array<{ remoteJid: string; fromMe: boolean; id: string }>) {
			// Only group and phone-number chats are read; `@lid` keys are dropped without a word.
			if (/@(g\.us|s\.whatsapp\.net)$/.test(read.remoteJid))
				fake.readKeys.push({ instance: instance.name, remoteJid: read.remoteJid, fromMe: read.fromMe, id: read.id });
		}
		return { status: 201, body: { message: 'Read messages', read: 'success' } };
	}

	async function sendPresence(instance: FakeInstance, body: Record<string, unknown>): Promise<CannedAnswer> {
		const invalid = schemaFailure(body, SCHEMAS.presence);
		if (invalid) return invalid;
		// The whole service runs inside a try that rethrows `error.toString()`: a closed socket reads
		// "Error: Connection Closed", and the not-on-WhatsApp exception (a plain object) "[object Object]".
		if (!isOpen(instance)) return badRequest([`Error: ${CONNECTION_CLOSED}`]);
		if (notOnWhatsApp(createJid(body.number as string))) return badRequest(['[object Object]']);
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, body.delay as number)));
		return { status: 201, body: { presence: body.presence } };
	}

	function getBase64FromMediaMessage(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		// No schema: every failure is a caught error answered as 400 ["<error.toString()>"].
		const given = body.message as { key?: { id?: unknown }; message?: Record<string, unknown> } | null | undefined;
		if (given === undefined || given === null)
			return badRequest([`TypeError: Cannot read properties of ${given} (reading 'key')`]);
		const id = given.key?.id;
		const stored = typeof id === 'string' ? fake.messages.get(id) : undefined;
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

	function fetchProfilePictureUrl(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const invalid = schemaFailure(body, SCHEMAS.profilePicture);
		if (invalid) return invalid;
		if (body.number === undefined) return internalError("Cannot read properties of undefined (reading 'replace')");
		const wuid = createJid(body.number as string);
		// Any failure, a closed connection included, reads as "no picture".
		const url = isOpen(instance) ? fake.profilePictures.get(wuid.split('@')[0]) : undefined;
		return { status: 200, body: { wuid, profilePictureUrl: url ?? null } };
	}

	function groupsOf(instance: FakeInstance): FakeGroup[] {
		return [...fake.groups.values()].filter((group) => !group.instances || group.instances.includes(instance.name));
	}

	/** The service's group object; undefined values drop out of the JSON as they do on the server. */
	function groupAnswer(group: FakeGroup, withParticipants: boolean): Record<string, unknown> {
		const answer: Record<string, unknown> = {
			id: group.id,
			subject: group.subject,
			subjectOwner: group.owner,
			subjectTime: 1_700_000_000,
			pictureUrl: fake.profilePictures.get(group.id.split('@')[0]) ?? null,
			size: group.participants.length,
			creation: 1_690_000_000,
			owner: group.owner,
			desc: group.desc,
			descId: group.desc === undefined ? undefined : `${group.id.split('@')[0].slice(-8)}DESC`,
			restrict: false,
			announce: false,
		};
		if (withParticipants) answer.participants = group.participants.map(({ id, admin }) => ({ id, admin }));
		answer.isCommunity = false;
		answer.isCommunityAnnounce = false;
		return answer;
	}

	function fetchAllGroups(instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
		const getParticipants = query.get('getParticipants');
		if (!getParticipants) return badRequest(['The getParticipants needs to be informed in the query']);
		const invalid = groupSchemaFailure({ ...body, ...Object.fromEntries(query) }, SCHEMAS.getParticipants);
		if (invalid) return invalid;
		// Nothing catches the closed socket here: the global handler's 500 with a string message.
		if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
		return { status: 200, body: groupsOf(instance).map((group) => groupAnswer(group, getParticipants === 'true')) };
	}

	function findGroupInfos(instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
		let groupJid = (body.groupJid || query.get('groupJid')) as string | null;
		if (!groupJid) return badRequest(['The group id needs to be informed in the query', 'ex: "groupJid=120362@g.us"']);
		if (!groupJid.endsWith('@g.us')) groupJid += '@g.us';
		const invalid = groupSchemaFailure({ ...body, groupJid }, SCHEMAS.groupJid);
		if (invalid) return invalid;
		// findGroup catches every groupMetadata failure, a closed socket's too, as this 404.
		if (!isOpen(instance)) return notFound(['Error fetching group', `Error: ${CONNECTION_CLOSED}`]);
		const group = groupsOf(instance).find((candidate) => candidate.id === groupJid);
		if (!group) return notFound(['Error fetching group', 'Error: item-not-found']);
		return { status: 200, body: groupAnswer(group, true) };
	}

	// -------------------------------------------------------------------------------------------
	// Webhooks

	/** WebhookController.set: validated by webhookSchema (2.0: a flat body), saved like Prisma's upsert. */
	function setWebhook(instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
		const legacy = webhookRelease === '2.0';
		const invalid = schemaFailure(body, legacy ? SCHEMAS.webhookFlat : SCHEMAS.webhook);
		if (invalid) return invalid;
		const given = (legacy ? body : body.webhook) as Record<string, unknown>;
		const enabled = given.enabled === true;
		let events = given.events as string[] | undefined;
		if (!enabled) events = [];
		// `data.webhook.events.length` on a missing list: a TypeError, answered as a 500.
		else if (events === undefined) return internalError("Cannot read properties of undefined (reading 'length')");
		else if (events.length === 0) events = [...WEBHOOK_EVENTS];
		const now = new Date().toISOString();
		const before = fake.webhooks.get(instance.name);
		const byEvents = (legacy ? given.webhookByEvents : given.byEvents) as boolean | undefined;
		const base64 = (legacy ? given.webhookBase64 : given.base64) as boolean | undefined;
		const keepsHeaders = webhookRelease === '2.3';
		// Prisma leaves out what is undefined: an update keeps the stored byEvents, base64 and headers.
		const row: FakeWebhook = {
			id: before?.id ?? `cm${randomBytes(12).toString('hex').slice(0, 23)}`,
			url: legacy && !enabled ? '' : String(given.url),
			...(keepsHeaders ? { headers: (given.headers as Record<string, string> | undefined) ?? before?.headers ?? null } : {}),
			enabled,
			events,
			webhookByEvents: byEvents ?? before?.webhookByEvents ?? false,
			webhookBase64: base64 ?? before?.webhookBase64 ?? false,
			createdAt: before?.createdAt ?? now,
			updatedAt: now,
			instanceId: idOf(instance.name),
		};
		fake.webhooks.set(instance.name, row);
		if (legacy) return { status: 201, body: { webhook: { instanceName: instance.name, webhook: given } } };
		return { status: 201, body: row };
	}

	/** EventController.get: the stored row, or `null` (JSON) when none was ever set. */
	function findWebhook(instance: FakeInstance): CannedAnswer {
		return { status: 200, body: fake.webhooks.get(instance.name) ?? null };
	}

	const retry = {
		maxAttempts: options.webhookRetry?.maxAttempts ?? 10,
		initialDelayMs: options.webhookRetry?.initialDelayMs ?? 50,
	};
	const NOT_RETRIED = new Set([400, 401, 403, 404, 422]);

	async function postOnce(url: string, headers: Record<string, string>, body: string): Promise<{ status?: number; error?: string }> {
		try {
			const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
			await response.arrayBuffer();
			return { status: response.status };
		} catch (error) {
			return { error: (error as Error).message };
		}
	}

	/** WebhookController.emit, with 2.3's retries (delays scaled down to milliseconds). */
	async function deliverEvent(
		instanceName: string,
		event: string,
		data: unknown,
		envelope?: Record<string, unknown>,
	): Promise<DeliveryOutcome> {
		const instance = instances.get(instanceName);
		const webhook = fake.webhooks.get(instanceName);
		const subscription = event.replace(/[.-]/g, '_').toUpperCase();
		const body = envelope ?? {
			event,
			instance: instanceName,
			data,
			destination: webhook?.url,
			date_time: new Date().toISOString(),
			...(instance?.ownerJid ? { sender: instance.ownerJid } : {}),
			server_url: options.serverUrl ?? fake.url,
			apikey: instance?.token ?? null,
		};
		const skip = (reason: string): DeliveryOutcome => ({ delivered: false, statuses: [], envelope: body, skipped: reason });
		if (!instance) return skip(`no instance ${instanceName}`);
		if (!webhook) return skip('no webhook set');
		if (!webhook.enabled) return skip('the webhook is disabled');
		if (!webhook.events.includes(subscription)) return skip(`${subscription} is not subscribed`);
		if (!/^(https?:\/\/)/.test(webhook.url)) return skip('the webhook URL is not http(s)');
		const url = webhook.webhookByEvents ? `${webhook.url}/${subscription.replace(/_/g, '-').toLowerCase()}` : webhook.url;
		const headers: Record<string, string> = {
			accept: 'application/json, text/plain, */*',
			'content-type': 'application/json',
			...(webhook.headers ?? {}),
		};
		const payload = JSON.stringify(body);
		const statuses: Array<number | undefined> = [];
		for (let attempt = 1; attempt <= retry.maxAttempts; attempt++) {
			const result = await postOnce(url, headers, payload);
			fake.webhookAttempts.push({ instance: instanceName, event, url, headers, body, ...result });
			statuses.push(result.status);
			if (result.status !== undefined && result.status >= 200 && result.status < 300) return { delivered: true, statuses, envelope: body };
			if (result.status !== undefined && NOT_RETRIED.has(result.status)) break;
			if (attempt < retry.maxAttempts) {
				const delay = Math.min(retry.initialDelayMs * 2 ** (attempt - 1), 1000);
				await new Promise((resolve) => setTimeout(resolve, delay));
			}
		}
		return { delivered: false, statuses, envelope: body };
	}

	/** What Evolution does after a send through the API: a `send.message` event, when subscribed. */
	function emitSendMessage(instanceName: string, message: unknown) {
		const webhook = fake.webhooks.get(instanceName);
		if (!webhook?.enabled || !webhook.events.includes('SEND_MESSAGE')) return;
		const delivery = deliverEvent(instanceName, 'send.message', message).catch(() => undefined);
		inFlightDeliveries.add(delivery);
		void delivery.finally(() => inFlightDeliveries.delete(delivery));
	}

	/**
	 * The control route (not Evolution's): makes the instance "receive" something and delivers it to
	 * its webhook. Body: `{instance?, kind?, text?, from?, lid?, group?, messageId?, status?, state?}`;
	 * kinds: text (default), image, status, connection, qrcode, participants.
	 */
	async function controlDeliver(raw: unknown): Promise<CannedAnswer> {
		const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, string | undefined>;
		const instanceName = body.instance ?? 'sales';
		const instance = instances.get(instanceName);
		if (!instance) return notFound([`The "${instanceName}" instance does not exist`]);
		const sender = { from: body.from, lid: body.lid, group: body.group, pushName: body.pushName, quotedId: body.quotedId };
		const instanceId = idOf(instanceName);
		let event = 'messages.upsert';
		let data: unknown;
		switch (body.kind ?? 'text') {
			case 'text':
				data = textMessageData(body.text ?? 'Hola', sender, instanceId);
				break;
			case 'image': {
				const id = whatsappMessageId();
				const webhook = fake.webhooks.get(instanceName);
				fake.storeMedia({ instance: instanceName, id, mediaType: 'image', bytes: SEEDED_PNG, mimetype: 'image/png', caption: body.text });
				data = mediaMessageData(
					{ ...sender, id, mediaType: 'image', mimetype: 'image/png', caption: body.text, base64: webhook?.webhookBase64 ? SEEDED_PNG.toString('base64') : undefined },
					instanceId,
				);
				break;
			}
			case 'status':
				event = 'messages.update';
				data = statusUpdateData(body.messageId ?? whatsappMessageId(), (body.status as 'READ' | undefined) ?? 'READ', body.from, instanceId);
				break;
			case 'connection':
				event = 'connection.update';
				data = connectionUpdateData(instanceName, (body.state as 'open' | undefined) ?? 'open');
				break;
			case 'qrcode':
				event = 'qrcode.updated';
				data = qrCodeData(instanceName);
				break;
			case 'participants':
				event = 'group-participants.update';
				data = groupParticipantsData(body.group ?? DEFAULT_GROUPS[0].id, 'add', [body.from ?? '51912345678']);
				break;
			default:
				return badRequest([`unknown kind ${String(body.kind)}: text, image, status, connection, qrcode or participants`]);
		}
		const outcome = await deliverEvent(instanceName, event, data);
		return { status: 200, body: { ...outcome, envelope: { ...outcome.envelope, apikey: undefined } } };
	}

	/** The sends so far (route, instance and body), for a person watching the sandbox. */
	function sentSoFar(): CannedAnswer {
		const sends = fake.requests
			.filter((request) => /^\/message\//.test(request.path))
			.map((request) => ({ route: request.path.split('/')[2], instance: decodeURIComponent(request.path.split('/')[3] ?? ''), body: request.body }));
		return { status: 200, body: sends.slice(-20) };
	}

	function connectionState(instance: FakeInstance): CannedAnswer {
		return { status: 200, body: { instance: { instanceName: instance.name, state: instance.connectionStatus } } };
	}

	const routes: Record<string, Handler> = {
		'POST message/sendText': sendText,
		'POST message/sendMedia': sendMedia,
		'POST message/sendWhatsAppAudio': sendWhatsAppAudio,
		'POST message/sendSticker': sendSticker,
		'POST message/sendLocation': sendLocation,
		'POST message/sendContact': sendContact,
		'POST message/sendReaction': sendReaction,
		'POST message/sendPoll': sendPoll,
		'POST chat/whatsappNumbers': whatsappNumbers,
		'POST chat/markMessageAsRead': markMessageAsRead,
		'POST chat/sendPresence': sendPresence,
		'POST chat/getBase64FromMediaMessage': getBase64FromMediaMessage,
		'POST chat/fetchProfilePictureUrl': fetchProfilePictureUrl,
		'GET group/fetchAllGroups': fetchAllGroups,
		'GET group/findGroupInfos': findGroupInfos,
		'GET instance/connectionState': connectionState,
		'POST webhook/set': setWebhook,
		'GET webhook/find': findWebhook,
	};

	function route(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): CannedAnswer | Promise<CannedAnswer> {
		const pathname = path.split('?')[0];
		const query = queryOf(path);
		if (method === 'GET' && pathname === '/instance/fetchInstances') return fetchInstances(headers, query);
		if (method === 'POST' && pathname === CONTROL_DELIVER) return controlDeliver(body);
		if (method === 'GET' && pathname === CONTROL_SENT) return sentSoFar();
		const match = /^\/([^/]+\/[^/]+)\/([^/]+)$/.exec(pathname);
		const handler = match ? routes[`${method} ${match[1]}`] : undefined;
		if (!match || !handler) return notFound([`Cannot ${method} ${pathname}`]);
		let name: string;
		try {
			name = decodeURIComponent(match[2]);
		} catch {
			name = match[2];
		}
		// Guard order: the instance must exist (even with a bad key), then the key must fit it.
		const instance = instances.get(name);
		if (!instance) return notFound([`The "${name}" instance does not exist`]);
		if (headers.apikey !== apiKey && headers.apikey !== instance.token) return wrapped(401, 'Unauthorized', 'Unauthorized');
		// The server copies the parsed body onto a fresh DTO (Object.assign), so anything that is not
		// an object contributes nothing (or its indices) and the schema then reports what is missing.
		const fields: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
		return handler(instance, fields, query);
	}

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const at = performance.now();
		fake.inFlight++;
		fake.peakInFlight = Math.max(fake.peakInFlight, fake.inFlight);
		res.on('close', () => fake.inFlight--);
		const chunks: Buffer[] = [];
		let bodyBytes = 0;
		for await (const chunk of req) {
			chunks.push(chunk as Buffer);
			bodyBytes += (chunk as Buffer).length;
		}
		const text = Buffer.concat(chunks, bodyBytes).toString('utf8');
		chunks.length = 0;
		let body: unknown;
		let parseError: string | undefined;
		if (text !== '') {
			try {
				body = JSON.parse(text);
			} catch (error) {
				body = text;
				parseError = (error as Error).message;
			}
		}
		const method = req.method ?? 'GET';
		const path = req.url ?? '/';
		const request: RecordedRequest = { method, path, headers: req.headers, body, bodyBytes, at };
		fake.requests.push(request);

		const index = pending.findIndex((entry) => !entry.when || entry.when(request));
		const override = index >= 0 ? pending.splice(index, 1)[0] : undefined;
		if (override && !override.answer) {
			req.socket.destroy();
			return;
		}
		const answer =
			override?.answer ??
			(parseError && /json/i.test(String(req.headers['content-type']))
				? badRequest([parseError])
				: await route(method, path, req.headers, body));
		if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
		const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
		res.writeHead(answer.status, {
			'content-type': typeof answer.body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
			'content-length': Buffer.byteLength(payload),
			...answer.headers,
		});
		res.end(payload);
	}

	const server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			res.writeHead(500, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ status: 500, error: 'Internal Server Error', response: { message: String(error) } }));
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	fake.port = (server.address() as AddressInfo).port;
	fake.url = `http://127.0.0.1:${fake.port}`;
	return fake;
}
