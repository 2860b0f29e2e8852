import { describe, expect, it } from 'vitest';

import { DEFAULT_PRIVACY } from '../../../../fakes/evolution/profile';
import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const update = (privacy: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
	resource: 'profile',
	operation: 'updatePrivacySettings',
	instanceName: instance('sales'),
	privacy,
	...overrides,
});

describe('Profile → Get Privacy Settings', () => {
	it('GETs the six settings and gives them as one item; a closed connection fails', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'profile', operation: 'getPrivacySettings', instanceName: instance('Support Team') } });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/chat/fetchPrivacySettings/Support%20Team']]);
		expect(result.items.map((item) => item.json)).toEqual([DEFAULT_PRIVACY]);
		const closed = await runMessaging(fake, { parameters: { resource: 'profile', operation: 'getPrivacySettings', instanceName: instance('offline') } });
		expect(stopError(closed).message).toMatch(/^The server or its WhatsApp connection failed on instance "offline" \(500: Connection Closed\)/);
	});
});

describe('Profile → Update Privacy Settings', () => {
	it('reads the current settings, then sends all six with only the given ones changed', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: update({ last: 'contacts', readreceipts: 'none', online: 'match_last_seen' }) });
		expect(result.error).toBeUndefined();
		const sent = { readreceipts: 'none', profile: 'all', status: 'contacts', online: 'match_last_seen', last: 'contacts', groupadd: 'all' };
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/chat/fetchPrivacySettings/sales', undefined],
			['POST', '/chat/updatePrivacySettings/sales', sent],
		]);
		expect(result.items.map((item) => item.json)).toEqual([sent]);
		expect(fake.profiles.get('sales')?.privacy).toEqual(sent);
	});

	it('takes values from expressions', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: update({ groupadd: '={{ $json.who }}' }), items: itemsOf({ who: 'contact_blacklist' }) });
		expect(result.error).toBeUndefined();
		const sent = { readreceipts: 'all', profile: 'all', status: 'contacts', online: 'all', last: 'all', groupadd: 'contact_blacklist' };
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/chat/fetchPrivacySettings/sales', undefined],
			['POST', '/chat/updatePrivacySettings/sales', sent],
		]);
		expect(result.items).toEqual([{ json: sent, pairedItem: { item: 0 } }]);
	});

	it.each([
		[{}, 'Privacy to Change {} is empty: nothing to change. Nothing was sent. [item 0]'],
		[{ online: '={{ "contacts" }}' }, /^Online "contacts" is not one of all, match_last_seen/],
		[{ readreceipts: 'contacts' }, /^Read Receipts "contacts" is not one of all, none/],
	])('refuses %j before any request', async (privacy, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: update(privacy) });
		expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: update({ status: '={{ $json.who }}' }),
			items: itemsOf({ who: 'friends' }, { who: 'none' }),
			continueOnFail: true,
		});
		const sent = { readreceipts: 'all', profile: 'all', status: 'none', online: 'all', last: 'all', groupadd: 'all' };
		expect(result.items).toEqual([
			{ json: { error: 'Status "friends" is not one of all, contacts, contact_blacklist, none. Nothing was sent. [item 0]' }, pairedItem: { item: 0 }, error: expect.anything() },
			{ json: sent, pairedItem: { item: 1 } },
		]);
		// Only the second item read and set the settings.
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/chat/fetchPrivacySettings/sales', undefined],
			['POST', '/chat/updatePrivacySettings/sales', sent],
		]);
	});
});
