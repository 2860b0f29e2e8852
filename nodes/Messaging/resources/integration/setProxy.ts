import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from './integrations';
import { proxy } from './proxyFields';
import { enabled } from './transportFields';

export const setProxy = operation({
	name: 'Set Proxy',
	value: 'setProxy',
	action: 'Set proxy of instance',
	description: 'Route the instance through an http or socks proxy, tested first; or stop',
	subtitle: 'Set Proxy',
	request: { method: 'POST', path: '/proxy/set/{instanceName}' },
	fields: [instance, enabled, proxy],
	routeKind: integrationKind('proxy'),
	// `{proxy: {instanceName, proxy: <what was sent>}}`: the item is the proxy, as Get Proxy gives it.
	toItems: (answer) => {
		const set = ((answer as IDataObject).proxy ?? {}) as IDataObject;
		return itemsWithoutSecrets({ instanceName: set.instanceName, ...(set.proxy as IDataObject) });
	},
});
