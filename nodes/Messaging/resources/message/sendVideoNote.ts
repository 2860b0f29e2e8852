import { valueOf, type Field } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { mediaFile } from '../../media/source';
import { UPLOAD_LIMITS } from '../../validation/media';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';

/**
 * The video of a video note (PTV, the round video WhatsApp plays in the chat): the file read by
 * `mediaFile`, refused before any request when its known type is not a video, or when it is a
 * link: Evolution 2.2 and 2.3 read a video note's length from a local file and fail on a URL.
 */
const video: Field<'video', string | undefined> = {
	name: 'video',
	properties: [],
	read(item, before) {
		const content = valueOf(before, mediaFile);
		if (content.source === 'url')
			item.require('Media Source', 'URL', {
				valid: false,
				problem: 'cannot carry a video note: Evolution API reads its length from the file itself, and fails on a link',
				hint: 'Download the video first (HTTP Request node, Response Format: File) and choose Binary File, or give it as Base64.',
			});
		if (content.mimeType && !content.mimeType.startsWith('video/'))
			item.require('File', content.fileName ?? content.mimeType, {
				valid: false,
				problem: `is ${content.mimeType}, not a video`,
				hint: 'Give an MP4 video (video/mp4); WhatsApp plays a video note as a round video.',
			});
		// A binary file is uploaded when the request goes (`upload`).
		return content.binary ? undefined : content.media;
	},
	to: inBody('video'),
};

export const sendVideoNote = sendOperation({
	name: 'Send Video Note',
	value: 'sendVideoNote',
	action: 'Send video note',
	description: 'Send a round video note (PTV) from base64 text or a previous node (MP4)',
	notice:
		'Give the video as Base64 or a Binary File (uploaded as a file): Evolution API reads a video note\'s length from the file itself and fails on a link, so a URL is refused before sending.',
	subtitle: 'Send Video Note',
	path: '/message/sendPtv/{instanceName}',
	fields: [recipient, mediaFile, video],
	routeOptions: MESSAGE_OPTIONS,
	// A binary file is uploaded as a form, streamed from n8n's binary store (media/upload.ts).
	// sendPtv came with 2.2.0, which reads forms: a server that reads none (2.1) has no such route.
	upload: {
		file: mediaFile,
		key: 'video',
		limit: () => ({ bytes: UPLOAD_LIMITS.video, what: 'a video on WhatsApp' }),
		base64ForServersWithoutUploads: false,
	},
});
