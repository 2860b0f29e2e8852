import { describe, expect, it } from 'vitest';

import { SEEDED_PNG } from '../../../../fakes/evolution/seeds';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake({ unregistered: ['51911111111'], contacts: { '51987654321': 'Ana Torres' } });

const profile = (operation: string, parameters: Record<string, unknown> = {}) => ({
	resource: 'profile',
	operation,
	instanceName: instance('sales'),
	...parameters,
});

const requests = () => state.fake.requests.map((r) => [r.method, r.path, r.body]);
const jsonOf = (result: { items: Array<{ json: unknown }> }) => result.items.map((item) => item.json);

describe('Profile → Get Profile', () => {
	it("POSTs no number for the instance's own profile (status is the connection state)", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: profile('getProfile') });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([['POST', '/chat/fetchProfile/sales', undefined]]);
		expect(jsonOf(result)).toEqual([{ wuid: '51900000001@s.whatsapp.net', name: 'sales', numberExists: true, picture: null, status: 'open', isBusiness: false }]);
	});

	it("POSTs a contact's number as digits and gives its name, picture, About text and business details", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: profile('getProfile', { profileOf: 'contact', contactNumber: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '+51 987 654 321' }, { phone: '51944444444' }),
		});
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([
			['POST', '/chat/fetchProfile/sales', { number: '51987654321' }],
			['POST', '/chat/fetchProfile/sales', { number: '51944444444' }],
		]);
		expect(jsonOf(result)).toEqual([
			{
				wuid: '51987654321@s.whatsapp.net',
				name: 'Ana Torres',
				numberExists: true,
				picture: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg',
				status: 'Disponible',
				isBusiness: false,
			},
			{
				wuid: '51944444444@s.whatsapp.net',
				numberExists: true,
				picture: null,
				status: null,
				isBusiness: true,
				email: 'ventas@bodega.example.pe',
				description: 'Bodega y abarrotes, delivery en Miraflores',
				website: 'https://bodega.example.pe',
			},
		]);
	});

	it.each([
		['={{ "" }}', /^Contact Number "" is empty/],
		['12345', /^Contact Number "12345" has 5 digits/],
		['120363000000000001@g.us', /^Contact Number "120363000000000001@g.us" is a group address: a profile is a person's/],
	])('refuses the contact number %j before any request', async (contactNumber, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: profile('getProfile', { profileOf: 'contact', contactNumber }) });
		expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('says a number is not on WhatsApp, and a closed connection; keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		const missing = await runMessaging(fake, { parameters: profile('getProfile', { profileOf: 'contact', contactNumber: '51911111111' }) });
		expect(stopError(missing).message).toBe('51911111111 is not on WhatsApp (400) [item 0]');
		const closed = await runMessaging(fake, { parameters: profile('getProfile', { instanceName: instance('offline') }) });
		expect(stopError(closed).message).toMatch(/^The server or its WhatsApp connection failed on instance "offline" \(500: Connection Closed\)/);
		const result = await runMessaging(fake, {
			parameters: profile('getProfile', { profileOf: 'contact', contactNumber: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '51911111111' }, { phone: '51987654321' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json])).toEqual([
			[{ item: 0 }, { error: '51911111111 is not on WhatsApp (400) [item 0]' }],
			[{ item: 1 }, { wuid: '51987654321@s.whatsapp.net', name: 'Ana Torres', numberExists: true, picture: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg', status: 'Disponible', isBusiness: false }],
		]);
	});
});

describe('Profile → Get Business Profile', () => {
	it("POSTs a contact's number and gives the business profile as Baileys has it", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: profile('getBusinessProfile', { profileOf: 'contact', contactNumber: '51944444444' }) });
		expect(result.error).toBeUndefined();
		expect(requests()).toEqual([['POST', '/chat/fetchBusinessProfile/sales', { number: '51944444444' }]]);
		expect(jsonOf(result)).toEqual([
			{
				isBusiness: true,
				wid: '51944444444@s.whatsapp.net',
				address: 'Av. Larco 123, Miraflores, Lima',
				description: 'Bodega y abarrotes, delivery en Miraflores',
				website: ['https://bodega.example.pe'],
				email: 'ventas@bodega.example.pe',
				category: 'Grocery Store',
				business_hours: { timezone: 'America/Lima' },
			},
		]);
	});

	it("asks for the instance's own with no number; a personal account says so", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: profile('getBusinessProfile') });
		expect(requests()).toEqual([['POST', '/chat/fetchBusinessProfile/sales', undefined]]);
		expect(jsonOf(result)).toEqual([
			{ isBusiness: false, message: 'Not is business profile', jid: '51900000001@s.whatsapp.net', exists: true, number: '51900000001@s.whatsapp.net' },
		]);
		const closed = await runMessaging(fake, { parameters: profile('getBusinessProfile', { instanceName: instance('offline') }) });
		expect(stopError(closed).message).toMatch(/\(500: Error updating profile name; Error: Connection Closed\) \[item 0\]$/);
	});
});

describe('Profile → Update Name and Update Status', () => {
	it('POSTs the trimmed name and About text, and gives the answer', async () => {
		const { fake } = state;
		const name = await runMessaging(fake, { parameters: profile('updateName', { profileName: '  Ventas Bodega Lima ' }) });
		const status = await runMessaging(fake, { parameters: profile('updateStatus', { profileStatus: 'Atendemos de 9 a 6' }) });
		expect(name.error).toBeUndefined();
		expect(status.error).toBeUndefined();
		expect(requests()).toEqual([
			['POST', '/chat/updateProfileName/sales', { name: 'Ventas Bodega Lima' }],
			['POST', '/chat/updateProfileStatus/sales', { status: 'Atendemos de 9 a 6' }],
		]);
		expect([...jsonOf(name), ...jsonOf(status)]).toEqual([{ update: 'success' }, { update: 'success' }]);
		expect(fake.instances.get('sales')?.profileName).toBe('Ventas Bodega Lima');
		expect(fake.profiles.get('sales')?.status).toBe('Atendemos de 9 a 6');
	});

	it.each([
		['updateName', { profileName: '   ' }, /^Name " {3}" is empty: a name is required/],
		['updateStatus', { profileStatus: '={{ null }}' }, /^Status Text null is not text/],
	])('%s refuses %j before any request', async (operation, parameters, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: profile(operation, parameters) });
		expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('says the connection is closed (500) and the key was rejected (401)', async () => {
		const { fake } = state;
		const closed = await runMessaging(fake, { parameters: profile('updateStatus', { instanceName: instance('offline'), profileStatus: 'Hola' }) });
		expect(stopError(closed).message).toMatch(/\(500: Error updating profile status; Error: Connection Closed\) \[item 0\]$/);
		const rejected = await runMessaging(fake, { parameters: profile('updateName', { profileName: 'X' }), credentials: { apiKey: 'wrong' } });
		expect(stopError(rejected).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
	});
});

describe('Profile → Update Picture and Remove Picture', () => {
	it('POSTs a URL as it is, and a binary image as raw base64', async () => {
		const { fake } = state;
		const url = await runMessaging(fake, { parameters: profile('updatePicture', { mediaSource: 'url', mediaUrl: 'https://example.com/logo.png' }) });
		expect(url.error).toBeUndefined();
		const binary = await runMessaging(fake, {
			parameters: profile('updatePicture', { mediaSource: 'binary', binaryPropertyName: 'data' }),
			items: [{ json: {}, binary: { data: { data: SEEDED_PNG.toString('base64'), mimeType: 'image/png', fileName: 'logo.png' } } }],
		});
		expect(binary.error).toBeUndefined();
		expect(requests()).toEqual([
			['POST', '/chat/updateProfilePicture/sales', { picture: 'https://example.com/logo.png' }],
			['POST', '/chat/updateProfilePicture/sales', { picture: SEEDED_PNG.toString('base64') }],
		]);
		expect(jsonOf(binary)).toEqual([{ update: 'success' }]);
		expect(fake.profiles.get('sales')?.picture).toMatch(/^https:\/\/pps\.whatsapp\.net\//);
	});

	it.each([
		[{ mediaSource: 'url', mediaUrl: 'http://localhost:8080/logo.png' }, /^Media URL "http:\/\/localhost:8080\/logo.png" has a host without a domain ending/],
		[{ mediaSource: 'url', mediaUrl: 'ftp://example.com/logo.png' }, /^Media URL .* uses ftp, not http or https/],
		[{ mediaSource: 'base64', mediaBase64: 'data:application/pdf;base64,JVBERi0=' }, /^File "application\/pdf" is not an image: a picture is a JPEG or PNG/],
	])('refuses %j before any request', async (parameters, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: profile('updatePicture', parameters) });
		expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('sends DELETE with no body, and the picture is gone', async () => {
		const { fake } = state;
		await runMessaging(fake, { parameters: profile('updatePicture', { mediaSource: 'url', mediaUrl: 'https://example.com/logo.png' }) });
		const result = await runMessaging(fake, { parameters: profile('removePicture') });
		expect(result.error).toBeUndefined();
		expect(requests()[1]).toEqual(['DELETE', '/chat/removeProfilePicture/sales', undefined]);
		expect(jsonOf(result)).toEqual([{ update: 'success' }]);
		expect(fake.profiles.get('sales')?.picture).toBeNull();
		const closed = await runMessaging(fake, { parameters: profile('removePicture', { instanceName: instance('offline') }) });
		expect(stopError(closed).message).toMatch(/\(500: Error removing profile picture; Error: Connection Closed\) \[item 0\]$/);
	});
});
