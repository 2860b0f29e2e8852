import { describe, expect, it } from 'vitest';

import { runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, SOPORTE_CODE, VENTAS } from './groupHelpers';

const state = useEvolutionFake();

describe('Group → Revoke Invite Code', () => {
	it('POSTs the group in the query, outputs the new code and link; the old link then stops working', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('revokeInviteCode', { groupJid: groupLocator(SOPORTE) }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['POST', `/group/revokeInviteCode/sales?${query(SOPORTE)}`, undefined]]);
		const { inviteCode } = result.items[0].json as { inviteCode: string };
		expect(inviteCode).toMatch(/^[A-Za-z0-9]{22}$/);
		expect(inviteCode).not.toBe(SOPORTE_CODE);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ groupJid: SOPORTE, revoked: true, inviteCode, inviteUrl: `https://chat.whatsapp.com/${inviteCode}` }, { item: 0 }],
		]);
		const old = await runMessaging(fake, { parameters: groupParameters('acceptInvite', { inviteCode: SOPORTE_CODE }) });
		expect(stopError(old).message).toMatch(/was revoked \(404: Accept invite error; Error: gone\)/);
	});

	it('says only admins revoke the link, under Continue On Fail as an item paired with its input', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('revokeInviteCode', { groupJid: groupLocator(VENTAS) }), continueOnFail: true });
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[`The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (404: Revoke error; Error: not-authorized) [item 0]`, { item: 0 }],
		]);
	});

	it('refuses a group address that is not one before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('revokeInviteCode', { groupJid: groupLocator('ventas@g.us', 'id') }) });
		expect(stopError(result).message).toBe('Group "ventas@g.us" is not a group address (digits, maybe a dash, then @g.us). Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});
});
