import type { Resource } from '../../../shared/contract';
import { deleteForEveryone } from './deleteForEveryone';
import { edit } from './edit';
import { generateMessageId } from './generateMessageId';
import { getPollVotes } from './getPollVotes';
import { sendAndWait } from './sendAndWait';
import { sendAudio } from './sendAudio';
import { sendButtons } from './sendButtons';
import { sendCarousel } from './sendCarousel';
import { sendContact } from './sendContact';
import { sendList } from './sendList';
import { sendLocation } from './sendLocation';
import { sendMedia } from './sendMedia';
import { sendPoll } from './sendPoll';
import { sendReaction } from './sendReaction';
import { sendStatus } from './sendStatus';
import { sendSticker } from './sendSticker';
import { sendTemplate } from './sendTemplate';
import { sendText } from './sendText';
import { sendVideoNote } from './sendVideoNote';

export const message: Resource = {
	name: 'Message',
	value: 'message',
	// Send Media before the other file sends: the editor lists its Media Type above the file's source.
	operations: [sendText, sendMedia, sendAudio, sendVideoNote, sendSticker, sendLocation, sendContact, sendPoll, sendList, sendButtons, sendCarousel, sendStatus, sendTemplate, sendReaction, edit, deleteForEveryone, getPollVotes, generateMessageId, sendAndWait],
	default: 'sendText',
};
