// Log Out, Delete and Set Presence.
import { describe, expect, it } from 'vitest';

import { instance, itemsOf, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

describe('Instance → Log Out', () => {
	it('sends DELETE /instance/logout and outputs loggedOut; the instance is then closed', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'logout', instanceName: instance('sales') } });
		expect(fake.requests.map((r) => [r.method, r.path, r.headers.apikey])).toEqual([['DELETE', '/instance/logout/sales', fake.apiKey]]);
		expect(result.items).toEqual([{ json: { loggedOut: true, instanceName: 'sales', message: 'Instance logged out' }, pairedItem: { item: 0 } }]);
		expect(fake.instances.get('sales')?.connectionStatus).toBe('close');
	});

	it('says a closed instance is not logged in, per item with Continue On Fail', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: { resource: 'instance', operation: 'logout', instanceName: instance('={{ $json.name }}', 'name') },
			items: itemsOf({ name: 'offline' }, { name: 'Support Team' }),
		});
		expect(result.items.map((item) => [item.json.error ?? item.json.loggedOut, item.pairedItem])).toEqual([
			['Instance "offline" is not logged in: its WhatsApp connection is already closed (400: The "offline" instance is not connected) [item 0]', { item: 0 }],
			[true, { item: 1 }],
		]);
	});
});

describe('Instance → Delete', () => {
	it('outputs {deleted: true}; the instance is gone', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'delete', instanceName: instance('Support Team', 'name') } });
		expect(fake.requests.map((r) => [r.method, r.path])).toEqual([['DELETE', '/instance/delete/Support%20Team']]);
		expect(result.items).toEqual([{ json: { deleted: true, instanceName: 'Support Team', message: 'Instance deleted' }, pairedItem: { item: 0 } }]);
		expect(fake.instances.has('Support Team')).toBe(false);
	});

	it("names an unknown instance; an instance's own token cannot delete another", async () => {
		const { fake } = state;
		const unknown = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'delete', instanceName: instance('nope', 'name') } });
		expect(stopError(unknown).message).toBe('The instance "nope" does not exist on the server (404: The "nope" instance does not exist) [item 0]');
		const other = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'delete', instanceName: instance('offline') }, credentials: { apiKey: 'sales-token' } });
		expect(stopError(other).message).toBe('The API key was rejected by instance "offline" (401: Unauthorized) [item 0]');
		expect(fake.instances.has('offline')).toBe(true);
	});
});

describe('Instance → Set Presence', () => {
	it('sends the presence; outputs it with the instance', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'setPresence', instanceName: instance('sales'), presence: 'unavailable' } });
		expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/instance/setPresence/sales', { presence: 'unavailable' }]]);
		expect(result.items).toEqual([{ json: { instanceName: 'sales', presence: 'unavailable' }, pairedItem: { item: 0 } }]);
	});

	it('refuses a presence that is not online or offline, with no request', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: { resource: 'instance', operation: 'setPresence', instanceName: instance('sales'), presence: '={{ "composing" }}' } });
		expect(stopError(result).message).toBe('Presence "composing" is not a presence of an instance. Nothing was sent. [item 0]');
		expect(fake.requests).toEqual([]);
	});

	it('says the connection of a closed instance is closed, per item with Continue On Fail', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			continueOnFail: true,
			parameters: { resource: 'instance', operation: 'setPresence', instanceName: instance('={{ $json.name }}', 'name'), presence: 'available' },
			items: itemsOf({ name: 'offline' }, { name: 'sales' }),
		});
		expect(result.items.map((item) => [item.json.error ?? item.json.presence, item.pairedItem])).toEqual([
			['The WhatsApp connection of instance "offline" is closed (400: Error: Connection Closed) [item 0]', { item: 0 }],
			['available', { item: 1 }],
		]);
	});
});
