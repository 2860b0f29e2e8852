import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { bodyOf } from '../../../shared/fields';
import { instance } from '../../fields';
import { chatMessageKey } from '../../messageKey';
import type { MessageKey } from '../../validation/messageKeys';

/**
 * Archive and Unarchive: one route, `archive` true or false. Evolution answers `archived: true`
 * either way, so the item says what was asked; `key` stays for the next node.
 */
export const archivedItem = (answer: unknown, key: MessageKey, archived: boolean): IDataObject[] => [
	{ ...(answer as IDataObject), chatId: key.remoteJid, archived, key: { ...key } },
];

export const archive = operation({
	name: 'Archive',
	value: 'archive',
	action: 'Archive chat',
	description: "Move a chat to the archived chats, by a message of it (the input item's)",
	request: { method: 'POST', path: '/chat/archiveChat/{instanceName}' },
	fields: [instance, chatMessageKey],
	subject: ({ lastMessage }) => `chat ${lastMessage.remoteJid}`,
	adjustRequest(request) {
		bodyOf(request).archive = true;
	},
	toItems: (answer, { lastMessage }) => archivedItem(answer, lastMessage, true),
});
