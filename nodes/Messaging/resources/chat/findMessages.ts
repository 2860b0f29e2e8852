import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { returnAllOrLimit } from '../../limit';
import { findFilters } from './findFilters';
import { lastStatus, senderJid, textAt } from './storedMessage';

/** Messages asked per request (Evolution's `offset`, a page's size; its default is 50). */
export const FIND_MESSAGES_PAGE_SIZE = 100;

interface MessagesPage {
	messages?: { pages?: number; records?: IDataObject[] };
}

export const findMessages = operation({
	name: 'Find Messages',
	value: 'findMessages',
	action: 'Find messages',
	description: "Stored messages of the instance, newest first, by chat, ID, sender or time",
	subtitle: 'Find Messages',
	request: { method: 'POST', path: '/chat/findMessages/{instanceName}' },
	fields: [instance, returnAllOrLimit, findFilters],
	// One request per page of 100, until every message or the limit is in.
	async send(send, { limit, filters }) {
		const { remoteJid, fromMe, id, messageTimestamp } = filters;
		const key = { ...(remoteJid ? { remoteJid } : {}), ...(fromMe ? { fromMe } : {}), ...(id ? { id } : {}) };
		const where: IDataObject = { ...(Object.keys(key).length ? { key } : {}), ...(messageTimestamp ? { messageTimestamp } : {}) };
		const offset = limit === undefined ? FIND_MESSAGES_PAGE_SIZE : Math.min(limit, FIND_MESSAGES_PAGE_SIZE);
		const records: IDataObject[] = [];
		for (let page = 1; ; page++) {
			const answer = (await send({ body: { where, offset, page } }, `page ${page} of the messages`)) as MessagesPage;
			const got = Array.isArray(answer?.messages?.records) ? answer.messages.records : [];
			records.push(...got);
			if (got.length < offset || page >= Number(answer?.messages?.pages ?? 0)) break;
			if (limit !== undefined && records.length >= limit) break;
		}
		return limit === undefined ? records : records.slice(0, limit);
	},
	toItems: (answer) => answer as IDataObject[],
	// The key, the content by kind and the statuses, flattened; the row's own IDs and source left out.
	simplify: {
		messageId: 'key.id',
		chatJid: 'key.remoteJid',
		fromMe: 'key.fromMe',
		senderJid,
		pushName: 'pushName',
		messageType: 'messageType',
		text: textAt('message'),
		messageTimestamp: 'messageTimestamp',
		status: lastStatus,
		quotedMessageId: 'contextInfo.stanzaId',
	},
});
