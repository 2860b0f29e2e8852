import type { Resource } from '../../../shared/operation';
import { sendMedia } from './sendMedia';
import { sendText } from './sendText';

export const message: Resource = {
	name: 'Message',
	value: 'message',
	operations: [sendMedia, sendText],
	default: 'sendText',
};
