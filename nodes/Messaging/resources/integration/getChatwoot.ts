import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from './integrations';

export const getChatwoot = operation({
	name: 'Get Chatwoot',
	value: 'getChatwoot',
	action: 'Get Chatwoot settings of instance',
	description: "Whether the instance's chats go to a Chatwoot inbox, and its settings",
	subtitle: 'Get Chatwoot',
	request: { method: 'GET', path: '/chatwoot/find/{instanceName}' },
	fields: [instance],
	routeKind: integrationKind('chatwoot'),
	toItems: itemsWithoutSecrets,
});
