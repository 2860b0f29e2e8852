// The fields that point at one message already sent or received: its chat, its ID and whether
// this number sent it (Send Reaction; Mark as Read lists several).
import type { INodeProperties } from 'n8n-workflow';

import type { Field } from '../shared/contract';
import { inBody } from '../shared/fields';
import { checkMessageKey, type MessageKey } from './validation/messageKeys';

export const MESSAGE_ID_PROPERTY = {
	displayName: 'Message ID',
	name: 'messageId' as const,
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3EB0C431C26A1916E07A',
	description: "The message's key.ID, from a send's output or the trigger",
} satisfies INodeProperties;

export const MESSAGE_KEY_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Chat',
		name: 'chat',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 51987654321 or 120363025246125486@g.us',
		description: "The chat the message is in: the other person's number, or the group's address (the message's key.remoteJid)",
	},
	MESSAGE_ID_PROPERTY,
	{
		displayName: 'From Me',
		name: 'fromMe',
		type: 'boolean',
		default: false,
		description: "Whether this instance's number sent the message (key.fromMe)",
	},
];

/** One message's key from the three parameters above. */
export const messageKey: Field<'key', MessageKey> = {
	name: 'key',
	properties: MESSAGE_KEY_PROPERTIES,
	read(item) {
		const parts = { chat: item.parameter('chat'), messageId: item.parameter('messageId'), fromMe: item.parameter('fromMe', false) };
		return item.require('Message', parts, checkMessageKey(parts));
	},
	to: inBody('key'),
	about: (key) => ({ messageId: key.id }),
};
