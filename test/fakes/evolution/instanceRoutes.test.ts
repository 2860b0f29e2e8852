// The fake's instance routes as Evolution 2.3's instance.controller.ts, its guards and the Baileys
// channel answer them (docs/evolution-api.md, "Instance routes").
import { describe, expect, it } from 'vitest';

import { FAKE_PAIRING_CODE, SEEDED_PNG } from '../../../fakes/evolution';
import { callFake } from './call';
import { useEvolutionFake } from '../../harness/evolutionFake';

const state = useEvolutionFake();

const call = (method: string, path: string, body?: unknown, apikey?: string) => callFake(state.fake, method, path, body, apikey);

const QR_BASE64 = `data:image/png;base64,${SEEDED_PNG.toString('base64')}`;

describe('Evolution API fake: instance/create', () => {
	it('checks the name in use before the key, then the global key, then the schema', async () => {
		expect(await call('POST', '/instance/create', { instanceName: 'sales', integration: 'WHATSAPP-BAILEYS' }, 'bad')).toEqual({
			status: 403,
			body: { status: 403, error: 'Forbidden', response: { message: ['This name "sales" is already in use.'] } },
		});
		// No name: every existing instance matches, so "undefined" is in use.
		expect((await call('POST', '/instance/create', {})).body.response.message).toEqual(['This name "undefined" is already in use.']);
		expect(await call('POST', '/instance/create', { instanceName: 'nueva', integration: 'WHATSAPP-BAILEYS' }, 'sales-token')).toEqual({
			status: 401,
			body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } },
		});
		expect((await call('POST', '/instance/create', { instanceName: 'nueva', integration: 'WHATSAPP-BAILEYS', qrcode: 'yes', number: '5' })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: { message: [['number does not match pattern "^\\\\d+[\\\\.@\\\\w-]+"', 'qrcode is not of a type(s) boolean']] },
		});
	});

	it("answers the controller's 400s with their first message", async () => {
		const refused = async (body: object) => (await call('POST', '/instance/create', { instanceName: 'nueva', ...body })).body.response.message;
		expect(await refused({})).toEqual(['Invalid integration']);
		expect(await refused({ integration: 'WHATSAPP-BUSINESS', number: '1065' })).toEqual(['token is required']);
		expect(await refused({ integration: 'WHATSAPP-BUSINESS', token: 'EAAG' })).toEqual(['number is required']);
		expect(state.fake.instances.has('nueva')).toBe(false);
	});

	it('creates a Baileys instance with its token, settings and QR code (201), connecting', async () => {
		const created = await call('POST', '/instance/create', {
			instanceName: 'nueva',
			integration: 'WHATSAPP-BAILEYS',
			qrcode: true,
			number: '51987654321',
			rejectCall: true,
			msgCall: 'No calls',
		});
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			instance: { instanceName: 'nueva', integration: 'WHATSAPP-BAILEYS', webhookWaBusiness: null, accessTokenWaBusiness: '', status: 'connecting' },
			webhook: {},
			settings: { rejectCall: true, msgCall: 'No calls', groupsIgnore: false, alwaysOnline: false, readMessages: false, readStatus: false, syncFullHistory: false, wavoipToken: '' },
			qrcode: { pairingCode: FAKE_PAIRING_CODE, base64: QR_BASE64, count: 1 },
		});
		expect(created.body.hash).toMatch(/^[0-9A-F-]{36}$/);
		expect(state.fake.instances.get('nueva')).toMatchObject({ token: created.body.hash, connectionStatus: 'connecting' });
		// The new instance's own token works on its routes.
		expect((await call('GET', '/instance/connectionState/nueva', undefined, created.body.hash)).body).toEqual({ instance: { instanceName: 'nueva', state: 'connecting' } });
	});

	it('without a QR code: closed, no qrcode key; a Business instance is open, its token the hash', async () => {
		const plain = await call('POST', '/instance/create', { instanceName: 'plain', integration: 'WHATSAPP-BAILEYS', qrcode: false });
		expect(plain.body.instance.status).toBe('close');
		expect(plain.body).not.toHaveProperty('qrcode');
		const cloud = await call('POST', '/instance/create', { instanceName: 'cloud', integration: 'WHATSAPP-BUSINESS', token: 'EAAG-token', number: '106540352242922' });
		expect(cloud.body).toMatchObject({ hash: 'EAAG-token', instance: { status: 'open', webhookWaBusiness: `${state.fake.url}/webhook/meta`, accessTokenWaBusiness: 'evolution' } });
	});
});

describe('Evolution API fake: connect, restart, logout, delete, setPresence', () => {
	it('connect: an open instance answers its state; a closed one its new QR code, with a pairing code for a number', async () => {
		expect((await call('GET', '/instance/connect/sales')).body).toEqual({ instance: { instanceName: 'sales', state: 'open' } });
		const qr = await call('GET', '/instance/connect/offline?number=51987654321');
		expect(qr).toEqual({ status: 200, body: { pairingCode: FAKE_PAIRING_CODE, code: expect.stringMatching(/^2@/), base64: QR_BASE64, count: 1 } });
		// Connecting: the same QR code again.
		expect((await call('GET', '/instance/connect/offline')).body).toEqual(qr.body);
		expect((await call('GET', '/instance/connect/nope')).status).toBe(404);
	});

	it('restart: a closed instance is a 200 {error: true}; an open one answers its state', async () => {
		expect(await call('POST', '/instance/restart/offline')).toEqual({ status: 200, body: { error: true, message: '[object Object]' } });
		expect((await call('POST', '/instance/restart/sales')).body).toEqual({ instance: { instanceName: 'sales', state: 'open' } });
	});

	it('logout: closes an open instance, refuses a closed one; delete removes it; reset brings it back', async () => {
		expect(await call('DELETE', '/instance/logout/sales')).toEqual({ status: 200, body: { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } } });
		expect(state.fake.instances.get('sales')?.connectionStatus).toBe('close');
		expect((await call('DELETE', '/instance/logout/sales')).body).toEqual({ status: 400, error: 'Bad Request', response: { message: ['The "sales" instance is not connected'] } });
		expect(await call('DELETE', '/instance/delete/sales')).toEqual({ status: 200, body: { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } } });
		expect((await call('GET', '/instance/connectionState/sales')).status).toBe(404);
		state.fake.reset();
		expect(state.fake.instances.get('sales')?.connectionStatus).toBe('open');
	});

	it('setPresence: the schema, a closed connection, then 201 {presence}', async () => {
		expect((await call('POST', '/instance/setPresence/sales', { presence: 'away' })).body.response.message).toEqual([
			['presence is not one of enum values: unavailable,available,composing,recording,paused'],
		]);
		expect((await call('POST', '/instance/setPresence/sales', {})).body.response.message).toEqual([['instance requires property "presence"']]);
		expect((await call('POST', '/instance/setPresence/offline', { presence: 'available' })).body.response.message).toEqual(['Error: Connection Closed']);
		expect(await call('POST', '/instance/setPresence/sales', { presence: 'unavailable' })).toEqual({ status: 201, body: { presence: 'unavailable' } });
	});
});
