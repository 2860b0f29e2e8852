import { describe, expect, it } from 'vitest';

import {
	checkCurrency,
	checkDateRange,
	checkRateDate,
	checkRuc,
	rucCheckDigit,
	todayInLima,
} from '../../../nodes/TaxpayerLookup/validation';

describe('RUC check digit', () => {
	it.each([
		['2013131295', 5],
		['1012345678', 1],
		// 11 - (S mod 11) = 10 → 0
		['2010007097', 0],
	])('of %s is %i', (firstTen, digit) => {
		expect(rucCheckDigit(firstTen)).toBe(digit);
	});

	it('gives 1 when the weighted sum is a multiple of 11 (11 - 0 = 11, mod 10)', () => {
		// 2·5 + 0 + 0 + 0 + 0 + 0 + 0 + 0 + 0 + 6·2 = 22
		expect(rucCheckDigit('2000000006')).toBe(1);
	});
});

describe('checkRuc', () => {
	it.each(['20131312955', '20100070970', '10123456781', ' 20131312955\t', 20131312955])('accepts %j', (value) => {
		expect(checkRuc(value)).toEqual({ valid: true, value: String(value).trim() });
	});

	it.each([
		['20100070971', 'fails the check digit (the last digit should be 0)'],
		['2010007097', 'has 10 digits instead of 11'],
		['30131312955', 'starts with 30, which no RUC does (10, 15, 16, 17 or 20)'],
		['', 'is empty: a RUC is required'],
		['２０１３１３１２９５５', 'holds characters other than digits'],
		[null, 'is not a RUC: expected 11 digits as text'],
		[2.5, 'is not a RUC: expected 11 digits as text'],
	])('rejects %j: %s', (value, problem) => {
		const result = checkRuc(value);
		expect(result.valid).toBe(false);
		if (!result.valid) {
			expect(result.problem).toBe(problem);
			expect(result.hint.length).toBeGreaterThan(10);
		}
	});

	it('accepts every prefix persons and companies use', () => {
		for (const prefix of ['10', '15', '16', '17', '20']) {
			const firstTen = `${prefix}12345678`;
			expect(checkRuc(`${firstTen}${rucCheckDigit(firstTen)}`).valid).toBe(true);
		}
	});
});

describe('dates', () => {
	it('today in Lima is UTC-5 all year', () => {
		expect(todayInLima(new Date('2026-07-01T04:59:59Z'))).toBe('2026-06-30');
		expect(todayInLima(new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
		expect(todayInLima(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
	});

	it.each([
		['2024-02-29', '2024-02-29'],
		['2024-02-29T00:00:00', '2024-02-29'],
		['2024-02-29T23:59:59.123Z', '2024-02-29'],
		['2024-02-29 10:00', '2024-02-29'],
		['2024-02-29T10:00:00-05:00', '2024-02-29'],
		['2010-01-01', '2010-01-01'],
		['2026-11-20', '2026-11-20'],
	])('accepts %j as %s', (raw, date) => {
		expect(checkRateDate(raw, '2026-11-20')).toEqual({ valid: true, value: date });
	});

	it('accepts Luxon DateTimes and JS Dates (taken in Lima time)', () => {
		expect(checkRateDate({ toISODate: () => '2025-01-02' }, '2026-11-20')).toEqual({ valid: true, value: '2025-01-02' });
		expect(checkRateDate(new Date('2025-01-03T02:00:00Z'), '2026-11-20')).toEqual({ valid: true, value: '2025-01-02' });
	});

	it.each([
		['2026-11-21', 'is in the future (today in Lima is 2026-11-20)'],
		['2009-12-31', 'is before 2010-01-01, when the rate data starts'],
		['2023-02-29', 'is not a real calendar date'],
		['2024-04-31', 'is not a real calendar date'],
		['2024-00-10', 'is not a real calendar date'],
		['24-01-10', 'is not a date in the form YYYY-MM-DD'],
		['2024-01-10garbage', 'is not a date in the form YYYY-MM-DD'],
		['', 'is empty: a date is required'],
		[20240110, 'is not a date'],
		[new Date('nonsense'), 'is empty: a date is required'],
	])('rejects %j: %s', (raw, problem) => {
		const result = checkRateDate(raw, '2026-11-20');
		expect(result).toMatchObject({ valid: false, problem });
	});

	it('range: start on or before end', () => {
		expect(checkDateRange('2024-01-01', '2024-01-01').valid).toBe(true);
		expect(checkDateRange('2024-01-02', '2024-01-01')).toMatchObject({ valid: false, problem: 'starts after it ends (2024-01-02 > 2024-01-01)' });
	});
});

describe('currency', () => {
	it.each([['USD', 'USD'], ['eur', 'EUR'], [' usd ', 'USD']])('accepts %j', (raw, code) => {
		expect(checkCurrency(raw)).toEqual({ valid: true, value: code });
	});
	it.each(['GBP', '', 1, null])('rejects %j', (raw) => {
		expect(checkCurrency(raw).valid).toBe(false);
	});
});
