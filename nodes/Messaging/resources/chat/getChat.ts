import { operation } from '../../../shared/contract';
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
	// A GET: the recipient goes in the query as an address, not in a body.
	async send(send, { number }) {
		return await send({ body: undefined, qs: { remoteJid: chatJid(number.number) } });
	},
});
