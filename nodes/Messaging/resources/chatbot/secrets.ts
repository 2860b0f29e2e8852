// What the chatbot routes echo that would let someone use a bot or an account: its API key, the
// n8n webhook's Basic Auth password, an OpenAI credential's key. The server answers them in clear
// (create, find, fetch, update, settings' fallback bot, credentials); the items say only whether one is set.
import type { IDataObject } from 'n8n-workflow';

const SECRET_KEYS = new Set(['apiKey', 'basicAuthPass', 'token', 'password', 'secret']);

/** What stands for a secret that is set. */
export const MASKED = '********';

/** A copy of an answer with every secret, at any depth, masked (an empty one stays as it was: none is set). */
export function masked(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(masked);
	if (!value || typeof value !== 'object') return value;
	const copy: IDataObject = {};
	for (const [key, inner] of Object.entries(value as IDataObject)) {
		copy[key] = SECRET_KEYS.has(key) && typeof inner === 'string' && inner !== '' ? MASKED : (masked(inner) as IDataObject[string]);
	}
	return copy;
}

/** An answer as items, secrets masked: one per row of a list, one for an object. */
export const maskedItems = (answer: unknown): IDataObject[] => (Array.isArray(answer) ? answer : [answer]).map((row) => masked(row) as IDataObject);

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
