// File extensions and MIME types of the media WhatsApp takes, both ways, and the name a file
// without one is sent under.
import type { MediaType } from '../validation/media';

const EXTENSION_BY_MIME: Record<string, string> = {
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/gif': 'gif',
	'image/webp': 'webp',
	'video/mp4': 'mp4',
	'video/3gpp': '3gp',
	'video/quicktime': 'mov',
	'audio/mpeg': 'mp3',
	'audio/ogg': 'ogg',
	'audio/mp4': 'm4a',
	'audio/aac': 'aac',
	'audio/amr': 'amr',
	'audio/wav': 'wav',
	'application/pdf': 'pdf',
	'application/msword': 'doc',
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
	'application/vnd.ms-excel': 'xls',
	'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
	'application/vnd.ms-powerpoint': 'ppt',
	'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
	'application/zip': 'zip',
	'application/json': 'json',
	'application/xml': 'xml',
	'text/plain': 'txt',
	'text/csv': 'csv',
	'text/html': 'html',
	'text/xml': 'xml',
};

const MIME_BY_EXTENSION: Record<string, string> = Object.fromEntries(
	Object.entries(EXTENSION_BY_MIME).map(([mime, extension]) => [extension, mime]),
);
MIME_BY_EXTENSION.jpeg = 'image/jpeg';
MIME_BY_EXTENSION.xml = 'application/xml';

export function extensionForMimeType(mimeType: string | undefined): string | undefined {
	if (!mimeType) return undefined;
	const base = mimeType.split(';')[0].trim().toLowerCase();
	return EXTENSION_BY_MIME[base];
}

/** A media message's file name: its own, else its message id with the MIME type's extension. */
export function mediaFileNameFor(fileName: string | undefined, messageId: string, mimeType: string | undefined): string {
	return fileName || `${messageId}.${extensionForMimeType(mimeType) ?? 'bin'}`;
}

export function mimeTypeForFileName(fileName: string | undefined): string | undefined {
	const extension = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase();
	return extension ? MIME_BY_EXTENSION[extension] : undefined;
}

/** The name a file without one is sent under, e.g. `document.pdf`; the extension comes from the MIME type. */
export function defaultMediaFileName(mediaType: MediaType, mimeType?: string): string {
	// An unlisted but plain subtype (image/heic, audio/opus) is its own extension.
	const subtype = /^[a-z]+\/([a-z0-9]{2,5})$/.exec(mimeType?.split(';')[0].trim().toLowerCase() ?? '')?.[1];
	return `${mediaType}.${extensionForMimeType(mimeType) ?? subtype ?? 'bin'}`;
}
