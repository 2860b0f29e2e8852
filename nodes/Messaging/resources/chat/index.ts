import type { Resource } from '../../../shared/contract';
import { archive } from './archive';
import { block } from './block';
import { checkNumbers } from './checkNumbers';
import { downloadMedia } from './downloadMedia';
import { findChannels } from './findChannels';
import { findChats } from './findChats';
import { findContacts } from './findContacts';
import { findMessages } from './findMessages';
import { findStatusMessages } from './findStatusMessages';
import { getChat } from './getChat';
import { getProfilePictureUrl } from './getProfilePictureUrl';
import { markAsPlayed } from './markAsPlayed';
import { markAsRead } from './markAsRead';
import { markAsUnread } from './markAsUnread';
import { offerCall } from './offerCall';
import { sendPresence } from './sendPresence';
import { unarchive } from './unarchive';
import { unblock } from './unblock';

export const chat: Resource = {
	name: 'Chat',
	value: 'chat',
	operations: [
		checkNumbers,
		markAsRead,
		markAsPlayed,
		markAsUnread,
		archive,
		unarchive,
		block,
		unblock,
		sendPresence,
		downloadMedia,
		getProfilePictureUrl,
		findMessages,
		findStatusMessages,
		findContacts,
		findChats,
		findChannels,
		getChat,
		offerCall,
	],
	default: 'checkNumbers',
};
