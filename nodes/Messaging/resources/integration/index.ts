import type { Resource } from '../../../shared/contract';
import { changeChatbotSessionStatus } from './changeChatbotSessionStatus';
import { getChatbotSessions } from './getChatbotSessions';
import { getChatwoot } from './getChatwoot';
import { getEventTransport } from './getEventTransport';
import { getProxy } from './getProxy';
import { setChatwoot } from './setChatwoot';
import { setEventTransport } from './setEventTransport';
import { setProxy } from './setProxy';
import { startTypebot } from './startTypebot';

export const integration: Resource = {
	name: 'Integration',
	value: 'integration',
	operations: [
		changeChatbotSessionStatus,
		getChatbotSessions,
		startTypebot,
		getEventTransport,
		setEventTransport,
		getProxy,
		setProxy,
		getChatwoot,
		setChatwoot,
	],
	default: 'changeChatbotSessionStatus',
};
