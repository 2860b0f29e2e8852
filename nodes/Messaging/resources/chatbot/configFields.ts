// The fields of a chatbot's configuration: the bot's own settings and its trigger (Create's
// parameters), Create's Options, and Update Fields (Update and Update Settings), each read for the
// bot picked and put under the body keys its route takes.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Checked } from '../../../shared/checks';
import { valueOf, type Field, type ItemReader } from '../../../shared/contract';
import { intoBody, optionsCollection } from '../../../shared/fields';
import { bot } from '../integration/chatbotFields';
import type { Bot } from '../integration/integrations';
import {
	BOT_SETTINGS,
	FALLBACK_SETTING,
	SPEECH_TO_TEXT,
	TALK_SETTINGS,
	TRIGGER_OPERATORS,
	TRIGGER_SETTINGS,
	TRIGGER_TYPES,
	TRIGGER_VALUE,
	triggerOperatorCheck,
	triggerTypeCheck,
	type CommonSetting,
} from './commonSettings';
import { OWN_SETTINGS, ownOption, ownParameter, type OwnSetting } from './ownSettings';

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

const ownOf = (picked: Bot, onCreate?: OwnSetting['onCreate']) =>
	OWN_SETTINGS.filter((setting) => setting.bots.includes(picked) && (onCreate === undefined || setting.onCreate === onCreate));

/** The bot's own settings Create needs (its address, its flow or model…): parameters shown for the bot picked. */
export const botSettings: Field<'botSettings', IDataObject> = {
	name: 'botSettings',
	properties: OWN_SETTINGS.filter((setting) => setting.onCreate === 'parameter').map(ownParameter),
	read(item, before) {
		const picked = valueOf(before, bot);
		const body: IDataObject = {};
		for (const setting of ownOf(picked, 'parameter')) {
			if (setting.openAiType && body.botType !== setting.openAiType) continue;
			const raw = item.parameter(setting.property.name, setting.property.default, { extractValue: setting.locator });
			body[setting.key(picked)] = item.require(setting.property.displayName, raw, setting.check(raw) as Checked<unknown>) as IDataObject[string];
		}
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
	properties: [optionsCollection([...BOT_SETTINGS, ...TALK_SETTINGS].map((setting) => setting.property).concat(OWN_SETTINGS.filter((setting) => setting.onCreate === 'option').map((setting) => ownOption(setting))))],
	read(item, before) {
		const picked = valueOf(before, bot);
		const body = readSettings(item, 'options', 'Options', [...withKeys(BOT_SETTINGS), ...withKeys(TALK_SETTINGS), ...ownOf(picked, 'option').map((setting) => ({ setting, key: setting.key(picked) }))]);
		// The schema requires `enabled`: on unless set.
		return { enabled: true, ...body };
	},
	to: intoBody,
};

const OPENAI_CREDENTIAL = OWN_SETTINGS.find((setting) => setting.locator)!;

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
			...OWN_SETTINGS.map((setting) => ownOption(setting, setting.locator ? [UPDATE, UPDATE_SETTINGS] : [UPDATE])),
			...TRIGGER_SETTINGS.map((setting) => option(setting, { '/operation': [UPDATE] })),
			...TALK_SETTINGS.map((setting) => setting.property),
			// OpenAI's settings take no fallback: the server fails on any.
			option(FALLBACK_SETTING, { '/operation': [UPDATE_SETTINGS], '/bot': ['typebot', 'evolutionBot', 'dify', 'flowise', 'n8n', 'evoai'] }),
			option(SPEECH_TO_TEXT, { '/operation': [UPDATE_SETTINGS], '/bot': ['openai'] }),
		],
	},
];

/** What Update changes on the bot: only what is set; the rest is read from the server and sent back. */
export const botChanges: Field<'botChanges', IDataObject> = {
	name: 'botChanges',
	properties: UPDATE_FIELDS,
	read(item, before) {
		const picked = valueOf(before, bot);
		const own = ownOf(picked).map((setting) => ({ setting, key: setting.key(picked) }));
		return readSettings(item, 'updateFields', 'Update Fields', [...withKeys(BOT_SETTINGS), ...own, ...withKeys(TRIGGER_SETTINGS), ...withKeys(TALK_SETTINGS)]);
	},
};

/** What Update Settings changes in the instance's settings for that kind of bot; the rest is read and sent back. */
export const settingsChanges: Field<'settingsChanges', IDataObject> = {
	name: 'settingsChanges',
	properties: UPDATE_FIELDS,
	read(item, before) {
		const picked = valueOf(before, bot);
		const own = picked === 'openai' ? [{ setting: OPENAI_CREDENTIAL, key: 'openaiCredsId' }, ...withKeys([SPEECH_TO_TEXT])] : withKeys([FALLBACK_SETTING]);
		return readSettings(item, 'updateFields', 'Update Fields', [...withKeys(TALK_SETTINGS), ...own]);
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
