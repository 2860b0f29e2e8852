// The RUC check both services run before any request (nodes/shared/ruc.ts).
import { describe, expect, it } from 'vitest';

import { checkRuc, rucCheckDigit } from '../../../nodes/shared/ruc';

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
