// A media message's file, fetched from the server (getBase64FromMediaMessage, which finds the
// message it stored by its ID): one route, body, answer and error for Download Media and for the
// trigger's Include Media Files.
import type { IDataObject } from 'n8n-workflow';

import type { Failure } from '../../shared/errors';
import { mediaFileNameFor } from './mimeTypes';

export const MEDIA_DOWNLOAD_PATH = '/chat/getBase64FromMediaMessage/{instanceName}';

/** The server finds the message by its ID alone; `convertToMp4` turns a voice note into MP4 audio. */
export const mediaDownloadBody = (id: string, convertToMp4: boolean): IDataObject => ({ message: { key: { id } }, convertToMp4 });

/** What getBase64FromMediaMessage answers. */
export interface MediaAnswer {
	mediaType?: string;
	fileName?: string;
	caption?: string;
	size?: IDataObject;
	mimetype?: string;
	base64?: string;
}

/** A downloaded file, ready to become binary data. */
export interface MediaFile {
	data: Buffer;
	fileName: string;
	mimeType: string;
}

/** The failure of an answer that holds no file. */
export const noFileFailure = (id: string): Failure => ({
	message: `the server answered without the file of message ${id}`,
	description: 'The message may hold no media, or the server could not download it from WhatsApp. Check the message ID, then try again.',
});

/** The MIME type without its parameters: WhatsApp sends "audio/ogg; codecs=opus" for a voice note. */
export const baseMimeType = (mimeType: string | undefined): string => mimeType?.split(';')[0].trim() || 'application/octet-stream';

/** The file's name: its own, else the message ID with its type's extension. */
export const mediaFileName = (answer: Pick<MediaAnswer, 'fileName' | 'mimetype'>, id: string): string =>
	mediaFileNameFor(answer.fileName, id, answer.mimetype);

/** The answer's file, or undefined when it holds none. */
export function mediaFileOf(answer: MediaAnswer | undefined, id: string): MediaFile | undefined {
	if (typeof answer?.base64 !== 'string' || answer.base64 === '') return undefined;
	return { data: Buffer.from(answer.base64, 'base64'), fileName: mediaFileName(answer, id), mimeType: baseMimeType(answer.mimetype) };
}
