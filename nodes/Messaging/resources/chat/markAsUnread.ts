import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { chatMessageKey } from '../../messageKey';

export const markAsUnread = operation({
	name: 'Mark as Unread',
	value: 'markAsUnread',
	action: 'Mark chat as unread',
	description: "Mark a chat unread on this number's phone, by a message of it (the input item's)",
	request: { method: 'POST', path: '/chat/markChatUnread/{instanceName}' },
	fields: [instance, chatMessageKey],
	subject: ({ lastMessage }) => `chat ${lastMessage.remoteJid}`,
	toItems: (answer, { lastMessage }) => [{ ...(answer as IDataObject), chatId: lastMessage.remoteJid, key: { ...lastMessage } }],
});
