import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { messagingRoute } from '../../../shared/messaging/transport';
import { withInstance, withNumbers } from '../../shared/inputs';
import { toNumberItems } from '../../shared/output';

export const checkNumbersOperation: INodePropertyOptions = {
	name: 'Check Numbers',
	value: 'checkNumbers',
	action: 'Check whether numbers are on WhatsApp',
	description: 'One request per input item with all its numbers; one output item per number',
	routing: messagingRoute(
		'checkNumbers',
		{ method: 'POST', url: '/chat/whatsappNumbers/{instanceName}' },
		[withInstance, withNumbers],
		toNumberItems,
	),
};

export const checkNumbersFields: INodeProperties[] = [
	{
		displayName: 'Numbers',
		name: 'numbers',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +51 987 654 321, 51912345678',
		description:
			'Numbers with country code, separated by commas, semicolons or new lines, or an array from an expression. Normalised like a recipient; duplicates are checked once.',
		displayOptions: { show: { resource: ['chat'], operation: ['checkNumbers'] } },
	},
];
