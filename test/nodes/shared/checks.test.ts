import { describe, expect, it } from 'vitest';

import { showValue } from '../../../nodes/shared/checks';

describe('showValue', () => {
	it('quotes text, prints other values as JSON, cuts long values', () => {
		expect(showValue('x')).toBe('"x"');
		expect(showValue(12)).toBe('12');
		expect(showValue(undefined)).toBe('nothing');
		expect(showValue('a'.repeat(200))).toHaveLength(80);
	});
});
