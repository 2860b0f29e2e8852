// The Chatwoot routes (`/chatwoot/set|find`) and the chatbots' session routes
// (`/{bot}/changeStatus/{instance}`, `/{bot}/fetchSessions/{botId}/{instance}`), as Evolution
// 2.3.6's ChatwootController, the channel's setChatwoot and findChatwoot, and
// BaseChatbotController answer them, on each instance's Chatwoot row and the sessions of every
// instance (fake.integrations).
import { randomBytes } from 'node:crypto';

import { badRequest, internalError, schemaFailure } from './answers.ts';
import { cuid, emptyAnswer, isOff } from './integrations.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import type { CannedAnswer, FakeBotSession, FakeInstance, FakeRow, FakeState, Handler, StoreBotSessionInput } from './types.ts';
import { emitEvent } from './webhook.ts';

const CHATWOOT_REQUIRED = ['enabled', 'accountId', 'token', 'url', 'signMsg', 'reopenConversation', 'conversationPending'];
const flag: JsonSchema = { type: 'boolean', enum: [true, false] };

/** src/api/integrations/chatbot/chatwoot/validate/chatwoot.schema.ts and the bots' `…StatusSchema` (all alike), keys in their order. */
const SCHEMAS = {
	chatwoot: {
		type: 'object',
		properties: {
			enabled: flag,
			accountId: { type: 'string' },
			token: { type: 'string' },
			url: { type: 'string' },
			signMsg: flag,
			// ['string', 'null'] in the source: the fake's validator takes one type, so these go unchecked.
			signDelimiter: {},
			nameInbox: {},
			reopenConversation: flag,
			conversationPending: flag,
			autoCreate: flag,
			importContacts: flag,
			mergeBrazilContacts: flag,
			importMessages: flag,
			daysLimitImportMessages: { type: 'number' },
			ignoreJids: { type: 'array', items: { type: 'string' } },
		},
		required: CHATWOOT_REQUIRED,
		...isNotEmpty(...CHATWOOT_REQUIRED),
	},
	status: {
		type: 'object',
		properties: { remoteJid: { type: 'string' }, status: { type: 'string', enum: ['opened', 'closed', 'paused', 'delete'] } },
		required: ['remoteJid', 'status'],
		...isNotEmpty('remoteJid', 'status'),
	},
} satisfies Record<string, JsonSchema>;

/** The Chatwoot row's columns that `setChatwoot` writes, in the model's order. */
const CHATWOOT_COLUMNS = [
	'enabled',
	'accountId',
	'token',
	'url',
	'nameInbox',
	'signMsg',
	'signDelimiter',
	'number',
	'reopenConversation',
	'conversationPending',
	'mergeBrazilContacts',
	'importContacts',
	'importMessages',
	'daysLimitImportMessages',
	'organization',
	'logo',
	'ignoreJids',
];

/** The Chatwoot model's defaults, for a created row. */
const CHATWOOT_DEFAULTS: FakeRow = {
	enabled: true,
	signMsg: false,
	reopenConversation: false,
	conversationPending: false,
	mergeBrazilContacts: false,
	importContacts: false,
	importMessages: false,
};

/** class-validator's isURL with `require_tld: false`, near enough: an http(s) or ftp address, or a bare host. */
function isUrl(value: unknown): boolean {
	if (typeof value !== 'string' || value === '' || /\s/.test(value)) return false;
	try {
		const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `http://${value}`);
		return ['http:', 'https:', 'ftp:'].includes(url.protocol) && /^[\w.-]+$|^\[[\da-f:]+\]$/i.test(url.hostname) && !url.hostname.includes('_');
	} catch {
		return false;
	}
}

const webhookUrlOf = (state: FakeState, instance: FakeInstance) =>
	`${state.options.serverUrl ?? state.fake.url}/chatwoot/webhook/${encodeURIComponent(instance.name)}`;

/**
 * POST /chatwoot/set: the schema; 400 `Chatwoot is disabled` when the server has it off; turned on,
 * the controller's checks (`url is not valid`, `accountId is required`, `token is required`) and a
 * delimiter dropped when messages are not signed; an empty inbox name becomes the instance's. The
 * row is updated, or created (without the delimiter: the create leaves it out); Create Inbox
 * Automatically would call Chatwoot, which the fake does not. 201: the body so changed, with
 * `webhook_url`, the token included.
 */
export function setChatwoot(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.chatwoot);
	if (invalid) return invalid;
	if (isOff(state, 'chatwoot')) return badRequest(['Chatwoot is disabled']);
	const data = { ...body };
	if (data.enabled) {
		if (!isUrl(data.url)) return badRequest(['url is not valid']);
		if (!data.accountId) return badRequest(['accountId is required']);
		if (!data.token) return badRequest(['token is required']);
		if (data.signMsg === false) data.signDelimiter = null;
	}
	if (!data.nameInbox) data.nameInbox = instance.name;
	const { chatwoot } = state.fake.integrations;
	const before = chatwoot.get(instance.name);
	const now = new Date().toISOString();
	// Prisma keeps a column left undefined in an update; a create takes the model's defaults.
	const row: FakeRow = { id: before?.id ?? cuid() };
	for (const column of CHATWOOT_COLUMNS) row[column] = data[column] !== undefined ? data[column] : (before ? before[column] : (CHATWOOT_DEFAULTS[column] ?? null));
	if (!before) row.signDelimiter = null;
	else if (!data.signMsg) row.signDelimiter = null;
	Object.assign(row, { createdAt: before?.createdAt ?? now, updatedAt: now, instanceId: state.idOf(instance.name) });
	chatwoot.set(instance.name, row);
	return { status: 201, body: { ...data, webhook_url: webhookUrlOf(state, instance) } };
}

/** GET /chatwoot/find: 400 when off; the stored settings (no `number`), or the controller's "none" object. */
export function findChatwoot(state: FakeState, instance: FakeInstance): CannedAnswer {
	if (isOff(state, 'chatwoot')) return badRequest(['Chatwoot is disabled']);
	const row = state.fake.integrations.chatwoot.get(instance.name);
	if (!row) return { status: 200, body: { enabled: false, url: '', accountId: '', token: '', signMsg: false, nameInbox: '', webhook_url: '' } };
	const settings: FakeRow = {};
	for (const column of CHATWOOT_COLUMNS.filter((name) => name !== 'number')) settings[column] = row[column];
	settings.signDelimiter = row.signDelimiter || null;
	settings.ignoreJids = Array.isArray(row.ignoreJids) ? row.ignoreJids.map(String) : [];
	return { status: 200, body: { ...settings, webhook_url: webhookUrlOf(state, instance) } };
}

/** Each bot's route segment: the type its sessions carry (getIntegrationType) and its controller's name in errors. */
export const BOT_KINDS: Record<string, { type: string; name: string }> = {
	typebot: { type: 'typebot', name: 'Typebot' },
	evolutionBot: { type: 'evolution', name: 'EvolutionBot' },
	dify: { type: 'dify', name: 'Dify' },
	flowise: { type: 'flowise', name: 'Flowise' },
	n8n: { type: 'n8n', name: 'N8n' },
	evoai: { type: 'evoai', name: 'Evoai' },
	openai: { type: 'openai', name: 'Openai' },
};

/** fake.storeBotSession: a contact's session with a bot (made when its ID is new), as the bot's run stores it. */
export function storeBotSession(state: FakeState, input: StoreBotSessionInput = {}): FakeBotSession {
	const instanceName = input.instance ?? 'sales';
	const bot = input.bot ?? 'typebot';
	const botId = input.botId ?? cuid();
	const { bots, sessions } = state.fake.integrations;
	if (!bots.has(botId)) bots.set(botId, { bot, instance: instanceName });
	// One millisecond apart, so the newest is the last stored (getSession orders by createdAt).
	const now = new Date(Date.now() + sessions.length).toISOString();
	const session: FakeBotSession = {
		id: cuid(),
		sessionId: `${randomBytes(4).toString('hex')}-${cuid()}`,
		remoteJid: input.remoteJid ?? '51987654321@s.whatsapp.net',
		pushName: input.pushName ?? null,
		status: input.status ?? 'opened',
		awaitUser: false,
		context: null,
		type: BOT_KINDS[bot].type,
		createdAt: now,
		updatedAt: now,
		instanceId: state.idOf(instanceName),
		parameters: null,
		botId,
	};
	sessions.push(session);
	return session;
}

/** ChatbotController.getSession: the newest session of the chat on any instance (the DTO has no instanceId), if a bot's. */
function sessionOf(state: FakeState, remoteJid: string): FakeBotSession | null {
	const newest = state.fake.integrations.sessions.filter((session) => session.remoteJid === remoteJid).at(-1);
	return newest?.botId ? { ...newest } : null;
}

/**
 * POST /{bot}/changeStatus: the schema; 400 `<Bot> is disabled` when off. `delete`, and `closed`
 * unless the bot's settings keep sessions open, remove the chat's bot sessions **of every
 * instance** (the query has no instance); `opened` and `paused` (and a kept `closed`) change the
 * instance's, whatever their bot. 200.
 */
export const changeBotStatus =
	(bot: string): Handler =>
	(state, instance, body) => {
		const invalid = schemaFailure(body, SCHEMAS.status);
		if (invalid) return invalid;
		const { name, type } = BOT_KINDS[bot];
		if (isOff(state, bot)) return badRequest([`${name} is disabled`]);
		const remoteJid = String(body.remoteJid);
		const status = body.status as FakeBotSession['status'] | 'delete';
		// Typebot announces a status change as `typebot.change-status`, when the webhook subscribes to it.
		if (type === 'typebot') emitEvent(state, instance.name, 'TYPEBOT_CHANGE_STATUS', 'typebot.change-status', { remoteJid, status, session: sessionOf(state, remoteJid) });
		const integrations = state.fake.integrations;
		const ofChat = (session: FakeBotSession) => session.remoteJid === remoteJid && session.botId !== null;
		const remove = () => (integrations.sessions = integrations.sessions.filter((session) => !ofChat(session)));
		const now = new Date().toISOString();
		if (status === 'delete') {
			remove();
			return { status: 200, body: { bot: { remoteJid, status } } };
		}
		if (status === 'closed') {
			// The settings' Keep Open (or the test's switch) keeps closed sessions.
			const keepOpen = integrations.keepOpen.has(`${instance.name} ${bot}`) || integrations.botSettings.get(`${instance.name} ${bot}`)?.keepOpen === true;
			if (keepOpen) for (const session of integrations.sessions.filter(ofChat)) Object.assign(session, { status, updatedAt: now });
			else remove();
			return { status: 200, body: { bot: { instanceName: instance.name, bot: { remoteJid, status } } } };
		}
		const changed = integrations.sessions.filter((session) => ofChat(session) && session.instanceId === state.idOf(instance.name));
		for (const session of changed) Object.assign(session, { status, updatedAt: now });
		return { status: 200, body: { bot: { instanceName: instance.name, bot: { remoteJid, status, session: { count: changed.length } } } } };
	};

/**
 * GET /{bot}/fetchSessions/{botId}: 400 when off; a bot of another instance is a 500 `Error
 * fetching sessions`; the instance's sessions of this kind of bot, of that bot when it exists,
 * of every such bot when no bot has that ID. 200.
 */
export const fetchBotSessions =
	(bot: string): Handler =>
	(state, instance, _body, _query, botId) => {
		const { name, type } = BOT_KINDS[bot];
		if (isOff(state, bot)) return badRequest([`${name} is disabled`]);
		const found = botId === undefined ? undefined : state.fake.integrations.bots.get(botId);
		const known = found?.bot === bot ? found : undefined;
		if (known && known.instance !== instance.name) return internalError('Error fetching sessions');
		const sessions = state.fake.integrations.sessions.filter(
			(session) => session.instanceId === state.idOf(instance.name) && session.type === type && session.botId !== null && (!known || session.botId === botId),
		);
		return { status: 200, body: sessions.map((session) => ({ ...session })) };
	};

/** Whether the server could not reach a Typebot at this address (the fake: not a URL, or a host under `.invalid`). */
function unreachable(url: string): boolean {
	try {
		return new URL(url).hostname.endsWith('.invalid');
	} catch {
		return true;
	}
}

/** typebot.schema.ts typebotStartSchema. */
const START_SCHEMA: JsonSchema = {
	type: 'object',
	properties: { remoteJid: { type: 'string' }, url: { type: 'string' }, typebot: { type: 'string' } },
	required: ['remoteJid', 'url', 'typebot'],
	...isNotEmpty('remoteJid', 'url', 'typebot'),
};

/**
 * POST /typebot/start (200), as 2.3.6's TypebotController.startBot: 400 `Typebot is disabled` when
 * off; `status@broadcast` answers nothing. With `startSession`, the instance's bot of that URL and
 * public ID (made when new) gets a fresh session with the chat (the chat's other bot sessions go);
 * without, the server asks the Typebot itself and sends its first messages, storing no session, and
 * a Typebot it cannot reach (the fake: a host under `.invalid`) is logged and answered with nothing.
 */
export function startTypebot(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, START_SCHEMA);
	if (invalid) return invalid;
	if (isOff(state, 'typebot')) return badRequest(['Typebot is disabled']);
	const remoteJid = String(body.remoteJid);
	if (remoteJid === 'status@broadcast') return emptyAnswer(200);
	// startBot reads the instance's Typebot settings row before anything else, and has none to read.
	if (instance.typebotSettings === false) return internalError("Cannot read properties of null (reading 'expire')");
	const url = String(body.url);
	const typebot = String(body.typebot);
	const prefilledVariables = Object.fromEntries(
		(Array.isArray(body.variables) ? (body.variables as Array<{ name: unknown; value: unknown }>) : []).map(({ name, value }) => [String(name), value]),
	);
	const integrations = state.fake.integrations;
	if (body.startSession === true) {
		let botId = [...integrations.bots].find(([, known]) => known.instance === instance.name && known.url === url && known.typebot === typebot)?.[0];
		if (!botId) {
			botId = cuid();
			integrations.bots.set(botId, { bot: 'typebot', instance: instance.name, url, typebot });
		}
		integrations.sessions = integrations.sessions.filter((session) => !(session.remoteJid === remoteJid && session.instanceId === state.idOf(instance.name) && session.botId !== null));
		storeBotSession(state, { instance: instance.name, bot: 'typebot', botId, remoteJid });
	} else if (unreachable(url)) {
		return emptyAnswer(200);
	}
	return { status: 200, body: { typebot: { instanceName: instance.name, typebot: { url, remoteJid, typebot, prefilledVariables } } } };
}
