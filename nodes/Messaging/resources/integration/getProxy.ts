import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from './integrations';

export const getProxy = operation({
	name: 'Get Proxy',
	value: 'getProxy',
	action: 'Get proxy of instance',
	description: 'The proxy the instance reaches WhatsApp through, without its password',
	subtitle: 'Get Proxy',
	request: { method: 'GET', path: '/proxy/find/{instanceName}' },
	fields: [instance],
	routeKind: integrationKind('proxy'),
	// JSON null: the instance never had a proxy set.
	send: async (send) => await send({}, undefined, { nullIsAnswer: true }),
	toItems: (answer) => (answer === null ? [{ enabled: false, host: '', port: '', protocol: '', username: '' }] : itemsWithoutSecrets(answer)),
});
