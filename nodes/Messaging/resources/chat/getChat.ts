import { operation } from '../../../shared/contract';
import { instanceOf } from '../../errors';
import { instance, recipient } from '../../fields';

/** The chat's address as the server stores it: the route compares `remoteJid` as given, never adding the suffix. */
const chatJid = (number: string) => (number.includes('@') ? number : `${number}@s.whatsapp.net`);

export const getChat = operation({
	name: 'Get Chat',
	value: 'getChat',
	action: 'Get a chat',
	description: "A number's or group's stored chat: its name, labels and unread messages",
	notice: 'Evolution API 2.3 and later. The server knows a chat once a message was sent or received in it.',
	subtitle: 'Get Chat',
	request: { method: 'GET', path: '/chat/findChatByRemoteJid/{instanceName}' },
	fields: [instance, recipient],
	subject: ({ number }) => `chat ${chatJid(number.number)}`,
	// The route answers a JSON null for a chat it has not stored.
	answers({ statusCode, body }, context) {
		if (body !== null || statusCode < 200 || statusCode >= 300) return undefined;
		return {
			message: `${instanceOf(context)} has no stored ${context.subject}`,
			description:
				'Evolution stores a chat once a message is sent or received in it (with DATABASE_SAVE_DATA_CHATS on). Check the number, or send a message first; Find Chats lists the stored ones.',
			httpCode: String(statusCode),
		};
	},
	// A GET: the recipient goes in the query as an address, not in a body.
	async send(send, { number }) {
		return await send({ body: undefined, qs: { remoteJid: chatJid(number.number) } });
	},
});
