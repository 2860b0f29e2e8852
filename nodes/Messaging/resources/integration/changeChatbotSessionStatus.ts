import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { bot } from '../chatbot/bots';
import { sessionChat, sessionStatus } from './chatbotFields';
import { integrationKind } from './integrations';

export const changeChatbotSessionStatus = operation({
	name: 'Change Chatbot Session Status',
	value: 'changeChatbotSessionStatus',
	action: "Change status of contact's chatbot session",
	description: "Pause, reopen, close or delete the bot's session with a contact (human handover)",
	subtitle: 'Change Chatbot Session',
	request: { method: 'POST', path: '/{bot}/changeStatus/{instanceName}' },
	fields: [instance, bot, sessionChat, sessionStatus],
	routeKindOf: ({ bot }) => integrationKind(bot),
	/**
	 * 2.3 answers `{bot: {remoteJid, status}}` (delete) or `{bot: {instanceName, bot: {remoteJid,
	 * status, session?}}}`; 2.2 names the wrapper after the bot (`typebot`, `openai`). One flat item.
	 */
	toItems: (answer) => {
		const [wrapper, outer] = Object.entries(answer as IDataObject)[0] ?? [];
		if (!outer || typeof outer !== 'object') return [answer as IDataObject];
		const { [wrapper]: inner, ...rest } = outer as IDataObject;
		return [inner && typeof inner === 'object' ? { ...rest, ...(inner as IDataObject) } : (outer as IDataObject)];
	},
});
