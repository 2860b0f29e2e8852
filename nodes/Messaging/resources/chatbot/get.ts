import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { bot } from '../integration/chatbotFields';
import { BOTS, integrationKind } from '../integration/integrations';
import { botNotFound } from './chatbotErrors';
import { chatbotId } from './locators';
import { maskedItems, SIMPLE_BOT } from './secrets';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get chatbot',
	description: "One bot's configuration: its trigger, settings and address (keys masked)",
	subtitle: 'Get Chatbot',
	request: { method: 'GET', path: '/{bot}/fetch/{chatbotId}/{instanceName}' },
	fields: [instance, bot, chatbotId],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot, chatbotId }) => `${BOTS[bot].name} bot ${chatbotId}`,
	toItems: maskedItems,
	simplify: SIMPLE_BOT,
	// 2.3 answers an unknown ID with JSON null (200), 2.2 with 500 "<Bot> not found".
	answerFailure: (context, statusCode, body, { bot, chatbotId }) => botNotFound(context, statusCode, body, bot, chatbotId),
});
