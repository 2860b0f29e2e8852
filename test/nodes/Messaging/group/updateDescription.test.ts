import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, VENTAS } from './groupHelpers';

const state = useEvolutionFake();

const describeGroup = (parameters: Record<string, unknown>) => groupParameters('updateDescription', { groupJid: groupLocator(VENTAS), ...parameters });

describe('Group → Update Description', () => {
	it('POSTs the description as written, and outputs what changed', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: describeGroup({ groupDescription: 'Pedidos hasta las 6 pm.\nDelivery gratis' }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([
			['POST', `/group/updateGroupDescription/sales?${query(VENTAS)}`, { description: 'Pedidos hasta las 6 pm.\nDelivery gratis' }],
		]);
		expect(result.items[0].json).toEqual({ groupJid: VENTAS, description: 'Pedidos hasta las 6 pm.\nDelivery gratis', update: 'success' });
		expect(fake.groups.get(VENTAS)?.desc).toBe('Pedidos hasta las 6 pm.\nDelivery gratis');
	});

	it('refuses an empty description before any request (the server takes none)', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: describeGroup({ groupDescription: '   ' }) });
		expect(stopError(result).message).toBe('Description "   " is empty: the server does not take an empty description. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says the number is not in the group; Continue On Fail keeps the item paired', async () => {
		const { fake } = state;
		fake.groups.get(VENTAS)!.instances = ['Support Team'];
		const result = await runMessaging(fake, {
			parameters: describeGroup({ groupDescription: '={{ $json.text }}' }),
			items: itemsOf({ text: 'Uno' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[`The number of instance "sales" is not in group ${VENTAS} (500: Error updating group description; Error: forbidden) [item 0]`, { item: 0 }],
		]);
	});
});
