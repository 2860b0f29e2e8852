import { checkedField, inBody, operation } from '../../../shared/operation';
import { instance } from '../../fields';
import { messageKey } from '../../messageKey';
import { pauseBetweenMessages, sendInOrder } from '../../pace';
import { sendOptionsField } from '../../sendOptions';
import { checkReaction } from '../../validation/messageKeys';

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

export const sendReaction = operation({
	name: 'Send Reaction',
	value: 'sendReaction',
	action: 'React to message',
	description: 'React to a message with an emoji, or remove the reaction',
	request: { method: 'POST', path: '/message/sendReaction/{instanceName}' },
	fields: [instance, messageKey, reaction, sendOptionsField([]), pauseBetweenMessages],
	subject: ({ key }) => `message ${(key as { id: string }).id}`,
	inOrder: sendInOrder,
});
