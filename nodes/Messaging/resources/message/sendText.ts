import type { IDataObject } from 'n8n-workflow';

import { checkedField, inBody, intoBody, operation, type Field } from '../../../shared/operation';
import { instance, recipient } from '../../fields';
import { PAUSE_BETWEEN_MESSAGES_OPTION, pauseBetweenMessages, sendInOrder } from '../../pace';
import { checkDelay, checkMessageText, checkNumberList } from '../../validation/recipients';

const text = checkedField(
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'The message. WhatsApp formatting works: *bold*, _italic_, ~strike~.',
	},
	checkMessageText,
	inBody('text'),
);

interface TextOptions {
	delay?: number | string;
	linkPreview?: boolean;
	quotedMessageId?: string;
	mentionsEveryOne?: boolean;
	mentioned?: unknown;
}

/** The options the sendText route takes, as body keys. */
const textOptions: Field<IDataObject> = {
	name: 'options',
	properties: [
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Delay (Ms)',
					name: 'delay',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 300000 },
					default: 0,
					description: 'How long the recipient sees "typing..." before the message arrives. The server answers only after it.',
				},
				{
					displayName: 'Link Preview',
					name: 'linkPreview',
					type: 'boolean',
					default: true,
					description: 'Whether to show a preview of the first link in the text',
				},
				{
					displayName: 'Mention Everyone',
					name: 'mentionsEveryOne',
					type: 'boolean',
					default: false,
					description: 'Whether to mention every member (groups only)',
				},
				{
					displayName: 'Mentioned Numbers',
					name: 'mentioned',
					type: 'string',
					default: '',
					placeholder: 'e.g. 51987654321, 51912345678',
					description: 'Numbers to mention (groups), separated by commas, semicolons or new lines, or an array from an expression',
				},
				PAUSE_BETWEEN_MESSAGES_OPTION,
				{
					displayName: 'Quoted Message ID',
					name: 'quotedMessageId',
					type: 'string',
					default: '',
					description: 'The ID of the message to reply to (its key.ID in the answer that sent it)',
				},
			],
		},
	],
	read(item) {
		const options = item.parameter('options', {}) as TextOptions;
		const body: IDataObject = {};
		const delay = item.require('Delay', options.delay, checkDelay(options.delay));
		if (delay !== undefined) body.delay = delay;
		if (options.linkPreview !== undefined) body.linkPreview = options.linkPreview;
		const quoted = typeof options.quotedMessageId === 'string' ? options.quotedMessageId.trim() : '';
		if (quoted) body.quoted = { key: { id: quoted } };
		if (options.mentionsEveryOne !== undefined) body.mentionsEveryOne = options.mentionsEveryOne;
		if (options.mentioned !== undefined && options.mentioned !== '') {
			const mentioned = item.require('Mentioned Numbers', options.mentioned, checkNumberList(options.mentioned));
			body.mentioned = mentioned.map((entry) => entry.number);
		}
		return body;
	},
	to: intoBody,
};

export const sendText = operation({
	name: 'Send Text',
	value: 'sendText',
	action: 'Send text message',
	description: 'Send a WhatsApp text message to one number or group',
	request: { method: 'POST', path: '/message/sendText/{instanceName}' },
	fields: [instance, recipient, text, textOptions, pauseBetweenMessages],
	inOrder: sendInOrder,
});
