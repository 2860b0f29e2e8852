// What Edit and Delete for Everyone share: both send WhatsApp a protocol message about a message
// already in the chat, and both answer with that protocol message.
import type { IDataObject } from 'n8n-workflow';

import type { MessageKey } from '../../validation/messageKeys';

/**
 * Edit and Delete for Everyone are not new messages, but WhatsApp delivers each to the chat as a
 * protocol message that changes what the recipient sees. They take the instance's send order (one
 * at a time, in item order, pace.ts) because two edits of one message must arrive in item order
 * (else the older text would stay), a deletion must not overtake an edit, and a burst of them from
 * one number is what WhatsApp bans for, as with sends. No pause of their own (no Options).
 */
export const editOrDeleteInOrder = ({ instanceName }: { instanceName: string }) => ({ lane: instanceName, pauseMs: 0 });

/**
 * The answer (the protocol message sent) with `key` set to the message edited or deleted, so the
 * next node (another Edit, a Delete for Everyone) finds it with no mapping; the protocol message's
 * own key stays as `protocolKey`.
 */
export function actedOnItem(answer: unknown, key: MessageKey): IDataObject[] {
	const body = (answer && typeof answer === 'object' ? answer : {}) as IDataObject;
	const protocolMessage = ((body.message as IDataObject | undefined)?.protocolMessage ?? {}) as IDataObject;
	const actedOn = (protocolMessage.key as IDataObject | undefined) ?? key;
	return [{ ...body, key: { remoteJid: actedOn.remoteJid, fromMe: actedOn.fromMe, id: actedOn.id }, protocolKey: body.key }];
}
