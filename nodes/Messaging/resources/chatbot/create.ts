import { operation } from '../../../shared/contract';
import { isMessagingSuccess, serverReason } from '../../errors';
import { instance } from '../../fields';
import { itemsWithoutSecrets } from '../../secrets';
import { integrationKind } from '../integration/integrations';
import { bot, BOTS } from './bots';
import { botSettings, configFailure, createOptions, trigger } from './configFields';

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
	// The new bot's row, without its API key or password.
	toItems: itemsWithoutSecrets,
	// The trigger and duplicate checks run before the server's try, so their words reach us.
	answers: ({ statusCode, body }, context, { bot }) => (isMessagingSuccess(statusCode, body, context) ? undefined : configFailure(context, statusCode, serverReason(body), bot)),
});
