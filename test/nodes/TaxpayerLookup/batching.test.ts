// n8n's "Request Options" (added by its loader to declarative nodes): batching spaces requests;
// without it, the node's own pacing waits out a rate limit.
import { describe, expect, it } from 'vitest';

import { runLookup, useLookupFake } from './lookup';

const api = useLookupFake({ ratePerSecond: 5 });

const items = Array.from({ length: 12 }, () => ({ json: { ruc: '20131312955' } }));

describe('Taxpayer Lookup › batching request option', () => {
	it('without batching, the 429s of a 5-per-second limit are waited out: every item succeeds', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
			items,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(12);
		// The limit did refuse requests (a bare 429), so the waiting is what made them succeed.
		expect(api.fake.requests.length).toBeGreaterThan(12);
		expect(api.fake.queriesUsed).toBe(12);
	}, 30_000);

	it('with 5 items per batch every two seconds, every item succeeds at the first request', async () => {
		const result = await runLookup(api.fake, {
			parameters: {
				resource: 'taxpayer',
				operation: 'get',
				ruc: '={{ $json.ruc }}',
				requestOptions: { batching: { batch: { batchSize: 5, batchInterval: 2000 } } },
			},
			items,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(12);
		expect(api.fake.requests).toHaveLength(12);
		// Each batch of five arrives in a window of its own: n8n sends a batch's requests together, then
		// sleeps batchInterval (2000 ms: on a loaded machine a batch's requests may reach the fake
		// hundreds of ms apart, and with 1100 ms the next batch then met the window a late one opened). Arrivals at the fake, in time order, split where more than
		// 500 ms passed, give the batches. Between batches only a lower bound is asserted, and a
		// batch sent at once needs no more than its requests arriving within 500 ms of each other, so
		// a slow machine does not fail this; ignored or shorter batching does.
		const arrivals = api.fake.requests.map((request) => request.at).sort((a, b) => a - b);
		expect(arrivals).toHaveLength(12);
		const batches: number[][] = [];
		for (const at of arrivals) {
			const batch = batches.at(-1);
			if (batch && at - batch[batch.length - 1] <= 500) batch.push(at);
			else batches.push([at]);
		}
		expect(batches.map((batch) => batch.length)).toEqual([5, 5, 2]);
		for (let i = 1; i < batches.length; i++) {
			expect(batches[i][0] - batches[i - 1][0], `batch ${i + 1} starts this long after batch ${i}`).toBeGreaterThanOrEqual(1800);
		}
	});
});
