// The trigger's filters: which deliveries start the workflow. They are read at activation too, so a
// sender list that cannot match anything fails there, not silently on every message.
import type { IDataObject } from 'n8n-workflow';

import { checkPhoneNumber, splitNumberList } from '../validation/recipients';
import type { MessageFields } from './messageFields';
import { STATUS_BROADCAST } from './read';

export interface TriggerFilters {
	ignoreFromMe: boolean;
	ignoreGroups: boolean;
	ignoreStatusBroadcasts: boolean;
	/** Readable message types (`text`, `image`...); empty: every type. */
	messageTypes: string[];
	/** Phone digits or JIDs; empty: everyone. */
	senders: string[];
}

/** The Senders option: numbers or addresses as the node's one phone-number rule reads them (a list, or text split at commas, semicolons and new lines). */
export function parseSenders(raw: unknown): { senders: string[]; invalid: string[] } {
	const senders: string[] = [];
	const invalid: string[] = [];
	for (const entry of splitNumberList(raw)) {
		const checked = checkPhoneNumber(entry, { groups: false });
		if (checked.valid) senders.push(checked.value);
		else invalid.push(String(entry).trim());
	}
	return { senders, invalid };
}

export function filtersFrom(options: IDataObject): TriggerFilters {
	return {
		ignoreFromMe: options.ignoreFromMe === true,
		ignoreGroups: options.ignoreGroups === true,
		ignoreStatusBroadcasts: options.ignoreStatusBroadcasts !== false,
		messageTypes: Array.isArray(options.messageTypes) ? (options.messageTypes as string[]) : [],
		senders: parseSenders(options.senders).senders,
	};
}

/** Why a message is filtered out, or undefined when it starts the workflow. */
export function messageFilteredOut(fields: MessageFields, filters: TriggerFilters): string | undefined {
	if (filters.ignoreFromMe && fields.fromMe) return 'sent by this number';
	if (filters.ignoreStatusBroadcasts && fields.chatJid === STATUS_BROADCAST) return 'a status broadcast';
	if (filters.ignoreGroups && fields.isGroup) return 'a group message';
	if (filters.messageTypes.length > 0 && !filters.messageTypes.includes(fields.messageType)) return `a ${fields.messageType} message`;
	if (filters.senders.length > 0) {
		const matches = filters.senders.some((sender) => sender === fields.senderPhone || sender === fields.senderJid || sender === fields.senderLid);
		if (!matches) return 'from a sender not in the list';
	}
	return undefined;
}

/**
 * Why an event in a chat (a status update, an edit, a deletion, a call, a presence) is filtered
 * out, by the same chat rules as messages; edits and deletions this number made count as its own.
 */
export function chatFilteredOut(fields: IDataObject, filters: TriggerFilters, byThisNumber = false): string | undefined {
	if (byThisNumber && filters.ignoreFromMe && fields.fromMe === true) return 'made by this number';
	if (filters.ignoreStatusBroadcasts && fields.chatJid === STATUS_BROADCAST) return 'a status broadcast';
	if (filters.ignoreGroups && fields.isGroup === true) return 'in a group';
	return undefined;
}
