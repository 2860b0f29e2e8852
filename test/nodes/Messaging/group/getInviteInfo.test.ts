import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupParameters, requestsOf, simplifiedVentas, VENTAS, VENTAS_AS_GIVEN, VENTAS_CODE } from './groupHelpers';

const state = useEvolutionFake();

describe('Group → Get Invite Info', () => {
	it.each([
		[`https://chat.whatsapp.com/${VENTAS_CODE}?mode=ems_copy_t`],
		[`chat.whatsapp.com/invite/${VENTAS_CODE}`],
		[` ${VENTAS_CODE} `],
	])('GETs the code of %j in the query and outputs the group it opens', async (given) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('getInviteInfo', { inviteCode: given }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['GET', `/group/inviteInfo/sales?inviteCode=${VENTAS_CODE}`, undefined]]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ id: VENTAS, subject: 'Ventas Lima', size: 3, owner: '51987654321@s.whatsapp.net' });
	});

	it.each([
		['AbC123', 'Invite Code or Link "AbC123" is not an invite code (22 letters and digits) or link. Nothing was sent. [item 0]'],
		['https://chat.whatsapp.com/', 'Invite Code or Link "https://chat.whatsapp.com/" is not an invite code (22 letters and digits) or link. Nothing was sent. [item 0]'],
		['https://chat.whatsapp.com/K1nGsR2dXl-T7zQe9kP4mW', 'Invite Code or Link "https://chat.whatsapp.com/K1nGsR2dXl-T7zQe9kP4mW" holds no invite code of 22 letters and digits. Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (given, message) => {
		const { fake } = state;
		expect(stopError(await runMessaging(fake, { parameters: groupParameters('getInviteInfo', { inviteCode: given }) })).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it('says an unknown code is not valid or was revoked; Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: groupParameters('getInviteInfo', { inviteCode: '={{ $json.code }}' }),
			items: itemsOf({ code: 'AAAAAAAAAAAAAAAAAAAAAA' }, { code: VENTAS_CODE }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.subject])).toEqual([
			[{ item: 0 }, 'Invite code AAAAAAAAAAAAAAAAAAAAAA is not valid, or was revoked (404: No invite info; AAAAAAAAAAAAAAAAAAAAAA) [item 0]'],
			[{ item: 1 }, 'Ventas Lima'],
		]);
	});

	it("with Simplify, keeps the groups' 10 fields (as Get); off, the group's 17 as the server gives them", async () => {
		const { fake } = state;
		const on = await runMessaging(fake, { parameters: groupParameters('getInviteInfo', { inviteCode: VENTAS_CODE, simplify: true }) });
		expect(on.items).toEqual([{ json: simplifiedVentas([]), pairedItem: { item: 0 } }]);
		const off = await runMessaging(fake, { parameters: groupParameters('getInviteInfo', { inviteCode: VENTAS_CODE, simplify: false }) });
		expect(off.items).toEqual([
			{
				json: { ...VENTAS_AS_GIVEN, addressingMode: 'pn', joinApprovalMode: false, memberAddMode: false, participants: [] },
				pairedItem: { item: 0 },
			},
		]);
		expect(requestsOf(fake)).toEqual(Array(2).fill(['GET', `/group/inviteInfo/sales?inviteCode=${VENTAS_CODE}`, undefined]));
	});
});
