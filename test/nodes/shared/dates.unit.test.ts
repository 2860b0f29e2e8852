// Dates as Peru's services count them (nodes/shared/dates.ts).
import { describe, expect, it } from 'vitest';

import { isRealDate, todayInLima } from '../../../nodes/shared/dates';

describe('todayInLima', () => {
	it('today in Lima is UTC-5 all year', () => {
		expect(todayInLima(new Date('2026-07-01T04:59:59Z'))).toBe('2026-06-30');
		expect(todayInLima(new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
		expect(todayInLima(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
	});
});

describe('isRealDate', () => {
	it.each([
		[2024, 2, 29],
		[2026, 12, 31],
		[2026, 1, 1],
	])('takes %i-%i-%i', (year, month, day) => {
		expect(isRealDate(year, month, day)).toBe(true);
	});

	it.each([
		[2023, 2, 29],
		[2026, 4, 31],
		[2026, 13, 1],
		[2026, 0, 10],
		[2026, 1, 0],
	])('refuses %i-%i-%i, which the calendar does not have', (year, month, day) => {
		expect(isRealDate(year, month, day)).toBe(false);
	});
});
