// Each bot's own settings (typebot.schema.ts, dify.schema.ts… and the DTOs): those Create needs
// as parameters of their own, shown for the bot picked, and the optional ones, which Create takes
// under Options; Update takes them all under Update Fields.
import type { INodeProperties } from 'n8n-workflow';

import { bad, ok, pickerCheck, type Checked } from '../../../shared/checks';
import type { Bot } from '../integration/integrations';
import { checkHttpUrl, checkRowId, checkText, checkTexts, checkWhole } from './checks';

export interface OwnSetting {
	property: INodeProperties;
	/** The bots it belongs to. */
	bots: readonly Bot[];
	/** Its body key for that bot. */
	key(bot: Bot): string;
	check(raw: unknown): Checked<unknown>;
	/** A parameter of its own on Create (required there); otherwise an option of Create's Options. */
	onCreate: 'parameter' | 'option';
	/** Shown on Create only for this OpenAI bot type. */
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

export const OPENAI_TYPES = [
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

export const OWN_SETTINGS: readonly OwnSetting[] = [
	{
		property: { displayName: 'Typebot URL', name: 'typebotUrl', type: 'string', default: '', placeholder: 'e.g. https://typebot.example.com', description: "The address of your Typebot's viewer, where the bot is published" },
		bots: ['typebot'],
		key: () => 'url',
		check: checkHttpUrl,
		onCreate: 'parameter',
	},
	{
		property: { displayName: 'Typebot Public ID', name: 'typebotPublicId', type: 'string', default: '', placeholder: 'e.g. soporte-ventas-x1y2z3', description: "The bot's public ID, as in its share link" },
		bots: ['typebot'],
		key: () => 'typebot',
		check: (raw) => {
			const id = typeof raw === 'string' ? raw.trim() : '';
			return /^[\w.-]{1,200}$/.test(id) ? ok(id) : bad('is not a public ID (letters, digits, -, _ and .)', 'Copy it from the Typebot share link (the last part of its address).');
		},
		onCreate: 'parameter',
	},
	{
		property: { displayName: 'Bot Type', name: 'difyBotType', type: 'options', options: DIFY_TYPES, default: 'chatBot', description: 'The kind of Dify app: Evolution calls its chat, completion or workflow API accordingly' },
		bots: ['dify'],
		key: () => 'botType',
		check: pickerCheck(DIFY_TYPES, { problem: 'is not one of chatBot, textGenerator, agent, workflow', hint: 'Pick a bot type from the list.' }),
		onCreate: 'parameter',
	},
	{
		property: { displayName: 'API URL', name: 'botApiUrl', type: 'string', default: '', placeholder: 'e.g. https://api.dify.ai/v1', description: "Where the bot's API answers: Dify's API base, Flowise's prediction URL, your Evolution Bot's endpoint, or the EvoAI agent's URL" },
		bots: ['evolutionBot', 'dify', 'flowise', 'evoai'],
		key: (bot) => (bot === 'evoai' ? 'agentUrl' : 'apiUrl'),
		check: checkHttpUrl,
		onCreate: 'parameter',
	},
	{
		property: { displayName: 'Webhook URL', name: 'n8nWebhookUrl', type: 'string', default: '', placeholder: 'e.g. https://n8n.example.com/webhook/whatsapp-bot', description: "The Production URL of the n8n workflow's Webhook node that answers the contact" },
		bots: ['n8n'],
		key: () => 'webhookUrl',
		check: checkHttpUrl,
		onCreate: 'parameter',
	},
	{
		property: openAiCredentialProperty('openAiCredential', 'The OpenAI API key stored on the server for this instance (Create OpenAI Credential stores one)'),
		bots: ['openai'],
		key: () => 'openaiCredsId',
		check: checkRowId,
		onCreate: 'parameter',
		locator: true,
	},
	{
		property: { displayName: 'OpenAI Bot Type', name: 'openAiBotType', type: 'options', options: OPENAI_TYPES, default: 'chatCompletion', description: 'Whether the bot is an OpenAI assistant or a model with your messages' },
		bots: ['openai'],
		key: () => 'botType',
		check: pickerCheck(OPENAI_TYPES, { problem: 'is not one of assistant, chatCompletion', hint: 'Pick a bot type from the list.' }),
		onCreate: 'parameter',
	},
	{
		property: { displayName: 'Assistant ID', name: 'assistantId', type: 'string', default: '', placeholder: 'e.g. asst_abc123', description: "The assistant's ID in your OpenAI account" },
		bots: ['openai'],
		key: () => 'assistantId',
		check: checkText,
		onCreate: 'parameter',
		openAiType: 'assistant',
	},
	{
		property: { displayName: 'Model', name: 'model', type: 'string', default: '', placeholder: 'e.g. gpt-4o-mini', description: "The model's ID (Get OpenAI Models lists those the credential may use)" },
		bots: ['openai'],
		key: () => 'model',
		check: checkText,
		onCreate: 'parameter',
		openAiType: 'chatCompletion',
	},
	{
		property: { displayName: 'Max Tokens', name: 'maxTokens', type: 'number', default: 500, typeOptions: { minValue: 1 }, description: 'The longest answer the model may give, in tokens' },
		bots: ['openai'],
		key: () => 'maxTokens',
		check: checkWhole(1, 1_000_000, 'tokens'),
		onCreate: 'parameter',
		openAiType: 'chatCompletion',
	},
	{
		property: { displayName: 'API Key', name: 'botApiKey', type: 'string', typeOptions: { password: true }, default: '', description: "The bot's API key, sent by the server with each call (never shown in the node's output)" },
		bots: ['evolutionBot', 'dify', 'flowise', 'evoai'],
		key: () => 'apiKey',
		check: secret,
		onCreate: 'option',
	},
	{
		property: { displayName: 'Basic Auth User', name: 'basicAuthUser', type: 'string', default: '', description: "The user of the n8n Webhook node's Basic Auth, if it has one" },
		bots: ['n8n'],
		key: () => 'basicAuthUser',
		check: checkText,
		onCreate: 'option',
	},
	{
		property: { displayName: 'Basic Auth Password', name: 'basicAuthPassword', type: 'string', typeOptions: { password: true }, default: '', description: "The password of the n8n Webhook node's Basic Auth (never shown in the node's output)" },
		bots: ['n8n'],
		key: () => 'basicAuthPass',
		check: secret,
		onCreate: 'option',
	},
	{
		property: { displayName: 'System Messages', name: 'systemMessages', type: 'string', typeOptions: { multipleValues: true, rows: 2 }, default: [], description: "Instructions the model gets before the contact's messages" },
		bots: ['openai'],
		key: () => 'systemMessages',
		check: checkTexts,
		onCreate: 'option',
	},
	{
		property: { displayName: 'Assistant Messages', name: 'assistantMessages', type: 'string', typeOptions: { multipleValues: true, rows: 2 }, default: [], description: 'Example answers of the model, given before the conversation' },
		bots: ['openai'],
		key: () => 'assistantMessages',
		check: checkTexts,
		onCreate: 'option',
	},
	{
		property: { displayName: 'User Messages', name: 'userMessages', type: 'string', typeOptions: { multipleValues: true, rows: 2 }, default: [], description: 'Example messages of a contact, given before the conversation' },
		bots: ['openai'],
		key: () => 'userMessages',
		check: checkTexts,
		onCreate: 'option',
	},
	{
		property: { displayName: 'Functions URL', name: 'functionUrl', type: 'string', default: '', placeholder: 'e.g. https://n8n.example.com/webhook/openai-functions', description: "Where the server posts the model's function calls" },
		bots: ['openai'],
		key: () => 'functionUrl',
		check: checkHttpUrl,
		onCreate: 'option',
	},
];

/** A Create parameter: required, shown for its bots (and OpenAI bot type). */
export function ownParameter(setting: OwnSetting): INodeProperties {
	const show = { bot: [...setting.bots], ...(setting.openAiType ? { openAiBotType: [setting.openAiType] } : {}) };
	return { ...setting.property, required: true, displayOptions: { show } };
}

/** An option of a collection, shown for its bots ('/bot' is the node's Bot). */
export function ownOption(setting: OwnSetting, operations?: string[]): INodeProperties {
	const property = setting.locator
		? { displayName: 'OpenAI Credential ID', name: setting.property.name, type: 'string' as const, default: '', placeholder: 'e.g. cm4openaicreds0001', description: setting.property.description }
		: setting.property;
	return { ...property, displayOptions: { show: { '/bot': [...setting.bots], ...(operations ? { '/operation': operations } : {}) } } };
}
