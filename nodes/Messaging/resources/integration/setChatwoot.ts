import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { chatwootChange } from './chatwootFields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from './integrations';
import { enabled } from './transportFields';

/** The keys `chatwoot/set` takes back from `chatwoot/find`; a null is left out (the schema refuses null for most). */
const STORED_KEYS = ['accountId', 'token', 'url', 'nameInbox', 'signMsg', 'signDelimiter', 'reopenConversation', 'conversationPending', 'mergeBrazilContacts', 'importContacts', 'importMessages', 'daysLimitImportMessages', 'organization', 'logo', 'ignoreJids'];
/** The keys its schema requires besides `enabled`: false when neither given nor stored. */
const REQUIRED_FLAGS = ['signMsg', 'reopenConversation', 'conversationPending'];

export const setChatwoot = operation({
	name: 'Set Chatwoot',
	value: 'setChatwoot',
	action: 'Set Chatwoot settings of instance',
	description: 'Turn Chatwoot on or off, changing the settings given (reads the others first)',
	subtitle: 'Set Chatwoot',
	request: { method: 'POST', path: '/chatwoot/set/{instanceName}' },
	fields: [instance, enabled, chatwootChange],
	routeKind: integrationKind('chatwoot'),
	/**
	 * `chatwoot/set` requires the URL, account and token even to turn Chatwoot off, and overwrites
	 * what it is sent, so the stored settings are read first and sent back for what was not given.
	 * The server itself refuses turning it on without a valid URL, an account or a token.
	 */
	async send(send, { instanceName, enabled: on, chatwoot }) {
		const stored = (await send({ method: 'GET', url: `/chatwoot/find/${encodeURIComponent(instanceName)}`, body: undefined })) as IDataObject;
		const body: IDataObject = { enabled: on };
		for (const key of STORED_KEYS) if (stored[key] !== null && stored[key] !== undefined && (key !== 'signDelimiter' || stored[key] !== '')) body[key] = stored[key];
		// nameInbox too: with only the required keys the schema refuses empty ones, and the find's
		// answer when it fails inside holds none ({enabled: null, url: ''}).
		for (const key of ['accountId', 'token', 'url', 'nameInbox']) body[key] ??= '';
		for (const key of REQUIRED_FLAGS) body[key] = body[key] === true;
		return await send({ body: { ...body, ...chatwoot } });
	},
	toItems: itemsWithoutSecrets,
});
