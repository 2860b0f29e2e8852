// GET /chat/findChatByRemoteJid (2.3 on): one stored Chat row of the instance, found by the exact
// `remoteJid` of the query (channel.service.ts findChatByRemoteJid: no createJid, so digits alone
// find nothing), or JSON `null`; without `remoteJid`, the router's own 400.
import { chatStateOf, storedOf } from './chat.ts';
import type { CannedAnswer, FakeInstance, FakeState } from './types.ts';

export function findChatByRemoteJid(state: FakeState, instance: FakeInstance, _body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const remoteJid = query.get('remoteJid');
	if (!remoteJid) return { status: 400, body: { error: 'remoteJid is a required query parameter' } };
	const messages = storedOf(state, instance).filter((stored) => stored.key.remoteJid === remoteJid);
	if (messages.length === 0) return { status: 200, body: null };
	const [latest] = messages;
	const oldest = messages.at(-1)!;
	const incoming = messages.find((stored) => !stored.key.fromMe && stored.pushName);
	const digits = remoteJid.split('@')[0];
	return {
		status: 200,
		body: {
			id: `chat-${digits}`,
			remoteJid,
			// Baileys names the chat after the contact (or the group's subject); the fake, after the contact.
			name: state.fake.contacts.get(digits) ?? incoming?.pushName ?? null,
			labels: null,
			createdAt: new Date((oldest.messageTimestamp ?? 0) * 1000).toISOString(),
			updatedAt: new Date((latest.messageTimestamp ?? 0) * 1000).toISOString(),
			instanceId: state.idOf(instance.name),
			unreadMessages: chatStateOf(state, instance.name).unread.has(remoteJid) ? 1 : 0,
		},
	};
}
