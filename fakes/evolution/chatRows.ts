// Rows made from the instance's stored messages: GET /chat/findChatByRemoteJid (2.3 on): one stored
// Chat row of the instance, found by the exact `remoteJid` of the query (channel.service.ts
// findChatByRemoteJid: no createJid, so digits alone find nothing), or JSON `null`; without
// `remoteJid`, the router's own 400. POST /chat/findChannels (2.4): the channels among them.
import { schemaFailure } from './answers.ts';
import { chatStateOf, storedOf } from './chat.ts';
import { FIND_SCHEMAS } from './chatFindSchemas.ts';
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

/**
 * POST /chat/findChannels (200, 2.4.0-rc2's fetchChannels): checked against contactValidateSchema
 * (2.4's, as 2.3.7's), whose `where` is then not read. The instance's messages newest first, one
 * row per `@newsletter` chat `{remoteJid, pushName: undefined, lastMessageTimestamp}` (JSON drops
 * pushName); `page` (default 1) and `limit` (else `rows`, default 50) cut them:
 * `{total, pages, currentPage, limit, records}`. No WhatsApp call: a closed connection answers too.
 */
export function findChannels(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, FIND_SCHEMAS.contacts237);
	if (invalid) return invalid;
	const page = Number(body.page ?? 1);
	const limit = Number(body.limit ?? body.rows ?? 50);
	const channels = new Map<string, { remoteJid: string; lastMessageTimestamp: number }>();
	for (const stored of storedOf(state, instance)) {
		const remoteJid = stored.key.remoteJid;
		if (remoteJid.endsWith('@newsletter') && !channels.has(remoteJid)) channels.set(remoteJid, { remoteJid, lastMessageTimestamp: stored.messageTimestamp ?? 0 });
	}
	const all = [...channels.values()];
	const skip = (page - 1) * limit;
	return { status: 200, body: { total: all.length, pages: Math.ceil(all.length / limit), currentPage: page, limit, records: all.slice(skip, skip + limit) } };
}
