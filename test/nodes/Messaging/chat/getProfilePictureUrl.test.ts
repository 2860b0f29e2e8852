import { describe, expect, it } from 'vitest';

import { unordered } from '../../../harness/unordered';
import { instance, itemsOf, runMessaging, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

describe('Get Profile Picture URL', () => {
	it('asks for each number and outputs the link, or null when the picture is hidden', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: { resource: 'chat', operation: 'getProfilePictureUrl', instanceName: instance('sales'), number: '={{ $json.phone }}' },
			items: itemsOf({ phone: '+51 987 654 321' }, { phone: '51912345678' }),
		});
		expect(result.error).toBeUndefined();
		// The items are asked concurrently: which request arrives first is not defined.
		expect(unordered(fake.requests.map((r) => [r.path, r.body]))).toEqual(
			unordered([
				['/chat/fetchProfilePictureUrl/sales', { number: '51987654321' }],
				['/chat/fetchProfilePictureUrl/sales', { number: '51912345678' }],
			]),
		);
		expect(result.items).toEqual([
			{ json: { wuid: '51987654321@s.whatsapp.net', profilePictureUrl: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg' }, pairedItem: { item: 0 } },
			{ json: { wuid: '51912345678@s.whatsapp.net', profilePictureUrl: null }, pairedItem: { item: 1 } },
		]);
	});
});
