import { describe, expect, it } from 'vitest';

import { rateOn, sunatRateOn } from '../../../../fakes/lookup';
import { unordered } from '../../../harness/unordered';
import { jsonOf, runLookup, useLookupFake } from '../lookup';

const api = useLookupFake();

describe('Taxpayer Lookup › exchangeRate › getByDate', () => {
	it('sends GET /api/v2/tipo-cambio/sbs?fecha&moneda with the date picked in the editor', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2024-01-10T00:00:00', currency: 'EUR' },
		});

		expect(api.fake.requests).toHaveLength(1);
		expect(api.fake.requests[0].path).toBe('/api/v2/tipo-cambio/sbs');
		expect(api.fake.requests[0].query).toEqual({ fecha: '2024-01-10', moneda: 'EUR' });
		// The API's record without its `success` flag, prices as the API writes them.
		expect(result.items).toEqual([{ json: { fecha: '2024-01-10', moneda: 'EUR', precio_compra: '4.174', precio_venta: '4.186' }, pairedItem: { item: 0 } }]);
	});

	it('accepts a YYYY-MM-DD text and a date object from expressions', async () => {
		await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '={{ $json.day }}', currency: 'USD' },
			items: [{ json: { day: '2025-03-03' } }],
		});
		await runLookup(api.fake, {
			parameters: {
				resource: 'exchangeRate',
				operation: 'getByDate',
				date: "={{ DateTime.fromISO('2025-03-04T20:30:00', { zone: 'America/Lima' }) }}",
				currency: 'USD',
			},
		});
		expect(api.fake.requests.map((r) => r.query.fecha)).toEqual(['2025-03-03', '2025-03-04']);
	});

	it('turns prices into numbers with the option', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2024-01-10', currency: 'USD', options: { numbersAsNumbers: true } },
		});
		expect(result.items[0].json).toEqual({ fecha: '2024-01-10', moneda: 'USD', precio_compra: 3.674, precio_venta: 3.686 });
	});

	it('explains a day without a rate (weekend) as such', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2024-01-13', currency: 'USD' },
		});
		expect(result.error?.message).toBe(
			'No USD rate for 2024-01-13 was published (404: No hay tipo de cambio para la fecha) [item 0]',
		);
		expect(result.error?.description).toMatch(/business days only/);
	});

	it('passes on the previous business day when the API answers a holiday with it', async () => {
		api.fake.options.nonBusinessDay = 'previousBusinessDay';
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2024-12-25', currency: 'USD' },
		});
		expect(api.fake.requests.map((r) => r.query)).toEqual([{ fecha: '2024-12-25', moneda: 'USD' }]);
		// Dated the day the rate belongs to, as the API answered.
		expect(jsonOf(result)).toEqual([{ fecha: '2024-12-24', moneda: 'USD', precio_compra: '3.383', precio_venta: '3.395' }]);
	});
});

describe('Taxpayer Lookup › exchangeRate › getByDate, as the node opens', () => {
	it("asks for today's rate in Lima when the date is left as it starts", async () => {
		delete api.fake.options.today;
		const before = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
		await runLookup(api.fake, { parameters: { resource: 'exchangeRate', operation: 'getByDate' }, continueOnFail: true });
		const after = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
		expect(api.fake.requests).toHaveLength(1);
		expect([before, after]).toContain(api.fake.requests[0].query.fecha);
	});
});

describe('Taxpayer Lookup › exchangeRate › getByDate, SUNAT', () => {
	const sunat = (date: unknown, parameters: Record<string, unknown> = {}) => ({
		resource: 'exchangeRate',
		operation: 'getByDate',
		source: 'sunat',
		date,
		...parameters,
	});
	const NO_RATE = { status: 404, body: { success: false, message: 'No hay tipo de cambio para la fecha' } };
	/** The item for a day asked: the record of the day it belongs to, in dollars, and the day asked. */
	const sunatItem = (recordDate: string, requestedDate: string) => ({ ...sunatRateOn(recordDate), moneda: 'USD', requestedDate });

	it('sends GET /api/v2/tipo-cambio/sunat?fecha without a currency, and states USD and the day asked', async () => {
		const result = await runLookup(api.fake, { parameters: sunat('2024-01-10T00:00:00') });

		expect(result.error).toBeUndefined();
		expect(api.fake.requests.map((r) => [r.method, r.path, r.query])).toEqual([['GET', '/api/v2/tipo-cambio/sunat', { fecha: '2024-01-10' }]]);
		// The fake's record has no currency: the node adds it.
		expect(sunatRateOn('2024-01-10')).not.toHaveProperty('moneda');
		expect(jsonOf(result)).toEqual([{ fecha: '2024-01-10', precio_compra: '3.678', precio_venta: '3.690', moneda: 'USD', requestedDate: '2024-01-10' }]);
		// SUNAT's figures, not the SBS's.
		expect(result.items[0].json.precio_venta).not.toBe(rateOn('2024-01-10', 'USD').precio_venta);
	});

	it('keeps the currency when the API states it', async () => {
		api.fake.options.sunatStatesCurrency = true;
		const stated = await runLookup(api.fake, { parameters: sunat('2024-01-10') });
		expect(jsonOf(stated)).toEqual([sunatItem('2024-01-10', '2024-01-10')]);

		// Whatever the API writes there is passed on, not overwritten.
		api.fake.failNext('/tipo-cambio/sunat', {
			status: 200,
			body: { success: true, fecha: '2024-01-10', moneda: 'US$', precio_compra: '3.701', precio_venta: '3.712' },
		});
		const written = await runLookup(api.fake, { parameters: sunat('2024-01-10') });
		expect(jsonOf(written)).toEqual([{ fecha: '2024-01-10', moneda: 'US$', precio_compra: '3.701', precio_venta: '3.712', requestedDate: '2024-01-10' }]);
	});

	it('ignores a currency set for the SBS (SUNAT publishes dollars only)', async () => {
		const result = await runLookup(api.fake, { parameters: sunat('2024-01-10', { currency: 'EUR' }) });

		expect(api.fake.requests.map((r) => [r.path, r.query])).toEqual([['/api/v2/tipo-cambio/sunat', { fecha: '2024-01-10' }]]);
		expect(jsonOf(result)).toEqual([sunatItem('2024-01-10', '2024-01-10')]);
	});

	it('takes the source from an expression, in any case', async () => {
		const result = await runLookup(api.fake, { parameters: sunat('2024-01-10', { source: '={{ " SUNAT " }}', currency: 'EUR' }) });

		expect(api.fake.requests.map((r) => r.path)).toEqual(['/api/v2/tipo-cambio/sunat']);
		expect(jsonOf(result)).toEqual([sunatItem('2024-01-10', '2024-01-10')]);
	});

	it("on a Sunday answered 404, walks back one day per request to Friday's rate", async () => {
		const result = await runLookup(api.fake, { parameters: sunat('2024-01-14') });

		expect(result.error).toBeUndefined();
		expect(api.fake.requests.map((r) => r.query)).toEqual([{ fecha: '2024-01-14' }, { fecha: '2024-01-13' }, { fecha: '2024-01-12' }]);
		expect(jsonOf(result)).toEqual([{ fecha: '2024-01-12', precio_compra: '3.665', precio_venta: '3.677', moneda: 'USD', requestedDate: '2024-01-14' }]);
	});

	it('walks back over a long weekend of holidays (Monday 29 July, Sunday 28, Saturday 27) to Friday', async () => {
		const result = await runLookup(api.fake, { parameters: sunat('2024-07-29') });

		expect(api.fake.requests.map((r) => r.query.fecha)).toEqual(['2024-07-29', '2024-07-28', '2024-07-27', '2024-07-26']);
		expect(jsonOf(result)).toEqual([sunatItem('2024-07-26', '2024-07-29')]);
	});

	it('when the API answers a Sunday with the earlier rate itself: one request, the same item', async () => {
		api.fake.options.nonBusinessDay = 'previousBusinessDay';
		const result = await runLookup(api.fake, { parameters: sunat('2024-01-14') });

		expect(api.fake.requests.map((r) => r.query)).toEqual([{ fecha: '2024-01-14' }]);
		expect(jsonOf(result)).toEqual([sunatItem('2024-01-12', '2024-01-14')]);
	});

	it('gives up after 10 days back without a rate: 11 requests, and the error names the span', async () => {
		api.fake.failAlways('/tipo-cambio/sunat', NO_RATE);
		const result = await runLookup(api.fake, { parameters: sunat('2024-01-10') });

		expect(api.fake.requests.map((r) => r.query.fecha)).toEqual([
			'2024-01-10',
			'2024-01-09',
			'2024-01-08',
			'2024-01-07',
			'2024-01-06',
			'2024-01-05',
			'2024-01-04',
			'2024-01-03',
			'2024-01-02',
			'2024-01-01',
			'2023-12-31',
		]);
		expect(result.error?.message).toBe(
			'No SUNAT USD rate for any day from 2023-12-31 to 2024-01-10 was published (404: No hay tipo de cambio para la fecha) [item 0]',
		);
		expect(result.error?.description).toMatch(/SUNAT rates exist from 2010-01-01/);
		expect(result.items).toEqual([]);
	});

	it('does not walk back before 2010-01-01, when the data starts', async () => {
		// 3 January 2010 was a Sunday, and 1 January a holiday.
		const result = await runLookup(api.fake, { parameters: sunat('2010-01-03') });

		expect(api.fake.requests.map((r) => r.query.fecha)).toEqual(['2010-01-03', '2010-01-02', '2010-01-01']);
		expect(result.error?.message).toBe(
			'No SUNAT USD rate for any day from 2010-01-01 to 2010-01-03 was published (404: No hay tipo de cambio para la fecha) [item 0]',
		);
	});

	it('stops walking back at a server error, with that error', async () => {
		api.fake.failNext('fecha=2024-01-13', { status: 500, body: { success: false, message: 'Server Error' } });
		const result = await runLookup(api.fake, { parameters: sunat('2024-01-14') });

		expect(api.fake.requests.map((r) => r.query.fecha)).toEqual(['2024-01-14', '2024-01-13']);
		expect(result.error?.message).toBe(
			'The lookup API failed on SUNAT USD rate for 2024-01-13 (looking back from 2024-01-14) (500: Server Error) [item 0]',
		);
		expect(result.error?.description).toMatch(/server had a problem/);
		expect(result.items).toEqual([]);
	});

	it('walks back for each item on its own; with Continue On Fail an item with no rate carries the error', async () => {
		const result = await runLookup(api.fake, {
			parameters: sunat('={{ $json.day }}'),
			items: [{ json: { day: '2024-01-14' } }, { json: { day: '2010-01-03' } }, { json: { day: '2024-01-10' } }],
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			sunatItem('2024-01-12', '2024-01-14'),
			{ error: 'No SUNAT USD rate for any day from 2010-01-01 to 2010-01-03 was published (404: No hay tipo de cambio para la fecha) [item 1]' },
			sunatItem('2024-01-10', '2024-01-10'),
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// The items' requests go out concurrently; each item's walk-back is in order.
		const sent = api.fake.requests.map((r) => r.query.fecha);
		expect(unordered(sent)).toEqual(unordered(['2024-01-14', '2024-01-13', '2024-01-12', '2010-01-03', '2010-01-02', '2010-01-01', '2024-01-10']));
		expect(sent.filter((day) => day.startsWith('2024-01-1') && day !== '2024-01-10')).toEqual(['2024-01-14', '2024-01-13', '2024-01-12']);
		expect(sent.filter((day) => day.startsWith('2010'))).toEqual(['2010-01-03', '2010-01-02', '2010-01-01']);
	});

	it('the SBS source (the default) does not walk back: a Sunday is one request and a 404', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', source: 'sbs', date: '2024-01-14', currency: 'EUR' },
		});

		expect(api.fake.requests.map((r) => [r.path, r.query])).toEqual([['/api/v2/tipo-cambio/sbs', { fecha: '2024-01-14', moneda: 'EUR' }]]);
		expect(result.error?.message).toBe('No EUR rate for 2024-01-14 was published (404: No hay tipo de cambio para la fecha) [item 0]');
		expect(result.error?.description).toMatch(/business days only/);
	});
});
