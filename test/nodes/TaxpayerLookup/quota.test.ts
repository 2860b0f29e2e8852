// Bulk runs against the plans' quota (a fixed window, shortened to seconds): the node waits the
// quota out instead of failing, never has more than the cap of requests in flight, asks each item
// once, and gives up past Max Wait for Quota with an error naming the item.
import { describe, expect, it } from 'vitest';

import { manyRucs, type LookupFake, type WindowQuota } from '../../../fakes/lookup';
import { runLookup, useLookupFake } from './lookup';

const api = useLookupFake({ everyValidRucExists: true, latencyMs: 5 });

const bulk = (rucs: string[], options: Record<string, unknown> = {}) => ({
	parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}', options },
	items: rucs.map((ruc) => ({ json: { ruc } })),
});

/** Each RUC's answered requests at the fake: 200s, and refusals (429, 403). */
function answersByRuc(fake: LookupFake) {
	const asked = new Map<string, number>();
	for (const request of fake.requests) {
		const ruc = request.path.split('/').pop()!;
		asked.set(ruc, (asked.get(ruc) ?? 0) + 1);
	}
	return asked;
}

function useQuota(quota: WindowQuota) {
	api.fake.options.windowQuota = quota;
}

describe('Taxpayer Lookup › quota', () => {
	it.each([
		{ refusal: 'laravel' as const, note: 'Retry-After and X-RateLimit-* headers' },
		{ refusal: 'bare' as const, note: 'a 429 without any header' },
		{ refusal: 'quota403' as const, note: 'a 403 saying the quota is spent' },
	])('waits out a spent window ($note): every item answered once, in item order, no option set', async ({ refusal }) => {
		useQuota({ budget: 12, windowMs: 1000, refusal });
		const rucs = manyRucs(30);
		const result = await runLookup(api.fake, bulk(rucs));

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.ruc)).toEqual(rucs);
		expect(result.items.map((item) => item.pairedItem)).toEqual(rucs.map((_, item) => ({ item })));
		// The quota really refused some requests (so the wait happened), and no RUC was looked up twice.
		const refused = api.fake.requests.length - rucs.length;
		expect(refused).toBeGreaterThan(0);
		expect(api.fake.queriesUsed).toBe(rucs.length);
		expect(api.fake.peakInFlight).toBeLessThanOrEqual(5);
	}, 30_000);

	it('the refused requests go first when the window reopens, so no item waits twice', async () => {
		useQuota({ budget: 10, windowMs: 1000 });
		const rucs = manyRucs(40);
		const result = await runLookup(api.fake, bulk(rucs));
		expect(result.error).toBeUndefined();
		// Each RUC at most twice: one refusal, then its answer.
		expect(Math.max(...answersByRuc(api.fake).values())).toBeLessThanOrEqual(2);
		expect(api.fake.queriesUsed).toBe(rucs.length);
	}, 30_000);

	it('keeps at most Max Concurrent Requests in flight, whatever the number of items', async () => {
		const rucs = manyRucs(40);
		api.fake.options.latencyMs = 20;
		const result = await runLookup(api.fake, bulk(rucs, { maxConcurrentRequests: 3 }));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(40);
		expect(api.fake.peakInFlight).toBeLessThanOrEqual(3);
		expect(api.fake.peakInFlight).toBeGreaterThan(1);
	});

	it('keeps 5 in flight by default, where n8n alone would open one per item', async () => {
		const rucs = manyRucs(60);
		api.fake.options.latencyMs = 20;
		const result = await runLookup(api.fake, bulk(rucs));
		expect(result.error).toBeUndefined();
		expect(api.fake.peakInFlight).toBeLessThanOrEqual(5);
	});

	it('past Max Wait for Quota, the items still refused fail with an error naming each, without asking again (Continue On Fail)', async () => {
		// The API asks to wait for a 30-second window; the user allows 1 second.
		useQuota({ budget: 2, windowMs: 30_000 });
		const rucs = manyRucs(5);
		const result = await runLookup(api.fake, { ...bulk(rucs, { maxQuotaWaitSeconds: 1, maxConcurrentRequests: 1 }), continueOnFail: true });

		expect(result.error).toBeUndefined();
		expect(result.items.slice(0, 2).map((item) => item.json.ruc)).toEqual(rucs.slice(0, 2));
		const failed = result.items.slice(2);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 2 }, { item: 3 }, { item: 4 }]);
		failed.forEach((item, n) => {
			expect(item.json.error).toMatch(
				new RegExp(`^The lookup API's quota is spent for RUC ${rucs[n + 2]}; the API asks to wait (2\\d|30)(\\.\\d)? s \\(429: Too Many Attempts\\.\\) \\[item ${n + 2}\\]$`),
			);
		});
		// Items 3 and 4 were not sent: the API had said when it would answer again.
		expect(api.fake.requests.map((request) => request.path.split('/').pop())).toEqual(rucs.slice(0, 3));
		const description = String((failed[0].error as { description?: string }).description);
		expect(description).toContain('Your plan allows 2 queries per window');
		expect(description).toContain('Max Wait for Quota (Options), now 1 s');
	}, 30_000);

	it('without Continue On Fail, the first item that gives up stops the run and the items after it are never asked', async () => {
		useQuota({ budget: 2, windowMs: 30_000 });
		const rucs = manyRucs(20);
		const result = await runLookup(api.fake, bulk(rucs, { maxQuotaWaitSeconds: 1, maxConcurrentRequests: 1 }));
		expect(result.error?.message).toMatch(/^The lookup API's quota is spent for RUC.* \[item 2\]$/);
		// Items 0 and 1 answered, item 2 refused; nothing after it spent a request.
		expect(api.fake.requests.map((request) => request.path.split('/').pop())).toEqual(rucs.slice(0, 3));
	}, 30_000);

	it('a refusal that says nothing is backed off until Max Wait for Quota, and the error says how long it waited', async () => {
		useQuota({ budget: 1, windowMs: 60_000, refusal: 'bare' });
		const rucs = manyRucs(2);
		const result = await runLookup(api.fake, { ...bulk(rucs, { maxQuotaWaitSeconds: 2 }), continueOnFail: true });
		expect(result.items[0].json.ruc).toBe(rucs[0]);
		expect(result.items[1].json.error).toMatch(
			/^The lookup API's quota is still \(after \d+(\.\d)? s of waiting\) spent for RUC \d{11} \(429: Too Many Attempts\.\) \[item 1\]$/,
		);
		// Backed off (1 s, then what was left of the 2 s), not hammered.
		expect(api.fake.requests.length).toBeLessThanOrEqual(4);
	}, 30_000);

	it('Max Wait for Quota 0 fails a refusal at once, with the server reason', async () => {
		useQuota({ budget: 0, windowMs: 60_000, refusal: 'quota403' });
		const result = await runLookup(api.fake, bulk(manyRucs(1), { maxQuotaWaitSeconds: 0 }));
		expect(result.error?.message).toMatch(/^The lookup API's quota is spent for RUC \d{11} \(403: Ha superado el límite de consultas de su plan\.\) \[item 0\]$/);
		expect(api.fake.requests).toHaveLength(1);
	});

	it('refuses a Max Wait for Quota below 0, before any request', async () => {
		const result = await runLookup(api.fake, bulk(manyRucs(1), { maxQuotaWaitSeconds: -5 }));
		expect(result.error?.message).toBe('Max Wait for Quota -5 is not a number of seconds from 0 to 86400. Nothing was sent. [item 0]');
		expect(api.fake.requests).toHaveLength(0);
	});

	it('refuses a Max Concurrent Requests that is not a whole number from 1 to 50, before any request', async () => {
		const result = await runLookup(api.fake, bulk(manyRucs(1), { maxConcurrentRequests: 0 }));
		expect(result.error?.message).toBe('Max Concurrent Requests 0 is not a whole number of requests from 1 to 50. Nothing was sent. [item 0]');
		expect(api.fake.requests).toHaveLength(0);
	});
});
