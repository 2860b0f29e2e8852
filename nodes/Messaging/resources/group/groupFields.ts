// The group a Group operation reads, picked from the instance's groups or given by address.
import { checkedField, inQuery } from '../../../shared/fields';
import { checkGroupJid } from '../../validation/messageKeys';

export const group = checkedField(
	{
		displayName: 'Group',
		name: 'groupJid',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'A group the instance\'s number is in',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a group...',
				typeOptions: { searchListMethod: 'getGroups', searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 120363025246125486@g.us',
			},
		],
	},
	checkGroupJid,
	inQuery('groupJid'),
	{ extractValue: true, about: (jid) => ({ group: jid }) },
);
