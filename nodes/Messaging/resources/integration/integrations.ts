// Evolution's server-side integrations the Integration resource drives: each one's path segment,
// its name, the .env switch that turns it on, and the release that brought its routes; and what of
// their answers stays out of the items.
import type { IDataObject } from 'n8n-workflow';

export interface Integration {
	name: string;
	/** The server's .env setting; with it off, the routes answer empty (transports) or 400 "… is disabled". */
	env?: string;
	/** The first release with these routes (older ones answer 404 `Cannot POST …`). */
	since?: string;
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

/** The chatbots (src/api/integrations/chatbot/*), by the path segment of their routes. */
export const BOTS = {
	typebot: { name: 'Typebot', env: 'TYPEBOT_ENABLED' },
	evolutionBot: { name: 'Evolution Bot' },
	dify: { name: 'Dify', env: 'DIFY_ENABLED' },
	flowise: { name: 'Flowise', env: 'FLOWISE_ENABLED' },
	n8n: { name: 'n8n', env: 'N8N_ENABLED', since: '2.3.0' },
	evoai: { name: 'EvoAI', env: 'EVOAI_ENABLED', since: '2.3.0' },
	openai: { name: 'OpenAI', env: 'OPENAI_ENABLED' },
} as const satisfies Record<string, Integration>;

export type Bot = keyof typeof BOTS;

const OTHERS = {
	chatwoot: { name: 'Chatwoot', env: 'CHATWOOT_ENABLED' },
	proxy: { name: 'the proxy' },
} as const satisfies Record<string, Integration>;

/** An operation's route kind: `integration:<path segment>`, which the error table reads. */
export const integrationKind = (segment: Transport | Bot | keyof typeof OTHERS) => `integration:${segment}`;

/** The integration a route kind names (with its path segment), if it is one. */
export function integrationOf(routeKind: string): (Integration & { segment: string }) | undefined {
	if (!routeKind.startsWith('integration:')) return undefined;
	const segment = routeKind.slice('integration:'.length);
	const all: Record<string, Integration> = { ...TRANSPORTS, ...BOTS, ...OTHERS };
	return all[segment] ? { ...all[segment], segment } : undefined;
}

/** What would let someone use the integration: API tokens, passwords, Pusher's secret. */
const SECRET_KEYS = ['token', 'password', 'secret'];

/**
 * An answer as an item, without its secrets (as Instance → Get Many leaves out each instance's
 * token). A webhook's headers may hold one (a bearer token, the Messaging Trigger's secret): only
 * their names stay, as `headerNames`.
 */
export function withoutSecrets(answer: unknown): IDataObject {
	const item: IDataObject = { ...(answer as IDataObject) };
	for (const key of SECRET_KEYS) delete item[key];
	if ('headers' in item) {
		const headers = item.headers;
		delete item.headers;
		item.headerNames = headers && typeof headers === 'object' ? Object.keys(headers) : [];
	}
	return item;
}
