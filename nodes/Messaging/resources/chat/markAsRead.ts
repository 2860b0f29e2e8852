import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bad } from '../../../shared/checks';
import { operation, type Field } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { instance } from '../../fields';
import { MESSAGE_KEY_PROPERTIES } from '../../messageKey';
import { checkMessageKey, type MessageKey } from '../../validation/messageKeys';

/**
 * The messages a receipt is sent for, from the Messages list, placed under `bodyKey`: Mark as Read's
 * `readMessages` and Mark as Played's `playedMessages` share the parameter.
 */
export function markedMessages<N extends string>(bodyKey: N, marking: string): Field<N, MessageKey[]> {
	return {
		name: bodyKey,
		properties: MESSAGES_PROPERTIES,
		read(item) {
			const raw = item.parameter('messages', {}) as { message?: Array<{ chat?: unknown; messageId?: unknown; fromMe?: unknown }> };
			const entries = Array.isArray(raw?.message) ? raw.message : [];
			if (entries.length === 0) item.require('Messages', entries, bad('is empty: at least one message is required', 'Add a message with its chat and ID.'));
			return entries.map((entry, index) => {
				const parts = { chat: entry.chat, messageId: entry.messageId, fromMe: entry.fromMe ?? false };
				const key = item.require(`Message ${index + 1}`, parts, checkMessageKey(parts));
				// The server drops @lid keys without a word: the receipt would silently not go out.
				if (key.remoteJid.endsWith('@lid'))
					item.require(
						`Message ${index + 1}`,
						parts,
						bad(`has the chat ${key.remoteJid}, an @lid address, which Evolution API skips when marking as ${marking}`, "Use the chat's phone address (the trigger's remoteJidAlt or sender number)."),
					);
				return key;
			});
		},
		to: inBody(bodyKey),
	};
}

const MESSAGES_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Messages',
		name: 'messages',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Message',
		required: true,
		default: {},
		description: 'The messages to mark, all in one request (read: blue ticks for their senders)',
		options: [{ displayName: 'Message', name: 'message', values: MESSAGE_KEY_PROPERTIES }],
	},
];

const messages = markedMessages('readMessages', 'read');

export const markAsRead = operation({
	name: 'Mark as Read',
	value: 'markAsRead',
	action: 'Mark messages as read',
	description: 'Mark received messages as read, in one request per item',
	request: { method: 'POST', path: '/chat/markMessageAsRead/{instanceName}' },
	fields: [instance, messages],
	toItems: (answer, { readMessages }) => [{ ...(answer as IDataObject), messages: readMessages as unknown as IDataObject[] }],
});
