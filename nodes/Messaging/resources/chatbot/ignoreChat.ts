// Ignore Chat and Stop Ignoring Chat: the two actions of `/{bot}/ignoreJid`, on the ignore list of
// the instance's settings for that kind of bot.
import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { bodyOf } from '../../../shared/fields';
import { instance } from '../../fields';
import { sessionChat } from '../integration/chatbotFields';
import { integrationKind } from '../integration/integrations';
import { bot, BOTS } from './bots';
import { ignoreFailure } from './chatbotErrors';


const ignoreOperation = (action: 'add' | 'remove') =>
	operation({
		name: action === 'add' ? 'Ignore Chat' : 'Stop Ignoring Chat',
		value: action === 'add' ? 'ignoreChat' : 'stopIgnoringChat',
		action: action === 'add' ? 'Ignore chat for chatbots' : 'Stop ignoring chat for chatbots',
		description:
			action === 'add' ? "The instance's bots of a kind stop answering a contact or group (a VIP chat)" : 'The bots of a kind answer an ignored contact or group again',
		subtitle: action === 'add' ? 'Ignore Chat' : 'Stop Ignoring Chat',
		request: { method: 'POST', path: '/{bot}/ignoreJid/{instanceName}' },
		fields: [instance, bot, sessionChat],
		routeKindOf: ({ bot }) => integrationKind(bot),
		subject: ({ bot, chat }) => `the chat ${chat} for ${BOTS[bot].name}`,
		adjustRequest: (request) => {
			bodyOf(request).action = action;
		},
		// `{ignoreJids}`: the list as it now is.
		toItems: (answer) => [answer as IDataObject],
		answers: ({ statusCode, body }, context, { bot }) => ignoreFailure(context, statusCode, body, bot),
	});

export const ignoreChat = ignoreOperation('add');
export const stopIgnoringChat = ignoreOperation('remove');
