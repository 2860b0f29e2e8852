import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { bot } from '../integration/chatbotFields';
import { BOTS, integrationKind } from '../integration/integrations';
import { createFailure } from './chatbotErrors';
import { botSettings, createOptions, trigger } from './configFields';
import { maskedItems } from './secrets';

export const create = operation({
	name: 'Create',
	value: 'create',
	action: 'Create chatbot on instance',
	description: 'Attach a bot (Typebot, Dify, OpenAI, n8n…) to the instance, with its trigger',
	subtitle: 'Create Chatbot',
	request: { method: 'POST', path: '/{bot}/create/{instanceName}' },
	// What to configure, the bot's own settings, its trigger, then Options.
	fields: [instance, bot, botSettings, trigger, createOptions],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot }) => `a ${BOTS[bot].name} bot`,
	// The new bot's row, its API key or password masked.
	toItems: maskedItems,
	answerFailure: (context, statusCode, body, { bot }) => createFailure(context, statusCode, body, bot),
});
