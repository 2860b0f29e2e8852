// The fields that point at one message already sent or received: its chat, its ID and whether
// this number sent it (Send Reaction; Mark as Read lists several). Edit and Delete for Everyone,
// and Chat → Archive, Unarchive and Mark as Unread, take the message's whole key from the input
// item by default, so Send → Edit → Delete and Trigger → Edit need no mapping.
import type { INodeProperties } from 'n8n-workflow';

import type { Field, ItemReader } from '../shared/contract';
import { inBody } from '../shared/fields';
import { checkKeyObject, checkMessageKey, type MessageKey } from './validation/messageKeys';

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

/** The operations that take the message's whole key from the input item (Message Given By); Get Poll Votes, the poll's (Send Poll's output). */
const KEY_FROM_INPUT_OPERATIONS = ['edit', 'deleteForEveryone', 'getPollVotes'];

/** Edit and Delete for Everyone: the key from the input item, or its three parts. */
const MESSAGE_GIVEN_BY_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Message Given By',
		name: 'messageBy',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Its Key', value: 'key', description: "The message's key object, by default the input item's key" },
			{ name: 'Chat, ID and From Me', value: 'fields', description: 'Three parameters' },
		],
		default: 'key',
		displayOptions: { show: { operation: KEY_FROM_INPUT_OPERATIONS } },
	},
	{
		displayName: 'Message',
		name: 'messageKey',
		type: 'json',
		required: true,
		// A send's output carries `key`; the Messaging Trigger's item carries it as raw.data.key.
		default: '={{ $json.key ?? $json.raw?.data?.key }}',
		description: "The message's key {remoteJid, fromMe, ID}: by default the input item's, as a send or the trigger outputs it",
		displayOptions: { show: { operation: KEY_FROM_INPUT_OPERATIONS, messageBy: ['key'] } },
	},
];

/**
 * One message's key: from the three parameters above (Send Reaction), or, for the operations that
 * offer Message Given By, from the input item's key too.
 */
export const messageKey: Field<'key', MessageKey> = {
	name: 'key',
	properties: [
		...MESSAGE_GIVEN_BY_PROPERTIES,
		// Two sets: n8n resolves a display condition on Message Given By with its default ('key') even
		// where it is not shown, so one set cannot serve both Send Reaction and the other two.
		...MESSAGE_KEY_PROPERTIES.map((property) => ({ ...property, displayOptions: { hide: { operation: KEY_FROM_INPUT_OPERATIONS } } })),
		...MESSAGE_KEY_PROPERTIES.map((property) => ({
			...property,
			displayOptions: { show: { operation: KEY_FROM_INPUT_OPERATIONS, messageBy: ['fields'] } },
		})),
	],
	read: readMessageKey,
	to: inBody('key'),
	about: (key) => ({ messageId: key.id }),
};

/** A property without its display conditions: the editor shows it for the operations of its field. */
function withoutDisplayOptions(property: INodeProperties): INodeProperties {
	const copy = { ...property };
	delete copy.displayOptions;
	return copy;
}

/** The key from Message Given By: the key object (by default the input item's), or its three parts. */
function readMessageKey(item: ItemReader): MessageKey {
	if (item.parameter('messageBy', 'fields') === 'key') {
		const raw = item.parameter('messageKey');
		return item.require('Message', raw, checkKeyObject(raw));
	}
	const parts = { chat: item.parameter('chat'), messageId: item.parameter('messageId'), fromMe: item.parameter('fromMe', false) };
	return item.require('Message', parts, checkMessageKey(parts));
}

/**
 * Chat → Archive, Unarchive and Mark as Unread: a message of the chat (best its last), the same
 * parameters as Edit's, sent as `lastMessage.key`. The server takes the chat from the key's
 * remoteJid (it ignores `chat` when a message is given), so the chat needs no field of its own.
 * Every operation of this field has Message Given By, so one set of Chat, ID and From Me serves.
 */
export const chatMessageKey: Field<'lastMessage', MessageKey> = {
	name: 'lastMessage',
	properties: [
		withoutDisplayOptions(MESSAGE_GIVEN_BY_PROPERTIES[0]),
		{
			...MESSAGE_GIVEN_BY_PROPERTIES[1],
			description: "The key {remoteJid, fromMe, ID} of a message in the chat, best its last: by default the input item's",
			displayOptions: { show: { messageBy: ['key'] } },
		},
		...MESSAGE_KEY_PROPERTIES.map((property) => ({
			...property,
			description: property.name === 'chat' ? "The chat: the other person's number, or the group's address (key.remoteJid)" : property.description,
			displayOptions: { show: { messageBy: ['fields'] } },
		})),
	],
	read: readMessageKey,
	to: inBody('lastMessage', (key: MessageKey) => ({ key })),
	about: (key) => ({ messageId: key.id }),
};
