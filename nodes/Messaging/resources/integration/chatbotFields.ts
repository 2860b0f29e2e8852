// The fields of the chatbot session operations (the kind of bot is the Bot picker of
// chatbot/bots.ts): the contact's chat, the status to give its session, and the bot whose sessions to list.
import { bad, ok, type Checked } from '../../../shared/checks';
import { checkedField, inBody, inPath, pickerField } from '../../../shared/fields';
import { checkChat } from '../../validation/messageKeys';

/** The contact's chat as the server stores sessions (a message's key.remoteJid): a number becomes its …@s.whatsapp.net address. */
export const sessionChat = checkedField(
	{
		displayName: 'Chat',
		name: 'chat',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 51987654321 or 51987654321@s.whatsapp.net',
		description: "The contact's chat: their number with country code, or the address the trigger gives (…@s.whatsapp.net, …@lid, …@g.us)",
	},
	checkChat,
	inBody('remoteJid'),
);

export type SessionStatus = 'opened' | 'paused' | 'closed' | 'delete';

/** The status to give the contact's bot sessions, as the changeStatus schema allows. */
export const sessionStatus = pickerField<'sessionStatus', SessionStatus>(
	{
		displayName: 'Status',
		name: 'sessionStatus',
		type: 'options',
		options: [
			{ name: 'Closed', value: 'closed', description: 'End the session: the next message may start the bot again (kept as closed when the bot keeps sessions open)' },
			{ name: 'Delete', value: 'delete', description: "Remove the contact's bot sessions (on Evolution 2.3, those of every instance)" },
			{ name: 'Opened', value: 'opened', description: 'The bot answers the contact again, where the session was' },
			{ name: 'Paused', value: 'paused', description: 'The bot stops answering the contact until opened (a human takes over)' },
		],
		default: 'paused',
		description: "The status to give the contact's sessions",
	},
	{ problem: 'is not one of opened, paused, closed, delete', hint: 'Pick a status from the list.' },
	inBody('status'),
);

/** What the path carries for "every bot of this kind": an ID no bot has, which 2.3 answers with all of them. */
export const ANY_BOT = 'all';

/** The bot whose sessions to list; empty lists every session of the picked kind. */
export const botId = checkedField(
	{
		displayName: 'Bot ID',
		name: 'botId',
		type: 'string',
		default: '',
		placeholder: 'e.g. clyja4oys0a3uqpy7k3bd7swe',
		description: "The bot's ID (the Evolution manager shows it); empty: the sessions of every bot of this kind (Evolution 2.3 on)",
	},
	(raw): Checked<string> => {
		const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
		if (id === '') return ok(ANY_BOT);
		return /^[\w-]{1,100}$/.test(id) ? ok(id) : bad('is not a bot ID (letters, digits, - and _)', "Copy the bot's ID from the Evolution manager, or leave it empty.");
	},
	inPath('botId'),
);
