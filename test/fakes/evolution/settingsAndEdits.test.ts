// The fake's settings routes and its message edits and deletions, as Evolution 2.3.6 answers them
// (docs/evolution-api.md).
import { describe, expect, it } from 'vitest';

import { SEEDED_MESSAGES } from '../../../fakes/evolution';
import { callFake } from './call';
import { useEvolutionFake } from '../../harness/evolutionFake';

const state = useEvolutionFake();

const call = (method: string, path: string, body?: unknown, apikey?: string) => callFake(state.fake, method, path, body, apikey);

const FLAGS = { rejectCall: true, groupsIgnore: false, alwaysOnline: false, readMessages: false, readStatus: false, syncFullHistory: false };

describe('Evolution fake: settings', () => {
	it('finds the settings, null without a row, and 401 with a bad key', async () => {
		expect((await call('GET', '/settings/find/sales')).body).toEqual({
			rejectCall: false,
			msgCall: '',
			groupsIgnore: false,
			alwaysOnline: false,
			readMessages: false,
			readStatus: false,
			syncFullHistory: false,
			wavoipToken: '',
		});
		expect((await call('GET', '/settings/find/sales', undefined, 'bad')).status).toBe(401);
		state.fake.settings.delete('sales');
		expect(await call('GET', '/settings/find/sales')).toEqual({ status: 200, body: null });
	});

	it('requires every flag, answers 201 with the body, and keeps a text left out', async () => {
		expect((await call('POST', '/settings/set/sales', { rejectCall: true })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: {
				message: [
					[
						'instance requires property "groupsIgnore"',
						'instance requires property "alwaysOnline"',
						'instance requires property "readMessages"',
						'instance requires property "readStatus"',
						'instance requires property "syncFullHistory"',
					],
				],
			},
		});
		expect(await call('POST', '/settings/set/sales', { ...FLAGS, msgCall: 'No llamadas' })).toEqual({
			status: 201,
			body: { settings: { instanceName: 'sales', settings: { ...FLAGS, msgCall: 'No llamadas' } } },
		});
		await call('POST', '/settings/set/sales', FLAGS);
		expect(state.fake.settings.get('sales')).toMatchObject({ rejectCall: true, msgCall: 'No llamadas' });
		expect((await call('POST', '/settings/set/sales', { ...FLAGS, msgCall: 'x'.repeat(101) })).status).toBe(500);
	});
});

describe('Evolution fake: updateMessage and deleteMessageForEveryone', () => {
	it("edits a stored text (200), whoever sent it; refuses an unknown one and another chat's", async () => {
		const sent = await call('POST', '/message/sendText/sales', { number: '51987654321', text: 'Hola' });
		const key = sent.body.key;
		const edited = await call('POST', '/chat/updateMessage/sales', { number: key.remoteJid, key, text: 'Hola!' });
		expect(edited.status).toBe(200);
		expect(edited.body.message.protocolMessage).toMatchObject({ key, type: 'MESSAGE_EDIT', editedMessage: { extendedTextMessage: { text: 'Hola!' } } });
		expect(state.fake.messages.get(key.id)).toMatchObject({ text: 'Hola!', status: 'EDITED' });
		// 2.3.6 creates "You cannot edit others messages" without throwing it.
		const received = { remoteJid: '51987654321@s.whatsapp.net', fromMe: false, id: SEEDED_MESSAGES.text };
		expect((await call('POST', '/chat/updateMessage/sales', { number: '51987654321', key: received, text: 'x' })).status).toBe(200);
		expect((await call('POST', '/chat/updateMessage/sales', { number: '51987654321', key: { ...key, id: 'NOPE00001' }, text: 'x' })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: { message: ['Message not compatible'] },
		});
		expect((await call('POST', '/chat/updateMessage/sales', { number: '51912345678', key, text: 'x' })).body.response.message).toEqual([
			'RemoteJid does not match',
		]);
		expect((await call('POST', '/chat/updateMessage/sales', { number: '51987654321', key: { id: key.id }, text: 'x' })).body.response.message).toEqual([
			['key requires property "fromMe"', 'key requires property "remoteJid"'],
		]);
	});

	it('revokes any ID (201), marks a stored one DELETED, and fails on a closed connection', async () => {
		const sent = await call('POST', '/message/sendText/sales', { number: '51987654321', text: 'Hola' });
		const { id, fromMe, remoteJid } = sent.body.key;
		const deleted = await call('DELETE', '/chat/deleteMessageForEveryone/sales', { id, fromMe, remoteJid });
		expect(deleted.status).toBe(201);
		expect(deleted.body.message.protocolMessage).toEqual({ key: { remoteJid, fromMe, id }, type: 'REVOKE' });
		expect(state.fake.messages.get(id)?.status).toBe('DELETED');
		expect((await call('DELETE', '/chat/deleteMessageForEveryone/sales', { id: 'NOPE00001', fromMe: true, remoteJid })).status).toBe(201);
		expect((await call('DELETE', '/chat/deleteMessageForEveryone/offline', { id, fromMe, remoteJid })).body).toEqual({
			status: 500,
			error: 'Internal Server Error',
			response: { message: ['Error while deleting message for everyone', 'Error: Connection Closed'] },
		});
		expect((await call('DELETE', '/chat/deleteMessageForEveryone/sales', { id })).status).toBe(400);
	});
});
