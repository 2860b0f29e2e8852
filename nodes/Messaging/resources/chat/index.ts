import type { Resource } from '../../../shared/contract';
import { checkNumbers } from './checkNumbers';
import { downloadMedia } from './downloadMedia';
import { getProfilePictureUrl } from './getProfilePictureUrl';
import { markAsRead } from './markAsRead';
import { sendPresence } from './sendPresence';

export const chat: Resource = {
	name: 'Chat',
	value: 'chat',
	operations: [checkNumbers, markAsRead, sendPresence, downloadMedia, getProfilePictureUrl],
	default: 'checkNumbers',
};
