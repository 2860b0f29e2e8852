import { describe, expect, it } from 'vitest';

import {
	checkCurrency,
	checkDateRange,
	checkDni,
	checkRateDate,
	rucOfDni,
	verdictOn,
} from '../../../nodes/TaxpayerLookup/validation';
import { fakeRucIsValid } from '../../../fakes/lookup';

describe('dates', () => {
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

describe('checkDni', () => {
	it.each([
		['07289524', '07289524'],
		[' 12345678\t', '12345678'],
		// A spreadsheet dropped the leading zero: the number is padded back.
		[7289524, '07289524'],
		[12345678, '12345678'],
		[1, '00000001'],
	])('accepts %j as %s', (raw, dni) => {
		expect(checkDni(raw)).toEqual({ valid: true, value: dni });
	});

	it.each([
		['7289524', 'has 7 digits instead of 8'],
		['123456789', 'has 9 digits instead of 8'],
		['0728952A', 'holds characters other than digits'],
		['07289524-5', 'holds characters other than digits'],
		['１２３４５６７８', 'holds characters other than digits'],
		['../ruc', 'holds characters other than digits'],
		['', 'is empty: a DNI is required'],
		['   ', 'is empty: a DNI is required'],
		[123456789, 'is not a DNI: expected 8 digits as text'],
		[0, 'is not a DNI: expected 8 digits as text'],
		[-7289524, 'is not a DNI: expected 8 digits as text'],
		[7289524.5, 'is not a DNI: expected 8 digits as text'],
		[null, 'is not a DNI: expected 8 digits as text'],
		[undefined, 'is not a DNI: expected 8 digits as text'],
	])('rejects %j: %s', (raw, problem) => {
		const result = checkDni(raw);
		expect(result).toMatchObject({ valid: false, problem });
		if (!result.valid) expect(result.hint).toMatch(/8 digits \(leading zeros included\)/);
	});
});

describe('rucOfDni', () => {
	it.each([
		// The spec's synthetic example: ID 12345678.
		['12345678', '10123456781'],
		['07289524', '10072895245'],
		['00000000', '10000000006'],
		['99999999', '10999999994'],
	])('of %s is %s', (dni, ruc) => {
		expect(rucOfDni(dni)).toBe(ruc);
	});

	it('gives a RUC the fake\'s own check accepts, with the DNI inside, for any DNI', () => {
		for (let n = 0; n < 100_000_000; n += 987_653) {
			const dni = String(n).padStart(8, '0');
			const ruc = rucOfDni(dni);
			expect(ruc).toMatch(/^10\d{9}$/);
			expect(ruc.slice(2, 10)).toBe(dni);
			expect(fakeRucIsValid(ruc)).toBe(true);
		}
	});
});

describe('verdictOn', () => {
	it.each([
		['20131312955', { input: '20131312955', ruc: '20131312955', valid: true, reason: null, type: 'legal_entity', dni: null }],
		[20100070970, { input: '20100070970', ruc: '20100070970', valid: true, reason: null, type: 'legal_entity', dni: null }],
		[' 10123456781 ', { input: ' 10123456781 ', ruc: '10123456781', valid: true, reason: null, type: 'natural_person', dni: '12345678' }],
		['15072895247', { input: '15072895247', ruc: '15072895247', valid: true, reason: null, type: 'other_person', dni: null }],
		['16123456789', { input: '16123456789', ruc: '16123456789', valid: true, reason: null, type: 'other_person', dni: null }],
		['17000000019', { input: '17000000019', ruc: '17000000019', valid: true, reason: null, type: 'other_person', dni: null }],
		['12345678', { input: '12345678', ruc: '10123456781', valid: true, reason: null, type: 'natural_person', dni: '12345678' }],
		[7289524, { input: '7289524', ruc: '10072895245', valid: true, reason: null, type: 'natural_person', dni: '07289524' }],
	])('finds %j valid', (raw, verdict) => {
		expect(verdictOn(raw)).toEqual(verdict);
	});

	it.each([
		['20100070971', 'Fails the check digit (the last digit should be 0)', 'legal_entity'],
		['10123456780', 'Fails the check digit (the last digit should be 1)', 'natural_person'],
		['17000000010', 'Fails the check digit (the last digit should be 9)', 'other_person'],
		['2010007097', 'Has 10 digits: a RUC has 11, a DNI 8', null],
		['1234567', 'Has 7 digits: a RUC has 11, a DNI 8', null],
		['123456789', 'Has 9 digits: a RUC has 11, a DNI 8', null],
		['30131312955', 'Starts with 30, which no RUC does (10, 15, 16, 17 or 20)', null],
		['11131312955', 'Starts with 11, which no RUC does (10, 15, 16, 17 or 20)', null],
		['2013131295X', 'Holds characters other than digits', null],
		['２０１３１３１２９５５', 'Holds characters other than digits', null],
		['', 'Empty: a RUC is required', null],
	])('finds %j invalid: %s', (raw, reason, type) => {
		expect(verdictOn(raw)).toEqual({ input: raw, ruc: raw.trim(), valid: false, reason, type, dni: null });
	});

	it('says why for values that are not text or whole numbers, as text', () => {
		// A null cell or a missing column reads as an empty cell.
		expect(verdictOn(null)).toEqual({ input: '', ruc: '', valid: false, reason: 'Empty: a RUC is required', type: null, dni: null });
		expect(verdictOn(undefined)).toEqual({ input: '', ruc: '', valid: false, reason: 'Empty: a RUC is required', type: null, dni: null });
		expect(verdictOn(0)).toMatchObject({ input: '0', valid: false, reason: 'Has 1 digit: a RUC has 11, a DNI 8' });
		expect(verdictOn({ ruc: 1 })).toMatchObject({ input: '{"ruc":1}', valid: false, reason: 'Not a RUC: expected 11 digits as text' });
		expect(verdictOn(7289524.5)).toMatchObject({ input: '7289524.5', valid: false, reason: 'Not a RUC: expected 11 digits as text' });
		expect(verdictOn(-7289524)).toMatchObject({ input: '-7289524', valid: false, dni: null });
	});

	it('never throws, and is valid exactly when the fake\'s own check accepts the RUC it gives', () => {
		const values: unknown[] = [NaN, Infinity, -1, 0, 1e20, [], {}, true, '   ', '0', 'null', '20131312955.0', 99_999_999, 100_000_000];
		for (let n = 0; n < 300; n++) values.push(`20${String(n * 333_331).padStart(8, '0')}${n % 10}`, n * 333_331);
		for (const value of values) {
			const verdict = verdictOn(value);
			expect(typeof verdict.input).toBe('string');
			expect(verdict.valid).toBe(fakeRucIsValid(verdict.ruc));
			expect(verdict.reason === null).toBe(verdict.valid);
			if (verdict.dni !== null) expect(verdict.ruc).toBe(`10${verdict.dni}${verdict.ruc[10]}`);
		}
	});
});
