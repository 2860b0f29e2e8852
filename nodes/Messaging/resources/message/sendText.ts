import { checkedField, inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { delayOption, LINK_PREVIEW_OPTION, MENTION_OPTIONS, QUOTED_OPTION } from '../../sendOptions';
import { checkMessageText } from '../../validation/recipients';
import { sendOperation } from '../../sendOperation';

export const text = checkedField(
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

export const sendText = sendOperation({
	name: 'Send Text',
	value: 'sendText',
	action: 'Send text message',
	description: 'Send a WhatsApp text message to one number or group',
	path: '/message/sendText/{instanceName}',
	fields: [recipient, text],
	routeOptions: [delayOption('typing...'), LINK_PREVIEW_OPTION, ...MENTION_OPTIONS, QUOTED_OPTION],
});
