// Media as the server takes it (a URL or raw base64, within its limit) and as Baileys uploads it;
// MIME types and extensions as the server's mime-types gives them.
import { randomBytes } from 'node:crypto';

import type { StoredMedia } from './types.ts';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
export const MIME_BY_EXTENSION: Record<string, string> = {
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
export const EXTENSION_BY_MIME: Record<string, string> = {
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
export const DEFAULT_MIME: Record<string, string> = {
	image: 'image/jpeg',
	video: 'video/mp4',
	audio: 'audio/ogg; codecs=opus',
	document: 'application/octet-stream',
};
export const OPUS_MIME = 'audio/ogg; codecs=opus';
// URL media is never downloaded: the store keeps these bytes in its place.
const URL_MEDIA_PLACEHOLDER_BYTES = 16;

/** class-validator's isURL/isBase64 as far as the fake needs: http(s) URLs, and raw base64 only. */
export function mediaSource(media: unknown): 'url' | 'base64' | undefined {
	if (typeof media !== 'string') return undefined;
	if (/^https?:\/\//i.test(media)) return 'url';
	if (media.length % 4 === 0 && BASE64.test(media)) return 'base64';
	return undefined;
}

/**
 * getBase64FromMediaMessage's file name for a message's media: its own, else `<message id>.<ext>`
 * with mime-types' `extension()` of its MIME type (`false` for a type it does not know).
 */
export function mediaFileName(messageId: string, media: StoredMedia): string {
	return media.fileName || `${messageId}.${EXTENSION_BY_MIME[media.mimetype.split(';')[0].trim().toLowerCase()] ?? 'false'}`;
}

/** mime-types' `lookup()` of a file name, as text (the server's `.toString()`): `false` for an extension it does not know. */
export function lookupMime(fileName: string): string {
	const extension = /\.([^./]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
	return MIME_BY_EXTENSION[extension] ?? Object.entries(EXTENSION_BY_MIME).find(([, known]) => known === extension)?.[0] ?? 'false';
}

export function mediaBytes(media: string, source: 'url' | 'base64'): Buffer {
	return source === 'base64' ? Buffer.from(media, 'base64') : Buffer.alloc(URL_MEDIA_PLACEHOLDER_BYTES);
}

/** The keys Baileys gives an uploaded media message. */
export function uploadedMedia(mimetype: string, fileLength: number): Record<string, unknown> {
	return {
		url: `https://mmg.whatsapp.net/v/t62.7118-24/${randomBytes(6).toString('hex')}.enc`,
		mimetype,
		fileSha256: randomBytes(32).toString('base64'),
		fileLength: String(fileLength),
		mediaKey: randomBytes(32).toString('base64'),
	};
}
