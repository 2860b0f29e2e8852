import { describe, expect, it } from 'vitest';

import { FAKE_PAIRING_CODE, SEEDED_PNG } from '../../../../fakes/evolution';
import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const create = (overrides: Record<string, unknown> = {}) => ({ resource: 'instance', operation: 'create', newInstanceName: 'nueva', ...overrides });

/** The bytes of an output file held in memory (the engine tests run in n8n's default mode). */
const bytesOf = (data: string) => Buffer.from(data, 'base64');

describe('Instance → Create', () => {
	it('sends the name, Baileys and the QR code by default; the QR code comes out as a PNG in "data", the token (hash) in the JSON', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: create() });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body, r.headers.apikey])).toEqual([
			['POST', '/instance/create', { instanceName: 'nueva', integration: 'WHATSAPP-BAILEYS', qrcode: true }, fake.apiKey],
		]);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({
			instance: { instanceName: 'nueva', integration: 'WHATSAPP-BAILEYS', status: 'connecting' },
			hash: fake.instances.get('nueva')?.token,
			settings: { rejectCall: false, msgCall: '' },
			qrcode: { pairingCode: null, count: 1 },
		});
		expect(item.json.hash).toEqual(expect.any(String));
		expect(item.json.qrcode).not.toHaveProperty('base64');
		expect(String((item.json.qrcode as { code: string }).code)).toMatch(/^2@/);
		expect(item.binary?.data).toMatchObject({ mimeType: 'image/png', fileName: 'nueva-qr.png' });
		expect(bytesOf(item.binary!.data.data)).toEqual(SEEDED_PNG);
	});

	it('sends the pairing number as digits and the settings set under Options; no QR code: no binary', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: create({
				pairingNumber: '+51 987-654-321',
				options: { rejectCall: true, msgCall: 'Solo mensajes, por favor', groupsIgnore: true, alwaysOnline: false, readMessages: true, readStatus: true, syncFullHistory: true },
			}),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({
			instanceName: 'nueva',
			integration: 'WHATSAPP-BAILEYS',
			qrcode: true,
			number: '51987654321',
			rejectCall: true,
			msgCall: 'Solo mensajes, por favor',
			groupsIgnore: true,
			alwaysOnline: false,
			readMessages: true,
			readStatus: true,
			syncFullHistory: true,
		});
		expect(result.items[0].json.qrcode).toMatchObject({ pairingCode: FAKE_PAIRING_CODE });
		expect(result.items[0].json.settings).toMatchObject({ rejectCall: true, groupsIgnore: true, readStatus: true });

		fake.reset();
		const plain = await runMessaging(fake, { parameters: create({ newInstanceName: 'sin-qr', qrcode: false }) });
		expect(fake.requests[0].body).toEqual({ instanceName: 'sin-qr', integration: 'WHATSAPP-BAILEYS', qrcode: false });
		expect(plain.items[0].json).toMatchObject({ instance: { status: 'close' } });
		expect(plain.items[0].json).not.toHaveProperty('qrcode');
		expect(plain.items[0].binary).toBeUndefined();
	});

	it('WhatsApp Business Cloud: sends the access token and the phone number ID, not the QR code or the pairing number', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: create({ integration: 'WHATSAPP-BUSINESS', businessToken: ' EAAG-meta-token ', businessNumberId: '106540352242922', qrcode: true, pairingNumber: '51987654321' }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].body).toEqual({ instanceName: 'nueva', integration: 'WHATSAPP-BUSINESS', token: 'EAAG-meta-token', number: '106540352242922' });
		expect(result.items[0].json).toMatchObject({ hash: 'EAAG-meta-token', instance: { status: 'open', integration: 'WHATSAPP-BUSINESS' } });
		expect(result.items[0].binary).toBeUndefined();
	});

	it.each([
		[{ newInstanceName: '  ' }, 'Instance Name "  " is empty: an instance name is required. Nothing was sent. [item 0]'],
		[{ newInstanceName: 'ventas/lima' }, 'Instance Name "ventas/lima" cannot be part of a URL path (it holds / \\ ? # %, a control character, or only dots). Nothing was sent. [item 0]'],
		[{ integration: 'EVOLUTION' }, 'Integration "EVOLUTION" is not an integration. Nothing was sent. [item 0]'],
		[{ integration: 'WHATSAPP-BUSINESS', businessToken: '={{ "" }}', businessNumberId: '1065' }, 'Access Token "" is empty. Nothing was sent. [item 0]'],
		[{ integration: 'WHATSAPP-BUSINESS', businessToken: 'EAAG', businessNumberId: '+51 987 654 321' }, 'Phone Number ID "+51 987 654 321" is not a phone number ID (digits only). Nothing was sent. [item 0]'],
		[{ pairingNumber: '987' }, 'Pairing Number "987" is not a phone number (8 to 15 digits with country code). Nothing was sent. [item 0]'],
		[{ options: { msgCall: 'No llamadas' } }, 'Call Rejection Message "No llamadas" is set but Reject Calls is off. Nothing was sent. [item 0]'],
		[{ options: { alwaysOnline: 'yes' } }, 'Always Online "yes" is not true or false. Nothing was sent. [item 0]'],
	])('refuses %j with no request', async (overrides, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: create(overrides) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it('a name already in use, a key that is not the global one: their errors, per item with Continue On Fail', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: create({ newInstanceName: '={{ $json.name }}' }),
			items: itemsOf({ name: 'sales' }, { name: 'nueva' }, { name: 'Support Team' }),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.error ?? (item.json.instance as { instanceName: string }).instanceName, item.pairedItem])).toEqual([
			['The name of instance "sales" is already in use on the server (403: This name "sales" is already in use.) [item 0]', { item: 0 }],
			['nueva', { item: 1 }],
			['The name of instance "Support Team" is already in use on the server (403: This name "Support Team" is already in use.) [item 2]', { item: 2 }],
		]);

		fake.reset();
		const tokenOnly = await runMessaging(fake, { parameters: create(), credentials: { apiKey: 'sales-token' } });
		const error = stopError(tokenOnly);
		expect(error.message).toBe('The API key was rejected for creating instance "nueva" (401: Unauthorized) [item 0]');
		expect(error.description).toMatch(/global API key/);
	});
});
