import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupParameters, requestsOf, SOPORTE, SOPORTE_CODE } from './groupHelpers';

const state = useEvolutionFake();

describe('Group → Accept Invite', () => {
	it('GETs the code of a link and outputs the group joined; the instance is then in it', async () => {
		const { fake } = state;
		fake.groups.get(SOPORTE)!.instances = ['Support Team'];
		const result = await runMessaging(fake, { parameters: groupParameters('acceptInvite', { inviteCode: `https://chat.whatsapp.com/${SOPORTE_CODE}` }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['GET', `/group/acceptInviteCode/sales?inviteCode=${SOPORTE_CODE}`, undefined]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ accepted: true, groupJid: SOPORTE }, { item: 0 }]]);
		expect(fake.groups.get(SOPORTE)?.instances).toContain('sales');
	});

	it('refuses a 16-character code from an invite message before any request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: groupParameters('acceptInvite', { inviteCode: 'cV0oyyBsD49e6Plw' }) });
		expect(stopError(result).message).toBe('Invite Code or Link "cV0oyyBsD49e6Plw" is not an invite code (22 letters and digits) or link. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says a revoked link was revoked, and a closed connection; Continue On Fail keeps each item paired', async () => {
		const { fake } = state;
		fake.groups.get(SOPORTE)!.revokedInviteCodes = ['OldC0deOldC0deOldC0de1'];
		const revoked = await runMessaging(fake, { parameters: groupParameters('acceptInvite', { inviteCode: 'OldC0deOldC0deOldC0de1' }) });
		expect(stopError(revoked).message).toBe('Invite code OldC0deOldC0deOldC0de1 was revoked (404: Accept invite error; Error: gone) [item 0]');
		const result = await runMessaging(fake, {
			parameters: groupParameters('acceptInvite', { instanceName: instance('={{ $json.instance }}', 'name'), inviteCode: SOPORTE_CODE }),
			items: itemsOf({ instance: 'offline' }, { instance: 'sales' }),
			continueOnFail: true,
		});
		expect(result.items.map((item) => [item.pairedItem, item.json.error ?? item.json.accepted])).toEqual([
			[{ item: 0 }, 'The WhatsApp connection of instance "offline" is closed (404: Accept invite error; Error: Connection Closed) [item 0]'],
			[{ item: 1 }, true],
		]);
	});
});
