import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupParameters, requestsOf } from './groupHelpers';

const state = useEvolutionFake({ unregistered: ['51911111111'] });

const create = (parameters: Record<string, unknown>) => groupParameters('create', { groupSubject: 'Clientes VIP', ...parameters });
const newGroups = () => [...state.fake.groups.values()].filter((group) => group.instances?.includes('sales'));

describe('Group → Create', () => {
	it("says a refused key as any operation does, not as Instance → Create's need for the global key", async () => {
		const error = stopError(await runMessaging(state.fake, { parameters: create({ participants: '51987654321' }), credentials: { apiKey: 'wrong-key' } }));
		expect(error.message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
		expect(error.description).toBe("Open the Messaging API credential and paste the server's global API key (AUTHENTICATION_API_KEY) or this instance's own token.");
		expect(error.description).not.toMatch(/Creating an instance/);
	});

	it('POSTs the subject, the numbers listed (normalised) and the description, and outputs the new group', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: create({ participants: '+51 987 654 321\n51912345678; 51911111111', groupDescription: 'Ofertas de la semana' }),
		});
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([
			[
				'POST',
				'/group/create/sales',
				{ subject: 'Clientes VIP', participants: ['51987654321', '51912345678', '51911111111'], description: 'Ofertas de la semana' },
			],
		]);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		// The server leaves out the number not on WhatsApp.
		expect(item.json).toMatchObject({
			subject: 'Clientes VIP',
			desc: 'Ofertas de la semana',
			owner: '51900000001@s.whatsapp.net',
			size: 3,
			participants: [
				{ id: '51900000001@s.whatsapp.net', admin: 'superadmin' },
				{ id: '51987654321@s.whatsapp.net', admin: null },
				{ id: '51912345678@s.whatsapp.net', admin: null },
			],
		});
		expect(newGroups().map((group) => group.id)).toEqual([item.json.id]);
	});

	it('makes one group of every input item\'s number with All Items Together, paired with all the items', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: create({ participantsFrom: 'allItems', participants: '={{ $json.phone }}', groupSubject: '={{ $json.sheet }}' }),
			items: itemsOf({ phone: '+51 987 654 321', sheet: 'Clientes Lima' }, { phone: 51912345678, sheet: 'ignored' }, { phone: '51987654321' }),
		});
		expect(result.error).toBeUndefined();
		// The subject and the instance are the first item's; the repeated number goes once.
		expect(requestsOf(fake)).toEqual([['POST', '/group/create/sales', { subject: 'Clientes Lima', participants: ['51987654321', '51912345678'] }]]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json).toMatchObject({ subject: 'Clientes Lima', size: 3 });
	});

	it('makes one group per item with Each Item', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: create({ participants: '={{ $json.phones }}' }),
			items: itemsOf({ phones: ['51987654321'] }, { phones: '51912345678, 51987654321' }),
		});
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake).map(([, , body]) => body)).toEqual([
			{ subject: 'Clientes VIP', participants: ['51987654321'] },
			{ subject: 'Clientes VIP', participants: ['51912345678', '51987654321'] },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(newGroups()).toHaveLength(2);
	});

	it.each([
		[{ participants: '51987654321', groupSubject: '  ' }, 'Subject "  " is empty: a group name is required. Nothing was sent. [item 0]'],
		[{ participants: '={{ "" }}' }, 'Participants "" is empty: at least one number is required. Nothing was sent. [item 0]'],
		[
			{ participants: '51987654321, 519876543' },
			'Participants "51987654321, 519876543" has the entry "519876543", which has 9 digits: the group routes take at least 10. Nothing was sent. [item 0]',
		],
		[
			{ participants: '120363025246125486@g.us' },
			'Participants "120363025246125486@g.us" has the entry "120363025246125486@g.us", which is a group: a participant is a person\'s number. Nothing was sent. [item 0]',
		],
	])('refuses %j before any request', async (parameters, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: create(parameters) });
		expect(stopError(result).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it("names the item whose number is wrong among all the items, and sends nothing", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: create({ participantsFrom: 'allItems', participants: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '51987654321' }, { phone: '123' }),
		});
		expect(stopError(result).message).toBe(
			'Participants "123" has the entry "123", which has 3 digits; a number with its country code has 8 to 15. Nothing was sent. [item 1]',
		);
		expect(fake.requests).toEqual([]);
	});

	it('says the connection is closed, and keeps each item paired under Continue On Fail', async () => {
		const { fake } = state;
		const closed = await runMessaging(fake, { parameters: create({ instanceName: instance('offline'), participants: '51987654321' }) });
		expect(stopError(closed).message).toBe(
			'The WhatsApp connection of instance "offline" is closed (500: Error creating group; Error: Connection Closed) [item 0]',
		);
		const perItem = await runMessaging(fake, {
			parameters: create({ participants: '={{ $json.phone }}' }),
			items: itemsOf({ phone: 'abc' }, { phone: '51987654321' }),
			continueOnFail: true,
		});
		expect(perItem.items.map((item) => [item.pairedItem, item.json.error ?? item.json.subject])).toEqual([
			[{ item: 0 }, 'Participants "abc" has the entry "abc", which holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 0]'],
			[{ item: 1 }, 'Clientes VIP'],
		]);
		const together = await runMessaging(fake, {
			parameters: create({ participantsFrom: 'allItems', participants: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '51987654321' }, { phone: 'abc' }),
			continueOnFail: true,
		});
		expect(together.items.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[[{ item: 0 }, { item: 1 }], 'Participants "abc" has the entry "abc", which holds characters other than digits, spaces, +, -, . and ( ). Nothing was sent. [item 1]'],
		]);
	});
});
