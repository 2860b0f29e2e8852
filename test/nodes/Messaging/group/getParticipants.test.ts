import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, VENTAS } from './groupHelpers';

const state = useEvolutionFake({ contacts: { '51912345678': 'Luis Rojas' } });

describe('Group → Get Participants', () => {
	it('GETs the group in the query and outputs one item per participant, with the group', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('getParticipants', { groupJid: groupLocator(VENTAS) }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['GET', `/group/participants/sales?${query(VENTAS)}`, undefined]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ groupJid: VENTAS, id: '51987654321@s.whatsapp.net', admin: 'superadmin', imgUrl: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg' }, { item: 0 }],
			[{ groupJid: VENTAS, id: '51912345678@s.whatsapp.net', admin: 'admin', name: 'Luis Rojas' }, { item: 0 }],
			[{ groupJid: VENTAS, id: '51900000001@s.whatsapp.net', admin: null }, { item: 0 }],
		]);
	});

	it("refuses a person's address given as the group before any request", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('getParticipants', { groupJid: groupLocator('51987654321@s.whatsapp.net', 'id') }) });
		expect(stopError(result).message).toBe('Group "51987654321@s.whatsapp.net" is not a group address (digits, maybe a dash, then @g.us). Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says the connection is closed; Continue On Fail pairs each item with its participants or its error', async () => {
		const { fake } = state;
		const closed = await runMessaging(fake, { parameters: groupParameters('getParticipants', { instanceName: instance('offline'), groupJid: groupLocator(VENTAS) }) });
		expect(stopError(closed).message).toBe('The WhatsApp connection of instance "offline" is closed (404: No participants; Error: Connection Closed) [item 0]');
		const result = await runMessaging(fake, {
			parameters: groupParameters('getParticipants', { groupJid: groupLocator('={{ $json.group }}', 'id') }),
			items: itemsOf({ group: '120363999999999999@g.us' }, { group: SOPORTE }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.id])).toEqual([
			[{ item: 0 }, 'Group 120363999999999999@g.us does not exist (404: No participants; Error: item-not-found) [item 0]'],
			[{ item: 1 }, '51900000001@s.whatsapp.net'],
			[{ item: 1 }, '51912345678@s.whatsapp.net'],
		]);
	});
});
