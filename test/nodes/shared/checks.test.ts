import { describe, expect, it } from 'vitest';

import { pickerCheck, showValue, type Checked } from '../../../nodes/shared/checks';
import { pickerField } from '../../../nodes/shared/fields';

describe('showValue', () => {
	it('quotes text, prints other values as JSON, cuts long values', () => {
		expect(showValue('x')).toBe('"x"');
		expect(showValue(12)).toBe('12');
		expect(showValue(undefined)).toBe('nothing');
		expect(showValue('a'.repeat(200))).toHaveLength(80);
	});
});

describe('pickerCheck', () => {
	const refusal = { problem: 'is not a colour', hint: 'Pick one from the list.' };

	it('accepts exactly the values of the options, and refuses anything else with the texts given', () => {
		const check = pickerCheck([{ value: 'red' }, { value: 'blue' }], refusal);
		expect(check('red')).toEqual({ valid: true, value: 'red' });
		expect(check('blue')).toEqual({ valid: true, value: 'blue' });
		for (const raw of ['green', ' red', 'RED', '', undefined, null, 1]) expect(check(raw), String(raw)).toEqual({ valid: false, ...refusal });
	});

	it('reads a typed text with normalise, and a numeric text as a number when the values are numbers', () => {
		const upper = pickerCheck([{ value: 'USD' }], { ...refusal, normalise: (text) => text.trim().toUpperCase() });
		expect(upper(' usd ')).toEqual({ valid: true, value: 'USD' });
		const seconds = pickerCheck([{ value: 0 }, { value: 86_400 }], refusal);
		expect(seconds('86400')).toEqual({ valid: true, value: 86_400 });
		expect(seconds(0)).toEqual({ valid: true, value: 0 });
		expect(seconds('').valid).toBe(false);
		expect(seconds('7').valid).toBe(false);
	});

	it("makes a field whose check follows its property's options", () => {
		const field = pickerField(
			{ displayName: 'Colour', name: 'colour', type: 'options', default: 'red', options: [{ name: 'Red', value: 'red' }, { name: 'Blue', value: 'blue' }] },
			refusal,
		);
		const reader = (value: unknown) => ({
			parameter: () => value,
			require: (label: string, raw: unknown, checked: Checked<unknown>) => {
				if (!checked.valid) throw new Error(`${label} ${showValue(raw)} ${checked.problem}`);
				return checked.value;
			},
		});
		expect(field.read(reader('blue') as never, {})).toBe('blue');
		expect(() => field.read(reader('green') as never, {})).toThrow('Colour "green" is not a colour');
	});
});
