// The S3 routes (src/api/integrations/storage/s3/, the same from 2.3.6 to 2.4.0-rc2) and 2.4's
// baileys/generateMessageID. With S3 on (the `s3` option: the server's S3_ENABLED), a media message
// stored (`storeMedia`) or sent through the API gets a Media row, as the server writes one when it
// puts the file in its bucket; with it off none is written, and a video (videoMessage) only with
// `s3SaveVideo` (S3_SAVE_VIDEO); a message the server does not store (`saveNewMessages` off) gets
// none either. Rows stay when S3 is turned off later (`fake.s3 = false`), and then no link is made. The fake also plays the bucket: its links are served on its own port, and a media
// message's delivery, a send's answer and a findMessages row carry one as `message.mediaUrl`, as the
// server's do.
import { randomBytes } from 'node:crypto';

import { badRequest, internalError, schemaFailure } from './answers.ts';
import { cuid } from './integrations.ts';
import { lookupMime, mediaFileName } from './media.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import type { CannedAnswer, FakeInstance, FakeState, MediaRow, StoredMessage } from './types.ts';

const SCHEMAS = {
	/** s3Schema: the row's fields a lookup may name (its `messageId` is an integer, the column text). */
	media: {
		type: 'object',
		properties: { id: { type: 'string' }, type: { type: 'string' }, messageId: { type: 'integer' } },
		...isNotEmpty('id', 'type', 'messageId'),
	},
	/** s3UrlSchema: `expiry` must be text, which MinIO then refuses (it wants a number). */
	mediaUrl: {
		type: 'object',
		properties: { id: { type: 'string', pattern: '\\d+', minLength: 1 }, expiry: { type: 'string', pattern: '\\d+', minLength: 1 } },
		...isNotEmpty('id'),
		required: ['id'],
	},
} satisfies Record<string, JsonSchema>;

/**
 * The fake bucket, served by the fake itself on its own port (`GET /<bucket>/evolution-api/<object>`,
 * MinIO's path-style address): its presigned links are MinIO's form, signed now for MinIO's
 * default and longest expiry (7 days), as getObjectUrl asks for them without an expiry.
 */
export const FAKE_S3_BUCKET = 'evolution-media';
const LINK_SECONDS = 604_800;

/** What Prisma throws on a `where` key it does not know or a value of the wrong type, as the 400 carries it (the error's own fields). */
const PRISMA_VALIDATION = { name: 'PrismaClientValidationError', clientVersion: '6.1.0' };

/**
 * Whether the server puts a media message's file in its bucket: with S3_ENABLED, and a video only
 * with S3_SAVE_VIDEO. "Video" is `videoMessage` alone (whatsapp.baileys.service.ts's `isVideo`): a
 * video note (ptvMessage) or a document holding a video goes in with S3 on.
 */
export const goesToBucket = (state: FakeState, messageType: string): boolean =>
	state.fake.s3 && (messageType !== 'videoMessage' || state.fake.s3SaveVideo);

/**
 * The row the server writes for a media message it put in its bucket (none when it does not):
 * the object is `<instance id>/<chat>/<type>/<time>_<file>` for a received one (messages.upsert),
 * `<instance id>/<chat>/<message id>/<type>/<file>` for one sent through the API
 * (sendMessageWithTyping); `<file>` is getBase64FromMediaMessage's name, and the MIME type
 * mime-types' `lookup()` of it.
 */
export function mediaRowFor(state: FakeState, message: StoredMessage, how: 'received' | 'sent'): MediaRow | undefined {
	if (!message.media || !goesToBucket(state, message.messageType)) return undefined;
	const file = mediaFileName(message.key.id, message.media);
	const chat = `${state.idOf(message.instance)}/${message.key.remoteJid}`;
	const today = new Date().toISOString().slice(0, 10);
	return {
		id: cuid(),
		fileName: how === 'received' ? `${chat}/${message.messageType}/${Date.now()}_${file}` : `${chat}/${message.key.id}/${message.messageType}/${file}`,
		type: message.messageType,
		mimetype: lookupMime(file),
		// Media.createdAt is a `@db.Date` on PostgreSQL: the day only.
		createdAt: `${today}T00:00:00.000Z`,
	};
}

/**
 * messages.upsert of a video with S3 on and S3_SAVE_VIDEO off: the server's handler logs "Video
 * upload is disabled. Skipping video upload." and returns, after writing the Message row and before
 * the webhook, so no delivery goes (evolution-api issue #2245). That return is inside the
 * DATABASE_SAVE_DATA_NEW_MESSAGE block: a server that stores no messages delivers the video. The
 * reason the fake gives, or none.
 */
export function droppedVideo(state: FakeState, event: string, data: unknown): string | undefined {
	const isVideo = Boolean((data as { message?: { videoMessage?: unknown } } | null)?.message?.videoMessage);
	if (event !== 'messages.upsert' || !isVideo || !state.fake.s3 || state.fake.s3SaveVideo || !state.fake.saveNewMessages) return undefined;
	return 'a received video with S3 on and S3_SAVE_VIDEO off: the server returns before the delivery';
}

function presigned(state: FakeState, fileName: string): string {
	const now = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
	const query = `X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=fake%2F${now.slice(0, 8)}%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=${now}&X-Amz-Expires=${LINK_SECONDS}&X-Amz-SignedHeaders=host&X-Amz-Signature=${randomBytes(32).toString('hex')}`;
	return `${state.fake.url}/${FAKE_S3_BUCKET}/evolution-api/${fileName.split('/').map(encodeURIComponent).join('/')}?${query}`;
}

/**
 * A media message's delivery (messages.upsert, send.message) as the server sends it with S3 on: it
 * put the file in its bucket before the webhook went, and the message carries the link as
 * `message.mediaUrl` (whatsapp.baileys.service.ts). Only a message the fake stored with S3 on has one.
 */
export function withStoreLink(state: FakeState, data: unknown): unknown {
	const delivered = data as { key?: { id?: unknown }; message?: Record<string, unknown> } | null;
	const stored = typeof delivered?.key?.id === 'string' ? state.fake.messages.get(delivered.key.id) : undefined;
	if (!state.fake.s3 || !stored?.s3Row || typeof delivered?.message !== 'object' || delivered.message.mediaUrl !== undefined) return data;
	return { ...delivered, message: { ...delivered.message, mediaUrl: presigned(state, stored.s3Row.fileName) } };
}

/** The link a stored message's row holds (`message.mediaUrl`), written when the server put its file in the bucket. */
export const storedLink = (state: FakeState, message: StoredMessage): { mediaUrl?: string } =>
	message.s3Row ? { mediaUrl: presigned(state, message.s3Row.fileName) } : {};

/** MinIO's error document (S3's XML), as a presigned GET answers it. */
function bucketError(status: number, code: string, message: string, object: string): CannedAnswer {
	const xml =
		'<?xml version="1.0" encoding="UTF-8"?>\n' +
		`<Error><Code>${code}</Code><Message>${message}</Message><Key>${object}</Key><BucketName>${FAKE_S3_BUCKET}</BucketName>` +
		`<Resource>/${FAKE_S3_BUCKET}/${object}</Resource><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;
	return { status, body: xml, headers: { 'content-type': 'application/xml' } };
}

/** Whether a request is for the fake bucket (its path-style address), not the server's API. */
export const isBucketPath = (path: string) => path.startsWith(`/${FAKE_S3_BUCKET}/`);

/**
 * GET of a presigned link: the stored file's bytes with the Content-Type the server stored it with;
 * 403 "Request has expired" past the link's X-Amz-Date + X-Amz-Expires (or always, with
 * `fake.s3LinksExpired`), 403 on a link that is not presigned, 404 NoSuchKey for an unknown object.
 */
export function bucketObject(state: FakeState, method: string, path: string): CannedAnswer {
	const [pathname, search = ''] = path.split('?');
	const object = pathname.slice(FAKE_S3_BUCKET.length + 2);
	const query = new URLSearchParams(search);
	if (method !== 'GET' || !query.get('X-Amz-Signature')) return bucketError(403, 'AccessDenied', 'Access Denied.', object);
	const signed = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '');
	const signedAt = signed ? Date.UTC(+signed[1], +signed[2] - 1, +signed[3], +signed[4], +signed[5], +signed[6]) : Number.NaN;
	const expiresAt = signedAt + Number(query.get('X-Amz-Expires')) * 1000;
	if (state.fake.s3LinksExpired || !(Date.now() <= expiresAt)) return bucketError(403, 'AccessDenied', 'Request has expired', object);
	const fileName = decodeURIComponent(object).replace(/^evolution-api\//, '');
	const message = [...state.fake.messages.values()].find((stored) => stored.s3Row?.fileName === fileName);
	if (!message?.media) return bucketError(404, 'NoSuchKey', 'The specified key does not exist.', object);
	return {
		status: 200,
		body: message.media.bytes,
		headers: { 'content-type': message.s3Row!.mimetype, 'accept-ranges': 'bytes', etag: `"${randomBytes(16).toString('hex')}"` },
	};
}

/** Media.findMany's row with its Message row (`select: { …, Message: true }`). */
function selected(state: FakeState, message: StoredMessage, row: MediaRow) {
	return {
		...row,
		Message: {
			id: `row-${message.key.id}`,
			key: message.key,
			pushName: message.pushName ?? null,
			participant: message.key.participant ?? null,
			messageType: message.messageType,
			message: { [message.messageType]: { mimetype: message.media?.mimetype, caption: message.media?.caption }, mediaUrl: presigned(state, row.fileName) },
			contextInfo: null,
			source: 'android',
			messageTimestamp: message.messageTimestamp ?? 0,
			chatwootMessageId: null,
			chatwootInboxId: null,
			chatwootConversationId: null,
			chatwootContactInboxSourceId: null,
			chatwootIsRead: null,
			instanceId: state.idOf(message.instance),
			webhookUrl: null,
			status: null,
			sessionId: null,
		},
	};
}

/**
 * S3Service.getMedia: the rows `where: { instanceId, ...body }`. The instance's id comes only from
 * the query (dataValidate copies the query into the instance; the path gives only its name), so
 * without `?instanceId=` every instance's rows match. None: 400 "Media not found".
 */
function findMedia(state: FakeState, query: URLSearchParams, where: Record<string, unknown>): CannedAnswer | ReturnType<typeof selected>[] {
	if (Object.keys(where).some((key) => key !== 'id' && key !== 'type') || where.messageId !== undefined) return badRequest([PRISMA_VALIDATION]);
	const instanceId = query.get('instanceId') ?? undefined;
	const rows = [...state.fake.messages.values()]
		.filter((message) => message.s3Row)
		.filter((message) => instanceId === undefined || state.idOf(message.instance) === instanceId)
		.filter((message) => (where.id === undefined || message.s3Row!.id === where.id) && (where.type === undefined || message.s3Row!.type === where.type))
		.map((message) => selected(state, message, message.s3Row!));
	return rows.length ? rows : badRequest(['Media not found']);
}

/** POST /s3/getMedia (201). */
export function getMedia(state: FakeState, _instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.media);
	if (invalid) return invalid;
	const found = findMedia(state, query, body);
	return Array.isArray(found) ? { status: 201, body: found } : found;
}

/** POST /s3/getMediaUrl (200): the row by id, with a 7-day link; with S3 off, the row alone. */
export function getMediaUrl(state: FakeState, _instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.mediaUrl);
	if (invalid) return invalid;
	const found = findMedia(state, query, { id: body.id });
	if (!Array.isArray(found)) return found;
	const row = found[0];
	if (!state.fake.s3) return { status: 200, body: row };
	if (body.expiry !== undefined) return badRequest(['expires should be of type "number"']);
	return { status: 200, body: { mediaUrl: presigned(state, row.fileName), ...row } };
}

/**
 * GET /baileys/generateMessageID (2.4): Baileys' generateMessageIDV2, `3EB0` and 18 hex digits.
 * An instance with no WhatsApp socket fails reading its user.
 */
export function generateMessageId(_state: FakeState, instance: FakeInstance): CannedAnswer {
	if (instance.socket === false) return internalError("Cannot read properties of undefined (reading 'user')");
	return { status: 200, body: { id: `3EB0${randomBytes(9).toString('hex').toUpperCase()}` } };
}
