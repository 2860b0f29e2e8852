import { describe, expect, it } from 'vitest';

import { itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, VENTAS } from './groupHelpers';

const state = useEvolutionFake({ unregistered: ['51911111111'], groupAddRefused: ['51922222222'] });

const update = (parameters: Record<string, unknown>) => groupParameters('updateParticipants', { groupJid: groupLocator(SOPORTE), ...parameters });

describe('Group → Update Participants', () => {
	it("POSTs the action and the numbers, and outputs one item per number with WhatsApp's status", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: update({ participantAction: 'add', participants: '+51 987 654 321, 51912345678, 51922222222, 51911111111' }),
		});
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([
			[
				'POST',
				`/group/updateParticipant/sales?${query(SOPORTE)}`,
				{ action: 'add', participants: ['51987654321', '51912345678', '51922222222', '51911111111'] },
			],
		]);
		const common = { groupJid: SOPORTE, action: 'add' };
		expect(result.items.map((item) => item.json)).toEqual([
			{ ...common, number: '+51 987 654 321', jid: '51987654321@s.whatsapp.net', status: '200', success: true },
			{ ...common, number: '51912345678', jid: '51912345678@s.whatsapp.net', status: '409', success: false },
			{ ...common, number: '51922222222', jid: '51922222222@s.whatsapp.net', status: '403', success: false, addRequest: { code: 'Rq22222222Xq7Lm2', expiration: expect.stringMatching(/^\d+$/) } },
			{ ...common, number: '51911111111', jid: '51911111111@s.whatsapp.net', status: '404', success: false },
		]);
		expect(result.items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it('promotes the numbers of every input item in one request with All Items Together', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: update({ participantAction: 'promote', participantsFrom: 'allItems', participants: '={{ $json.phone }}' }),
			items: itemsOf({ phone: '51912345678' }, { phone: '51987654321' }),
		});
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['POST', `/group/updateParticipant/sales?${query(SOPORTE)}`, { action: 'promote', participants: ['51912345678', '51987654321'] }]]);
		expect(result.items.map((item) => [item.json.number, item.json.status, item.pairedItem])).toEqual([
			['51912345678', '200', [{ item: 0 }, { item: 1 }]],
			['51987654321', '404', [{ item: 0 }, { item: 1 }]],
		]);
		expect(fake.groups.get(SOPORTE)?.participants.find((participant) => participant.id === '51912345678@s.whatsapp.net')?.admin).toBe('admin');
	});

	it.each([
		[{ participantAction: 'kick', participants: '51912345678' }, 'Action "kick" is not add, remove, promote or demote. Nothing was sent. [item 0]'],
		[{ participants: '51912345678, +1 (555)' }, /^Participants .* has the entry "\+1 \(555\)", which has 4 digits;/],
	])('refuses %j before any request', async (parameters, message) => {
		const { fake } = state;
		const error = stopError(await runMessaging(fake, { parameters: update(parameters) })).message;
		if (typeof message === 'string') expect(error).toBe(message);
		else expect(error).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('says a member who is not an admin may not; Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: update({ groupJid: groupLocator('={{ $json.group }}', 'id'), participantAction: 'remove', participants: '51912345678' }),
			items: itemsOf({ group: VENTAS }, { group: SOPORTE }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.status])).toEqual([
			[{ item: 0 }, `The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (400: Error updating participants; Error: not-authorized) [item 0]`],
			[{ item: 1 }, '200'],
		]);
	});
});
