// The trigger's pure parts: its memory in static data, and which records of a range are new.
import { describe, expect, it } from 'vitest';

import { nextDay, recordsSince } from '../../../../nodes/TaxpayerLookup/ExchangeRate/poll';
import { readMemory, sameMemory, writeMemory } from '../../../../nodes/TaxpayerLookup/ExchangeRate/state';

const rate = (fecha: string, moneda = 'USD') => ({ fecha, moneda, precio_compra: '3.500', precio_venta: '3.512' });

describe('memory in static data', () => {
	it('reads what it wrote, one date per currency', () => {
		const staticData = {};
		writeMemory(staticData, { USD: '2026-06-05', EUR: '2026-06-04' });
		expect(staticData).toEqual({ lastEmittedDate: { USD: '2026-06-05', EUR: '2026-06-04' } });
		expect(readMemory(staticData)).toEqual({ USD: '2026-06-05', EUR: '2026-06-04' });
	});

	it('treats missing or malformed data as not remembered', () => {
		expect(readMemory({})).toEqual({});
		expect(readMemory({ lastEmittedDate: 'x' })).toEqual({});
		expect(readMemory({ lastEmittedDate: ['2026-06-05'] })).toEqual({});
		expect(readMemory({ lastEmittedDate: { USD: 20260605, EUR: '5/6/2026', GBP: '2026-06-05' } })).toEqual({});
	});

	it('compares memories per currency', () => {
		expect(sameMemory({ USD: '2026-06-05' }, { USD: '2026-06-05' })).toBe(true);
		expect(sameMemory({ USD: '2026-06-05' }, { USD: '2026-06-05', EUR: '2026-06-05' })).toBe(false);
	});
});

describe('nextDay', () => {
	it('crosses months, years and leap days', () => {
		expect(nextDay('2026-06-30')).toBe('2026-07-01');
		expect(nextDay('2025-12-31')).toBe('2026-01-01');
		expect(nextDay('2028-02-28')).toBe('2028-02-29');
	});
});

describe('recordsSince', () => {
	it('keeps the records after the last emitted date up to the latest, each date once, in order', () => {
		const history = [rate('2026-06-08'), rate('2026-06-04'), rate('2026-06-05'), rate('2026-06-08'), rate('2026-06-09')];
		expect(recordsSince('2026-06-04', rate('2026-06-08'), history).map((record) => record.fecha)).toEqual([
			'2026-06-05',
			'2026-06-08',
		]);
	});

	it('counts the latest record even when the history lacks it', () => {
		expect(recordsSince('2026-06-05', rate('2026-06-08'), [])).toEqual([rate('2026-06-08')]);
	});
});
