// The Filters of the chat finds (Find Messages, Find Status Messages, Find Contacts, Find Chats):
// one collection; Chat for all, Message ID for the two message finds, the rest Find Messages' own.
// Read and checked before any request.
import type { IDataObject } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { filtersCollection } from '../../../shared/fields';
import { checkChat, checkMessageId } from '../../validation/messageKeys';

export interface FindFilters {
	/** The chat as a WhatsApp address (a number made `<digits>@s.whatsapp.net`). */
	remoteJid?: string;
	fromMe?: true;
	id?: string;
	/** The range as the server's `messageTimestamp` filter takes it: both ends, ISO dates. */
	messageTimestamp?: { gte: string; lte: string };
}

const ONLY_FIND_MESSAGES = { show: { '/operation': ['findMessages'] } };
const MESSAGE_FINDS = ['findMessages', 'findStatusMessages'];
const TIME_HINT = 'Give a date and time, e.g. 2026-03-01T00:00:00Z, or an expression such as {{ $now.minus(1, "day") }}.';

/** A point in time as an ISO date; empty is none. */
export function checkInstant(raw: unknown): Checked<string | undefined> {
	if (raw === undefined || raw === null || raw === '') return ok(undefined);
	const given = typeof raw === 'object' && 'toISO' in raw && typeof raw.toISO === 'function' ? String(raw.toISO()) : raw;
	const date = given instanceof Date ? given : typeof given === 'string' || typeof given === 'number' ? new Date(given) : undefined;
	if (!date || Number.isNaN(date.getTime())) return bad('is not a date and time', TIME_HINT);
	return ok(date.toISOString());
}

/** The server filters by time only with both ends: the missing one is the epoch, or the end of 9999. */
const EARLIEST = new Date(0).toISOString();
const LATEST = '9999-12-31T23:59:59.999Z';

export const findFilters: Field<'filters', FindFilters> = {
	name: 'filters',
	properties: [
		filtersCollection([
			{
				displayName: 'Chat',
				name: 'chat',
				type: 'string',
				default: '',
				placeholder: 'e.g. 51987654321 or 120363025246125486@g.us',
				description: "Only this chat: the other person's number, or a WhatsApp address (…@s.whatsapp.net, …@g.us, …@lid)",
			},
			{
				displayName: 'From Me Only',
				name: 'fromMe',
				type: 'boolean',
				default: false,
				description: "Whether to return only the messages this instance's number sent (the server has no filter for received ones)",
				displayOptions: ONLY_FIND_MESSAGES,
			},
			{
				displayName: 'Message ID',
				name: 'messageId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 3EB0C431C26A1916E07A',
				description: 'Only the message with this key.ID',
				displayOptions: { show: { '/operation': MESSAGE_FINDS } },
			},
			{
				displayName: 'Sent After',
				name: 'after',
				type: 'dateTime',
				default: '',
				description: 'Only messages sent or received at or after this time',
				displayOptions: ONLY_FIND_MESSAGES,
			},
			{
				displayName: 'Sent Before',
				name: 'before',
				type: 'dateTime',
				default: '',
				description: 'Only messages sent or received at or before this time',
				displayOptions: ONLY_FIND_MESSAGES,
			},
		]),
	],
	read(item) {
		const raw = (item.parameter('filters', {}) ?? {}) as IDataObject;
		const filters: FindFilters = {};
		if (raw.chat !== undefined && raw.chat !== '') filters.remoteJid = item.require('Filters → Chat', raw.chat, checkChat(raw.chat));
		const operation = item.parameter('operation');
		if (!MESSAGE_FINDS.includes(String(operation))) return filters;
		if (raw.messageId !== undefined && raw.messageId !== '') filters.id = item.require('Filters → Message ID', raw.messageId, checkMessageId(raw.messageId));
		if (operation !== 'findMessages') return filters;
		if (raw.fromMe === true) filters.fromMe = true;
		const after = item.require('Filters → Sent After', raw.after, checkInstant(raw.after));
		const before = item.require('Filters → Sent Before', raw.before, checkInstant(raw.before));
		if (after && before && after > before)
			item.require('Filters → Sent After', raw.after, bad(`is later than Sent Before (${before})`, 'Swap the two times, or clear one of them.'));
		if (after || before) filters.messageTimestamp = { gte: after ?? EARLIEST, lte: before ?? LATEST };
		return filters;
	},
};
