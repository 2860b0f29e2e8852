import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { bot } from '../integration/chatbotFields';
import { BOTS, integrationKind } from '../integration/integrations';
import { maskedItems, SIMPLE_BOT } from './secrets';

export const getMany = operation({
	name: 'Get Many',
	value: 'getMany',
	action: 'Get many chatbots of instance',
	description: "The instance's bots of the picked kind, one item each (keys masked)",
	subtitle: 'Get Chatbots',
	request: { method: 'GET', path: '/{bot}/find/{instanceName}' },
	fields: [instance, bot],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot }) => `the ${BOTS[bot].name} bots`,
	toItems: maskedItems,
	simplify: SIMPLE_BOT,
});
