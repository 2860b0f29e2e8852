// What each chatbot's configuration routes take and answer (Evolution's
// src/api/integrations/chatbot/*/validate/*.schema.ts, DTOs and controllers, alike from 2.3.0 to
// 2.4.0-rc2; 2.2 had a controller per bot): the name its errors give it, its own body keys, the
// settings row's fallback column, and which settings its settings route requires.
import type { IDataObject } from 'n8n-workflow';

import type { Bot } from '../integration/integrations';

export interface BotFacts {
	/** The controller's integrationName, as its errors say it ("Openai is disabled", "Error updating Typebot"). */
	serverName: string;
	/** Its own body keys (besides the common ones), as its schema and DTO name them. */
	ownKeys: readonly string[];
	/** The settings row's fallback column: 2.3 sets it from the body's `fallbackId`, 2.2 from this key. */
	fallbackKey: string;
}

export const BOT_FACTS: Readonly<Record<Bot, BotFacts>> = {
	typebot: { serverName: 'Typebot', ownKeys: ['url', 'typebot'], fallbackKey: 'typebotIdFallback' },
	evolutionBot: { serverName: 'EvolutionBot', ownKeys: ['apiUrl', 'apiKey'], fallbackKey: 'botIdFallback' },
	dify: { serverName: 'Dify', ownKeys: ['botType', 'apiUrl', 'apiKey'], fallbackKey: 'difyIdFallback' },
	flowise: { serverName: 'Flowise', ownKeys: ['apiUrl', 'apiKey'], fallbackKey: 'flowiseIdFallback' },
	n8n: { serverName: 'N8n', ownKeys: ['webhookUrl', 'basicAuthUser', 'basicAuthPass'], fallbackKey: 'botIdFallback' },
	evoai: { serverName: 'Evoai', ownKeys: ['agentUrl', 'apiKey'], fallbackKey: 'botIdFallback' },
	openai: {
		serverName: 'Openai',
		ownKeys: ['openaiCredsId', 'botType', 'assistantId', 'functionUrl', 'model', 'systemMessages', 'assistantMessages', 'userMessages', 'maxTokens'],
		fallbackKey: 'openaiIdFallback',
	},
};

/** The settings every bot's create, update and settings routes take, in the schemas' order. */
export const COMMON_SETTING_KEYS = [
	'expire',
	'keywordFinish',
	'delayMessage',
	'unknownMessage',
	'listeningFromMe',
	'stopBotFromMe',
	'keepOpen',
	'debounceTime',
	'ignoreJids',
	'splitMessages',
	'timePerChar',
] as const;

/** What fetchSettings answers for an instance with no settings row: the values a settings route is sent for those stored empty. */
export const SETTINGS_DEFAULTS: Readonly<IDataObject> = {
	expire: 300,
	keywordFinish: 'bye',
	delayMessage: 1000,
	unknownMessage: 'Sorry, I dont understand',
	listeningFromMe: true,
	stopBotFromMe: true,
	keepOpen: false,
	debounceTime: 1,
	ignoreJids: [],
	splitMessages: false,
	timePerChar: 0,
};

/** The keys a bot's update route takes (its schema's), in their order: those of a stored bot are sent back. */
export const botKeysOf = (bot: Bot): string[] => ['enabled', 'description', ...BOT_FACTS[bot].ownKeys, 'triggerType', 'triggerOperator', 'triggerValue', ...COMMON_SETTING_KEYS];

/** The keys a bot's settings route takes (its schema's), besides the fallback. */
export const settingKeysOf = (bot: Bot): string[] => [...COMMON_SETTING_KEYS, ...(bot === 'openai' ? ['openaiCredsId', 'speechToText'] : [])];

/** What its settings route requires, in its schema's order: typebot's six, flowise's nine, the others' eleven (OpenAI: its credential and nine). */
export function requiredSettingsOf(bot: Bot): string[] {
	const firstSix = COMMON_SETTING_KEYS.slice(0, 6);
	if (bot === 'typebot') return [...firstSix];
	const nine = [...COMMON_SETTING_KEYS.slice(0, 9)];
	if (bot === 'flowise') return nine;
	if (bot === 'openai') return ['openaiCredsId', ...nine];
	return [...COMMON_SETTING_KEYS];
}
