// Group → Update Member Add Mode (Evolution 2.4's group/updateMemberAddMode).
import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, VENTAS } from './groupHelpers';

const state = useEvolutionFake({ release: '2.4.0-rc2' });

const addMode = (parameters: Record<string, unknown>) => groupParameters('updateMemberAddMode', { groupJid: groupLocator(SOPORTE), ...parameters });

describe('Group → Update Member Add Mode', () => {
	it.each([
		['all_member_add', true],
		['admin_add', false],
	])('POSTs the mode %s and outputs the answer with the group', async (mode, allMembers) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: addMode({ memberAddMode: mode }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['POST', `/group/updateMemberAddMode/sales?${query(SOPORTE)}`, { mode }]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ groupJid: SOPORTE, update: 'success', mode }, { item: 0 }]]);
		expect(fake.groups.get(SOPORTE)?.memberAddMode).toBe(allMembers);
	});

	it('refuses a mode off the list before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: addMode({ memberAddMode: '={{ "everyone" }}' }) });
		expect(stopError(result).message).toBe('Who May Add Members "everyone" is not a member add mode. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says only admins change it, and that the route came with 2.4.0; Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: addMode({ groupJid: groupLocator('={{ $json.group }}', 'id'), memberAddMode: 'admin_add' }),
			items: itemsOf({ group: VENTAS }, { group: SOPORTE }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.update])).toEqual([
			[{ item: 0 }, `The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (400: Error updating member add mode; Error: not-authorized) [item 0]`],
			[{ item: 1 }, 'success'],
		]);
		fake.release = '2.3.7';
		const old = await runMessaging(fake, { parameters: addMode({ memberAddMode: 'admin_add' }) });
		expect(stopError(old).message).toBe(
			'The server has no route for Group → Update Member Add Mode: it is older than Evolution API 2.4.0 (404: Cannot POST /group/updateMemberAddMode/sales) [item 0]',
		);
	});
});
