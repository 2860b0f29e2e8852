import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from '../integration/integrations';
import { bot, BOTS, SIMPLE_BOT } from './bots';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many chatbots of instance',
	description: "The instance's bots of the picked kind, one item each (no keys)",
	subtitle: 'Get Chatbots',
	request: { method: 'GET', path: '/{bot}/find/{instanceName}' },
	fields: [instance, bot],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot }) => `the ${BOTS[bot].name} bots`,
	toItems: itemsWithoutSecrets,
	simplify: SIMPLE_BOT,
});
