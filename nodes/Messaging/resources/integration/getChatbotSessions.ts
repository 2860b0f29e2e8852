import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { instance } from '../../fields';
import { bot } from '../chatbot/bots';
import { botId } from './chatbotFields';
import { integrationKind } from './integrations';

export const getChatbotSessions = operation({
	name: 'Get Chatbot Sessions',
	value: 'getChatbotSessions',
	action: 'Get chatbot sessions of instance',
	description: "A bot's sessions with contacts (status opened, paused or closed), one item each",
	subtitle: 'Get Chatbot Sessions',
	request: { method: 'GET', path: '/{bot}/fetchSessions/{botId}/{instanceName}' },
	fields: [instance, bot, botId],
	routeKindOf: ({ bot }) => integrationKind(bot),
	toItems: (answer) => (Array.isArray(answer) ? (answer as IDataObject[]) : [answer as IDataObject]),
	// 13 fields: the bot's context and parameters, the row's and instance's IDs left out.
	simplify: keep('remoteJid', 'pushName', 'status', 'type', 'botId', 'sessionId', 'awaitUser', 'createdAt', 'updatedAt'),
});
