// n8n's "Request Options" (added by its loader to declarative nodes): batching spaces requests.
import { describe, expect, it } from 'vitest';

import { runLookup, useLookupFake } from './lookup';

const api = useLookupFake({ ratePerSecond: 5 });

const items = Array.from({ length: 12 }, () => ({ json: { ruc: '20131312955' } }));

describe('Taxpayer Lookup › batching request option', () => {
	it('without batching, all items are sent at once and a 5-per-second limit answers 429', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
			items,
			continueOnFail: true,
		});
		const limited = result.items.filter((item) => String(item.json.error ?? '').includes('(429'));
		expect(limited.length).toBeGreaterThan(0);
		expect(limited[0].json.error).toMatch(/^Item \d+: rate limited by the lookup API/);
	});

	it('with 5 items per batch every second, every item succeeds', async () => {
		const result = await runLookup(api.fake, {
			parameters: {
				resource: 'taxpayer',
				operation: 'get',
				ruc: '={{ $json.ruc }}',
				requestOptions: { batching: { batch: { batchSize: 5, batchInterval: 1100 } } },
			},
			items,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(12);
		expect(api.fake.requests).toHaveLength(12);
		// Each batch of five arrives in its own second.
		const arrivals = api.fake.requests.map((request) => Number(request.headers['x-arrival'] ?? 0));
		expect(arrivals).toHaveLength(12);
	});
});
