import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const DEFAULTS = {
	rejectCall: false,
	msgCall: '',
	groupsIgnore: false,
	alwaysOnline: false,
	readMessages: false,
	readStatus: false,
	syncFullHistory: false,
	wavoipToken: '',
};

const update = (settings: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
	resource: 'settings',
	operation: 'update',
	instanceName: instance('sales'),
	settings,
	...overrides,
});

describe('Settings → Get', () => {
	it("GETs the instance's settings and gives them as one item", async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'settings', operation: 'get', instanceName: instance('Support Team') } });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/settings/find/Support%20Team']]);
		expect(result.items.map((item) => item.json)).toEqual([DEFAULTS]);
	});

	it('says when the instance has no settings (the server answers null), and when it does not exist', async () => {
		const { fake } = state;
		fake.settings.delete('sales');
		const none = await runMessaging(fake, { parameters: { resource: 'settings', operation: 'get', instanceName: instance('sales') } });
		expect(stopError(none).message).toBe('Instance "sales" has no settings stored on the server (it answered null) [item 0]');
		const missing = await runMessaging(fake, { parameters: { resource: 'settings', operation: 'get', instanceName: instance('nope') } });
		expect(stopError(missing).message).toMatch(/^The instance "nope" does not exist on the server \(404/);
	});
});

describe('Settings → Update', () => {
	it('reads the current settings, then sends every required one with only the given ones changed', async () => {
		const { fake } = state;
		fake.settings.set('sales', { ...DEFAULTS, readMessages: true, msgCall: 'Solo mensajes' });
		const result = await runMessaging(fake, { parameters: update({ rejectCall: true, alwaysOnline: true }) });
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/settings/find/sales', undefined],
			[
				'POST',
				'/settings/set/sales',
				{ rejectCall: true, groupsIgnore: false, alwaysOnline: true, readMessages: true, readStatus: false, syncFullHistory: false, msgCall: 'Solo mensajes' },
			],
		]);
		expect(result.items[0].json).toEqual({ rejectCall: true, groupsIgnore: false, alwaysOnline: true, readMessages: true, readStatus: false, syncFullHistory: false, msgCall: 'Solo mensajes' });
		expect(fake.settings.get('sales')).toEqual({ ...DEFAULTS, rejectCall: true, alwaysOnline: true, readMessages: true, msgCall: 'Solo mensajes' });
	});

	it('takes values from expressions (true/false as text) and an empty call message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: update({ groupsIgnore: '={{ $json.ignore }}', msgCall: '' }),
			items: itemsOf({ ignore: 'true' }),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/settings/find/sales', undefined],
			['POST', '/settings/set/sales', { rejectCall: false, groupsIgnore: true, alwaysOnline: false, readMessages: false, readStatus: false, syncFullHistory: false, msgCall: '' }],
		]);
		expect(result.items).toEqual([
			{ json: { rejectCall: false, groupsIgnore: true, alwaysOnline: false, readMessages: false, readStatus: false, syncFullHistory: false, msgCall: '' }, pairedItem: { item: 0 } },
		]);
	});

	it.each([
		[{}, 'Settings to Change {} is empty: nothing to change. Nothing was sent. [item 0]'],
		[{ readStatus: '={{ "yes" }}' }, /^Read Status "yes" is not true or false/],
		[{ msgCall: 'x'.repeat(101) }, /^Call Rejection Message .* is 101 characters long: the server stores at most 100/],
	])('refuses %j before any request', async (settings, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: update(settings) });
		expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});

	it('says the API key was rejected (401) and keeps pairedItem under Continue On Fail', async () => {
		const { fake } = state;
		const rejected = await runMessaging(fake, { parameters: update({ rejectCall: true }), credentials: { apiKey: 'wrong' } });
		expect(stopError(rejected).message).toBe('The API key was rejected by instance "sales" (401: Unauthorized) [item 0]');
		const result = await runMessaging(fake, {
			parameters: update({ rejectCall: '={{ $json.on }}' }),
			items: itemsOf({ on: 'maybe' }, { on: true }),
			continueOnFail: true,
		});
		expect(result.items).toEqual([
			{ json: { error: 'Reject Calls "maybe" is not true or false. Nothing was sent. [item 0]' }, pairedItem: { item: 0 }, error: expect.anything() },
			{ json: { rejectCall: true, groupsIgnore: false, alwaysOnline: false, readMessages: false, readStatus: false, syncFullHistory: false, msgCall: '' }, pairedItem: { item: 1 } },
		]);
		// The first item's value was refused before its read: only the second item's read and set went.
		expect(fake.requests.slice(1).map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', '/settings/find/sales', undefined],
			['POST', '/settings/set/sales', { rejectCall: true, groupsIgnore: false, alwaysOnline: false, readMessages: false, readStatus: false, syncFullHistory: false, msgCall: '' }],
		]);
	});
});
