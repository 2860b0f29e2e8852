import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { returnAllOrLimit } from '../../limit';

/** Channels asked per request (2.4's fetchChannels `limit`, a page's size; its default is 50). */
export const FIND_CHANNELS_PAGE_SIZE = 100;

interface ChannelsPage {
	pages?: number;
	records?: IDataObject[];
}

export const findChannels = operation({
	name: 'Find Channels',
	value: 'findChannels',
	action: 'Find channels',
	description: 'WhatsApp channels (newsletters) among the stored messages (Evolution 2.4+)',
	subtitle: 'Find Channels',
	request: { method: 'POST', path: '/chat/findChannels/{instanceName}' },
	since: '2.4.0',
	fields: [instance, returnAllOrLimit],
	// The server reads only `page` and `limit` (its schema's `where` is not used): one request per page of 100, until every channel or the limit is in.
	async send(send, { limit }) {
		const size = limit === undefined ? FIND_CHANNELS_PAGE_SIZE : Math.min(limit, FIND_CHANNELS_PAGE_SIZE);
		const records: IDataObject[] = [];
		for (let page = 1; ; page++) {
			const answer = (await send({ body: { page, limit: size } }, `page ${page} of the channels`)) as ChannelsPage;
			const got = Array.isArray(answer?.records) ? answer.records : [];
			records.push(...got);
			if (got.length < size || page >= Number(answer?.pages ?? 0)) break;
			if (limit !== undefined && records.length >= limit) break;
		}
		return limit === undefined ? records : records.slice(0, limit);
	},
	toItems: (answer) => answer as IDataObject[],
});
