// The settings every bot shares (BaseChatbotDto, BaseChatbotSettingDto): whether it is on, its
// description, its trigger, and how it talks (expiry, finish keyword, delays, who it listens to,
// ignored chats, split messages); and what only the settings route takes (the fallback bot, OpenAI's
// default credential and speech to text).
import type { INodeProperties } from 'n8n-workflow';

import { pickerCheck, type Checked } from '../../../shared/checks';
import { checkJids, checkRowId, checkSwitch, checkText, checkWhole } from './checks';

/** A setting of a collection: its option, its body key, its check. */
export interface CommonSetting {
	property: INodeProperties;
	key: string;
	check(raw: unknown): Checked<unknown>;
}

export const TRIGGER_TYPES = [
	{ name: 'All Messages', value: 'all', description: 'Every message of a chat without a session starts the bot (one such bot per kind at a time)' },
	{ name: 'Keyword', value: 'keyword', description: 'A message matching the keyword starts it' },
	{ name: 'Advanced', value: 'advanced', description: 'A message matching filters such as contains:ruc startsWith:hola starts it' },
	{ name: 'None', value: 'none', description: 'Only as the fallback bot, or when started through the API' },
];

export const TRIGGER_OPERATORS = [
	{ name: 'Contains', value: 'contains' },
	{ name: 'Ends With', value: 'endsWith' },
	{ name: 'Equals', value: 'equals' },
	{ name: 'Regex', value: 'regex' },
	{ name: 'Starts With', value: 'startsWith' },
];

export const triggerTypeCheck = pickerCheck(TRIGGER_TYPES, { problem: 'is not one of all, keyword, advanced, none', hint: 'Pick a trigger type from the list.' });
export const triggerOperatorCheck = pickerCheck(TRIGGER_OPERATORS, { problem: 'is not one of equals, contains, startsWith, endsWith, regex', hint: 'Pick an operator from the list.' });

export const TRIGGER_VALUE: INodeProperties = {
	displayName: 'Trigger Value',
	name: 'triggerValue',
	type: 'string',
	default: '',
	placeholder: 'e.g. hola',
	description: 'The keyword (or, for Advanced, filters separated by spaces: contains:, notContains:, startsWith:, endsWith:, exact:)',
};

/** The trigger, as Update Fields changes it (Create has it as parameters). */
export const TRIGGER_SETTINGS: readonly CommonSetting[] = [
	{ property: { displayName: 'Trigger Type', name: 'triggerType', type: 'options', options: TRIGGER_TYPES, default: 'keyword' }, key: 'triggerType', check: triggerTypeCheck },
	{ property: { displayName: 'Trigger Operator', name: 'triggerOperator', type: 'options', options: TRIGGER_OPERATORS, default: 'equals' }, key: 'triggerOperator', check: triggerOperatorCheck },
	{ property: TRIGGER_VALUE, key: 'triggerValue', check: checkText },
];

/** Whether the bot is on and its description: Create's Options and Update Fields. */
export const BOT_SETTINGS: readonly CommonSetting[] = [
	{ property: { displayName: 'Description', name: 'description', type: 'string', default: '', description: 'The bot\'s name in the Evolution manager and in the Bot list' }, key: 'description', check: checkText },
	{ property: { displayName: 'Enabled', name: 'enabled', type: 'boolean', default: true, description: 'Whether the bot answers (on unless set)' }, key: 'enabled', check: checkSwitch },
];

/** How every bot talks, on a bot (its own) or in the settings (the instance's defaults for that kind of bot). */
export const TALK_SETTINGS: readonly CommonSetting[] = [
	{ property: { displayName: 'Expire After (Minutes)', name: 'expire', type: 'number', default: 0, description: 'Close a session idle this long; 0: never' }, key: 'expire', check: checkWhole(0, 525_600, 'minutes') },
	{ property: { displayName: 'Keyword to Finish', name: 'keywordFinish', type: 'string', default: '', placeholder: 'e.g. #salir', description: 'A message the contact sends to end the session' }, key: 'keywordFinish', check: checkText },
	{ property: { displayName: 'Delay per Message (Ms)', name: 'delayMessage', type: 'number', default: 1000, description: "How long the bot shows 'typing' before each message" }, key: 'delayMessage', check: checkWhole(0, 600_000, 'milliseconds') },
	{ property: { displayName: 'Unknown Message', name: 'unknownMessage', type: 'string', default: '', description: 'What the bot answers to a message it cannot take (an unsupported media)' }, key: 'unknownMessage', check: checkText },
	{ property: { displayName: 'Listening From Me', name: 'listeningFromMe', type: 'boolean', default: false, description: "Whether the instance's own messages (sent from the phone) reach the bot too" }, key: 'listeningFromMe', check: checkSwitch },
	{ property: { displayName: 'Stop Bot From Me', name: 'stopBotFromMe', type: 'boolean', default: false, description: 'Whether a message sent from the phone pauses the session (a human takes over)' }, key: 'stopBotFromMe', check: checkSwitch },
	{ property: { displayName: 'Keep Open', name: 'keepOpen', type: 'boolean', default: false, description: 'Whether a finished session stays (closed) so the bot does not start again in that chat' }, key: 'keepOpen', check: checkSwitch },
	{ property: { displayName: 'Debounce Time (Seconds)', name: 'debounceTime', type: 'number', default: 0, description: 'Wait this long for more messages and hand them to the bot as one; 0: each at once' }, key: 'debounceTime', check: checkWhole(0, 3600, 'seconds') },
	{ property: { displayName: 'Ignore Chats', name: 'ignoreJids', type: 'string', default: '', placeholder: 'e.g. 51987654321, @g.us', description: 'Numbers or addresses the bot leaves alone, separated by commas; @g.us: every group, @s.whatsapp.net: every contact' }, key: 'ignoreJids', check: checkJids },
	{ property: { displayName: 'Split Messages', name: 'splitMessages', type: 'boolean', default: false, description: "Whether an answer's paragraphs go as separate messages (Typebot: Evolution 2.3 on)" }, key: 'splitMessages', check: checkSwitch },
	{ property: { displayName: 'Time per Character (Ms)', name: 'timePerChar', type: 'number', default: 0, description: "With Split Messages, the 'typing' time per character of each part" }, key: 'timePerChar', check: checkWhole(0, 10_000, 'milliseconds') },
];

/** What only the settings route takes. */
export const FALLBACK_SETTING: CommonSetting = {
	property: { displayName: 'Fallback Bot ID', name: 'fallbackId', type: 'string', default: '', placeholder: 'e.g. cm4typebot00001', description: 'The bot of this kind that answers a message no trigger matched (its ID, from Get Many)' },
	key: 'fallbackId',
	check: checkRowId,
};

export const SPEECH_TO_TEXT: CommonSetting = {
	property: { displayName: 'Speech to Text', name: 'speechToText', type: 'boolean', default: false, description: 'Whether voice messages are transcribed (with the OpenAI credential) before the bot gets them' },
	key: 'speechToText',
	check: checkSwitch,
};
