import { describe, expect, it } from 'vitest';

import { instance, listGroups, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, simplifiedVentas, SOPORTE, VENTAS, VENTAS_AS_GIVEN } from './groupHelpers';

const state = useEvolutionFake();

describe('Group → Get Many', () => {
	it('lists the groups without participants by default, one item per group', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'group', operation: 'getMany', instanceName: instance('sales'), returnAll: true } });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/group/fetchAllGroups/sales?getParticipants=false']]);
		expect(result.items.map((item) => [item.json.id, item.json.subject, item.json.size, item.json.owner, item.pairedItem])).toEqual([
			[VENTAS, 'Ventas Lima', 3, '51987654321@s.whatsapp.net', { item: 0 }],
			[SOPORTE, 'Soporte Clientes', 2, undefined, { item: 0 }],
		]);
		expect(result.items[0].json).not.toHaveProperty('participants');
	});

	it('includes participants when asked, and stops at the limit', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: { resource: 'group', operation: 'getMany', instanceName: instance('sales'), limit: 1, options: { includeParticipants: true } },
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].path).toBe('/group/fetchAllGroups/sales?getParticipants=true');
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.participants).toEqual([
			{ id: '51987654321@s.whatsapp.net', admin: 'superadmin' },
			{ id: '51912345678@s.whatsapp.net', admin: 'admin' },
			{ id: '51900000001@s.whatsapp.net', admin: null },
		]);
	});

	it('refuses a limit below 1 before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'group', operation: 'getMany', instanceName: instance('sales'), limit: 0 } });
		expect(stopError(result).message).toBe('Limit 0 is not a whole number of results from 1 to 9007199254740991. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});
});

describe('Group → Get', () => {
	it('asks for the group picked from the list and outputs it with its participants', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'group', operation: 'get', instanceName: instance('sales'), groupJid: groupLocator(SOPORTE) } });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => r.path)).toEqual([`/group/findGroupInfos/sales?groupJid=${encodeURIComponent(SOPORTE)}`]);
		expect(result.items[0].json).toMatchObject({ id: SOPORTE, subject: 'Soporte Clientes', size: 2 });
		expect(result.items[0].json.participants).toHaveLength(2);
	});

	it('takes bare digits by ID (adding @g.us, as the server does)', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: { resource: 'group', operation: 'get', instanceName: instance('sales'), groupJid: groupLocator('120363025246125486', 'id') },
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests[0].path).toBe(`/group/findGroupInfos/sales?groupJid=${encodeURIComponent(VENTAS)}`);
	});

	it.each([
		['51987654321@s.whatsapp.net', 'Group "51987654321@s.whatsapp.net" is not a group address (digits, maybe a dash, then @g.us). Nothing was sent. [item 0]'],
		['={{ "" }}', 'Group "" is empty: a group is required. Nothing was sent. [item 0]'],
	])('refuses %s before any request', async (value, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'group', operation: 'get', instanceName: instance('sales'), groupJid: groupLocator(value, 'id') } });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it("explains a group the number is not in (Evolution's 404 \"Error fetching group\")", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: { resource: 'group', operation: 'get', instanceName: instance('sales'), groupJid: groupLocator('120363999999999999@g.us', 'id') },
		});
		expect(stopError(result).message).toBe(
			'The group 120363999999999999@g.us was not found, or the number of instance "sales" is not in it (404: Error fetching group; Error: item-not-found) [item 0]',
		);
	});
});

describe('the group list (recipient and Group → Get)', () => {
	it("lists the instance's groups by name with their size, filtered by what is typed", async () => {
		const { fake } = state;
		expect(await listGroups(fake, { __rl: true, mode: 'list', value: 'sales' })).toEqual({
			results: [
				{ name: 'Soporte Clientes (2 members)', value: SOPORTE },
				{ name: 'Ventas Lima (3 members)', value: VENTAS },
			],
		});
		expect(fake.requests.map((r) => r.path)).toEqual(['/group/fetchAllGroups/sales?getParticipants=false']);
		expect((await listGroups(fake, { __rl: true, mode: 'name', value: 'sales' }, 'ventas')).results.map((r) => r.value)).toEqual([VENTAS]);
	});

	it('asks for the instance first when none is picked, and says why the list failed', async () => {
		const { fake } = state;
		await expect(listGroups(fake, { __rl: true, mode: 'list', value: '' })).rejects.toThrow('Pick the instance first: the groups listed are those of its number');
		await expect(listGroups(fake, { __rl: true, mode: 'list', value: 'offline' })).rejects.toThrow(
			'The server or its WhatsApp connection failed on instance "offline" (500: Connection Closed)',
		);
		await expect(listGroups(fake, { __rl: true, mode: 'list', value: 'sales' }, undefined, { apiKey: 'wrong' })).rejects.toThrow(
			'The API key was rejected by instance "sales" (401: Unauthorized)',
		);
	});
});

describe('Group → Get Many and Get, with Simplify', () => {
	/** Ventas Lima as the server gives it (Simplify off): its 14 fields under the server's names. */
	const ventasAsGiven = { ...VENTAS_AS_GIVEN, pictureUrl: null };
	const members = [
		{ id: '51987654321@s.whatsapp.net', admin: 'superadmin' },
		{ id: '51912345678@s.whatsapp.net', admin: 'admin' },
		{ id: '51900000001@s.whatsapp.net', admin: null },
	];

	it('Get Many keeps 10 fields (participants null unless included); off, the groups as the server gives them', async () => {
		const { fake } = state;
		const getMany = (parameters: Record<string, unknown>) =>
			runMessaging(fake, { parameters: { resource: 'group', operation: 'getMany', instanceName: instance('sales'), returnAll: true, ...parameters } });
		const on = await getMany({ simplify: true });
		expect(on.error).toBeUndefined();
		expect(on.items[0]).toEqual({ json: simplifiedVentas(null), pairedItem: { item: 0 } });
		// Soporte Clientes has no owner nor description in the answer: null.
		expect(on.items[1].json).toMatchObject({ groupJid: SOPORTE, owner: null, description: null, size: 2 });
		const withMembers = await getMany({ simplify: true, options: { includeParticipants: true } });
		expect(withMembers.items[0].json).toEqual(simplifiedVentas(members));
		const off = await getMany({ simplify: false });
		expect(off.items).toEqual([
			{ json: ventasAsGiven, pairedItem: { item: 0 } },
			{
				json: {
					id: SOPORTE,
					subject: 'Soporte Clientes',
					subjectTime: 1_700_000_000,
					pictureUrl: null,
					size: 2,
					creation: 1_690_000_000,
					restrict: false,
					announce: false,
					isCommunity: false,
					isCommunityAnnounce: false,
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/group/fetchAllGroups/sales?getParticipants=false'],
			['GET', '/group/fetchAllGroups/sales?getParticipants=true'],
			['GET', '/group/fetchAllGroups/sales?getParticipants=false'],
		]);
	});

	it('Get keeps the same 10 fields, with the members; off, the group as the server gives it', async () => {
		const { fake } = state;
		const get = (simplify: boolean) =>
			runMessaging(fake, { parameters: { resource: 'group', operation: 'get', instanceName: instance('sales'), groupJid: groupLocator(VENTAS), simplify } });
		const on = await get(true);
		expect(on.items).toEqual([{ json: simplifiedVentas(members), pairedItem: { item: 0 } }]);
		const off = await get(false);
		expect(off.items).toEqual([{ json: { ...ventasAsGiven, participants: members }, pairedItem: { item: 0 } }]);
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual(Array(2).fill(['GET', `/group/findGroupInfos/sales?groupJid=${encodeURIComponent(VENTAS)}`]));
	});
});
