import type { IDataObject } from 'n8n-workflow';

import { inQuery, operation, type Field } from '../../../shared/operation';
import { instance } from '../../fields';
import { limited, returnAllOrLimit } from '../../limit';

const includeParticipants: Field<boolean> = {
	name: 'getParticipants',
	properties: [
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Include Participants',
					name: 'includeParticipants',
					type: 'boolean',
					default: false,
					description: 'Whether to list every member with their role; slower on numbers in many groups',
				},
			],
		},
	],
	read: (item) => (item.parameter('options', {}) as IDataObject).includeParticipants === true,
	// The server requires the query, as the text "true" or "false".
	to: inQuery('getParticipants', String),
};

export const getManyGroups = operation<{ limit?: number }>({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many groups',
	description: "The groups the instance's number is in: name, JID, size, owner",
	subtitle: 'Get Groups',
	request: { method: 'GET', path: '/group/fetchAllGroups/{instanceName}' },
	fields: [instance, returnAllOrLimit, includeParticipants],
	toItems: (answer, { limit }) => limited(answer, limit),
});
