// The comparison realServer.test.ts holds the fake to: a body's shape against a recording's, and
// the masking that makes two recordings of one release alike.
import { describe, expect, it } from 'vitest';

import { MASKED, mask, shapeDifferences } from '../../harness/realEvolution.mjs';

describe('shapeDifferences', () => {
	it('compares keys and value types recursively, not values', () => {
		expect(shapeDifferences({ a: 1, b: { c: 'x' } }, { a: 2, b: { c: 'y' } })).toEqual([]);
		expect(shapeDifferences({ a: 1, b: { c: 'x' } }, { a: '1', b: {} })).toEqual(['$.a: number expected, got string', '$.b.c: missing']);
		expect(shapeDifferences({ a: null }, { a: null, extra: true })).toEqual(['$.extra: not in the recording']);
		expect(shapeDifferences(null, {})).toEqual(['$: null expected, got object']);
	});

	it('takes a masked value as any string', () => {
		expect(shapeDifferences({ id: MASKED }, { id: 'cm123' })).toEqual([]);
		expect(shapeDifferences({ id: MASKED }, { id: 7 })).toEqual(['$.id: a string expected, got number']);
	});

	it('compares arrays by their elements’ shapes, empty only against empty', () => {
		expect(shapeDifferences([['a', 'b']], [['c']])).toEqual([]);
		expect(shapeDifferences([{ a: 1 }], [{ a: 1 }, { a: 2 }])).toEqual([]);
		expect(shapeDifferences([], [{ a: 1 }])).toEqual(['$: an empty array expected']);
		expect(shapeDifferences([['a']], ['a'])[0]).toMatch(/^\$\[0\]: no element of the recording's array/);
		expect(shapeDifferences([{ a: 1 }, 'x'], [{ a: 1 }])).toEqual(["$[1]: no element of the fake's array has the recording's element's shape"]);
	});
});

describe('mask', () => {
	it('hides ids, tokens, dates, data URLs, the build’s file and line and loopback ports', () => {
		expect(
			mask({
				id: 'cmhx0abc',
				hash: '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
				createdAt: '2026-11-27T12:00:00.000Z',
				qr: 'data:image/png;base64,iVBOR',
				message: 'at /tmp/realevo/src-2.3.7/dist/main.js:12:345 failed',
				url: 'http://127.0.0.1:18181/manager',
				count: 0,
				name: 'realevo-a',
			}),
		).toEqual({
			id: MASKED,
			hash: MASKED,
			createdAt: MASKED,
			qr: MASKED,
			message: 'at <build file:line> failed',
			url: 'http://127.0.0.1:<port>/manager',
			count: 0,
			name: 'realevo-a',
		});
	});
});
