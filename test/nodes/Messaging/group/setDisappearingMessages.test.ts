import { describe, expect, it } from 'vitest';

import { runMessaging, stopError, useEvolutionFake } from '../helpers';
import { groupLocator, groupParameters, query, requestsOf, SOPORTE, VENTAS } from './groupHelpers';

const state = useEvolutionFake();

const disappear = (parameters: Record<string, unknown>) => groupParameters('setDisappearingMessages', { groupJid: groupLocator(SOPORTE), ...parameters });

describe('Group → Set Disappearing Messages', () => {
	it.each([[0], [86_400], [604_800], [7_776_000]])('POSTs expiration %d seconds and outputs it', async (seconds) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: disappear({ disappearingMessages: seconds }) });
		expect(result.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['POST', `/group/toggleEphemeral/sales?${query(SOPORTE)}`, { expiration: seconds }]]);
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ groupJid: SOPORTE, expiration: seconds, success: true }, { item: 0 }]]);
		expect(fake.groups.get(SOPORTE)?.ephemeralDuration).toBe(seconds);
	});

	it('takes the seconds as text from an expression, and refuses a duration WhatsApp does not offer before any request', async () => {
		const { fake } = state;
		const text = await runMessaging(fake, { parameters: disappear({ disappearingMessages: '={{ "86400" }}' }) });
		expect(text.error).toBeUndefined();
		expect(requestsOf(fake)).toEqual([['POST', `/group/toggleEphemeral/sales?${query(SOPORTE)}`, { expiration: 86_400 }]]);
		fake.requests.length = 0;
		const result = await runMessaging(fake, { parameters: disappear({ disappearingMessages: '={{ 3600 }}' }) });
		expect(stopError(result).message).toBe('Messages Disappear After 3600 is not one of the durations WhatsApp offers. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says a member may not in a locked group, under Continue On Fail as an item paired with its input', async () => {
		const { fake } = state;
		fake.groups.get(VENTAS)!.restrict = true;
		const result = await runMessaging(fake, { parameters: disappear({ groupJid: groupLocator(VENTAS), disappearingMessages: 86_400 }), continueOnFail: true });
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[`The number of instance "sales" may not do this in group ${VENTAS}: it is not an admin (400: Error updating setting; Error: not-authorized) [item 0]`, { item: 0 }],
		]);
	});
});
