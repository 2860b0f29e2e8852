// Checks of the media a message carries, run before any request: its type, where it comes from
// (URL or base64), its size, MIME type and file name.
import { bad, ok, pickerCheck, type Checked, type PickerOption } from '../../shared/checks';

export type MediaType = 'image' | 'video' | 'audio' | 'document';

/** Send Media's Media Type picker: how WhatsApp shows the file. */
export const MEDIA_TYPE_OPTIONS: Array<PickerOption<MediaType>> = [
	{ name: 'Audio', value: 'audio' },
	{ name: 'Document', value: 'document' },
	{ name: 'Image', value: 'image' },
	{ name: 'Video', value: 'video' },
];

/** The documented limit for media content sent as base64: 15 MB (15 × 1024 × 1024 bytes). */
export const MAX_MEDIA_BYTES = 15 * 1024 * 1024;

export const checkMediaType = pickerCheck(MEDIA_TYPE_OPTIONS, { problem: 'is not a media type', hint: 'Use image, video, audio or document.', normalise: (text) => text.trim() });

const MB = 1024 * 1024;

/**
 * What WhatsApp takes of a file uploaded to the server, by how it is shown (docs/evolution-api.md,
 * "Media"): 16 MB for images, videos and voice notes, 100 MB for documents.
 */
export const UPLOAD_LIMITS: Readonly<Record<MediaType, number>> = { image: 16 * MB, video: 16 * MB, audio: 16 * MB, document: 100 * MB };

export function checkMediaUrl(raw: unknown): Checked<string> {
	const hint = 'Give the full address of the file, starting with https:// (or http://), reachable from the Evolution API server.';
	if (typeof raw !== 'string' || raw.trim() === '') return bad('is empty: a media URL is required', hint);
	const text = raw.trim();
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return bad('is not a URL', hint);
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		return bad(`uses ${url.protocol.replace(/:$/, '')}, not http or https`, hint);
	return ok(text);
}

/** Bytes encoded by a padded base64 text, without decoding it. */
export function base64ByteLength(base64: string): number {
	const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
	return (base64.length / 4) * 3 - padding;
}

/** "1.5 MB" style size, in units of 1024. */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} bytes`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
	return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** A file's size against a limit; `what` names the limit ("media", "a document on WhatsApp"). */
export function checkMediaSize(bytes: number, limit: number = MAX_MEDIA_BYTES, what = 'media'): Checked<number> {
	if (bytes <= limit) return ok(bytes);
	return bad(
		`is ${formatBytes(bytes)} (${bytes.toLocaleString('en-US')} bytes), over the ${formatBytes(limit)} (${limit.toLocaleString('en-US')} bytes) limit for ${what}`,
		'Compress or shrink the file, or put it on a web server and send it with Media Source "URL".',
	);
}

export interface Base64Media {
	/** Raw base64: no `data:` prefix, no line breaks, padded. */
	base64: string;
	/** The MIME type a `data:` prefix named, if any. */
	mimeType?: string;
	bytes: number;
}

const DATA_URL_PREFIX = /^data:([^;,]*)(?:;[^,]*)?;base64,/i;

/**
 * Base64 media as the server accepts it (raw base64 only): a `data:...;base64,` prefix and any
 * line breaks or spaces are removed, missing padding added. Checks the size before the
 * characters, so an oversized text fails fast; copies the text only when something is removed.
 */
export function checkBase64Media(raw: unknown, limit: number = MAX_MEDIA_BYTES): Checked<Base64Media> {
	const hint = 'Give the file as base64 text (with or without a data:...;base64, prefix), or use Media Source "Binary File" for a file from a previous node.';
	if (typeof raw !== 'string' || raw.trim() === '') return bad('is empty: base64 content is required', hint);
	let text = raw;
	let mimeType: string | undefined;
	const prefix = DATA_URL_PREFIX.exec(text.slice(0, 256).trimStart());
	if (prefix) {
		mimeType = prefix[1].trim().toLowerCase() || undefined;
		text = text.trimStart().slice(prefix[0].length);
	}
	if (/\s/.test(text)) text = text.replace(/\s+/g, '');
	if (text.length % 4 === 1) return bad('is not valid base64 (its length is wrong: the text looks cut off)', hint);
	if (text.length % 4 !== 0) text += '='.repeat(4 - (text.length % 4));
	const bytes = base64ByteLength(text);
	const size = checkMediaSize(bytes, limit);
	if (!size.valid) return bad(size.problem, size.hint);
	if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text))
		return bad('is not valid base64 (it holds characters other than A-Z, a-z, 0-9, + and /)', hint);
	if (bytes === 0) return bad('is empty: base64 content is required', hint);
	return ok({ base64: text, mimeType, bytes });
}

export function checkMimeType(raw: unknown): Checked<string | undefined> {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return ok(undefined);
	const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
	if (/^[a-z0-9][\w.+-]*\/[\w.+-]+$/.test(text)) return ok(text);
	return bad('is not a MIME type', 'Use the form type/subtype, e.g. image/png or application/pdf, or leave it empty to take it from the file.');
}

export function checkFileName(raw: unknown): Checked<string | undefined> {
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return ok(undefined);
	if (typeof raw !== 'string') return bad('is not a file name', 'Give a name such as invoice.pdf.');
	const name = raw.trim();
	if (/[\\/]/.test(name) || name.length > 255)
		return bad('is not a plain file name (no folders, at most 255 characters)', 'Give a name such as invoice.pdf; its extension sets the MIME type WhatsApp shows.');
	return ok(name);
}
