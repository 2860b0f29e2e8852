import { describe, expect, it } from 'vitest';

import { FAKE_PAIRING_CODE, SEEDED_PNG } from '../../../../fakes/evolution';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const bytesOf = (data: string) => Buffer.from(data, 'base64');

describe('Instance → Connect', () => {
	it('puts the QR code as a PNG in "data" (<instance>-qr.png), the pairing code and the raw code in the JSON, not the base64', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'connect', instanceName: instance('offline') } });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['GET', '/instance/connect/offline', undefined]]);
		const [item] = result.items;
		expect(item.json).toEqual({
			instanceName: 'offline',
			state: 'connecting',
			connected: false,
			qrCode: true,
			pairingCode: null,
			code: fake.instances.get('offline')?.qrcode?.code,
			count: 1,
		});
		// The raw code WhatsApp gave, kept as text (the fake's, so that a missing one is not taken for it).
		expect(item.json.code).toMatch(/^2@/);
		expect(JSON.stringify(item.json)).not.toMatch(/base64/);
		expect(item.binary?.data).toMatchObject({ mimeType: 'image/png', fileName: 'offline-qr.png', fileExtension: 'png' });
		expect(bytesOf(item.binary!.data.data)).toEqual(SEEDED_PNG);
	});

	it('asks for a pairing code with the number in the query, as digits', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: { resource: 'instance', operation: 'connect', instanceName: instance('offline', 'name'), pairingNumber: '+51 (987) 654-321' },
		});
		expect(fake.requests.map((r) => r.path)).toEqual(['/instance/connect/offline?number=51987654321']);
		expect(result.items[0].json).toMatchObject({ pairingCode: FAKE_PAIRING_CODE, qrCode: true });
	});

	it('says in the item that a connected instance needs no QR code, with no binary data', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'connect', instanceName: instance('Support Team') } });
		expect(fake.requests.map((r) => r.path)).toEqual(['/instance/connect/Support%20Team']);
		expect(result.items).toEqual([
			{
				json: {
					instanceName: 'Support Team',
					state: 'open',
					connected: true,
					qrCode: false,
					message: 'The instance is already connected: there is no QR code to scan.',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('says when WhatsApp has sent no QR code yet', async () => {
		const { fake } = state;
		fake.failNext(200, { count: 0 });
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'connect', instanceName: instance('offline') } });
		expect(result.items[0].json).toEqual({
			instanceName: 'offline',
			state: 'connecting',
			connected: false,
			qrCode: false,
			pairingCode: null,
			code: null,
			count: 0,
			message: 'WhatsApp has not sent a QR code yet: run Connect again in a few seconds.',
		});
		expect(result.items[0].binary).toBeUndefined();
	});

	it('refuses a bad pairing number or an empty instance with no request', async () => {
		const { fake } = state;
		const bad = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'connect', instanceName: instance('offline'), pairingNumber: 'mi celular' } });
		expect(stopError(bad).message).toBe('Pairing Number "mi celular" is not a phone number (8 to 15 digits with country code). Nothing was sent. [item 0]');
		const empty = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'connect', instanceName: instance('={{ "" }}', 'name') } });
		expect(stopError(empty).message).toBe('Instance "" is empty: an instance name is required. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it("an unknown instance, a rejected key and the server's caught error, per item with Continue On Fail", async () => {
		const { fake } = state;
		fake.failNext(200, { error: true, message: '[object Object]' }, 1, (r) => r.path.includes('/sales'));
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: { resource: 'instance', operation: 'connect', instanceName: instance('={{ $json.name }}', 'name') },
			items: itemsOf({ name: 'nope' }, { name: 'sales' }, { name: 'offline' }),
		});
		expect(result.items.map((item) => [item.json.error ?? item.json.state, item.pairedItem])).toEqual([
			['The instance "nope" does not exist on the server (404: The "nope" instance does not exist) [item 0]', { item: 0 }],
			['The server could not start the WhatsApp connection of instance "sales" (200: an error without a reason) [item 1]', { item: 1 }],
			['connecting', { item: 2 }],
		]);
		const wrongKey = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'connect', instanceName: instance('offline') }, credentials: { apiKey: 'sales-token' } });
		expect(stopError(wrongKey).message).toBe('The API key was rejected by instance "offline" (401: Unauthorized) [item 0]');
	});
});

describe('Instance → Restart', () => {
	it('restarts a connected instance: the item says restarted, with its state', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'restart', instanceName: instance('sales') } });
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/instance/restart/sales', undefined]]);
		expect(result.items[0].json).toMatchObject({ instanceName: 'sales', state: 'open', connected: true, restarted: true });
	});

	it('a closed instance: the 200 {error: true} becomes an error that says what to do', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'restart', instanceName: instance('offline') } });
		const error = stopError(result);
		expect(error.message).toBe('Instance "offline" could not be restarted: it is not connected, or the server failed (200: an error without a reason) [item 0]');
		expect(error.description).toMatch(/Connect/);
	});
});
