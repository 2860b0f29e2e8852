import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { messagingRoute } from '../../../shared/messaging/transport';
import { withInstance, withNumber, withText, withTextOptions } from '../../shared/inputs';
import { toMessageItem } from '../../shared/output';

const showOnlyForSendText = { resource: ['message'], operation: ['sendText'] };

export const sendTextOperation: INodePropertyOptions = {
	name: 'Send Text',
	value: 'sendText',
	action: 'Send a text message',
	description: 'Send a WhatsApp text message to one number or group',
	routing: messagingRoute(
		'sendText',
		{ method: 'POST', url: '/message/sendText/{instanceName}' },
		[withInstance, withNumber, withText, withTextOptions],
		toMessageItem,
	),
};

export const sendTextFields: INodeProperties[] = [
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'The message. WhatsApp formatting works: *bold*, _italic_, ~strike~.',
		displayOptions: { show: showOnlyForSendText },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForSendText },
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
			{
				displayName: 'Quoted Message ID',
				name: 'quotedMessageId',
				type: 'string',
				default: '',
				description: 'The ID of the message to reply to (its key.ID in the answer that sent it)',
			},
		],
	},
];
