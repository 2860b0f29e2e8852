// The Chatwoot settings of Set Chatwoot as ChatwootDto names them, in one collection: only those
// given change (the operation sends the stored ones back for the others).
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bad, checkNumberInRange, ok, showValue, type Checked } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { checkChat } from '../../validation/messageKeys';
import { checkFlag } from './transportFields';

const text = (displayName: string, name: string, description: string, placeholder?: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...(placeholder ? { placeholder } : {}),
	description,
});

const flag = (displayName: string, name: string, description: string): INodeProperties => ({ displayName, name, type: 'boolean', default: false, description });

const CHATWOOT_OPTIONS: INodeProperties[] = [
	text('Account ID', 'accountId', 'The Chatwoot account the inbox belongs to (the number in its URL, /app/accounts/<ID>)', 'e.g. 1'),
	text('Bot Contact Number', 'number', 'With Create Inbox Automatically: the number its bot contact links (init:<number>)', 'e.g. 51987654321'),
	flag('Create Inbox Automatically', 'autoCreate', 'Whether the server creates the API inbox in Chatwoot (named as Inbox Name) when saving'),
	{
		displayName: 'Days of Messages to Import',
		name: 'daysLimitImportMessages',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 3,
		description: 'With Import Messages: how many days back',
	},
	text('Ignored Chats', 'ignoreJids', 'Chats Chatwoot does not get, comma-separated: numbers or addresses, @g.us for every group, @s.whatsapp.net for every person', 'e.g. @g.us, 51911111111'),
	flag('Import Contacts', 'importContacts', "Whether the instance's contacts are imported into Chatwoot"),
	flag('Import Messages', 'importMessages', "Whether past messages are imported (needs the server's Chatwoot database settings)"),
	text('Inbox Name', 'nameInbox', "The Chatwoot inbox; empty: the instance's name", 'e.g. WhatsApp Ventas'),
	text('Logo URL', 'logo', "With Create Inbox Automatically: the bot contact's picture", 'e.g. https://example.com/logo.png'),
	flag('Merge Brazilian Contacts', 'mergeBrazilContacts', 'Whether Brazilian numbers with and without the ninth digit are one contact'),
	text('Organization', 'organization', "With Create Inbox Automatically: the bot contact's name", 'e.g. Bodega Lima'),
	flag('Reopen Conversation', 'reopenConversation', 'Whether a new message reopens the resolved conversation instead of starting one'),
	flag('Sign Messages', 'signMsg', "Whether agents' messages carry their name"),
	text('Signature Delimiter', 'signDelimiter', "With Sign Messages: what separates the name from the text (the server's default is a new line)", 'e.g. \\n'),
	flag('Start Conversations as Pending', 'conversationPending', 'Whether new conversations start pending instead of open'),
	{ ...text('Token', 'token', "A Chatwoot user's access token (Profile Settings → Access Token); it never appears in the output"), typeOptions: { password: true } },
	text('URL', 'url', 'Your Chatwoot server', 'e.g. https://chatwoot.example.com'),
];

const LABELS: Record<string, string> = Object.fromEntries(CHATWOOT_OPTIONS.map((option) => [option.name, option.displayName]));
const FLAGS = new Set(CHATWOOT_OPTIONS.filter((option) => option.type === 'boolean').map((option) => option.name));

function checkText(raw: unknown): Checked<string> {
	return typeof raw === 'string' || typeof raw === 'number' ? ok(String(raw).trim()) : bad('is not text', 'Give the value as text.');
}

function checkChatwootUrl(raw: unknown): Checked<string> {
	const url = typeof raw === 'string' ? raw.trim() : '';
	try {
		if (/^https?:$/.test(new URL(url).protocol)) return ok(url.replace(/\/+$/, ''));
	} catch {
		// said below
	}
	return bad('is not an http or https URL', 'Give the address of your Chatwoot server, e.g. https://chatwoot.example.com.');
}

function checkIgnoredChats(raw: unknown): Checked<string[]> {
	const entries = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(/[,;\n]+/) : [];
	const jids: string[] = [];
	for (const entry of entries.map((value) => value.trim()).filter(Boolean)) {
		if (entry === '@g.us' || entry === '@s.whatsapp.net') jids.push(entry);
		else {
			const chat = checkChat(entry);
			if (!chat.valid) return bad(`has ${showValue(entry)}, which ${chat.problem}`, 'Give numbers or WhatsApp addresses, or @g.us / @s.whatsapp.net, separated by commas.');
			jids.push(chat.value);
		}
	}
	return ok([...new Set(jids)]);
}

const CHECKS: Record<string, (raw: unknown) => Checked<unknown>> = {
	url: checkChatwootUrl,
	ignoreJids: checkIgnoredChats,
	daysLimitImportMessages: (raw) => checkNumberInRange(raw, 1, 3650, 'days', true),
	number: (raw) => {
		const digits = String(raw ?? '').replace(/[\s+().-]/g, '');
		return /^\d{8,15}$/.test(digits) ? ok(digits) : bad('is not a phone number (8 to 15 digits with country code)', 'Give the number with its country code.');
	},
};

/** The Chatwoot settings given, checked, as ChatwootDto names them. */
export const chatwootChange: Field<'chatwoot', IDataObject> = {
	name: 'chatwoot',
	properties: [
		{
			displayName: 'Settings to Change',
			name: 'chatwootSettings',
			type: 'collection',
			placeholder: 'Add Setting',
			default: {},
			description: 'Only the settings added here change; the others keep their stored value. Turning Chatwoot on needs a URL, an Account ID and a Token, given or stored.',
			options: CHATWOOT_OPTIONS,
		},
	],
	read(item) {
		const raw = (item.parameter('chatwootSettings', {}) ?? {}) as IDataObject;
		const change: IDataObject = {};
		for (const [name, value] of Object.entries(raw)) {
			const label = LABELS[name];
			if (!label) return item.require('Settings to Change', raw, bad<IDataObject>(`has the unknown setting ${showValue(name)}`, 'Remove it and add the setting again from the list.'));
			const check = FLAGS.has(name) ? checkFlag : (CHECKS[name] ?? checkText);
			change[name] = item.require(label, name === 'token' ? '(hidden)' : value, check(value)) as IDataObject[string];
		}
		return change;
	},
};
