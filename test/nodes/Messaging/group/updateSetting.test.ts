import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, VENTAS } from './groupHelpers';

const state = useEvolutionFake();

const setting = (parameters: Record<string, unknown>) => groupParameters('updateSetting', { groupJid: groupLocator(SOPORTE), ...parameters });

describe('Group → Update Setting', () => {
	it.each([
		['announcement', { announce: true }],
		['not_announcement', { announce: false }],
		['locked', { restrict: true }],
		['unlocked', { restrict: false }],
	])('POSTs the action %s and outputs what was set (the server answers {})', async (action, change) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: setting({ groupSetting: action }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['POST', `/group/updateSetting/sales?${query(SOPORTE)}`, { action }]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ groupJid: SOPORTE, setting: action }, { item: 0 }]]);
		expect(fake.groups.get(SOPORTE)).toMatchObject(change);
	});

	it('refuses a setting off the list before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: setting({ groupSetting: '={{ "admins_only" }}' }) });
		expect(stopError(result).message).toBe('Setting "admins_only" is not a group setting. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says only admins change settings; Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: setting({ groupJid: groupLocator('={{ $json.group }}', 'id'), groupSetting: 'locked' }),
			items: itemsOf({ group: VENTAS }, { group: SOPORTE }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.setting])).toEqual([
			[{ item: 0 }, `The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (400: Error updating setting; Error: not-authorized) [item 0]`],
			[{ item: 1 }, 'locked'],
		]);
	});
});
