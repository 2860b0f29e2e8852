// The fields several Messaging operations share: the instance that sends and the recipient.
import { isResourceLocatorValue, type IDataObject } from 'n8n-workflow';

import { bad } from '../shared/checks';
import type { Field, SendRequest } from '../shared/contract';
import { checkedField, inBody, inPath } from '../shared/fields';
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
	{ extractValue: true, about: (name) => ({ instance: name }) },
);

/**
 * The instance's row as the server stores it (`GET /instance/fetchInstances?instanceName=`), for
 * what an operation must know of it before its own request (its id, its channel); only the row of
 * that very name, else undefined.
 */
export async function instanceRowOf(send: SendRequest, instanceName: string): Promise<IDataObject | undefined> {
	const found = await send({ method: 'GET', url: '/instance/fetchInstances', qs: { instanceName }, body: undefined }, `instance "${instanceName}"`);
	return Array.isArray(found) ? (found as IDataObject[]).find((entry) => entry?.name === instanceName) : undefined;
}

const NUMBER_DESCRIPTION =
	'The recipient with country code. Spaces, +, dashes, dots and parentheses are removed; a WhatsApp address (…@s.whatsapp.net, a group …@g.us, …@lid) is sent as it is.';

/** Version 1.1 on: the recipient is a number, a WhatsApp address, or a group picked from the instance's groups. */
export const RECIPIENT_VERSION = 1.1;

/**
 * The recipient, as the user gave it (for errors) and as it is sent. Version 1 kept it as text;
 * 1.1 made it a resource locator (a group from a list, or a number), so workflows saved with
 * text keep working unchanged.
 */
export const recipient: Field<'number', CheckedNumber> = {
	name: 'number',
	properties: [
		{
			displayName: 'Number',
			name: 'number',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. +51 987 654 321',
			description: NUMBER_DESCRIPTION,
			displayOptions: { show: { '@version': [1] } },
		},
		{
			displayName: 'Recipient',
			name: 'number',
			type: 'resourceLocator',
			required: true,
			default: { mode: 'number', value: '' },
			description: 'Who receives the message: a number, a WhatsApp address, or a group of the instance',
			displayOptions: { show: { '@version': [{ _cnd: { gte: RECIPIENT_VERSION } }] } },
			modes: [
				{
					displayName: 'Number',
					name: 'number',
					type: 'string',
					placeholder: 'e.g. +51 987 654 321',
					hint: NUMBER_DESCRIPTION,
				},
				{
					// n8n gives a list only to a mode named "list", which it labels "From list".
					displayName: 'Group',
					name: 'list',
					type: 'list',
					placeholder: 'Select a group...',
					typeOptions: { searchListMethod: 'getGroups', searchable: true },
				},
			],
		},
	],
	read(item) {
		const raw = item.parameter('number');
		const value = isResourceLocatorValue(raw) ? raw.value : raw;
		const label = isResourceLocatorValue(raw) ? 'Recipient' : 'Number';
		const checked = checkPhoneNumber(value);
		if (isResourceLocatorValue(raw) && raw.mode === 'list' && checked.valid && !checked.value.endsWith('@g.us')) {
			item.require(label, value, bad('is not a group: a group address ends in @g.us', 'Pick the group from the list, or switch the mode to Number.'));
		}
		return { given: String(value ?? '').trim(), number: item.require(label, value, checked) };
	},
	to: inBody('number', (recipient: CheckedNumber) => recipient.number),
	about: (recipient) => ({ recipient: { given: recipient.given, sent: recipient.number } }),
};
