import { checkedField, inBody, operation } from '../../../shared/operation';
import { instance, recipient } from '../../fields';
import { pauseBetweenMessages, sendInOrder } from '../../pace';
import { delayOption, LINK_PREVIEW_OPTION, MENTION_OPTIONS, QUOTED_OPTION, sendOptionsField } from '../../sendOptions';
import { checkMessageText } from '../../validation/recipients';

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

/** The options the sendText route takes, as body keys. */
const textOptions = sendOptionsField([delayOption('typing...'), LINK_PREVIEW_OPTION, ...MENTION_OPTIONS, QUOTED_OPTION]);

export const sendText = operation({
	name: 'Send Text',
	value: 'sendText',
	action: 'Send text message',
	description: 'Send a WhatsApp text message to one number or group',
	request: { method: 'POST', path: '/message/sendText/{instanceName}' },
	fields: [instance, recipient, text, textOptions, pauseBetweenMessages],
	inOrder: sendInOrder,
});
