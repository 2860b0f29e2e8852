// A chatbot's configuration: the settings every bot shares (BaseChatbotDto, BaseChatbotSettingDto:
// whether it is on, its description, its trigger, how it talks; what only the settings route takes),
// the fields that read them with the bot's own (chatbot/bots.ts) for the bot picked (Create's
// parameters and Options, Update Fields of Update and Update Settings), each put under the body key
// its route takes, and what the create and update routes refuse of a configuration.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { pickerCheck, type Checked } from '../../../shared/checks';
import { valueOf, type Field, type ItemReader, type RequestContext } from '../../../shared/contract';
import { detail, type Failure } from '../../../shared/errors';
import { intoBody, optionsCollection } from '../../../shared/fields';
import { instanceOf } from '../../errors';
import { checkJids, checkRowId, checkSwitch, checkText, checkWhole } from '../../validation/settings';
import { bot, BOT_KINDS, BOTS, BOTS_WITH_FALLBACK, OPENAI_CREDENTIAL, OWN_SETTINGS, ownOf, type Bot, type BotKind, type OwnSetting } from './bots';

/** A common setting of a collection: its option, its body key, its check. */
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

const UPDATE = 'update';
const UPDATE_SETTINGS = 'updateSettings';

/** The options of a collection that are set, each checked, under their body keys. */
function readSettings(item: ItemReader, collection: string, label: string, settings: ReadonlyArray<{ setting: CommonSetting | OwnSetting; key: string }>): IDataObject {
	const given = (item.parameter(collection, {}) ?? {}) as IDataObject;
	const body: IDataObject = {};
	for (const { setting, key } of settings) {
		const raw = given[setting.property.name];
		if (raw === undefined) continue;
		body[key] = item.require(`${label} → ${setting.property.displayName}`, raw, setting.check(raw) as Checked<unknown>) as IDataObject[string];
	}
	return body;
}

/** A Create parameter: required, shown for its bots (and OpenAI bot type). */
function ownParameter({ setting, bots }: (typeof OWN_SETTINGS)[number]): INodeProperties {
	const show = { bot: [...bots], ...(setting.openAiType ? { openAiBotType: [setting.openAiType] } : {}) };
	return { ...setting.property, required: true, displayOptions: { show } };
}

/** An option of a collection, shown for its bots ('/bot' is the node's Bot); a locator as its ID. */
function ownOption({ setting, bots }: (typeof OWN_SETTINGS)[number], operations?: string[]): INodeProperties {
	const property = setting.locator
		? { displayName: 'OpenAI Credential ID', name: setting.property.name, type: 'string' as const, default: '', placeholder: 'e.g. cm4openaicreds0001', description: setting.property.description }
		: setting.property;
	return { ...property, displayOptions: { show: { '/bot': [...bots], ...(operations ? { '/operation': operations } : {}) } } };
}

/** The bot's own settings Create needs (its address, its flow or model…): parameters shown for the bot picked. */
export const botSettings: Field<'botSettings', IDataObject> = {
	name: 'botSettings',
	properties: OWN_SETTINGS.filter(({ setting }) => setting.onCreate === 'parameter').map(ownParameter),
	read(item, before) {
		const picked = valueOf(before, bot);
		const parameters = ownOf(picked).filter(({ setting }) => setting.onCreate === 'parameter');
		const body: IDataObject = {};
		const readInto = ({ setting, key }: (typeof parameters)[number]) => {
			const raw = item.parameter(setting.property.name, setting.property.default, { extractValue: setting.locator });
			body[key] = item.require(setting.property.displayName, raw, setting.check(raw)) as IDataObject[string];
		};
		// Those shown for one OpenAI bot type are read once the type is, wherever the table lists them.
		for (const own of parameters.filter(({ setting }) => !setting.openAiType)) readInto(own);
		for (const own of parameters.filter(({ setting }) => setting.openAiType && setting.openAiType === body.botType)) readInto(own);
		return body;
	},
	to: intoBody,
};

/** The trigger Create sets: type, then operator and value where the type needs them (the server refuses a keyword without both). */
export const trigger: Field<'trigger', IDataObject> = {
	name: 'trigger',
	properties: [
		{ displayName: 'Trigger Type', name: 'triggerType', type: 'options', options: TRIGGER_TYPES, default: 'keyword', description: 'What starts the bot in a chat' },
		{ displayName: 'Trigger Operator', name: 'triggerOperator', type: 'options', options: TRIGGER_OPERATORS, default: 'equals', description: 'How a message is compared with the keyword', displayOptions: { show: { triggerType: ['keyword'] } } },
		{ ...TRIGGER_VALUE, required: true, displayOptions: { show: { triggerType: ['keyword', 'advanced'] } } },
	],
	read(item) {
		const rawType = item.parameter('triggerType', 'keyword');
		const triggerType = item.require('Trigger Type', rawType, triggerTypeCheck(rawType));
		const body: IDataObject = { triggerType };
		if (triggerType === 'keyword') {
			const rawOperator = item.parameter('triggerOperator', 'equals');
			body.triggerOperator = item.require('Trigger Operator', rawOperator, triggerOperatorCheck(rawOperator));
		}
		if (triggerType === 'keyword' || triggerType === 'advanced') {
			const rawValue = item.parameter('triggerValue', '');
			body.triggerValue = item.require('Trigger Value', rawValue, TRIGGER_SETTINGS[2].check(rawValue) as Checked<string>);
		}
		return body;
	},
	to: intoBody,
};

const withKeys = (settings: readonly CommonSetting[]) => settings.map((setting) => ({ setting, key: setting.key }));
const option = (setting: CommonSetting, show: NonNullable<INodeProperties['displayOptions']>['show']): INodeProperties => ({ ...setting.property, displayOptions: { show } });

/** Create's Options: its description, on or off, how it talks, and the bot's optional settings (API key, messages…). */
export const createOptions: Field<'createOptions', IDataObject> = {
	name: 'createOptions',
	properties: [optionsCollection([...BOT_SETTINGS, ...TALK_SETTINGS].map((setting) => setting.property).concat(OWN_SETTINGS.filter(({ setting }) => setting.onCreate === 'option').map((own) => ownOption(own))))],
	read(item, before) {
		const picked = valueOf(before, bot);
		const body = readSettings(item, 'options', 'Options', [...withKeys(BOT_SETTINGS), ...withKeys(TALK_SETTINGS), ...ownOf(picked).filter(({ setting }) => setting.onCreate === 'option')]);
		// The schema requires `enabled`: on unless set.
		return { enabled: true, ...body };
	},
	to: intoBody,
};

/** What only a bot's settings route takes besides the common settings, by its body key (`settings.own` of the table). */
const SETTINGS_ONLY: Readonly<Record<string, CommonSetting | OwnSetting>> = { openaiCredsId: OPENAI_CREDENTIAL, speechToText: SPEECH_TO_TEXT };

/** The bots whose settings route takes that key. */
const settingsBots = (key: string) => BOT_KINDS.filter((kind) => (BOTS[kind].settings.own as readonly string[]).includes(key));

/** Update Fields, one parameter for Update and Update Settings: each option shown for the operation (and bot) that takes it. */
const UPDATE_FIELDS: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			...BOT_SETTINGS.map((setting) => option(setting, { '/operation': [UPDATE] })),
			// The OpenAI credential: a bot's, or the settings' default one.
			...OWN_SETTINGS.map((own) => ownOption(own, own.setting === OPENAI_CREDENTIAL ? [UPDATE, UPDATE_SETTINGS] : [UPDATE])),
			...TRIGGER_SETTINGS.map((setting) => option(setting, { '/operation': [UPDATE] })),
			...TALK_SETTINGS.map((setting) => setting.property),
			option(FALLBACK_SETTING, { '/operation': [UPDATE_SETTINGS], '/bot': BOTS_WITH_FALLBACK }),
			option(SPEECH_TO_TEXT, { '/operation': [UPDATE_SETTINGS], '/bot': settingsBots('speechToText') }),
		],
	},
];

/** What Update changes on the bot: only what is set; the rest is read from the server and sent back. */
export const botChanges: Field<'botChanges', IDataObject> = {
	name: 'botChanges',
	properties: UPDATE_FIELDS,
	read(item, before) {
		const picked = valueOf(before, bot);
		return readSettings(item, 'updateFields', 'Update Fields', [...withKeys(BOT_SETTINGS), ...ownOf(picked), ...withKeys(TRIGGER_SETTINGS), ...withKeys(TALK_SETTINGS)]);
	},
};

/** What Update Settings changes in the instance's settings for that kind of bot; the rest is read and sent back. */
export const settingsChanges: Field<'settingsChanges', IDataObject> = {
	name: 'settingsChanges',
	properties: UPDATE_FIELDS,
	read(item, before) {
		const picked = valueOf(before, bot);
		const kind: BotKind = BOTS[picked];
		const own = kind.settings.own.map((key) => ({ setting: SETTINGS_ONLY[key], key }));
		return readSettings(item, 'updateFields', 'Update Fields', [...withKeys(TALK_SETTINGS), ...own, ...(kind.fallbackKey ? withKeys([FALLBACK_SETTING]) : [])]);
	},
};

/** A keyword trigger needs its operator and value, an advanced one its value: said before anything is sent. */
export function triggerProblem(body: IDataObject): { problem: string; hint: string } | undefined {
	if (!body.triggerType) return { problem: 'is not set on the stored bot', hint: 'Add Trigger Type under Update Fields.' };
	if (body.triggerType === 'keyword' && (!body.triggerOperator || !body.triggerValue)) {
		return { problem: 'is keyword without an operator and a value', hint: 'Add Trigger Operator and Trigger Value under Update Fields.' };
	}
	if (body.triggerType === 'advanced' && !body.triggerValue) return { problem: 'is advanced without a value', hint: 'Add Trigger Value under Update Fields.' };
	return undefined;
}

/** A trigger or a duplicate the server refused: the create and update routes' own answers (base-chatbot.controller.ts). */
export function configFailure(context: RequestContext, statusCode: number, reason: string, picked: Bot): Failure | undefined {
	const httpCode = String(statusCode);
	const { name, sameBot } = BOTS[picked];
	const instance = instanceOf(context);
	if (/^Trigger already exists$/.test(reason)) {
		return {
			message: `another ${name} bot of ${instance} already has this trigger ${detail(httpCode, reason)}`,
			description: `Evolution gives a keyword trigger (its operator and value) and an advanced one (its value) to one ${name} bot per instance. Change Trigger Value, or change or delete the other bot (Get Many lists them).`,
			httpCode,
		};
	}
	if (/with an "All" trigger/.test(reason)) {
		return {
			message: `${instance} already has an enabled ${name} bot triggered by all messages ${detail(httpCode, reason)}`,
			description: `Only one ${name} bot per instance may take every message while it is enabled. Pick another trigger type, or disable or delete that bot first (Get Many lists them).`,
			httpCode,
		};
	}
	if (/^[\w ]+ already exists$/.test(reason)) {
		return {
			message: `${instance} already has a ${name} bot with ${sameBot} ${detail(httpCode, reason)}`,
			description: 'Evolution keeps one such bot per instance. Update that bot instead, or change what tells them apart (Get Many lists them).',
			httpCode,
		};
	}
	return undefined;
}
