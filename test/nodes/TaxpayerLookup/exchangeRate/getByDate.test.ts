import { describe, expect, it } from 'vitest';

import { rateOn } from '../../../fakes/lookupApi';
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
		expect(jsonOf(result)).toEqual([rateOn('2024-01-10', 'EUR')]);
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
		const expected = rateOn('2024-01-10', 'USD');
		expect(result.items[0].json).toEqual({
			...expected,
			precio_compra: Number(expected.precio_compra),
			precio_venta: Number(expected.precio_venta),
		});
	});

	it('explains a day without a rate (weekend) as such', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2024-01-13', currency: 'USD' },
		});
		expect(result.error?.message).toBe(
			'Item 0: no USD rate for 2024-01-13 was published (404: No hay tipo de cambio para la fecha)',
		);
		expect(result.error?.description).toMatch(/business days only/);
	});

	it('passes on the previous business day when the API answers a holiday with it', async () => {
		api.fake.options.nonBusinessDay = 'previousBusinessDay';
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2024-12-25', currency: 'USD' },
		});
		expect(jsonOf(result)).toEqual([rateOn('2024-12-24', 'USD')]);
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
