import { operation } from '../../../shared/contract';
import { bodyOf } from '../../../shared/fields';
import { instance } from '../../fields';
import { chatMessageKey } from '../../messageKey';
import { archivedItem } from './archive';

export const unarchive = operation({
	name: 'Unarchive',
	value: 'unarchive',
	action: 'Unarchive chat',
	description: "Return an archived chat to the chat list, by a message of it (the input item's)",
	request: { method: 'POST', path: '/chat/archiveChat/{instanceName}' },
	fields: [instance, chatMessageKey],
	subject: ({ lastMessage }) => `chat ${lastMessage.remoteJid}`,
	adjustRequest(request) {
		bodyOf(request).archive = false;
	},
	toItems: (answer, { lastMessage }) => archivedItem(answer, lastMessage, false),
});
