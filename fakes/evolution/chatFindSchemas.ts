// The JSON schemas of the chat routes' finds (chat.schema.ts: findMessages, findStatusMessage,
// findContacts and findChats), as each release the fake plays validates them.
import { isNotEmpty, type JsonSchema } from './schema.ts';
import { releaseAtLeast } from './server.ts';
import type { FakeState } from './types.ts';

export const FIND_SCHEMAS = {
	// chat.schema.ts messageValidateSchema (its `key` if/then as the server writes it).
	findMessages: {
		type: 'object',
		properties: {
			where: {
				type: 'object',
				properties: {
					_id: { type: 'string', minLength: 1 },
					key: {
						type: 'object',
						properties: {
							remoteJid: { type: 'string', minLength: 1 },
							id: { type: 'string', minLength: 1 },
							fromMe: { type: 'boolean', enum: [true, false] },
						},
					},
					message: { type: 'object' },
				},
				...isNotEmpty('_id'),
			},
			limit: { type: 'integer' },
		},
	},
	// chat.schema.ts messageUpSchema.
	findStatusMessage: {
		type: 'object',
		properties: {
			where: {
				type: 'object',
				properties: {
					_id: { type: 'string' },
					remoteJid: { type: 'string' },
					id: { type: 'string' },
					fromMe: { type: 'boolean', enum: [true, false] },
					participant: { type: 'string' },
					status: { type: 'string', enum: ['ERROR', 'PENDING', 'SERVER_ACK', 'DELIVERY_ACK', 'READ', 'PLAYED'] },
				},
				...isNotEmpty('_id', 'remoteJid', 'id', 'status'),
			},
			limit: { type: 'integer' },
		},
	},
	// chat.schema.ts contactValidateSchema: findContacts and findChats.
	contacts: {
		type: 'object',
		properties: {
			where: {
				type: 'object',
				properties: { _id: { type: 'string', minLength: 1 }, pushName: { type: 'string', minLength: 1 }, id: { type: 'string', minLength: 1 } },
				...isNotEmpty('_id', 'id', 'pushName'),
			},
		},
	},
	// 2.3.7 checks `where.remoteJid` too: an empty one is a 400 (recorded), where 2.3.6 lists every contact.
	contacts237: {
		type: 'object',
		properties: {
			where: {
				type: 'object',
				properties: {
					_id: { type: 'string', minLength: 1 },
					pushName: { type: 'string', minLength: 1 },
					id: { type: 'string', minLength: 1 },
					remoteJid: { type: 'string', minLength: 1 },
				},
				...isNotEmpty('_id', 'id', 'pushName', 'remoteJid'),
			},
		},
	},
} satisfies Record<string, JsonSchema>;

/** findContacts' and findChats' schema in the release the fake plays. */
export const contactsSchema = (state: FakeState) => (releaseAtLeast(state, '2.3.7') ? FIND_SCHEMAS.contacts237 : FIND_SCHEMAS.contacts);
