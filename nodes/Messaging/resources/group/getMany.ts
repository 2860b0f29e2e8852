import { operation } from '../../../shared/contract';
import { inQuery, optionFlag } from '../../../shared/fields';
import { instance } from '../../fields';
import { limited, returnAllOrLimit } from '../../limit';
import { SIMPLIFIED_GROUP } from './groupFields';

const includeParticipants = optionFlag(
	{
		displayName: 'Include Participants',
		name: 'includeParticipants',
		type: 'boolean',
		default: false,
		description: 'Whether to list every member with their role; slower on numbers in many groups',
	},
	// The server requires the query, as the text "true" or "false".
	inQuery('getParticipants', String),
);

export const getManyGroups = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many groups',
	description: "The groups the instance's number is in: name, JID, size, owner",
	subtitle: 'Get Groups',
	request: { method: 'GET', path: '/group/fetchAllGroups/{instanceName}' },
	fields: [instance, returnAllOrLimit, includeParticipants],
	toItems: (answer, { limit }) => limited(answer, limit),
	simplify: SIMPLIFIED_GROUP,
});
