import type { IDataObject } from 'n8n-workflow';

import { inBody, operation, type Field } from '../../../shared/operation';
import { instance, recipient } from '../../fields';
import { mediaFile, mediaFileIn } from '../../media/source';
import { pauseBetweenMessages, sendInOrder } from '../../pace';
import { delayOption, sendOptionsField } from '../../sendOptions';

/** Whether the server converts the file to a voice note (OGG/Opus); off sends it as it is. */
const encoding: Field<boolean | undefined> = {
	name: 'encoding',
	properties: [],
	read(item) {
		const value = (item.parameter('options', {}) as IDataObject).convertToVoiceNote;
		return typeof value === 'boolean' ? value : undefined;
	},
	to: inBody('encoding'),
};

// The route honours only the delay (shown as "recording audio...").
const audioOptions = sendOptionsField(
	[delayOption('recording audio...')],
	[
		{
			displayName: 'Convert to Voice Note',
			name: 'convertToVoiceNote',
			type: 'boolean',
			default: true,
			description:
				'Whether the server converts the file to OGG/Opus, the format WhatsApp plays as a voice note. Turn off only for a file that is OGG/Opus already.',
		},
	],
);

export const sendAudio = operation({
	name: 'Send Audio',
	value: 'sendAudio',
	action: 'Send voice note',
	description: 'Send a voice note from a URL, base64 text or a previous node (up to 15 MB)',
	request: { method: 'POST', path: '/message/sendWhatsAppAudio/{instanceName}' },
	fields: [instance, recipient, mediaFile, mediaFileIn('audio'), encoding, audioOptions, pauseBetweenMessages],
	inOrder: sendInOrder,
});
