import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { instance } from '../../fields';
import { limited, returnAllOrLimit } from '../../limit';
import { findFilters } from './findFilters';
import { textAt } from './storedMessage';

export const findChats = operation({
	name: 'Find Chats',
	value: 'findChats',
	action: 'Find chats',
	description: 'The chats with stored messages, each with its last message, latest first',
	subtitle: 'Find Chats',
	request: { method: 'POST', path: '/chat/findChats/{instanceName}' },
	fields: [instance, returnAllOrLimit, findFilters],
	// The server answers every chat in one list; `take` (not page/offset) cuts it.
	async send(send, { limit, filters }) {
		const where = filters.remoteJid ? { remoteJid: filters.remoteJid } : {};
		return await send({ body: { where, ...(limit === undefined ? {} : { take: limit }) } });
	},
	toItems: (answer, { limit }) => limited(answer, limit),
	// The chat and its last message (a whole stored message), flattened; the Cloud API window left out.
	simplify: {
		...keep('remoteJid', 'pushName', 'profilePicUrl', 'unreadCount', 'updatedAt'),
		lastMessageId: 'lastMessage.key.id',
		lastMessageFromMe: 'lastMessage.key.fromMe',
		lastMessageType: 'lastMessage.messageType',
		lastMessageText: textAt('lastMessage.message'),
		lastMessageTimestamp: 'lastMessage.messageTimestamp',
	},
});
