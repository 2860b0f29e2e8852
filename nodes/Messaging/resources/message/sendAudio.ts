import type { IDataObject } from 'n8n-workflow';

import { valueOf, type Field } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { mediaFile } from '../../media/source';
import { UPLOAD_LIMITS } from '../../validation/media';
import { delayOption } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';

/** Whether the server converts the file to a voice note (OGG/Opus); off sends it as it is. */
const encoding: Field<'encoding', boolean | undefined> = {
	name: 'encoding',
	properties: [],
	read(item) {
		const value = (item.parameter('options', {}) as IDataObject).convertToVoiceNote;
		return typeof value === 'boolean' ? value : undefined;
	},
	to: inBody('encoding'),
};

/** The audio: a URL or raw base64 in the body; a binary file goes when the request does (`upload`). */
const audio: Field<'audio', string | undefined> = {
	name: 'audio',
	properties: [],
	read: (_item, before) => {
		const content = valueOf(before, mediaFile);
		return content.binary ? undefined : content.media;
	},
	to: inBody('audio'),
};

export const sendAudio = sendOperation({
	name: 'Send Audio',
	value: 'sendAudio',
	action: 'Send voice note',
	description: 'Send a voice note from a URL, base64 text or a previous node (up to 16 MB)',
	path: '/message/sendWhatsAppAudio/{instanceName}',
	fields: [recipient, mediaFile, audio, encoding],
	// The route honours only the delay (shown as "recording audio...").
	routeOptions: [delayOption('recording audio...')],
	ownOptions: [
		{
			displayName: 'Convert to Voice Note',
			name: 'convertToVoiceNote',
			type: 'boolean',
			default: true,
			description:
				'Whether the server converts the file to OGG/Opus, the format WhatsApp plays as a voice note. Turn off only for a file that is OGG/Opus already.',
		},
	],
	// A binary file is uploaded as a form, streamed from n8n's binary store (media/upload.ts); with
	// Convert to Voice Note off it goes as base64, which the server then sends as it is. A server
	// before 2.1.2, which reads no form, gets it again as base64 JSON.
	upload: {
		file: mediaFile,
		key: 'audio',
		limit: () => ({ bytes: UPLOAD_LIMITS.audio, what: 'a voice note on WhatsApp' }),
		base64ForServersWithoutUploads: true,
	},
});
