// What the chatbot tests share: the parameters of each operation, and the check that every body
// the node sent passes the Evolution schema of its route (the fake's ports of them).
import { BOT_SCHEMAS, IGNORE_JID_SCHEMA, OPENAI_CREDS_SCHEMA, SETTINGS_SCHEMAS } from '../../../../fakes/evolution/chatbotSchemas';
import { validateSchema, type JsonSchema } from '../../../../fakes/evolution/schema';
import type { EvolutionFake } from '../../../../fakes/evolution';
import { instance } from '../helpers';

export const chatbot = (operation: string, overrides: Record<string, unknown> = {}) => ({
	resource: 'chatbot',
	operation,
	instanceName: instance('sales'),
	...overrides,
});

/** The picked bot, from the list (the locator's value) or by ID. */
export const botPicked = (id: string, mode: 'list' | 'id' = 'list') => ({ __rl: true, mode, value: id });

/** The schema Evolution checks a chatbot route's body with, by method and path. */
function schemaOf(method: string, path: string): JsonSchema | undefined {
	const [, segment, action] = path.split('/');
	if (segment === 'openai' && action === 'creds' && method === 'POST') return OPENAI_CREDS_SCHEMA;
	if ((action === 'create' && method === 'POST') || (action === 'update' && method === 'PUT')) return BOT_SCHEMAS[segment];
	if (action === 'settings') return SETTINGS_SCHEMAS[segment];
	if (action === 'ignoreJid') return IGNORE_JID_SCHEMA;
	return undefined;
}

/** Every body the fake received on a chatbot route, with the errors of its Evolution schema (none expected). */
export function schemaErrorsOfBodies(fake: EvolutionFake): string[] {
	return fake.requests.flatMap((request) => {
		const schema = schemaOf(request.method, request.path.split('?')[0]);
		if (!schema) return [];
		return validateSchema(request.body, schema).map((error) => `${request.method} ${request.path}: ${error.message}`);
	});
}

/** How many bodies were checked, so that a test of the bodies cannot pass on none. */
export const checkedBodies = (fake: EvolutionFake) => fake.requests.filter((request) => schemaOf(request.method, request.path.split('?')[0])).length;
