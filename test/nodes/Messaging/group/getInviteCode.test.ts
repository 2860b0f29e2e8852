import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, SOPORTE_CODE, VENTAS } from './groupHelpers';

const state = useEvolutionFake();

describe('Group → Get Invite Code', () => {
	it('GETs the group in the query and outputs the code and its link', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('getInviteCode', { groupJid: groupLocator(SOPORTE) }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['GET', `/group/inviteCode/sales?${query(SOPORTE)}`, undefined]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ groupJid: SOPORTE, inviteUrl: `https://chat.whatsapp.com/${SOPORTE_CODE}`, inviteCode: SOPORTE_CODE }, { item: 0 }],
		]);
	});

	it('refuses an empty group before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('getInviteCode', { groupJid: groupLocator('={{ "" }}', 'id') }) });
		expect(stopError(result).message).toBe('Group "" is empty: a group is required. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says only admins get the link; Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: groupParameters('getInviteCode', { groupJid: groupLocator('={{ $json.group }}', 'id') }),
			items: itemsOf({ group: VENTAS }, { group: SOPORTE }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.inviteCode])).toEqual([
			[{ item: 0 }, `The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (404: No invite code; Error: not-authorized) [item 0]`],
			[{ item: 1 }, SOPORTE_CODE],
		]);
	});
});
