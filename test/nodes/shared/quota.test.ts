// How long a refusal asks to wait, from the headers real APIs send; and how a wait reads in errors.
import { describe, expect, it } from 'vitest';

import { askedWaitMs, duration, statedLimit } from '../../../nodes/shared/quota';

const NOW = Date.parse('2026-11-23T12:00:00.400Z');
const epochSeconds = (iso: string) => String(Date.parse(iso) / 1000);

describe('askedWaitMs', () => {
	it.each([
		{ name: 'nothing said', headers: {}, expected: undefined },
		{ name: 'Retry-After in seconds', headers: { 'retry-after': '120' }, expected: 120_000 },
		{ name: 'Retry-After as an HTTP date', headers: { 'Retry-After': 'Mon, 23 Nov 2026 12:01:00 GMT' }, expected: 59_600 },
		{ name: 'Retry-After in the past', headers: { 'retry-after': 'Mon, 23 Nov 2026 11:00:00 GMT' }, expected: 0 },
		{
			name: "Laravel's pair, clocks agreeing: the reset moment, exact",
			headers: { 'retry-after': '60', 'x-ratelimit-reset': epochSeconds('2026-11-23T12:01:00Z') },
			expected: 59_600,
		},
		{
			name: 'the pair, clocks 10 minutes apart: Retry-After, which needs no clock',
			headers: { 'retry-after': '60', 'x-ratelimit-reset': epochSeconds('2026-11-23T12:11:00Z') },
			expected: 60_000,
		},
		{ name: 'X-RateLimit-Reset alone, epoch seconds', headers: { 'X-RateLimit-Reset': epochSeconds('2026-11-23T12:00:30Z') }, expected: 29_600 },
		{ name: 'X-RateLimit-Reset alone, epoch milliseconds', headers: { 'x-ratelimit-reset': String(Date.parse('2026-11-23T12:00:30Z')) }, expected: 29_600 },
		{ name: 'X-RateLimit-Reset alone, seconds from now', headers: { 'x-ratelimit-reset': '42' }, expected: 42_000 },
		{ name: 'a header given twice', headers: { 'retry-after': ['5', '7'] }, expected: 5_000 },
		{ name: 'Retry-After that is not a wait', headers: { 'retry-after': 'soon' }, expected: undefined },
	])('$name', ({ headers, expected }) => {
		expect(askedWaitMs(headers, NOW)).toBe(expected);
	});

	it('reads the plan allowance the API states', () => {
		expect(statedLimit({ 'X-RateLimit-Limit': '900' })).toBe('900');
		expect(statedLimit({})).toBeUndefined();
	});
});

describe('duration', () => {
	it.each([
		[0, '0 s'],
		[1_249, '1.2 s'],
		[59_940, '59.9 s'],
		[59_960, '1 min'],
		[125_000, '2 min 5 s'],
		[899_999, '15 min'],
		[960_000, '16 min'],
	])('%d ms reads "%s"', (ms, text) => {
		expect(duration(ms)).toBe(text);
	});
});
