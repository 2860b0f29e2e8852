import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { integrationKind } from '../integration/integrations';
import { bot, BOTS } from './bots';
import { deleteFailure } from './chatbotErrors';
import { chatbotId } from './locators';

export const deleteChatbot = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete chatbot',
	description: 'Remove a bot and its sessions with contacts from the instance',
	subtitle: 'Delete Chatbot',
	request: { method: 'DELETE', path: '/{bot}/delete/{chatbotId}/{instanceName}' },
	fields: [instance, bot, chatbotId],
	routeKindOf: ({ bot }) => integrationKind(bot),
	subject: ({ bot, chatbotId }) => `${BOTS[bot].name} bot ${chatbotId}`,
	// `{bot: {id}}`: one flat item.
	toItems: (answer, { chatbotId }) => [{ id: ((answer as IDataObject).bot as IDataObject | undefined)?.id ?? chatbotId, deleted: true }],
	answers: ({ statusCode, body }, context, { bot, chatbotId }) => deleteFailure(context, statusCode, body, bot, chatbotId),
});
