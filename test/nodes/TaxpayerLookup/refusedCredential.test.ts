// A credential the lookup API refuses is refused once per run: the requests in flight when the
// refusal comes are all that go; every later item gets that refusal as its error, naming the item
// whose request was refused. A refusal for quota is not one: it is still waited out.
import { describe, expect, it } from 'vitest';

import { manyRucs, NO_PLAN_TOKEN } from '../../../fakes/lookup';
import type { NodeRunResult } from '../../harness/engine';
import { runLookup, useLookupFake } from './lookup';

const api = useLookupFake({ everyValidRucExists: true, latencyMs: 2 });

const bulk = (rucs: string[], run: { token?: string; continueOnFail?: boolean } = {}) => ({
	parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
	items: rucs.map((ruc) => ({ json: { ruc } })),
	...run,
});

/** The items whose request reached the fake, by the RUC in its path. */
const askedItems = (rucs: string[]) => new Set(api.fake.requests.map((request) => rucs.indexOf(request.path.split('/').pop()!)));

/** Each output item's error, with the item it came from. */
const errorsOf = (result: NodeRunResult) => result.items.map((item) => ({ error: String(item.json.error), paired: item.pairedItem }));

describe('Taxpayer Lookup › a refused credential', () => {
	it('2,000 items with a wrong token: only the requests in flight go (5 at most), and every item gets its error in order (Continue On Fail)', async () => {
		const rucs = manyRucs(2000);
		const result = await runLookup(api.fake, bulk(rucs, { token: 'wrong-token', continueOnFail: true }));

		expect(result.error).toBeUndefined();
		const asked = askedItems(rucs);
		expect(api.fake.requests.length).toBeGreaterThanOrEqual(1);
		expect(api.fake.requests.length).toBeLessThanOrEqual(5);
		expect(asked.has(0)).toBe(true);
		const rejected = 'The access token was rejected (401: Unauthenticated.)';
		const errors = errorsOf(result);
		expect(errors).toHaveLength(2000);
		errors.forEach(({ error, paired }, item) => {
			expect(paired).toEqual({ item });
			if (asked.has(item)) expect(error).toBe(`${rejected} [item ${item}]`);
			else expect(error).toMatch(new RegExp(`^Not sent: item (\\d+)'s request was refused with the same credential: the access token was rejected \\(401: Unauthenticated\\.\\) \\[item ${item}\\]$`));
		});
		// The item quoted is one whose request was refused.
		const quoted = Number(/item (\d+)'s request/.exec(errors[1999].error)![1]);
		expect(asked.has(quoted)).toBe(true);
		expect(result.items[1999].error?.description).toBe('Open the Taxpayer Lookup API credential and paste the access token again from your account page.');
	});

	it('without Continue On Fail, the run stops at the first refusal, with the requests in flight only', async () => {
		const rucs = manyRucs(2000);
		const result = await runLookup(api.fake, bulk(rucs, { token: 'wrong-token' }));
		expect(result.error?.message).toBe('The access token was rejected (401: Unauthenticated.) [item 0]');
		expect(api.fake.requests.length).toBeLessThanOrEqual(5);
	});

	it("a plan that lacks the route (403) is refused once for the run's items on that route", async () => {
		const rucs = manyRucs(200);
		const result = await runLookup(api.fake, bulk(rucs, { token: NO_PLAN_TOKEN, continueOnFail: true }));
		expect(api.fake.requests.length).toBeLessThanOrEqual(5);
		expect(String(result.items[199].json.error)).toMatch(
			/^Not sent: item \d+'s request was refused with the same credential: access denied for RUC \d{11} \(403: Su plan no incluye esta consulta\.\) \[item 199\]$/,
		);
	});

	it('a refusal for quota (429) is not a refused credential: it is waited out and every item answered', async () => {
		const rucs = manyRucs(30);
		api.fake.failNext(/\/ruc\//, { status: 429, headers: { 'Retry-After': '0' } }, { status: 429 });
		const result = await runLookup(api.fake, bulk(rucs, { continueOnFail: true }));
		expect(result.items.map((item) => item.json.error)).toEqual(rucs.map(() => undefined));
		expect(result.items.map((item) => item.json.ruc)).toEqual(rucs);
		expect(api.fake.requests).toHaveLength(32);
	}, 30_000);
});
