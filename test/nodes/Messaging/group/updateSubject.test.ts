import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, VENTAS } from './groupHelpers';

const state = useEvolutionFake();

const rename = (parameters: Record<string, unknown>) => groupParameters('updateSubject', { groupJid: groupLocator(VENTAS), ...parameters });

describe('Group → Update Subject', () => {
	it('POSTs the trimmed subject with the group in the query, and outputs what changed', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: rename({ groupSubject: '  Ventas Lima Norte ' }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['POST', `/group/updateGroupSubject/sales?${query(VENTAS)}`, { subject: 'Ventas Lima Norte' }]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ groupJid: VENTAS, subject: 'Ventas Lima Norte', update: 'success' }, { item: 0 }]]);
		expect(fake.groups.get(VENTAS)?.subject).toBe('Ventas Lima Norte');
	});

	it.each([
		[{ groupSubject: '={{ "" }}' }, 'Subject "" is empty: a group name is required. Nothing was sent. [item 0]'],
		[{ groupJid: groupLocator('Ventas Lima', 'id'), groupSubject: 'X' }, 'Group "Ventas Lima" is not a group address (digits, maybe a dash, then @g.us). Nothing was sent. [item 0]'],
	])('refuses %j before any request', async (parameters, message) => {
		const { fake } = state;
		expect(stopError(await runMessaging(fake, { parameters: rename(parameters) })).message).toBe(message);
		expect(fake.requests).toEqual([]);
	});

	it('says a member who is not an admin may not rename a locked group; Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		fake.groups.get(VENTAS)!.restrict = true;
		const refused = await runMessaging(fake, { parameters: rename({ groupSubject: 'X' }) });
		expect(stopError(refused).message).toBe(
			`The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (500: Error updating group subject; Error: not-authorized) [item 0]`,
		);
		const result = await runMessaging(fake, {
			parameters: rename({ groupJid: groupLocator('={{ $json.group }}', 'id'), groupSubject: 'Nuevo nombre' }),
			items: itemsOf({ group: VENTAS }, { group: SOPORTE }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json])).toEqual([
			[{ item: 0 }, { error: `The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (500: Error updating group subject; Error: not-authorized) [item 0]` }],
			[{ item: 1 }, { groupJid: SOPORTE, subject: 'Nuevo nombre', update: 'success' }],
		]);
	});
});
