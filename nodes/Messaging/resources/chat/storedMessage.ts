// What Simplify keeps of a message the server stored (Find Messages, and Find Chats' last message):
// where its text is, whatever its kind, and its last status.
import type { IDataObject } from 'n8n-workflow';

import type { KeptField } from '../../../shared/contract';

/** Where a message's content keeps its text: a text (plain or extended), or a media's caption. */
const TEXT_PATHS = [
	'conversation',
	'extendedTextMessage.text',
	'imageMessage.caption',
	'videoMessage.caption',
	'documentMessage.caption',
	'documentWithCaptionMessage.message.documentMessage.caption',
];

/** The text of the message at `path` (`message`, `lastMessage.message`). */
export const textAt = (path: string): KeptField => TEXT_PATHS.map((inner) => `${path}.${inner}`);

/** The latest of a stored message's status updates (`MessageUpdate`, oldest first). */
export const lastStatus: KeptField = (json) => {
	const updates = json.MessageUpdate;
	return Array.isArray(updates) && updates.length ? (updates.at(-1) as IDataObject).status : null;
};

/** Who wrote it: the group member, or the other side of a direct chat; `null` for this number's own. */
export const senderJid: KeptField = (json) => {
	const key = (json.key ?? {}) as IDataObject;
	return key.fromMe === true ? null : (key.participant ?? key.remoteJid);
};
