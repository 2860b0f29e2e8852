// The one rule for secrets in an output: a value that would let someone use a bot, an integration or
// an account (a bot's API key, n8n's Basic Auth password, an OpenAI credential's key, Chatwoot's
// token, a proxy's or a queue's password, Pusher's secret) is left out of the item, at any depth, as
// Instance → Get Many leaves out each instance's token; a webhook's headers, which may hold one, come
// out as their names only (`headerNames`). Left out, not masked: a masked value is still a value,
// which a workflow or an AI agent may copy into the next request and store in place of the secret;
// an absent one cannot be sent back (README, Chatbot). The keys come from the tables that know them.
import type { IDataObject } from 'n8n-workflow';

import { BOT_SECRET_KEYS } from './resources/chatbot/bots';
import { INTEGRATION_SECRET_KEYS } from './resources/integration/integrations';

const SECRET_KEYS: ReadonlySet<string> = new Set([...BOT_SECRET_KEYS, ...INTEGRATION_SECRET_KEYS]);

/** A copy of an answer without its secrets, at any depth; a webhook's headers as their names. */
export function withoutSecrets(answer: unknown): unknown {
	if (Array.isArray(answer)) return answer.map(withoutSecrets);
	if (!answer || typeof answer !== 'object') return answer;
	const copy: IDataObject = {};
	for (const [key, value] of Object.entries(answer as IDataObject)) {
		if (SECRET_KEYS.has(key)) continue;
		if (key === 'headers') copy.headerNames = value && typeof value === 'object' ? Object.keys(value) : [];
		else copy[key] = withoutSecrets(value) as IDataObject[string];
	}
	return copy;
}

/** An answer as items without secrets: one per row of a list, one for an object. */
export const itemsWithoutSecrets = (answer: unknown): IDataObject[] => (Array.isArray(answer) ? answer : [answer]).map((row) => withoutSecrets(row) as IDataObject);
