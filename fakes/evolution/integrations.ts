// The event transport routes other than the webhook's (websocket, rabbitmq, nats, sqs, kafka,
// pusher: `/{transport}/set|find/{instance}`) and the proxy's (`/proxy/set|find`), as Evolution
// 2.3.6's EventController, its Pusher and SQS controllers, ProxyController and the channel's
// setProxy answer them, on each instance's rows (fake.integrations). The webhook's routes are in
// webhook.ts.
import { randomBytes } from 'node:crypto';

import { badRequest, internalError, schemaFailure } from './answers.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import type { CannedAnswer, FakeInstance, FakeIntegrations, FakeRow, FakeState, Handler } from './types.ts';
import { eventsOf, type EvolutionRelease } from './release.ts';

/** A new Prisma `cuid()`. */
export const cuid = () => `cm${randomBytes(12).toString('hex').slice(0, 23)}`;

/** The integrations' state of a new fake, and after `reset()`: nothing stored, `integrationsOff` turned off. */
export function emptyIntegrations(off: string[] = []): FakeIntegrations {
	return {
		transports: new Map(),
		proxies: new Map(),
		chatwoot: new Map(),
		bots: new Map(),
		botSettings: new Map(),
		openaiCreds: new Map(),
		sessions: [],
		keepOpen: new Set(),
		off: new Set(off),
	};
}

export const isOff = (state: FakeState, segment: string) => state.fake.integrations.off.has(segment);

/** What Express sends for `res.status(code).json(undefined)`: the JSON content type, no body. */
export const emptyAnswer = (status: number): CannedAnswer => ({ status, body: '', headers: { 'content-type': 'application/json; charset=utf-8' } });

const PUSHER_REQUIRED = ['enabled', 'appId', 'key', 'secret', 'cluster', 'useTLS'];

/**
 * src/api/integrations/event/event.schema.ts, pusher/pusher.schema.ts and src/validate/proxy.schema.ts,
 * keys in their order; the events a transport may carry are the release's EventController.events.
 */
function schemasOf(release: EvolutionRelease) {
	const eventsSchema: JsonSchema = { type: 'array', minItems: 0, items: { type: 'string', enum: eventsOf(release) } };
	/** event.schema.ts's `$defs.event`, which each transport's key refers to. */
	const eventDefinition: JsonSchema = {
		type: 'object',
		properties: { enabled: { type: 'boolean', enum: [true, false] }, events: eventsSchema },
		required: ['enabled'],
	};
	return {
		// One schema for the five routes: every transport's key is checked, none is required.
		event: {
			type: 'object',
			properties: { websocket: eventDefinition, rabbitmq: eventDefinition, nats: eventDefinition, sqs: eventDefinition, kafka: eventDefinition },
		},
		pusher: {
			type: 'object',
			properties: {
				pusher: {
					type: 'object',
					properties: {
						enabled: { type: 'boolean' },
						appId: { type: 'string' },
						key: { type: 'string' },
						secret: { type: 'string' },
						cluster: { type: 'string' },
						useTLS: { type: 'boolean' },
						events: eventsSchema,
					},
					required: PUSHER_REQUIRED,
					...isNotEmpty(...PUSHER_REQUIRED),
				},
			},
			required: ['pusher'],
		},
		proxy: {
			type: 'object',
			properties: {
				enabled: { type: 'boolean', enum: [true, false] },
				host: { type: 'string' },
				port: { type: 'string' },
				protocol: { type: 'string' },
				username: { type: 'string' },
				password: { type: 'string' },
			},
			required: ['enabled', 'host', 'port', 'protocol'],
			...isNotEmpty('enabled', 'host', 'port', 'protocol'),
		},
	} satisfies Record<string, JsonSchema>;
}
const SCHEMAS = schemasOf('2.3.6');
const schemasByRelease = new Map<EvolutionRelease, ReturnType<typeof schemasOf>>();
const schemasFor = (release: EvolutionRelease) => {
	if (!schemasByRelease.has(release)) schemasByRelease.set(release, schemasOf(release));
	return schemasByRelease.get(release)!;
};

/** The transports of these routes, and the keys of their Prisma rows in the model's order. */
const TRANSPORT_COLUMNS: Record<string, string[]> = {
	websocket: [],
	rabbitmq: [],
	nats: [],
	sqs: [],
	kafka: [],
	pusher: ['appId', 'key', 'secret', 'cluster', 'useTLS'],
};

function transportsOf(state: FakeState, instanceName: string): Map<string, FakeRow> {
	const { transports } = state.fake.integrations;
	if (!transports.has(instanceName)) transports.set(instanceName, new Map());
	return transports.get(instanceName)!;
}

/**
 * POST /{transport}/set: the schema; nothing (201, empty) when the server has the transport off
 * (Pusher's own `set` does not ask; SQS's also answers nothing in global mode, which the fake does
 * not play); an empty list of events is every event, a transport turned off keeps none; the row
 * is upserted and answered (201).
 */
export const setEventTransport =
	(transport: string): Handler =>
	(state, instance, body) => {
		const schemas = schemasFor(state.fake.release);
		const invalid = schemaFailure(body, transport === 'pusher' ? schemas.pusher : schemas.event);
		if (invalid) return invalid;
		if (transport !== 'pusher' && isOff(state, transport)) return emptyAnswer(201);
		const given = body[transport] as Record<string, unknown> | undefined;
		// `data[this.name].events = …` on a body without the transport's key: a TypeError, answered 500.
		if (!given) return internalError("Cannot set properties of undefined (setting 'events')");
		let events = given.events as string[] | undefined;
		if (given.enabled !== true) events = [];
		else if (events === undefined) return internalError("Cannot read properties of undefined (reading 'length')");
		else if (events.length === 0) events = [...eventsOf(state.fake.release)];
		const rows = transportsOf(state, instance.name);
		const before = rows.get(transport);
		const now = new Date().toISOString();
		const row: FakeRow = { id: before?.id ?? cuid(), enabled: given.enabled };
		for (const column of TRANSPORT_COLUMNS[transport]) row[column] = given[column];
		Object.assign(row, { events, createdAt: before?.createdAt ?? now, updatedAt: now, instanceId: state.idOf(instance.name) });
		rows.set(transport, row);
		return { status: 201, body: row };
	};

/** GET /{transport}/find: nothing (200, empty) when the server has it off; else the row, or JSON null. */
export const findEventTransport =
	(transport: string): Handler =>
	(state, instance) => {
		if (isOff(state, transport)) return emptyAnswer(200);
		const row = transportsOf(state, instance.name).get(transport);
		return { status: 200, body: row ? { ...row } : null };
	};

/**
 * The controller's testProxy fetches https://icanhazip.com through the proxy and fails when that
 * fails (makeProxyAgent knows only `http` and `socks`) or shows the server's own address. The fake
 * cannot tell: a host under `.invalid` (RFC 2606) plays a proxy that does not work.
 */
const proxyWorks = (data: Record<string, unknown>) => (data.protocol === 'http' || data.protocol === 'socks') && !/\.invalid$/i.test(String(data.host));

/**
 * POST /proxy/set: the schema; a proxy turned off has every setting blanked; a host is tried first
 * (400 `Invalid proxy`); then 201 `{proxy: {instanceName, proxy: <the body>}}`. The row is saved
 * without waiting: a first save without `username` or `password` fails in Prisma (the columns have
 * no default) after the answer, so nothing is stored.
 */
export function setProxy(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.proxy);
	if (invalid) return invalid;
	const data = { ...body };
	if (!data.enabled) Object.assign(data, { host: '', port: '', protocol: '', username: '', password: '' });
	if (data.host && !proxyWorks(data)) return badRequest(['Invalid proxy']);
	const { proxies } = state.fake.integrations;
	const before = proxies.get(instance.name);
	if (before || (typeof data.username === 'string' && typeof data.password === 'string')) {
		const now = new Date().toISOString();
		const row: FakeRow = { id: before?.id ?? cuid() };
		for (const column of ['enabled', 'host', 'port', 'protocol', 'username', 'password']) row[column] = data[column] ?? before?.[column];
		Object.assign(row, { createdAt: before?.createdAt ?? now, updatedAt: now, instanceId: state.idOf(instance.name) });
		proxies.set(instance.name, row);
	}
	return { status: 201, body: { proxy: { instanceName: instance.name, proxy: data } } };
}

/** GET /proxy/find: the row, or JSON null (the service catches its "Proxy not found"). */
export function findProxy(state: FakeState, instance: FakeInstance): CannedAnswer {
	const row = state.fake.integrations.proxies.get(instance.name);
	return { status: 200, body: row ? { ...row } : null };
}
