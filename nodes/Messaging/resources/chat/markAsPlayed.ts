import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { markedMessages } from './markAsRead';

const playedMessages = markedMessages('playedMessages', 'played');

export const markAsPlayed = operation({
	name: 'Mark as Played',
	value: 'markAsPlayed',
	action: 'Mark voice messages as played',
	description: 'Send the played receipt (blue microphone) of voice messages (Evolution 2.4+)',
	request: { method: 'POST', path: '/chat/markMessageAsPlayed/{instanceName}' },
	since: '2.4.0',
	fields: [instance, playedMessages],
	toItems: (answer, { playedMessages: keys }) => [{ ...(answer as IDataObject), messages: keys as unknown as IDataObject[] }],
});
