import { describe, expect, it } from 'vitest';

import { isBusinessDay } from '../../../../fakes/lookup';
import { jsonOf, runLookup, useLookupFake } from '../lookup';

// Like the real API may, this fake refuses ranges longer than a year.
const api = useLookupFake({ maxHistoryDays: 366 });

describe('Taxpayer Lookup › exchangeRate › getHistory', () => {
	it('sends GET /api/v2/tipo-cambio/sbs/historico?fecha_inicio&fecha_fin&moneda and outputs one item per day', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getHistory', startDate: '2024-07-22', endDate: '2024-08-02', currency: 'USD' },
		});

		expect(api.fake.requests.map((r) => [r.path, r.query])).toEqual([
			['/api/v2/tipo-cambio/sbs/historico', { fecha_inicio: '2024-07-22', fecha_fin: '2024-08-02', moneda: 'USD' }],
		]);
		const dates = jsonOf(result).map((json) => json.fecha);
		// Weekends and the national holidays of 28-29 July have no rate.
		expect(dates).toEqual(['2024-07-22', '2024-07-24', '2024-07-25', '2024-07-26', '2024-07-30', '2024-07-31', '2024-08-01', '2024-08-02']);
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		// Each day a record of its own, as the API lists it under `data`.
		expect(result.items[0].json).toEqual({ fecha: '2024-07-22', moneda: 'USD', precio_compra: '3.233', precio_venta: '3.245' });
		expect(result.items.at(-1)?.json).toEqual({ fecha: '2024-08-02', moneda: 'USD', precio_compra: '3.256', precio_venta: '3.268' });
	});

	it('fetches a range longer than a year in year-long chunks and joins them in date order', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getHistory', startDate: '2021-03-15', endDate: '2024-01-10', currency: 'EUR' },
		});

		expect(result.error).toBeUndefined();
		expect(api.fake.requests.map((r) => [r.query.fecha_inicio, r.query.fecha_fin])).toEqual([
			['2021-03-15', '2022-03-14'],
			['2022-03-15', '2023-03-14'],
			['2023-03-15', '2024-01-10'],
		]);
		const dates = jsonOf(result).map((json) => String(json.fecha));
		const expected: string[] = [];
		for (let day = Date.parse('2021-03-15'); day <= Date.parse('2024-01-10'); day += 86_400_000) {
			const date = new Date(day).toISOString().slice(0, 10);
			if (isBusinessDay(date)) expected.push(date);
		}
		expect(dates).toEqual(expected);
	});

	it('stops at the first failing chunk and reports it', async () => {
		api.fake.failNext('historico', { status: 200, body: { success: true, data: [] } }, { status: 500, body: { success: false, message: 'Server Error' } });
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getHistory', startDate: '2020-01-01', endDate: '2023-12-31', currency: 'USD' },
		});
		expect(api.fake.requests).toHaveLength(2);
		expect(result.error?.message).toBe('The lookup API failed on USD rates from 2021-01-01 to 2021-12-31 (500: Server Error) [item 0]');
	});
});

describe('Taxpayer Lookup › exchangeRate › getHistory, as the node opens', () => {
	/** Today in Lima, `days` back, as the date fields' default expressions compute it. */
	const limaDate = (days: number) => new Date(Date.now() - 5 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);

	it('runs with its default dates: the last 30 days up to today in Lima', async () => {
		delete api.fake.options.today; // the fake's rates reach the real today
		const before = [limaDate(30), limaDate(0)];
		const result = await runLookup(api.fake, { parameters: { resource: 'exchangeRate', operation: 'getHistory' } });
		const after = [limaDate(30), limaDate(0)];

		expect(result.error).toBeUndefined();
		expect(api.fake.requests).toHaveLength(1);
		const { fecha_inicio, fecha_fin, moneda } = api.fake.requests[0].query;
		// Read on either side of the run, in case Lima's midnight falls in between.
		expect([before, after]).toContainEqual([fecha_inicio, fecha_fin]);
		expect(moneda).toBe('USD');
		expect(result.items.length).toBeGreaterThan(15);
	});
});
