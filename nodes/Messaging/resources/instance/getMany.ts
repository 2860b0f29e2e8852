import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { limited, returnAllOrLimit } from '../../limit';
import { withoutSecrets } from '../../secrets';

export const getManyInstances = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many instances',
	description: 'The instances the API key can see, with their connection state',
	subtitle: 'Get Instances',
	request: { method: 'GET', path: '/instance/fetchInstances' },
	fields: [returnAllOrLimit],
	// Each instance's own token is an API key, and its Chatwoot and proxy rows hold theirs: the one rule leaves them out.
	toItems: (answer, { limit }) => limited(answer, limit).map((entry) => ({ ...(withoutSecrets(entry) as IDataObject), state: entry.connectionStatus })),
	// 14 fields: the number, the profile and how much the instance stored; the rows' IDs, client, times and settings left out.
	simplify: {
		...keep('name', 'state', 'ownerJid', 'profileName', 'profilePicUrl', 'integration', 'number'),
		messageCount: '_count.Message',
		contactCount: '_count.Contact',
		chatCount: '_count.Chat',
	},
});
