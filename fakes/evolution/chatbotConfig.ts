// The chatbots' configuration routes (`/{bot}/create|find|fetch|update|delete|settings|fetchSettings|ignoreJid`)
// and OpenAI's credentials and models (`/openai/creds`, `/openai/getModels`), as 2.3.7's
// BaseChatbotController, each bot's controller and Prisma's models (defaults, unique and foreign
// keys) answer them, on each instance's bots, settings and credentials (fake.integrations). The same
// from 2.3.0 to 2.4.0-rc2; n8n and EvoAI came with 2.3.0.
import { badRequest, internalError, schemaFailure } from './answers.ts';
import { BOT_KINDS } from './chatbots.ts';
import { BOT_SCHEMAS, IGNORE_JID_SCHEMA, OPENAI_CREDS_SCHEMA, SETTINGS_SCHEMAS } from './chatbotSchemas.ts';
import { cuid, isOff } from './integrations.ts';
import type { CannedAnswer, FakeInstance, FakeRow, FakeState, Handler } from './types.ts';

/** Each bot's own columns, in its model's order. */
const OWN_COLUMNS: Record<string, string[]> = {
	typebot: ['url', 'typebot'],
	evolutionBot: ['apiUrl', 'apiKey'],
	dify: ['botType', 'apiUrl', 'apiKey'],
	flowise: ['apiUrl', 'apiKey'],
	n8n: ['webhookUrl', 'basicAuthUser', 'basicAuthPass'],
	evoai: ['agentUrl', 'apiKey'],
	openai: ['botType', 'assistantId', 'functionUrl', 'model', 'systemMessages', 'assistantMessages', 'userMessages', 'maxTokens'],
};

const TALK = ['expire', 'keywordFinish', 'delayMessage', 'unknownMessage', 'listeningFromMe', 'stopBotFromMe', 'keepOpen', 'debounceTime'];
const TRIGGER = ['triggerType', 'triggerOperator', 'triggerValue'];
const SPLIT = ['ignoreJids', 'splitMessages', 'timePerChar'];

/** The columns create and update write (getAdditionalBotData and the base's botData). */
const writtenColumns = (bot: string) => ['enabled', 'description', ...OWN_COLUMNS[bot], ...TALK, ...SPLIT, ...TRIGGER, ...(bot === 'openai' ? ['openaiCredsId'] : [])];

/** Prisma's defaults of the bot models (the others are null). */
const BOT_DEFAULTS: FakeRow = { enabled: true, expire: 0, listeningFromMe: false, stopBotFromMe: false, keepOpen: false, splitMessages: false, timePerChar: 50 };

/** The settings row's fallback column (getFallbackFieldName). */
const FALLBACK_COLUMN: Record<string, string> = {
	typebot: 'typebotIdFallback',
	evolutionBot: 'botIdFallback',
	dify: 'difyIdFallback',
	flowise: 'flowiseIdFallback',
	n8n: 'n8nIdFallback',
	evoai: 'evoaiIdFallback',
	openai: 'openaiIdFallback',
};

const SETTINGS_DEFAULTS: FakeRow = { expire: 0, listeningFromMe: false, stopBotFromMe: false, keepOpen: false, splitMessages: false, timePerChar: 50, speechToText: false };

/** What fetchSettings answers when the instance has no settings row. */
const NO_SETTINGS = {
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
	fallbackId: '',
	fallback: null,
};

const given = (value: unknown) => value !== undefined && value !== null;
const settingsKey = (instance: string, bot: string) => `${instance} ${bot}`;
/** The controller's integrationName, as its errors say it. */
const nameOf = (bot: string) => BOT_KINDS[bot].name;
/** EvolutionBot has no .env switch: its integrationEnabled is always true. */
const off = (state: FakeState, bot: string) => bot !== 'evolutionBot' && isOff(state, bot);
const disabled = (bot: string) => badRequest([`${nameOf(bot)} is disabled`]);

/** The instance's bots of a kind, their rows. */
function botsOf(state: FakeState, instance: string, bot: string): FakeRow[] {
	return [...state.fake.integrations.bots.values()].filter((known) => known.bot === bot && known.instance === instance && known.row).map((known) => known.row!);
}

/** Prisma's findFirst: every condition given (undefined ones are no condition) holds. */
const matches = (row: FakeRow, where: FakeRow) => Object.entries(where).every(([key, value]) => value === undefined || row[key] === value);

/** The settings route: the row updated, or created with the model's defaults; its foreign keys checked. */
function saveSettings(state: FakeState, instance: FakeInstance, bot: string, data: FakeRow): CannedAnswer {
	const { botSettings, bots, openaiCreds } = state.fake.integrations;
	const column = FALLBACK_COLUMN[bot];
	const fallback = data.fallbackId;
	// OpenAI's settings take no fallback at all: the update fails on any (recorded, 2.3.6 and 2.3.7).
	const badFallback = given(fallback) && (bot === 'openai' || bots.get(String(fallback))?.bot !== bot);
	const badCreds = bot === 'openai' && given(data.openaiCredsId) && !openaiCreds.has(String(data.openaiCredsId));
	if (badFallback || badCreds) return internalError('Error setting default settings');
	const values: FakeRow = { [column]: fallback };
	for (const key of [...TALK, ...SPLIT, ...(bot === 'openai' ? ['speechToText', 'openaiCredsId'] : [])]) values[key] = data[key];
	const key = settingsKey(instance.name, bot);
	const before = botSettings.get(key);
	const now = new Date().toISOString();
	const row: FakeRow = before ? { ...before } : { id: cuid(), ...Object.fromEntries([...TALK, column, ...SPLIT].map((name) => [name, SETTINGS_DEFAULTS[name] ?? null])) };
	if (!before && bot === 'openai') Object.assign(row, { speechToText: false, openaiCredsId: null });
	for (const [name, value] of Object.entries(values)) if (value !== undefined) row[name] = value;
	Object.assign(row, { createdAt: before?.createdAt ?? now, updatedAt: now, instanceId: state.idOf(instance.name) });
	botSettings.set(key, row);
	return { status: 200, body: { ...row, fallbackId: row[column] } };
}

/** The base createBot's part after the bot's own checks: settings filled in, the trigger rules, the row. */
function createRow(state: FakeState, instance: FakeInstance, bot: string, data: FakeRow): CannedAnswer {
	const name = nameOf(bot);
	const { botSettings, bots } = state.fake.integrations;
	if (TALK.concat(SPLIT).some((key) => !data[key])) {
		const settings = botSettings.get(settingsKey(instance.name, bot));
		for (const key of [...TALK, 'ignoreJids']) if (!given(data[key])) data[key] = settings?.[key];
		if (!given(data.splitMessages)) data.splitMessages = settings?.splitMessages ?? false;
		if (!given(data.timePerChar)) data.timePerChar = settings?.timePerChar ?? 0;
		if (!settings) {
			const saved = saveSettings(state, instance, bot, { ...data, fallbackId: undefined });
			if (saved.status !== 200) return saved;
		}
	}
	const others = botsOf(state, instance.name, bot);
	if (data.triggerType === 'all' && others.some((row) => row.enabled === true && row.triggerType === 'all')) {
		return internalError(`You already have a ${name} with an "All" trigger, you cannot have more bots while it is active`);
	}
	if (data.triggerType === 'keyword') {
		if (!data.triggerOperator || !data.triggerValue) return internalError('Trigger operator and value are required');
		if (others.some((row) => matches(row, { triggerOperator: data.triggerOperator, triggerValue: data.triggerValue }))) return internalError('Trigger already exists');
	}
	if (data.triggerType === 'advanced') {
		if (!data.triggerValue) return internalError('Trigger value is required');
		if (others.some((row) => matches(row, { triggerValue: data.triggerValue }))) return internalError('Trigger already exists');
	}
	if (bot === 'openai' && !state.fake.integrations.openaiCreds.has(String(data.openaiCredsId))) return internalError(`Error creating ${name}`);
	const now = new Date().toISOString();
	const row: FakeRow = { id: cuid() };
	for (const column of writtenColumns(bot)) row[column] = given(data[column]) ? data[column] : (BOT_DEFAULTS[column] ?? null);
	Object.assign(row, { createdAt: now, updatedAt: now, instanceId: state.idOf(instance.name) });
	bots.set(String(row.id), { bot, instance: instance.name, row });
	return { status: 201, body: { ...row } };
}

/** What makes a second bot of a kind a duplicate (each controller's check), or undefined where it has none. */
function duplicateWhere(bot: string, data: FakeRow): FakeRow {
	switch (bot) {
		case 'typebot':
			return { url: data.url, typebot: data.typebot };
		case 'evolutionBot':
		case 'flowise':
			return { apiUrl: data.apiUrl, apiKey: data.apiKey };
		case 'dify':
			return { botType: data.botType, apiUrl: data.apiUrl, apiKey: data.apiKey };
		case 'n8n':
			return { webhookUrl: data.webhookUrl, basicAuthUser: data.basicAuthUser, basicAuthPass: data.basicAuthPass };
		case 'evoai':
			return { agentUrl: data.agentUrl, apiKey: data.apiKey };
		default:
			return data.botType === 'assistant' ? { assistantId: data.assistantId, botType: data.botType } : { model: data.model, maxTokens: data.maxTokens, botType: data.botType };
	}
}

/** OpenAI's own requirements of its bot type (create and update alike). */
function openAiProblem(data: FakeRow): string | undefined {
	if (data.botType === 'assistant') return data.assistantId ? undefined : 'Assistant ID is required';
	if (data.botType === 'chatCompletion') return !data.model ? 'Model is required' : !data.maxTokens ? 'Max tokens is required' : undefined;
	return 'Bot type is required';
}

/** The body as the DTO keeps it: n8n's password is `basicAuthPass` (its schema names `basicAuthPassword`, which nothing reads). */
const dataOf = (body: Record<string, unknown>): FakeRow => ({ ...body }) as FakeRow;

/** POST /{bot}/create: 201, the new bot's row (its key included). */
export const createBot =
	(bot: string): Handler =>
	(state, instance, body) => {
		const invalid = schemaFailure(body, BOT_SCHEMAS[bot]);
		if (invalid) return invalid;
		if (off(state, bot)) return disabled(bot);
		const data = dataOf(body);
		const others = botsOf(state, instance.name, bot);
		if (bot === 'openai') {
			const problem = openAiProblem(data);
			if (problem) return internalError(problem);
			if (others.some((row) => matches(row, duplicateWhere(bot, data)))) return internalError('Openai Bot already exists');
			const settings = state.fake.integrations.botSettings.get(settingsKey(instance.name, bot));
			if (!settings) {
				const defaults = { expire: 300, keywordFinish: 'bye', delayMessage: 1000, unknownMessage: 'Sorry, I dont understand', debounceTime: 1 } as FakeRow;
				const made: FakeRow = { openaiCredsId: data.openaiCredsId, ignoreJids: data.ignoreJids || [], speechToText: false };
				for (const key of Object.keys(defaults)) made[key] = data[key] || defaults[key];
				for (const key of ['listeningFromMe', 'stopBotFromMe']) made[key] = data[key] !== undefined ? data[key] : true;
				made.keepOpen = data.keepOpen !== undefined ? data.keepOpen : false;
				const saved = saveSettings(state, instance, bot, made);
				if (saved.status !== 200) return saved;
			} else if (!settings.openaiCredsId && data.openaiCredsId) settings.openaiCredsId = data.openaiCredsId;
		} else if (bot !== 'typebot' && bot !== 'evolutionBot' && others.some((row) => matches(row, duplicateWhere(bot, data)))) {
			return internalError(`${nameOf(bot)} already exists`);
		}
		return createRow(state, instance, bot, data);
	};

/** GET /{bot}/find: the instance's bots of this kind. */
export const findBots =
	(bot: string): Handler =>
	(state, instance) =>
		off(state, bot) ? disabled(bot) : { status: 200, body: botsOf(state, instance.name, bot).map((row) => ({ ...row })) };

/** GET /{bot}/fetch/{id}: the bot of this kind with that ID, of any instance (the route does not check), or JSON null. */
export const fetchBot =
	(bot: string): Handler =>
	(state, _instance, _body, _query, id) => {
		if (off(state, bot)) return disabled(bot);
		const known = id === undefined ? undefined : state.fake.integrations.bots.get(id);
		return { status: 200, body: known?.bot === bot && known.row ? { ...known.row } : null };
	};

/** PUT /{bot}/update/{id}: every refusal after the schema hidden as 500 `Error updating <Bot>`; 200, the row. */
export const updateBot =
	(bot: string): Handler =>
	(state, instance, body, _query, id) => {
		const invalid = schemaFailure(body, BOT_SCHEMAS[bot]);
		if (invalid) return invalid;
		if (off(state, bot)) return disabled(bot);
		const refused = internalError(`Error updating ${nameOf(bot)}`);
		const known = id === undefined ? undefined : state.fake.integrations.bots.get(id);
		if (!known?.row || known.bot !== bot || known.instance !== instance.name) return refused;
		const data = dataOf(body);
		const others = botsOf(state, instance.name, bot).filter((row) => row.id !== id);
		if (data.triggerType === 'all' && others.some((row) => row.enabled === true && row.triggerType === 'all')) return refused;
		if (bot === 'openai' && openAiProblem(data)) return refused;
		if (others.some((row) => matches(row, duplicateWhere(bot, data)))) return refused;
		if (data.triggerType === 'keyword' && (!data.triggerOperator || !data.triggerValue || others.some((row) => matches(row, { triggerOperator: data.triggerOperator, triggerValue: data.triggerValue })))) return refused;
		if (data.triggerType === 'advanced' && (!data.triggerValue || others.some((row) => matches(row, { triggerValue: data.triggerValue })))) return refused;
		for (const column of writtenColumns(bot)) if (data[column] !== undefined) known.row[column] = data[column];
		known.row.updatedAt = new Date().toISOString();
		return { status: 200, body: { ...known.row } };
	};

/** DELETE /{bot}/delete/{id}: the bot and its sessions; 500 `Error deleting <Bot> bot` when it is not one of the instance's. */
export const deleteBot =
	(bot: string): Handler =>
	(state, instance, _body, _query, id) => {
		if (off(state, bot)) return disabled(bot);
		const integrations = state.fake.integrations;
		const known = id === undefined ? undefined : integrations.bots.get(id);
		if (!known?.row || known.bot !== bot || known.instance !== instance.name) return internalError(`Error deleting ${nameOf(bot)} bot`);
		integrations.sessions = integrations.sessions.filter((session) => session.botId !== id);
		integrations.bots.delete(id!);
		// The settings that had it as fallback keep none (the relation's onDelete: SetNull).
		for (const [key, settings] of integrations.botSettings) if (key.endsWith(` ${bot}`) && settings[FALLBACK_COLUMN[bot]] === id) settings[FALLBACK_COLUMN[bot]] = null;
		return { status: 200, body: { bot: { id } } };
	};

/** POST /{bot}/settings: 200, the row with `fallbackId`. */
export const botSettingsRoute =
	(bot: string): Handler =>
	(state, instance, body) => {
		const invalid = schemaFailure(body, SETTINGS_SCHEMAS[bot]);
		if (invalid) return invalid;
		if (off(state, bot)) return disabled(bot);
		return saveSettings(state, instance, bot, dataOf(body));
	};

/** GET /{bot}/fetchSettings: the row with its fallback bot, or the defaults the controller makes up. */
export const fetchBotSettings =
	(bot: string): Handler =>
	(state, instance) => {
		if (off(state, bot)) return disabled(bot);
		const row = state.fake.integrations.botSettings.get(settingsKey(instance.name, bot));
		if (!row) return { status: 200, body: { ...NO_SETTINGS } };
		const fallbackId = row[FALLBACK_COLUMN[bot]];
		const fallback = given(fallbackId) ? (state.fake.integrations.bots.get(String(fallbackId))?.row ?? null) : null;
		return { status: 200, body: { ...row, Fallback: fallback, fallbackId, fallback } };
	};

/** POST /{bot}/ignoreJid: the settings' ignore list changed; no settings row: 500. */
export const ignoreJid =
	(bot: string): Handler =>
	(state, instance, body) => {
		const invalid = schemaFailure(body, IGNORE_JID_SCHEMA);
		if (invalid) return invalid;
		if (off(state, bot)) return disabled(bot);
		const row = state.fake.integrations.botSettings.get(settingsKey(instance.name, bot));
		if (!row) return internalError('Error setting default settings');
		const jids = Array.isArray(row.ignoreJids) ? (row.ignoreJids as string[]) : [];
		const jid = String(body.remoteJid);
		if (body.action === 'add') {
			if (jids.includes(jid)) return { status: 200, body: { ignoreJids: jids } };
			row.ignoreJids = [...jids, jid];
		} else row.ignoreJids = jids.filter((known) => known !== jid);
		return { status: 200, body: { ignoreJids: row.ignoreJids } };
	};

/** POST /openai/creds: a key is stored once per server, a name once per instance (and, by the model, once per server). */
export function createOpenAiCreds(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, OPENAI_CREDS_SCHEMA);
	if (invalid) return invalid;
	if (off(state, 'openai')) return disabled('openai');
	const creds = [...state.fake.integrations.openaiCreds.values()];
	if (creds.some((row) => row.apiKey === body.apiKey)) return badRequest(['This API key is already registered. Please use a different API key.']);
	const instanceId = state.idOf(instance.name);
	if (creds.some((row) => row.name === body.name && row.instanceId === instanceId)) return badRequest(['This credential name is already in use. Please choose a different name.']);
	if (creds.some((row) => row.name === body.name)) return internalError('Error creating openai creds');
	const now = new Date().toISOString();
	const row: FakeRow = { id: cuid(), name: body.name, apiKey: body.apiKey, createdAt: now, updatedAt: now, instanceId };
	state.fake.integrations.openaiCreds.set(String(row.id), row);
	return { status: 201, body: { ...row } };
}

/** GET /openai/creds: the instance's credentials, each with the bots using it (`OpenaiAssistant`). */
export function findOpenAiCreds(state: FakeState, instance: FakeInstance): CannedAnswer {
	if (off(state, 'openai')) return disabled('openai');
	const instanceId = state.idOf(instance.name);
	const rows = [...state.fake.integrations.openaiCreds.values()].filter((row) => row.instanceId === instanceId);
	const bots = [...state.fake.integrations.bots.values()].filter((known) => known.bot === 'openai' && known.row).map((known) => known.row!);
	return { status: 200, body: rows.map((row) => ({ ...row, OpenaiAssistant: bots.filter((bot) => bot.openaiCredsId === row.id).map((bot) => ({ ...bot })) })) };
}

/** DELETE /openai/creds/{id}: refused while a bot or the settings use it. */
export const deleteOpenAiCreds: Handler = (state, instance, _body, _query, id) => {
	if (off(state, 'openai')) return disabled('openai');
	const integrations = state.fake.integrations;
	const row = id === undefined ? undefined : integrations.openaiCreds.get(id);
	if (!row || row.instanceId !== state.idOf(instance.name)) return internalError('Openai Creds not found');
	// The settings' relation has no cascade, and the server refuses while a bot uses it too (recorded).
	const usedBySettings = [...integrations.botSettings.values()].some((settings) => settings.openaiCredsId === id);
	const usedByBot = [...integrations.bots.values()].some((known) => known.bot === 'openai' && known.row?.openaiCredsId === id);
	if (usedBySettings || usedByBot) return internalError('Error deleting openai creds');
	integrations.openaiCreds.delete(id!);
	return { status: 200, body: { openaiCreds: { id } } };
};

/** The models the fake's "OpenAI" lists, as the SDK's `models.list()` body has them. */
export const FAKE_OPENAI_MODELS = ['gpt-4o-mini', 'gpt-4o', 'whisper-1'].map((id) => ({ id, object: 'model', created: 1715367049, owned_by: 'system' }));

/**
 * GET /openai/getModels[?openaiCredsId=]: the credential given, else the settings' one; then OpenAI's
 * model list. The fake plays OpenAI: a key starting `sk-` is answered, any other refused (500
 * `Error fetching models`, as the server answers when OpenAI refuses the key or cannot be reached).
 */
export function getOpenAiModels(state: FakeState, instance: FakeInstance, _body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	if (off(state, 'openai')) return disabled('openai');
	const integrations = state.fake.integrations;
	const instanceId = state.idOf(instance.name);
	const id = query.get('openaiCredsId');
	let apiKey: unknown;
	if (id) {
		const row = integrations.openaiCreds.get(id);
		if (!row || row.instanceId !== instanceId) return internalError('OpenAI credentials not found for the provided ID');
		apiKey = row.apiKey;
	} else {
		const settings = integrations.botSettings.get(settingsKey(instance.name, 'openai'));
		if (!settings) return internalError('Settings not found');
		const creds = given(settings.openaiCredsId) ? integrations.openaiCreds.get(String(settings.openaiCredsId)) : undefined;
		if (!creds) return internalError('OpenAI credentials not found. Please create credentials and associate them with the settings.');
		apiKey = creds.apiKey;
	}
	if (typeof apiKey !== 'string' || !apiKey.startsWith('sk-')) return internalError('Error fetching models');
	return { status: 200, body: FAKE_OPENAI_MODELS.map((model) => ({ ...model })) };
}
