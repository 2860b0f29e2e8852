import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from '../integration/integrations';
import { bot, BOTS, SIMPLE_BOT } from './bots';
import { botNotFound } from './chatbotErrors';
import { chatbotId } from './locators';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get chatbot',
	description: "One bot's configuration: its trigger, settings and address (no keys)",
	subtitle: 'Get Chatbot',
	request: { method: 'GET', path: '/{bot}/fetch/{chatbotId}/{instanceName}' },
	fields: [instance, bot, chatbotId],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot, chatbotId }) => `${BOTS[bot].name} bot ${chatbotId}`,
	toItems: itemsWithoutSecrets,
	simplify: SIMPLE_BOT,
	// 2.3 answers an unknown ID with JSON null (200), 2.2 with 500 "<Bot> not found".
	answers: ({ statusCode, body }, context, { bot, chatbotId }) => botNotFound(context, statusCode, body, bot, chatbotId),
});
