import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { limited, returnAllOrLimit } from '../../limit';

export const getManyInstances = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many instances',
	description: 'The instances the API key can see, with their connection state',
	subtitle: 'Get Instances',
	request: { method: 'GET', path: '/instance/fetchInstances' },
	fields: [returnAllOrLimit],
	// Each instance's own token is an API key: it stays out of the items.
	toItems: (answer, { limit }) =>
		limited(answer, limit).map((entry) => {
			const json: IDataObject = { ...entry, state: entry.connectionStatus };
			delete json.token;
			return json;
		}),
	// 14 fields: the number, the profile and how much the instance stored; the rows' IDs, client, times and settings left out.
	simplify: {
		...keep('name', 'state', 'ownerJid', 'profileName', 'profilePicUrl', 'integration', 'number'),
		messageCount: '_count.Message',
		contactCount: '_count.Contact',
		chatCount: '_count.Chat',
	},
});
