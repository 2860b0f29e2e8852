import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { returnAllOrLimit } from '../../limit';
import { findFilters } from './findFilters';

/** Status updates asked per request (Evolution's `offset`; its default is 50). */
export const FIND_STATUS_PAGE_SIZE = 100;

export const findStatusMessages = operation({
	name: 'Find Status Messages',
	value: 'findStatusMessages',
	action: 'Find message status updates',
	description: 'Stored status updates of messages (delivered, read…), by message ID or chat',
	subtitle: 'Find Status Updates',
	request: { method: 'POST', path: '/chat/findStatusMessage/{instanceName}' },
	fields: [instance, returnAllOrLimit, findFilters],
	// The route pages with page/offset but answers a bare list (no total): ask until a page is short or the limit is in.
	async send(send, { limit, filters }) {
		const where = { ...(filters.remoteJid ? { remoteJid: filters.remoteJid } : {}), ...(filters.id ? { id: filters.id } : {}) };
		const offset = limit === undefined ? FIND_STATUS_PAGE_SIZE : Math.min(limit, FIND_STATUS_PAGE_SIZE);
		const rows: IDataObject[] = [];
		for (let page = 1; ; page++) {
			const answer = await send({ body: { where, offset, page } }, `page ${page} of the status updates`);
			const got = Array.isArray(answer) ? (answer as IDataObject[]) : [];
			rows.push(...got);
			if (got.length < offset || (limit !== undefined && rows.length >= limit)) break;
		}
		return limit === undefined ? rows : rows.slice(0, limit);
	},
	toItems: (answer) => answer as IDataObject[],
	// The message's key and the status; the rows' IDs (`messageId` there is the database's), instance and poll votes left out.
	simplify: { messageId: 'keyId', chatJid: 'remoteJid', fromMe: 'fromMe', participant: 'participant', status: 'status' },
});
