import { valueOf, type Field } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { mediaFile } from '../../media/source';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';

/**
 * The video of a video note (PTV, the round video WhatsApp plays in the chat): the file read by
 * `mediaFile`, refused before any request when its known type is not a video.
 */
const video: Field<'video', string> = {
	name: 'video',
	properties: [],
	read(item, before) {
		const content = valueOf(before, mediaFile);
		if (content.mimeType && !content.mimeType.startsWith('video/'))
			item.require('File', content.fileName ?? content.mimeType, {
				valid: false,
				problem: `is ${content.mimeType}, not a video`,
				hint: 'Give an MP4 video (video/mp4); WhatsApp plays a video note as a round video.',
			});
		return content.media;
	},
	to: inBody('video'),
};

export const sendVideoNote = sendOperation({
	name: 'Send Video Note',
	value: 'sendVideoNote',
	action: 'Send video note',
	description: 'Send a round video note (PTV) from base64 text or a previous node (MP4)',
	notice:
		'Evolution API 2.3 reads the length of a video note from the file it is given: send it as Base64 or a Binary File. From a URL, the server answers 500 "Failed to get video duration".',
	subtitle: 'Send Video Note',
	path: '/message/sendPtv/{instanceName}',
	fields: [recipient, mediaFile, video],
	routeOptions: MESSAGE_OPTIONS,
});
