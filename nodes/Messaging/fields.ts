// The fields several Messaging operations share: the instance that sends and the recipient.
import { checkedField, inBody, inPath, type Field } from '../shared/operation';
import { checkInstanceName, checkPhoneNumber, type CheckedNumber } from './validation/recipients';

/** The Evolution API instance (one WhatsApp connection), picked from a list or typed; encoded into the path. */
export const instance = checkedField(
	{
		displayName: 'Instance',
		name: 'instanceName',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'The Evolution API instance (WhatsApp connection) to use',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select an instance...',
				typeOptions: { searchListMethod: 'getInstances', searchable: true },
			},
			{
				// n8n gives the mode selector 92 px: "By Name" shows as "By Nam".
				displayName: 'Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. sales',
			},
		],
	},
	checkInstanceName,
	inPath('instanceName'),
	{ extractValue: true },
);

/** The recipient, as the user gave it (for errors) and as it is sent. */
export const recipient: Field<CheckedNumber> = {
	name: 'number',
	properties: [
		{
			displayName: 'Number',
			name: 'number',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. +51 987 654 321',
			description:
				'The recipient with country code. Spaces, +, dashes, dots and parentheses are removed; a WhatsApp address (…@s.whatsapp.net, a group …@g.us, …@lid) is sent as it is.',
		},
	],
	read(item) {
		const raw = item.parameter('number');
		return { given: String(raw).trim(), number: item.require('Number', raw, checkPhoneNumber(raw)) };
	},
	to: inBody('number', (recipient) => recipient.number),
};
