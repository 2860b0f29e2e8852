import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { mediaFile, mediaFileIn } from '../../media/source';
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

export const sendAudio = sendOperation({
	name: 'Send Audio',
	value: 'sendAudio',
	action: 'Send voice note',
	description: 'Send a voice note from a URL, base64 text or a previous node (up to 15 MB)',
	path: '/message/sendWhatsAppAudio/{instanceName}',
	fields: [recipient, mediaFile, mediaFileIn('audio'), encoding],
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
});
