import { describe, expect, it } from 'vitest';

import { rateOn } from '../../../fakes/lookupApi';
import { jsonOf, runLookup, TODAY, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › exchangeRate › getLatest', () => {
	it('sends GET /api/v2/tipo-cambio/sbs/ultimo?moneda and outputs the latest record', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getLatest', currency: 'USD' },
		});

		expect(api.fake.requests.map((r) => [r.path, r.query])).toEqual([['/api/v2/tipo-cambio/sbs/ultimo', { moneda: 'USD' }]]);
		expect(jsonOf(result)).toEqual([rateOn(TODAY, 'USD')]);
	});

	it('gives Friday\'s rate on a Sunday', async () => {
		api.fake.setToday('2026-11-22');
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getLatest', currency: '={{ "eur" }}' },
		});
		expect(api.fake.requests[0].query).toEqual({ moneda: 'EUR' });
		expect(jsonOf(result)).toEqual([rateOn('2026-11-20', 'EUR')]);
	});
});
