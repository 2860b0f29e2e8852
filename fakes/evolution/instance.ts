// The instance routes (the node's instance resource and its instance list): fetchInstances, which
// answers the global key and instance tokens differently, connectionState, and the life of an
// instance: create (a route without an instance, with its own guard order), connect, restart,
// logout, delete and setPresence, as Evolution 2.3's instance.controller.ts and the Baileys channel
// answer them.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import { badRequest, notFound, schemaFailure, wrapped } from './answers.ts';
import { isNotEmpty, isObject, type JsonSchema } from './schema.ts';
import { FAKE_PAIRING_CODE, SEEDED_PNG } from './seeds.ts';
import { DEFAULT_SETTINGS, SETTINGS_PROPERTIES, settingsFrom } from './settings.ts';
import type { CannedAnswer, FakeInstance, FakeQrCode, FakeState } from './types.ts';

const BAILEYS = 'WHATSAPP-BAILEYS';
export const BUSINESS = 'WHATSAPP-BUSINESS';

/** A WhatsApp Business Cloud API instance (Evolution's BusinessStartupService). */
export const isCloudApi = (instance: FakeInstance) => instance.integration === BUSINESS;
const INTEGRATIONS = [BUSINESS, BAILEYS, 'EVOLUTION'];

const SCHEMAS = {
	// src/validate/instance.schema.ts, its scalar keys in order (the event lists of webhook,
	// RabbitMQ, NATS and SQS left out: the node sends none). `Integration` is capitalised there, so
	// the `integration` the controller reads is never checked by the schema.
	instance: {
		type: 'object',
		properties: {
			instanceName: { type: 'string' },
			token: { type: 'string' },
			number: { type: 'string', pattern: '^\\d+[\\.@\\w-]+' },
			businessId: { type: 'string' },
			qrcode: { type: 'boolean' },
			Integration: { type: 'string', enum: INTEGRATIONS },
			...SETTINGS_PROPERTIES,
		},
		...isNotEmpty('instanceName'),
	},
	presenceOnly: {
		type: 'object',
		properties: { presence: { type: 'string', enum: ['unavailable', 'available', 'composing', 'recording', 'paused'] } },
		required: ['presence'],
	},
} satisfies Record<string, JsonSchema>;

/** A new QR code, as the Baileys channel keeps it once WhatsApp sent one: a pairing code only for a number. */
function newQrCode(number: string | null | undefined, count = 1): FakeQrCode {
	return {
		pairingCode: number ? FAKE_PAIRING_CODE : null,
		code: `2@${randomUUID().replaceAll('-', '')},fakeNoiseKey=,fakeIdentityKey=,fakeAdvSecret=`,
		base64: `data:image/png;base64,${SEEDED_PNG.toString('base64')}`,
		count,
	};
}

/** What `connectionState` answers, which connect and restart answer for an open instance. */
const stateAnswer = (instance: FakeInstance) => ({ instance: { instanceName: instance.name, state: instance.connectionStatus } });

/** Baileys' `qrCode` getter: `{pairingCode, code, base64, count}` (undefined keys left out of the JSON). */
const qrAnswer = (instance: FakeInstance) => ({ ...(instance.qrcode ?? { count: 0 }) });

/** The 200 the controller answers when connect or restart throws: its `error.toString()` of Evolution's plain-object exceptions. */
const swallowedError = (): CannedAnswer => ({ status: 200, body: { error: true, message: '[object Object]' } });

/**
 * An instance as fetchInstances answers it: the Prisma row with its integrations' rows (null when
 * none) and its Setting row included, as the real 2.3.6 and 2.3.7 answer (recorded:
 * test/fixtures/evolution-real/).
 */
function instanceRow(state: FakeState, instance: FakeInstance) {
	const created = '2026-01-01T00:00:00.000Z';
	const id = state.idOf(instance.name);
	const { integrations } = state.fake;
	const transport = (segment: string) => integrations.transports.get(instance.name)?.get(segment) ?? null;
	return {
		id,
		name: instance.name,
		connectionStatus: instance.connectionStatus,
		ownerJid: instance.ownerJid,
		profileName: instance.profileName,
		profilePicUrl: null,
		integration: instance.integration ?? BAILEYS,
		number: null,
		businessId: null,
		token: instance.token,
		clientName: 'evolution_exchange',
		disconnectionReasonCode: null,
		disconnectionObject: null,
		disconnectionAt: null,
		createdAt: created,
		updatedAt: created,
		Chatwoot: integrations.chatwoot.get(instance.name) ?? null,
		Proxy: integrations.proxies.get(instance.name) ?? null,
		Rabbitmq: transport('rabbitmq'),
		Nats: transport('nats'),
		Sqs: transport('sqs'),
		Websocket: transport('websocket'),
		Setting: { id: `${id}-setting`, ...(state.fake.settings.get(instance.name) ?? DEFAULT_SETTINGS), createdAt: created, updatedAt: created, instanceId: id },
		_count: { Message: 0, Contact: 0, Chat: 0 },
	};
}

/** GET /instance/fetchInstances: no instance in the path; the key decides what is seen. */
export function fetchInstances(state: FakeState, headers: IncomingHttpHeaders, query: URLSearchParams): CannedAnswer {
	const key = headers.apikey;
	const instanceName = query.get('instanceName') || undefined;
	const instanceId = query.get('instanceId') || undefined;
	const number = query.get('number') || undefined;
	const all = [...state.fake.instances.values()];
	if (key !== state.fake.apiKey) {
		// An instance token sees only its own instance, narrowed further by name or id.
		const visible = all.filter(
			(instance) =>
				key === instance.token &&
				(!instanceName || instance.name === instanceName) &&
				(!instanceId || state.idOf(instance.name) === instanceId),
		);
		if (visible.length === 0) return wrapped(401, 'Unauthorized', 'Unauthorized');
		return { status: 200, body: visible.map((instance) => instanceRow(state, instance)) };
	}
	if (instanceId || number) {
		const byId = instanceId ? all.find((instance) => state.idOf(instance.name) === instanceId) : undefined;
		if (!byId) return notFound([`Instance "${instanceId ?? number}" not found`]);
		return { status: 200, body: [instanceRow(state, byId)] };
	}
	if (instanceName) {
		const named = state.fake.instances.get(instanceName);
		if (!named) return notFound([`Instance "${instanceName}" not found`]);
		return { status: 200, body: [instanceRow(state, named)] };
	}
	return { status: 200, body: all.map((instance) => instanceRow(state, instance)) };
}

export function connectionState(_state: FakeState, instance: FakeInstance): CannedAnswer {
	return { status: 200, body: { instance: { instanceName: instance.name, state: instance.connectionStatus } } };
}

/**
 * POST /instance/create: instanceLoggedGuard first (a name in use is a 403 even with a bad key;
 * with no name, any existing instance makes "undefined" in use), then the global key (an instance
 * token is refused), then the schema, then the controller: the integration, Business's token and
 * number, the instance, its settings and, for Baileys with `qrcode`, a QR code. 201.
 */
export function createInstance(state: FakeState, headers: IncomingHttpHeaders, body: unknown): CannedAnswer {
	const fields: Record<string, unknown> = isObject(body) ? { ...body } : {};
	const name = fields.instanceName;
	const inUse = name === undefined ? state.fake.instances.size > 0 : state.fake.instances.has(String(name));
	if (inUse) return wrapped(403, 'Forbidden', [`This name "${String(name)}" is already in use.`]);
	if (headers.apikey !== state.fake.apiKey) return wrapped(401, 'Unauthorized', 'Unauthorized');
	const invalid = schemaFailure(fields, SCHEMAS.instance);
	if (invalid) return invalid;
	const integration = fields.integration;
	// Every error in createInstance is caught and answered as a 400 with its first message.
	if (integration === BUSINESS && !fields.token) return badRequest(['token is required']);
	if (typeof integration !== 'string' || !INTEGRATIONS.includes(integration)) return badRequest(['Invalid integration']);
	if (typeof name !== 'string') return badRequest(['Argument `name` is missing.']);
	if (integration === BUSINESS && !fields.number) return badRequest(['number is required']);
	const hash = typeof fields.token === 'string' && fields.token ? fields.token : randomUUID().toUpperCase();
	const connects = fields.qrcode === true && integration === BAILEYS;
	const number = typeof fields.number === 'string' ? fields.number : undefined;
	const instance: FakeInstance = {
		name,
		token: hash,
		// A Business instance is open from the start; Baileys connects only when asked for a QR code.
		connectionStatus: integration === BUSINESS ? 'open' : connects ? 'connecting' : 'close',
		ownerJid: null,
		profileName: null,
		integration,
		qrcode: connects ? newQrCode(number) : undefined,
		businessId: typeof fields.businessId === 'string' ? fields.businessId : undefined,
		...(integration === BAILEYS && !connects ? { socket: false as const } : {}),
		typebotSettings: false,
	};
	state.fake.instances.set(name, instance);
	const serverUrl = state.options.serverUrl ?? state.fake.url;
	const settings = settingsFrom(fields);
	// Evolution stores the instance's settings row with it (settings/find answers them from now on).
	state.fake.settings.set(name, { ...settings });
	return {
		status: 201,
		body: {
			instance: {
				instanceName: name,
				instanceId: state.idOf(name),
				integration,
				webhookWaBusiness: integration === BUSINESS ? `${serverUrl}/webhook/meta` : null,
				accessTokenWaBusiness: integration === BUSINESS ? 'evolution' : '',
				status: instance.connectionStatus,
			},
			hash,
			webhook: {},
			websocket: {},
			rabbitmq: {},
			nats: {},
			sqs: {},
			settings,
			...(connects ? { qrcode: qrAnswer(instance) } : {}),
		},
	};
}

/**
 * GET /instance/connect/{instance}[?number=]: an open instance answers its state; a connecting one
 * its QR code as it is; a closed one starts connecting (with a pairing code for a number) and
 * answers the new QR code.
 */
export function connect(_state: FakeState, instance: FakeInstance, _body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	if (instance.connectionStatus === 'open') return { status: 200, body: stateAnswer(instance) };
	if (instance.connectionStatus === 'close') {
		delete instance.socket;
		instance.qrcode = newQrCode(query.get('number'), (instance.qrcode?.count ?? 0) + 1);
		instance.connectionStatus = 'connecting';
	}
	return { status: 200, body: qrAnswer(instance) };
}

/** POST /instance/restart/{instance}: a closed instance is the controller's swallowed error; others reconnect and answer as connect. */
export function restart(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	if (instance.connectionStatus === 'close') return swallowedError();
	return connect(state, instance, body, new URLSearchParams());
}

const SUCCESS = (message: string): CannedAnswer => ({ status: 200, body: { status: 'SUCCESS', error: false, response: { message } } });

/** DELETE /instance/logout/{instance}: a closed instance is a 400; otherwise the session ends. */
export function logout(_state: FakeState, instance: FakeInstance): CannedAnswer {
	if (instance.connectionStatus === 'close') return badRequest([`The "${instance.name}" instance is not connected`]);
	instance.connectionStatus = 'close';
	instance.ownerJid = null;
	instance.qrcode = undefined;
	return SUCCESS('Instance logged out');
}

/** DELETE /instance/delete/{instance}: logged out first when open or connecting, then removed with its webhook. */
export function deleteInstance(state: FakeState, instance: FakeInstance): CannedAnswer {
	state.fake.instances.delete(instance.name);
	state.fake.webhooks.delete(instance.name);
	state.fake.settings.delete(instance.name);
	return SUCCESS('Instance deleted');
}

/** POST /instance/setPresence/{instance}: the schema, then Baileys' sendPresenceUpdate (a closed socket fails). 201. */
export function setPresence(_state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.presenceOnly);
	if (invalid) return invalid;
	if (instance.connectionStatus !== 'open') return badRequest(['Error: Connection Closed']);
	return { status: 201, body: { presence: body.presence } };
}
