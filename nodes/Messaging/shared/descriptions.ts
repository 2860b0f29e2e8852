// Fields several operations share.
import type { INodeProperties } from 'n8n-workflow';

/** The Evolution API instance (one WhatsApp connection) that sends, picked from a list or typed. */
export const instanceNameField = (resources: string[]): INodeProperties => ({
	displayName: 'Instance',
	name: 'instanceName',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: 'The Evolution API instance (WhatsApp connection) to use',
	displayOptions: { show: { resource: resources } },
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select an instance...',
			typeOptions: { searchListMethod: 'getInstances', searchable: true },
		},
		{
			displayName: 'By Name',
			name: 'name',
			type: 'string',
			placeholder: 'e.g. sales',
		},
	],
});

export const numberField = (operations: string[]): INodeProperties => ({
	displayName: 'Number',
	name: 'number',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. +51 987 654 321',
	description:
		'The recipient with country code. Spaces, +, dashes, dots and parentheses are removed; a WhatsApp address (…@s.whatsapp.net, a group …@g.us, …@lid) is sent as it is.',
	displayOptions: { show: { resource: ['message'], operation: operations } },
});
