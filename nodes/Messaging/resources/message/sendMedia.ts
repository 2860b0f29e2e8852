import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { pickerCheck, type PickerOption } from '../../../shared/checks';
import { valueOf, type Field } from '../../../shared/contract';
import { checkedField, intoBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { sendMediaAsBuffer } from '../../media/mediaBody';
import { defaultMediaFileName, mimeTypeForFileName } from '../../media/mimeTypes';
import { mediaFile } from '../../media/source';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { checkFileName, checkMediaType, checkMimeType, MEDIA_TYPE_OPTIONS, UPLOAD_LIMITS } from '../../validation/media';
import { sendOperation } from '../../sendOperation';

const mediaType = checkedField(
	{
		displayName: 'Media Type',
		name: 'mediaType',
		type: 'options',
		options: MEDIA_TYPE_OPTIONS,
		default: 'image',
		description: 'How WhatsApp shows the file. Images are re-encoded to JPEG by the server.',
	},
	checkMediaType,
	undefined,
);

/** 2.4's `gifAttribution`: 0 none, 1 GIPHY, 2 Tenor (mediaMessageSchema's enum). */
const GIF_SOURCES: Array<PickerOption<number>> = [
	{ name: 'GIPHY', value: 1 },
	{ name: 'None', value: 0 },
	{ name: 'Tenor', value: 2 },
];

const checkGifSource = pickerCheck(GIF_SOURCES, { problem: 'is not a GIF source', hint: 'Pick None, GIPHY or Tenor, or give 0, 1 or 2.' });

/** How WhatsApp shows the file: options of Send Media only. */
const MEDIA_DETAIL_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Caption',
		name: 'caption',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: 'Text shown under the image, video or document (audio has none)',
		displayOptions: { hide: { '/mediaType': ['audio'] } },
	},
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'e.g. invoice.pdf',
		description:
			"The document's name as the recipient sees it; its extension sets the MIME type. Default: the binary file's name, the link's last part, or document.&lt;extension of the MIME type&gt;.",
		displayOptions: { show: { '/mediaType': ['document'] } },
	},
	{
		displayName: 'Play as GIF',
		name: 'gifPlayback',
		type: 'boolean',
		default: false,
		description: 'Whether WhatsApp plays the video as a GIF: muted and looping (Evolution 2.4 on; older servers send a plain video)',
		displayOptions: { show: { '/mediaType': ['video'] } },
	},
	{
		displayName: 'GIF Source',
		name: 'gifAttribution',
		type: 'options',
		options: GIF_SOURCES,
		default: 0,
		description: 'The GIF service WhatsApp names under the video (Evolution 2.4 on)',
		displayOptions: { show: { '/mediaType': ['video'] } },
	},
	{
		displayName: 'MIME Type',
		name: 'mimeType',
		type: 'string',
		default: '',
		placeholder: 'e.g. application/pdf',
		description: "The file's type. Default: the binary file's type, the data: prefix's type, or the one its file name's extension implies.",
	},
];

interface MediaDetails {
	caption?: string;
	fileName?: string;
	mimeType?: string;
	gifPlayback?: boolean;
	gifAttribution?: unknown;
}

/**
 * The file and how WhatsApp shows it, as body keys. The MIME type and file name set in Options win
 * over those of the file; a document always gets a file name (the server needs one for base64),
 * from the file or from the MIME type.
 */
const media: Field<'media', IDataObject> = {
	name: 'media',
	properties: [],
	read(item, before) {
		const type = valueOf(before, mediaType);
		const content = valueOf(before, mediaFile);
		const options = item.parameter('options', {}) as MediaDetails;
		const mimeOption = item.require('MIME Type', options.mimeType, checkMimeType(options.mimeType));
		const fileNameOption = item.require('File Name', options.fileName, checkFileName(options.fileName));

		// A binary file is not in the JSON body: it goes when the request does (`requestAsSent`).
		const body: IDataObject = { mediatype: type, ...(content.binary ? {} : { media: content.media }) };
		const mimeType = mimeOption ?? content.mimeType ?? mimeTypeForFileName(fileNameOption ?? content.fileName);
		if (mimeType) body.mimetype = mimeType;
		const caption = typeof options.caption === 'string' ? options.caption : '';
		if (caption.trim() && type !== 'audio') body.caption = caption;
		if (type === 'video' && options.gifPlayback === true) body.gifPlayback = true;
		if (type === 'video' && options.gifAttribution !== undefined) body.gifAttribution = item.require('GIF Source', options.gifAttribution, checkGifSource(options.gifAttribution));
		if (type === 'document') {
			const fileName = fileNameOption ?? content.fileName ?? (content.source === 'url' ? undefined : defaultMediaFileName(type, mimeType));
			if (fileName) body.fileName = fileName;
		}
		return body;
	},
	to: intoBody,
};

export const sendMedia = sendOperation({
	name: 'Send Media',
	value: 'sendMedia',
	action: 'Send image, video, audio or document',
	description: 'Send a file from a URL, base64 text or a previous node (documents up to 100 MB)',
	path: '/message/sendMedia/{instanceName}',
	fields: [recipient, mediaType, mediaFile, media],
	routeOptions: MESSAGE_OPTIONS,
	ownOptions: MEDIA_DETAIL_OPTIONS,
	// A binary file is uploaded as a form, streamed from n8n's binary store; a server before 2.1.2,
	// which reads no form, gets it again as base64 JSON (media/upload.ts).
	upload: {
		file: mediaFile,
		key: 'media',
		limit: (values) => {
			const type = valueOf(values, mediaType);
			const article = { image: 'an image', video: 'a video', audio: 'an audio file', document: 'a document' }[type];
			return { bytes: UPLOAD_LIMITS[type], what: `${article} on WhatsApp` };
		},
		base64ForServersWithoutUploads: true,
	},
	// Keeps a large file from being copied over and over on its way out (media/mediaBody.ts).
	adjustRequest: sendMediaAsBuffer,
	// The server echoes the file (message.base64): its answer is read as it arrives, the echo dropped.
	answersWithFile: true,
});
