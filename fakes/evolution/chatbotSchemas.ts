// The chatbots' configuration schemas (src/api/integrations/chatbot/*/validate/*.schema.ts, the same
// from 2.3.0 to 2.4.0-rc2), keys in their order, since that order is the order of the messages.
import { isNotEmpty, type JsonSchema } from './schema.ts';

const TRIGGERS: Record<string, JsonSchema> = {
	triggerType: { type: 'string', enum: ['all', 'keyword', 'none', 'advanced'] },
	triggerOperator: { type: 'string', enum: ['equals', 'contains', 'startsWith', 'endsWith', 'regex'] },
	triggerValue: { type: 'string' },
};

const jids: JsonSchema = { type: 'array', items: { type: 'string' } };

const SIX_PROPERTIES: Record<string, JsonSchema> = {
	expire: { type: 'integer' },
	keywordFinish: { type: 'string' },
	delayMessage: { type: 'integer' },
	unknownMessage: { type: 'string' },
	listeningFromMe: { type: 'boolean' },
	stopBotFromMe: { type: 'boolean' },
};
const KEEP_OPEN: Record<string, JsonSchema> = { keepOpen: { type: 'boolean' }, debounceTime: { type: 'integer' } };

/** expire … ignoreJids as the bots' schemas list them, Typebot's without keepOpen and debounceTime. */
const talk = (withKeepOpen: boolean): Record<string, JsonSchema> => ({ ...SIX_PROPERTIES, ...(withKeepOpen ? KEEP_OPEN : {}), ignoreJids: jids });

const split: Record<string, JsonSchema> = { splitMessages: { type: 'boolean' }, timePerChar: { type: 'integer' } };

function botSchema(own: Record<string, JsonSchema>, required: string[], rest: Record<string, JsonSchema>): JsonSchema {
	return {
		type: 'object',
		properties: { enabled: { type: 'boolean' }, description: { type: 'string' }, ...own, ...rest },
		required,
		...isNotEmpty(...required),
	};
}

const text: JsonSchema = { type: 'string' };
const texts: JsonSchema = { type: 'array', items: { type: 'string' } };

/** Each bot's create and update schema (`typebotSchema`, `difySchema`…). */
export const BOT_SCHEMAS: Record<string, JsonSchema> = {
	typebot: botSchema({ url: text, typebot: text }, ['enabled', 'url', 'typebot', 'triggerType'], { ...TRIGGERS, ...talk(false) }),
	evolutionBot: botSchema({ apiUrl: text, apiKey: text }, ['enabled', 'apiUrl', 'triggerType'], { ...TRIGGERS, ...talk(true), ...split }),
	dify: botSchema({ botType: { type: 'string', enum: ['chatBot', 'textGenerator', 'agent', 'workflow'] }, apiUrl: text, apiKey: text }, ['enabled', 'botType', 'triggerType'], { ...TRIGGERS, ...talk(true), ...split }),
	flowise: botSchema({ apiUrl: text, apiKey: text }, ['enabled', 'apiUrl', 'triggerType'], { ...TRIGGERS, ...talk(true), ...split }),
	n8n: botSchema({ webhookUrl: text, basicAuthUser: text, basicAuthPassword: text }, ['enabled', 'webhookUrl', 'triggerType'], { ...TRIGGERS, ...talk(true), ...split }),
	evoai: botSchema({ agentUrl: text, apiKey: text }, ['enabled', 'agentUrl', 'triggerType'], { ...TRIGGERS, ...talk(true), ...split }),
	openai: botSchema(
		{
			openaiCredsId: text,
			botType: { type: 'string', enum: ['assistant', 'chatCompletion'] },
			assistantId: text,
			functionUrl: text,
			model: text,
			systemMessages: texts,
			assistantMessages: texts,
			userMessages: texts,
			maxTokens: { type: 'integer' },
		},
		['enabled', 'openaiCredsId', 'botType', 'triggerType'],
		{ ...TRIGGERS, ...talk(true) },
	),
};

const SIX = ['expire', 'keywordFinish', 'delayMessage', 'unknownMessage', 'listeningFromMe', 'stopBotFromMe'];
const NINE = [...SIX, 'keepOpen', 'debounceTime', 'ignoreJids'];
const ELEVEN = [...NINE, 'splitMessages', 'timePerChar'];

function settingsSchema(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
	return { type: 'object', properties, required, ...isNotEmpty(...required) };
}

const base = (fallback: string, withSplit: boolean): Record<string, JsonSchema> => ({ ...talk(true), [fallback]: text, ...(withSplit ? split : {}) });

/** Each bot's settings schema (`typebotSettingSchema`…). */
export const SETTINGS_SCHEMAS: Record<string, JsonSchema> = {
	typebot: settingsSchema(
		{ ...SIX_PROPERTIES, ...KEEP_OPEN, typebotIdFallback: text, ignoreJids: jids },
		SIX,
	),
	evolutionBot: settingsSchema(base('botIdFallback', true), ELEVEN),
	dify: settingsSchema(base('difyIdFallback', true), ELEVEN),
	flowise: settingsSchema(base('flowiseIdFallback', true), NINE),
	n8n: settingsSchema(base('botIdFallback', true), ELEVEN),
	evoai: settingsSchema(base('botIdFallback', true), ELEVEN),
	openai: settingsSchema(
		{ openaiCredsId: text, ...SIX_PROPERTIES, ...KEEP_OPEN, speechToText: { type: 'boolean' }, ignoreJids: jids, openaiIdFallback: text },
		['openaiCredsId', ...NINE],
	),
};

/** Every bot's `…IgnoreJidSchema`. */
export const IGNORE_JID_SCHEMA: JsonSchema = {
	type: 'object',
	properties: { remoteJid: { type: 'string' }, action: { type: 'string', enum: ['add', 'remove'] } },
	required: ['remoteJid', 'action'],
	...isNotEmpty('remoteJid', 'action'),
};

/** openaiCredsSchema. */
export const OPENAI_CREDS_SCHEMA: JsonSchema = {
	type: 'object',
	properties: { name: { type: 'string' }, apiKey: { type: 'string' } },
	required: ['name', 'apiKey'],
	...isNotEmpty('name', 'apiKey'),
};
