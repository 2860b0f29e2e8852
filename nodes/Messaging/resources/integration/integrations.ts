// Evolution's server-side integrations the Integration and Chatbot resources drive: each one's path
// segment, its name, the .env switch that turns it on, and the release that brought its routes (the
// bots' in chatbot/bots.ts, their one table); an operation's route kind names one, and the error
// table finds it by that kind.
import type { Release } from '../../../shared/contract';
import { BOT_KINDS, botKind, type Bot } from '../chatbot/bots';

export interface Integration {
	name: string;
	/** How the server's errors name it ("Typebot is disabled"), where they do. */
	serverName?: string;
	/** The server's .env setting; with it off, the routes answer empty (transports) or 400 "… is disabled". */
	env?: string;
	/** The first release with these routes (older ones answer 404 `Cannot POST …`). */
	since?: Release;
}

/** The event transports (src/api/integrations/event/*), by the path segment of their routes. */
export const TRANSPORTS = {
	webhook: { name: 'Webhook' },
	websocket: { name: 'WebSocket', env: 'WEBSOCKET_ENABLED' },
	rabbitmq: { name: 'RabbitMQ', env: 'RABBITMQ_ENABLED' },
	sqs: { name: 'SQS', env: 'SQS_ENABLED' },
	nats: { name: 'NATS', env: 'NATS_ENABLED', since: '2.3.0' },
	pusher: { name: 'Pusher', env: 'PUSHER_ENABLED' },
	kafka: { name: 'Kafka', env: 'KAFKA_ENABLED', since: '2.3.4' },
} as const satisfies Record<string, Integration>;

export type Transport = keyof typeof TRANSPORTS;

const OTHERS = {
	chatwoot: { name: 'Chatwoot', serverName: 'Chatwoot', env: 'CHATWOOT_ENABLED' },
	proxy: { name: 'the proxy' },
} as const satisfies Record<string, Integration>;

type Segment = Transport | Bot | keyof typeof OTHERS;

/** An operation's route kind: `integration:<path segment>`, the error table's case for it. */
export const integrationKind = (segment: Segment) => `integration:${segment}`;

/** Every integration by its route kind, with its path segment: found by the kind, never read out of it. */
const BY_ROUTE_KIND: ReadonlyMap<string, Integration & { segment: Segment }> = new Map(
	[
		...Object.entries(TRANSPORTS).map(([segment, integration]): [Segment, Integration] => [segment as Transport, integration]),
		...BOT_KINDS.map((segment): [Segment, Integration] => [segment, botKind(segment)]),
		...Object.entries(OTHERS).map(([segment, integration]): [Segment, Integration] => [segment as keyof typeof OTHERS, integration]),
	].map(([segment, { name, serverName, env, since }]) => [integrationKind(segment), { name, serverName, env, since, segment }]),
);

/** The integration a route kind names (with its path segment), if it is one. */
export const integrationOf = (routeKind: string) => BY_ROUTE_KIND.get(routeKind);

/** What would let someone use an integration: API tokens (Chatwoot's), passwords (a proxy's, a queue's), Pusher's secret. */
export const INTEGRATION_SECRET_KEYS: readonly string[] = ['token', 'password', 'secret'];
