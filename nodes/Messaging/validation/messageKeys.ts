// Checks of what points at a message already sent or received (its key: chat, ID, whether this
// number sent it), of reactions, and of group addresses; run before any request.
import { bad, ok, showValue, type Checked } from '../../shared/checks';
import { checkPhoneNumber } from './recipients';

export interface MessageKey {
	remoteJid: string;
	fromMe: boolean;
	id: string;
}

/** A chat as a WhatsApp address: a number becomes `<digits>@s.whatsapp.net`, addresses pass. */
export function checkChat(raw: unknown): Checked<string> {
	const checked = checkPhoneNumber(raw);
	if (!checked.valid) return checked;
	return ok(checked.value.includes('@') ? checked.value : `${checked.value}@s.whatsapp.net`);
}

const ID_HINT = "Use the message's key.id: from a send's output, or from the trigger's messageId.";

/** WhatsApp message IDs are letters and digits (3EB0C431..., BAE5F2...), some with - or _. */
export function checkMessageId(raw: unknown): Checked<string> {
	if (typeof raw === 'number' && Number.isSafeInteger(raw)) raw = String(raw);
	if (typeof raw !== 'string' || raw.trim() === '') return bad('is empty: a message ID is required', ID_HINT);
	const id = raw.trim();
	if (!/^[A-Za-z0-9_-]{4,128}$/.test(id)) return bad('is not a message ID (4 to 128 letters, digits, - or _)', ID_HINT);
	return ok(id);
}

export function checkFromMe(raw: unknown): Checked<boolean> {
	if (typeof raw === 'boolean') return ok(raw);
	if (raw === 'true' || raw === 'false') return ok(raw === 'true');
	return bad('is not true or false', 'Turn From Me on when this number sent the message, off when it was received (the key.fromMe of the message).');
}

/** A message's key from its three parts, each checked, each named in the error. */
export function checkMessageKey(parts: { chat: unknown; messageId: unknown; fromMe: unknown }): Checked<MessageKey> {
	const chat = checkChat(parts.chat);
	// A part absent from a key object is said as missing, not shown.
	if (!chat.valid) return bad(parts.chat === undefined ? 'has no chat (remoteJid)' : `has the chat ${showValue(parts.chat)}, which ${chat.problem}`, chat.hint);
	const id = checkMessageId(parts.messageId);
	if (!id.valid) return bad(parts.messageId === undefined ? 'has no message ID (id)' : `has the message ID ${showValue(parts.messageId)}, which ${id.problem}`, id.hint);
	const fromMe = checkFromMe(parts.fromMe);
	if (!fromMe.valid) return bad(`has From Me ${showValue(parts.fromMe)}, which ${fromMe.problem}`, fromMe.hint);
	return ok({ remoteJid: chat.value, fromMe: fromMe.value, id: id.value });
}

const KEY_HINT =
	"Map the message's key: a send's output and the trigger carry it as key ({remoteJid, fromMe, id}); or set Message Given By to Chat, ID and From Me.";

/** A message's key given whole: `{remoteJid, fromMe, id}` as an object or its JSON text (a send's output, the trigger's raw.data.key). */
export function checkKeyObject(raw: unknown): Checked<MessageKey> {
	let value = raw;
	if (typeof value === 'string' && value.trim().startsWith('{')) {
		try {
			value = JSON.parse(value);
		} catch {
			return bad('is not valid JSON', KEY_HINT);
		}
	}
	if (value === undefined) return bad('is missing: the input item has no message key (key)', KEY_HINT);
	if (value === null || value === '') return bad('is empty: the input item has no message key (key)', KEY_HINT);
	if (typeof value !== 'object' || Array.isArray(value)) return bad('is not a message key (an object with remoteJid, fromMe and id)', KEY_HINT);
	const key = value as { remoteJid?: unknown; id?: unknown; fromMe?: unknown };
	if (key.fromMe === undefined) return bad('has no fromMe (a message key has remoteJid, fromMe and id)', KEY_HINT);
	return checkMessageKey({ chat: key.remoteJid, messageId: key.id, fromMe: key.fromMe });
}

/** One emoji (a flag, a keycap, skin tones and joined sequences count as one), or empty to remove a reaction. */
export function checkReaction(raw: unknown): Checked<string> {
	if (raw === undefined || raw === null || raw === '') return ok('');
	if (typeof raw !== 'string') return bad('is not an emoji', 'Give one emoji, e.g. 👍, or leave it empty to remove the reaction.');
	const reaction = raw.trim();
	if (reaction === '') return ok('');
	const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(reaction)];
	const isEmoji = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u.test(reaction);
	if (graphemes.length !== 1 || !isEmoji)
		return bad('is not a single emoji (the server accepts one emoji or nothing)', 'Give one emoji, e.g. 👍, or leave it empty to remove the reaction.');
	return ok(reaction);
}

/** A group address: `<digits>-<digits>@g.us` or `<digits>@g.us`; bare digits get `@g.us`, as the server does. */
export function checkGroupJid(raw: unknown): Checked<string> {
	const hint = 'Pick the group from the list, or give its address, e.g. 120363025246125486@g.us (Group → Get Many lists them).';
	if (typeof raw === 'number' && Number.isSafeInteger(raw)) raw = String(raw);
	if (typeof raw !== 'string' || raw.trim() === '') return bad('is empty: a group is required', hint);
	const value = raw.trim();
	const jid = value.includes('@') ? value : `${value}@g.us`;
	if (!/^[\d-]+@g\.us$/.test(jid)) return bad('is not a group address (digits, maybe a dash, then @g.us)', hint);
	return ok(jid);
}
