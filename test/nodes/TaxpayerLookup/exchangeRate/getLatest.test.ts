import { describe, expect, it } from 'vitest';

import { rateOn, sunatRateOn } from '../../../../fakes/lookup';
import { jsonOf, runLookup, TODAY, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › exchangeRate › getLatest', () => {
	it('sends GET /api/v2/tipo-cambio/sbs/ultimo?moneda and outputs the latest record', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getLatest', currency: 'USD' },
		});

		expect(api.fake.requests.map((r) => [r.path, r.query])).toEqual([['/api/v2/tipo-cambio/sbs/ultimo', { moneda: 'USD' }]]);
		expect(result.items).toEqual([{ json: { fecha: '2026-11-20', moneda: 'USD', precio_compra: '3.692', precio_venta: '3.704' }, pairedItem: { item: 0 } }]);
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

describe('Taxpayer Lookup › exchangeRate › getLatest, SUNAT', () => {
	const sunat = (parameters: Record<string, unknown> = {}) => ({ resource: 'exchangeRate', operation: 'getLatest', source: 'sunat', ...parameters });

	it('sends GET /api/v2/tipo-cambio/sunat/ultimo without a currency, and states USD', async () => {
		const result = await runLookup(api.fake, { parameters: sunat() });

		expect(result.error).toBeUndefined();
		expect(api.fake.requests.map((r) => [r.method, r.path, r.query])).toEqual([['GET', '/api/v2/tipo-cambio/sunat/ultimo', {}]]);
		// The fake's record has no currency: the node adds it, and no requested date (none was asked).
		expect(sunatRateOn(TODAY)).not.toHaveProperty('moneda');
		expect(jsonOf(result)).toEqual([{ fecha: '2026-11-20', precio_compra: '3.696', precio_venta: '3.708', moneda: 'USD' }]);
	});

	it('ignores a currency set for the SBS, and keeps the currency the API states', async () => {
		api.fake.options.sunatStatesCurrency = true;
		const result = await runLookup(api.fake, { parameters: sunat({ currency: 'EUR' }) });

		expect(api.fake.requests.map((r) => r.query)).toEqual([{}]);
		expect(jsonOf(result)).toEqual([{ fecha: '2026-11-20', moneda: 'USD', precio_compra: '3.696', precio_venta: '3.708' }]);
	});

	it("gives Friday's rate on a Sunday, dated Friday", async () => {
		api.fake.setToday('2026-11-22');
		const result = await runLookup(api.fake, { parameters: sunat() });

		expect(jsonOf(result)).toEqual([{ ...sunatRateOn('2026-11-20'), moneda: 'USD' }]);
	});

	it('turns prices into numbers with the option', async () => {
		const result = await runLookup(api.fake, { parameters: sunat({ options: { numbersAsNumbers: true } }) });
		expect(jsonOf(result)).toEqual([{ fecha: '2026-11-20', moneda: 'USD', precio_compra: 3.696, precio_venta: 3.708 }]);
	});

	it('explains a 404 as no SUNAT rate published, without looking back', async () => {
		api.fake.failNext('/tipo-cambio/sunat/ultimo', { status: 404, body: { success: false, message: 'No hay tipo de cambio' } });
		const result = await runLookup(api.fake, { parameters: sunat() });

		expect(api.fake.requests).toHaveLength(1);
		expect(result.error?.message).toBe('No latest SUNAT USD rate was published (404: No hay tipo de cambio) [item 0]');
		expect(result.error?.description).toMatch(/SUNAT rates exist from 2010-01-01/);
	});

	it('the SBS source, set explicitly, still sends the currency to the SBS route', async () => {
		const result = await runLookup(api.fake, { parameters: { resource: 'exchangeRate', operation: 'getLatest', source: 'sbs', currency: 'EUR' } });

		expect(api.fake.requests.map((r) => [r.path, r.query])).toEqual([['/api/v2/tipo-cambio/sbs/ultimo', { moneda: 'EUR' }]]);
		expect(jsonOf(result)).toEqual([{ fecha: '2026-11-20', moneda: 'EUR', precio_compra: '4.192', precio_venta: '4.204' }]);
	});
});
