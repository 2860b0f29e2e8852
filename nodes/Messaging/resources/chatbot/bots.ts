// Each kind of bot Evolution runs, described once: its route segment (the table's key), its name in
// the node's words and in the server's errors, the .env switch that turns it on, the release that
// brought it, its own settings and their body keys (its secrets are its password fields), the
// settings row's fallback key, what its settings route requires, and what makes two of them the
// same bot. The Bot picker, Create, Update, the settings, the errors and the Integration resource
// read it here. Sources: src/api/integrations/chatbot/*/ (controllers, validate/*.schema.ts, DTOs),
// alike from 2.3.0 to 2.4.0-rc2; 2.2 had a controller per bot (docs/evolution-api.md).
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bad, ok, pickerCheck, type Checked } from '../../../shared/checks';
import type { Release } from '../../../shared/contract';
import { inPath, pickerField } from '../../../shared/fields';
import { checkHttpUrl, checkRowId, checkText, checkTexts, checkWhole } from '../../validation/settings';

/** A bot's own setting: its parameter, its check, and where Create shows it. */
export interface OwnSetting {
	property: INodeProperties;
	check(raw: unknown): Checked<unknown>;
	/** A parameter of its own on Create (required there); otherwise an option of Create's Options. */
	onCreate: 'parameter' | 'option';
	/** Shown on Create only for this OpenAI bot type (read once the type is). */
	openAiType?: 'assistant' | 'chatCompletion';
	/** A resource locator (read with its value extracted). */
	locator?: boolean;
}

const DIFY_TYPES = [
	{ name: 'Agent', value: 'agent' },
	{ name: 'Chat Bot', value: 'chatBot' },
	{ name: 'Text Generator', value: 'textGenerator' },
	{ name: 'Workflow', value: 'workflow' },
];

const OPENAI_TYPES = [
	{ name: 'Assistant', value: 'assistant', description: "One of your OpenAI account's assistants, by its ID" },
	{ name: 'Chat Completion', value: 'chatCompletion', description: 'A model answering with the messages you give it' },
];

/** An OpenAI credential stored on the server for the instance (OpenAI → Create OpenAI Credential). */
export const openAiCredentialProperty = (name: string, description: string): INodeProperties => ({
	displayName: 'OpenAI Credential',
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description,
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select a credential...', typeOptions: { searchListMethod: 'getOpenAiCredentials', searchable: true } },
		{ displayName: 'ID', name: 'id', type: 'string', placeholder: 'e.g. cm4openaicreds0001' },
	],
});

const secret = (raw: unknown): Checked<unknown> => (typeof raw === 'string' && raw.trim() !== '' ? ok(raw.trim()) : bad('is empty', 'Give the key, or remove the option.'));

const parameter = (property: INodeProperties, check: OwnSetting['check'], more: Partial<OwnSetting> = {}): OwnSetting => ({ property, check, onCreate: 'parameter', ...more });
const option = (property: INodeProperties, check: OwnSetting['check']): OwnSetting => ({ property, check, onCreate: 'option' });

export const TYPEBOT_URL = parameter(
	{ displayName: 'Typebot URL', name: 'typebotUrl', type: 'string', default: '', placeholder: 'e.g. https://typebot.example.com', description: "The address of your Typebot's viewer, where the bot is published" },
	checkHttpUrl,
);
/** A Typebot's public ID, as in its share link (Create's, and Start Typebot's). */
export function checkTypebotPublicId(raw: unknown): Checked<string> {
	const id = typeof raw === 'string' ? raw.trim() : '';
	return /^[\w.-]{1,200}$/.test(id) ? ok(id) : bad('is not a public ID (letters, digits, -, _ and .)', 'Copy it from the Typebot share link (the last part of its address).');
}
export const TYPEBOT_PUBLIC_ID = parameter(
	{ displayName: 'Typebot Public ID', name: 'typebotPublicId', type: 'string', default: '', placeholder: 'e.g. soporte-ventas-x1y2z3', description: "The bot's public ID, as in its share link" },
	checkTypebotPublicId,
);
const DIFY_BOT_TYPE = parameter(
	{ displayName: 'Bot Type', name: 'difyBotType', type: 'options', options: DIFY_TYPES, default: 'chatBot', description: 'The kind of Dify app: Evolution calls its chat, completion or workflow API accordingly' },
	pickerCheck(DIFY_TYPES, { problem: 'is not one of chatBot, textGenerator, agent, workflow', hint: 'Pick a bot type from the list.' }),
);
const API_URL = parameter(
	{ displayName: 'API URL', name: 'botApiUrl', type: 'string', default: '', placeholder: 'e.g. https://api.dify.ai/v1', description: "Where the bot's API answers: Dify's API base, Flowise's prediction URL, your Evolution Bot's endpoint, or the EvoAI agent's URL" },
	checkHttpUrl,
);
const API_KEY = option(
	{ displayName: 'API Key', name: 'botApiKey', type: 'string', typeOptions: { password: true }, default: '', description: "The bot's API key, sent by the server with each call (never shown in the node's output)" },
	secret,
);
const N8N_WEBHOOK_URL = parameter(
	{ displayName: 'Webhook URL', name: 'n8nWebhookUrl', type: 'string', default: '', placeholder: 'e.g. https://n8n.example.com/webhook/whatsapp-bot', description: "The Production URL of the n8n workflow's Webhook node that answers the contact" },
	checkHttpUrl,
);
const BASIC_AUTH_USER = option({ displayName: 'Basic Auth User', name: 'basicAuthUser', type: 'string', default: '', description: "The user of the n8n Webhook node's Basic Auth, if it has one" }, checkText);
const BASIC_AUTH_PASSWORD = option(
	{ displayName: 'Basic Auth Password', name: 'basicAuthPassword', type: 'string', typeOptions: { password: true }, default: '', description: "The password of the n8n Webhook node's Basic Auth (never shown in the node's output)" },
	secret,
);
/** A bot's OpenAI credential, and the default one of the instance's OpenAI settings. */
export const OPENAI_CREDENTIAL = parameter(openAiCredentialProperty('openAiCredential', 'The OpenAI API key stored on the server for this instance (Create OpenAI Credential stores one)'), checkRowId, { locator: true });
const OPENAI_BOT_TYPE = parameter(
	{ displayName: 'OpenAI Bot Type', name: 'openAiBotType', type: 'options', options: OPENAI_TYPES, default: 'chatCompletion', description: 'Whether the bot is an OpenAI assistant or a model with your messages' },
	pickerCheck(OPENAI_TYPES, { problem: 'is not one of assistant, chatCompletion', hint: 'Pick a bot type from the list.' }),
);
const ASSISTANT_ID = parameter({ displayName: 'Assistant ID', name: 'assistantId', type: 'string', default: '', placeholder: 'e.g. asst_abc123', description: "The assistant's ID in your OpenAI account" }, checkText, { openAiType: 'assistant' });
const MODEL = parameter({ displayName: 'Model', name: 'model', type: 'string', default: '', placeholder: 'e.g. gpt-4o-mini', description: "The model's ID (Get OpenAI Models lists those the credential may use)" }, checkText, { openAiType: 'chatCompletion' });
const MAX_TOKENS = parameter(
	{ displayName: 'Max Tokens', name: 'maxTokens', type: 'number', default: 500, typeOptions: { minValue: 1 }, description: 'The longest answer the model may give, in tokens' },
	checkWhole(1, 1_000_000, 'tokens'),
	{ openAiType: 'chatCompletion' },
);
const messages = (displayName: string, name: string, description: string) =>
	option({ displayName, name, type: 'string', typeOptions: { multipleValues: true, rows: 2 }, default: [], description }, checkTexts);
const FUNCTIONS_URL = option(
	{ displayName: 'Functions URL', name: 'functionUrl', type: 'string', default: '', placeholder: 'e.g. https://n8n.example.com/webhook/openai-functions', description: "Where the server posts the model's function calls" },
	checkHttpUrl,
);

/** The settings every bot's create, update and settings routes take, in the schemas' order. */
export const COMMON_SETTING_KEYS = ['expire', 'keywordFinish', 'delayMessage', 'unknownMessage', 'listeningFromMe', 'stopBotFromMe', 'keepOpen', 'debounceTime', 'ignoreJids', 'splitMessages', 'timePerChar'] as const;

const firstCommon = (count: number) => COMMON_SETTING_KEYS.slice(0, count);

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

export interface BotKind {
	/** Its name in the node's words. */
	name: string;
	/** The controller's integrationName, as its errors say it ("Typebot is disabled", "Error updating Typebot"). */
	serverName: string;
	/** The server's .env switch; with it off, its routes answer 400 "<serverName> is disabled". */
	env?: string;
	/** The first release with its routes (older ones answer 404 `Cannot POST …`). */
	since?: Release;
	/** Its own body keys besides the common ones, as its schema and DTO name them, each with its setting. */
	own: Readonly<Record<string, OwnSetting>>;
	/** The settings row's fallback column: 2.3 sets it from the body's `fallbackId`, 2.2 from this key. OpenAI's settings take none (the server fails on any). */
	fallbackKey?: string;
	/** Its settings route: what it takes besides the common settings and the fallback, and what its schema requires, in its order. */
	settings: { own: readonly string[]; required: readonly string[] };
	/** What makes a second bot of this kind "already exist" on an instance (its controller's duplicate check on create and update). */
	sameBot: string;
}

/** The chatbots (src/api/integrations/chatbot/*), by the path segment of their routes. */
export const BOTS = {
	typebot: {
		name: 'Typebot',
		serverName: 'Typebot',
		env: 'TYPEBOT_ENABLED',
		own: { url: TYPEBOT_URL, typebot: TYPEBOT_PUBLIC_ID },
		fallbackKey: 'typebotIdFallback',
		settings: { own: [], required: firstCommon(6) },
		sameBot: 'the same Typebot URL and Public ID',
	},
	evolutionBot: {
		name: 'Evolution Bot',
		serverName: 'EvolutionBot',
		own: { apiUrl: API_URL, apiKey: API_KEY },
		fallbackKey: 'botIdFallback',
		settings: { own: [], required: COMMON_SETTING_KEYS },
		sameBot: 'the same API URL and API key',
	},
	dify: {
		name: 'Dify',
		serverName: 'Dify',
		env: 'DIFY_ENABLED',
		own: { botType: DIFY_BOT_TYPE, apiUrl: API_URL, apiKey: API_KEY },
		fallbackKey: 'difyIdFallback',
		settings: { own: [], required: COMMON_SETTING_KEYS },
		sameBot: 'the same bot type, API URL and API key',
	},
	flowise: {
		name: 'Flowise',
		serverName: 'Flowise',
		env: 'FLOWISE_ENABLED',
		own: { apiUrl: API_URL, apiKey: API_KEY },
		fallbackKey: 'flowiseIdFallback',
		settings: { own: [], required: firstCommon(9) },
		sameBot: 'the same API URL and API key',
	},
	n8n: {
		name: 'n8n',
		serverName: 'N8n',
		env: 'N8N_ENABLED',
		since: '2.3.0',
		own: { webhookUrl: N8N_WEBHOOK_URL, basicAuthUser: BASIC_AUTH_USER, basicAuthPass: BASIC_AUTH_PASSWORD },
		fallbackKey: 'botIdFallback',
		settings: { own: [], required: COMMON_SETTING_KEYS },
		sameBot: 'the same webhook URL and Basic Auth',
	},
	evoai: {
		name: 'EvoAI',
		serverName: 'Evoai',
		env: 'EVOAI_ENABLED',
		since: '2.3.0',
		own: { agentUrl: API_URL, apiKey: API_KEY },
		fallbackKey: 'botIdFallback',
		settings: { own: [], required: COMMON_SETTING_KEYS },
		sameBot: 'the same agent URL and API key',
	},
	openai: {
		name: 'OpenAI',
		serverName: 'Openai',
		env: 'OPENAI_ENABLED',
		own: {
			openaiCredsId: OPENAI_CREDENTIAL,
			botType: OPENAI_BOT_TYPE,
			assistantId: ASSISTANT_ID,
			functionUrl: FUNCTIONS_URL,
			model: MODEL,
			systemMessages: messages('System Messages', 'systemMessages', "Instructions the model gets before the contact's messages"),
			assistantMessages: messages('Assistant Messages', 'assistantMessages', 'Example answers of the model, given before the conversation'),
			userMessages: messages('User Messages', 'userMessages', 'Example messages of a contact, given before the conversation'),
			maxTokens: MAX_TOKENS,
		},
		settings: { own: ['openaiCredsId', 'speechToText'], required: ['openaiCredsId', ...firstCommon(9)] },
		sameBot: 'the same assistant, or the same model and max tokens',
	},
} as const satisfies Record<string, BotKind>;

export type Bot = keyof typeof BOTS;

export const BOT_KINDS = Object.keys(BOTS) as Bot[];

/** A bot's kind as the table describes it, typed as every kind is (an optional fact may be absent). */
export const botKind = (bot: Bot): BotKind => BOTS[bot];

/** Which kind of bot: the path segment of its routes (`/{bot}/create/{instance}`, `/{bot}/changeStatus/{instance}`…). */
export const bot = pickerField<'bot', Bot>(
	{
		displayName: 'Bot',
		name: 'bot',
		type: 'options',
		options: BOT_KINDS.map((value) => ({ name: BOTS[value].name, value })).sort((a, b) => a.name.localeCompare(b.name)),
		default: 'typebot',
		description: 'The kind of chatbot the server runs for the instance',
	},
	{ problem: `is not one of ${BOT_KINDS.join(', ')}`, hint: 'Pick a bot from the list.' },
	inPath('bot'),
);

/** A bot's own settings with their body keys for it, in its schema's order. */
export const ownOf = (picked: Bot): Array<{ setting: OwnSetting; key: string }> => Object.entries(botKind(picked).own).map(([key, setting]) => ({ setting, key }));

/**
 * Every own setting once, each with the bots that take it, in an order where each bot's settings
 * stand as its own list has them (a setting first met later is put before the next one its bot
 * lists): the editor shows them so.
 */
export const OWN_SETTINGS: ReadonlyArray<{ setting: OwnSetting; bots: Bot[] }> = BOT_KINDS.reduce<Array<{ setting: OwnSetting; bots: Bot[] }>>((placed, kind) => {
	const own = ownOf(kind).map(({ setting }) => setting);
	for (const [index, setting] of own.entries()) {
		const found = placed.find((entry) => entry.setting === setting);
		if (found) {
			found.bots.push(kind);
			continue;
		}
		const next = own.slice(index + 1).map((later) => placed.findIndex((entry) => entry.setting === later)).find((at) => at >= 0);
		placed.splice(next ?? placed.length, 0, { setting, bots: [kind] });
	}
	return placed;
}, []);

/** The bots whose settings take a fallback bot. */
export const BOTS_WITH_FALLBACK = BOT_KINDS.filter((kind) => botKind(kind).fallbackKey !== undefined);

/** The keys a bot's update route takes (its schema's), in their order: those of a stored bot are sent back. */
export const botKeysOf = (picked: Bot): string[] => ['enabled', 'description', ...Object.keys(BOTS[picked].own), 'triggerType', 'triggerOperator', 'triggerValue', ...COMMON_SETTING_KEYS];

/** The keys a bot's settings route takes (its schema's), besides the fallback. */
export const settingKeysOf = (picked: Bot): string[] => [...COMMON_SETTING_KEYS, ...BOTS[picked].settings.own];

/**
 * The body keys of the secrets the chatbot routes echo: each bot's own settings that n8n keeps as
 * passwords, and an OpenAI credential's key (`/openai/creds` answers it as `apiKey`).
 */
export const BOT_SECRET_KEYS: readonly string[] = [
	...new Set([...BOT_KINDS.flatMap((kind) => ownOf(kind).filter(({ setting }) => setting.property.typeOptions?.password === true).map(({ key }) => key)), 'apiKey']),
];

/**
 * A bot's row simplified (Get, Get Many): of its 22 to 27 fields, who it is, whether it is on, its
 * trigger, where it answers (its URL, or OpenAI's model or assistant), Typebot's flow, Dify's and OpenAI's type.
 */
export const SIMPLE_BOT = {
	id: 'id',
	description: 'description',
	enabled: 'enabled',
	triggerType: 'triggerType',
	triggerOperator: 'triggerOperator',
	triggerValue: 'triggerValue',
	address: ['url', 'apiUrl', 'webhookUrl', 'agentUrl', 'model', 'assistantId'],
	typebot: 'typebot',
	botType: 'botType',
	updatedAt: 'updatedAt',
} as const;
