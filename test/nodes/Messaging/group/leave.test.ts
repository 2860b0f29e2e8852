import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, VENTAS } from './groupHelpers';

const state = useEvolutionFake();

describe('Group → Leave', () => {
	it('DELETEs with the group in the query and outputs {left: true} with the group; the group is then gone from the list', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('leave', { groupJid: groupLocator(VENTAS) }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['DELETE', `/group/leaveGroup/sales?${query(VENTAS)}`, undefined]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ left: true, groupJid: VENTAS }, { item: 0 }]]);
		const groups = await runMessaging(fake, { parameters: groupParameters('getMany', { returnAll: true }) });
		expect(groups.items.map((item) => item.json.id)).toEqual([SOPORTE]);
	});

	it('refuses an empty group before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('leave', { groupJid: groupLocator('={{ " " }}', 'id') }) });
		expect(stopError(result).message).toBe('Group " " is empty: a group is required. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says the number is not in a group it is not in; Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		fake.groups.get(VENTAS)!.instances = ['Support Team'];
		const result = await runMessaging(fake, {
			parameters: groupParameters('leave', { groupJid: groupLocator('={{ $json.group }}', 'id') }),
			items: itemsOf({ group: VENTAS }, { group: SOPORTE }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.left])).toEqual([
			[{ item: 0 }, `The number of instance "sales" is not in group ${VENTAS} (400: Unable to leave the group; Error: forbidden) [item 0]`],
			[{ item: 1 }, true],
		]);
	});
});
