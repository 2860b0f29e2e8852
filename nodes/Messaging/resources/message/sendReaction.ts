import { checkedField, inBody } from '../../../shared/fields';
import { messageKey } from '../../messageKey';
import { checkReaction } from '../../validation/messageKeys';
import { sendOperation } from '../../sendOperation';

const reaction = checkedField(
	{
		displayName: 'Reaction',
		name: 'reaction',
		type: 'string',
		default: '👍',
		placeholder: 'e.g. 👍',
		description: 'One emoji; empty removes the reaction sent before',
	},
	checkReaction,
	inBody('reaction'),
);

export const sendReaction = sendOperation({
	name: 'Send Reaction',
	value: 'sendReaction',
	action: 'React to message',
	description: 'React to a message with an emoji, or remove the reaction',
	path: '/message/sendReaction/{instanceName}',
	fields: [messageKey, reaction],
	routeOptions: [],
	subject: ({ key }) => `message ${key.id}`,
});
