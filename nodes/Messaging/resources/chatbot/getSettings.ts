import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from '../integration/integrations';
import { bot, BOTS } from './bots';

export const getSettings = operation({
	name: 'Get Settings',
	value: 'getSettings',
	action: 'Get chatbot settings of instance',
	description: "The instance's defaults for a kind of bot: expiry, ignored chats, fallback bot",
	subtitle: 'Get Chatbot Settings',
	request: { method: 'GET', path: '/{bot}/fetchSettings/{instanceName}' },
	fields: [instance, bot],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot }) => `the ${BOTS[bot].name} settings`,
	// The fallback bot comes whole (`Fallback`, `fallback`): its key left out too.
	toItems: itemsWithoutSecrets,
});
