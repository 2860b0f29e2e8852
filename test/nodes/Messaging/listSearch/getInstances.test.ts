import { describe, expect, it } from 'vitest';

import { describeInstance } from '../../../../nodes/Messaging/listSearch/getInstances';
import { listInstances } from '../helpers';
import { useEvolutionFake } from '../../../harness/evolutionFake';

const state = useEvolutionFake({
	instances: [
		{ name: 'sales', connectionStatus: 'open' },
		{ name: 'Support Team', connectionStatus: 'connecting' },
		{ name: 'offline', connectionStatus: 'close' },
	],
});

describe('Instance list', () => {
	it('lists every instance with its connection state, the connected ones first, then by name', async () => {
		const { results } = await listInstances(state.fake);
		expect(results).toEqual([
			{ name: 'sales (connected)', value: 'sales' },
			{ name: 'offline (disconnected)', value: 'offline' },
			{ name: 'Support Team (connecting)', value: 'Support Team' },
		]);
		expect(state.fake.requests).toHaveLength(1);
		expect(state.fake.requests[0].method).toBe('GET');
		expect(state.fake.requests[0].path).toBe('/instance/fetchInstances');
		expect(state.fake.requests[0].headers.apikey).toBe(state.fake.apiKey);
	});

	it('filters by name, ignoring case', async () => {
		expect((await listInstances(state.fake, 'SUP')).results).toEqual([{ name: 'Support Team (connecting)', value: 'Support Team' }]);
		expect((await listInstances(state.fake, 'nothing')).results).toEqual([]);
	});

	it('shows only its own instance to an instance token', async () => {
		expect((await listInstances(state.fake, undefined, { apiKey: 'sales-token' })).results).toEqual([{ name: 'sales (connected)', value: 'sales' }]);
	});

	it('works with the manager page address pasted as Server URL', async () => {
		await listInstances(state.fake, undefined, { serverUrl: `${state.fake.url}/manager/` });
		expect(state.fake.requests[0].path).toBe('/instance/fetchInstances');
	});

	it('explains a wrong key, without showing it', async () => {
		const error = await listInstances(state.fake, undefined, { apiKey: 'wrong-key-123' }).catch((e: Error & { description?: string }) => e);
		expect((error as Error).message).toBe('The API key was rejected by the server (401: Unauthorized)');
		expect((error as { description: string }).description).toMatch(/global API key/);
		expect(JSON.stringify(error)).not.toContain('wrong-key-123');
	});

	it('explains an unreachable server', async () => {
		const error = (await listInstances(state.fake, undefined, { serverUrl: 'http://127.0.0.1:9' }).catch((e: Error) => e)) as Error;
		expect(error.message).toBe('Cannot reach the Evolution API server at http://127.0.0.1:9 (ECONNREFUSED)');
	});

	it('reads both the v2 and the v1 shape of an instance', () => {
		expect(describeInstance({ name: 'a', connectionStatus: 'open' })).toEqual({ name: 'a', state: 'open' });
		expect(describeInstance({ instance: { instanceName: 'b', status: 'close' } })).toEqual({ name: 'b', state: 'close' });
		expect(describeInstance({ name: 'c' })).toEqual({ name: 'c', state: 'unknown' });
		expect(describeInstance({ id: 'x' })).toBeUndefined();
	});
});
