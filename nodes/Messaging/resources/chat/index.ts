import type { Resource } from '../../../shared/contract';
import { checkNumbers } from './checkNumbers';
import { downloadMedia } from './downloadMedia';
import { findChats } from './findChats';
import { findContacts } from './findContacts';
import { findMessages } from './findMessages';
import { findStatusMessages } from './findStatusMessages';
import { getProfilePictureUrl } from './getProfilePictureUrl';
import { markAsRead } from './markAsRead';
import { sendPresence } from './sendPresence';

export const chat: Resource = {
	name: 'Chat',
	value: 'chat',
	operations: [checkNumbers, markAsRead, sendPresence, downloadMedia, getProfilePictureUrl, findMessages, findStatusMessages, findContacts, findChats],
	default: 'checkNumbers',
};
