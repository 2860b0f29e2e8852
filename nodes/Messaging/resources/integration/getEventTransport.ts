import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from './integrations';
import { transport } from './transportFields';

export const getEventTransport = operation({
	name: 'Get Event Transport',
	value: 'getEventTransport',
	action: 'Get event transport of instance',
	description: 'Whether a transport (webhook, RabbitMQ, SQS…) is on, and its events',
	subtitle: 'Get Event Transport',
	request: { method: 'GET', path: '/{transport}/find/{instanceName}' },
	fields: [instance, transport],
	routeKindOf: ({ transport }) => integrationKind(transport),
	// JSON null: the instance never had this transport set.
	send: async (send) => await send({}, undefined, { nullIsAnswer: true }),
	toItems: (answer) => (answer === null ? [{ enabled: false, events: [] }] : itemsWithoutSecrets(answer)),
});
