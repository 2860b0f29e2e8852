import { describe, expect, it } from 'vitest';

import { amountAt, isUtf8, SeenValues } from '../../../../nodes/SunatInvoice/sire/cells';

const bytes = (text: string) => new TextEncoder().encode(text);
const amount = (text: string) => amountAt(bytes(text), 0, bytes(text).length);

describe('amountAt', () => {
	it('gives the number Number() gives for the amounts SUNAT writes, with no -0', () => {
		const written = ['0', '0.00', '-0.00', '1180.00', '-1180.00', '166.02', '29.88', '3.712', '0.1', '0.7', '1234567.89', '+5.5', '999999999999.99', '.5', '5.'];
		expect(written.map(amount)).toEqual(written.map((text) => (Number(text) === 0 ? 0 : Number(text))));
		expect(Object.is(amount('-0.00'), 0)).toBe(true);
		// Every amount of cents up to 10,000.00: the division is rounded as parsing is.
		for (let cents = 0; cents <= 1_000_000; cents += 7) {
			const text = (cents / 100).toFixed(2);
			if (amount(text) !== Number(text)) throw new Error(`${text} read as ${amount(text)}`);
		}
	});

	it('gives undefined for what is not digits with one point, or has too many digits to be exact (Number() then decides)', () => {
		expect(['', '-', '.', '1,180.00', '325,10', '1.2.3', '12a', '1e3', ' 1', '1234567890123456'].map(amount)).toEqual(Array(10).fill(undefined));
		expect(amountAt(bytes('x12.50y'), 1, 6)).toBe(12.5);
	});
});

describe('isUtf8', () => {
	it('agrees with a fatal TextDecoder: well-formed text yes; overlong forms, surrogates, stray or cut sequences no', () => {
		const cases = [
			bytes('RUC|Razón social|ÑANDÚ S.A.C.|€|𝄞'),
			new Uint8Array([0xef, 0xbb, 0xbf, 0x41]),
			new Uint8Array(Buffer.from('ÑANDÚ', 'latin1')),
			new Uint8Array([0xc0, 0x80]),
			new Uint8Array([0xe0, 0x80, 0x80]),
			new Uint8Array([0xed, 0xa0, 0x80]),
			new Uint8Array([0xf4, 0x90, 0x80, 0x80]),
			new Uint8Array([0xf5, 0x80, 0x80, 0x80]),
			new Uint8Array([0x80]),
			new Uint8Array([0xc3]),
			new Uint8Array([0xe2, 0x82]),
			new Uint8Array([0xe2, 0x28, 0xac]),
		];
		const fatal = new TextDecoder('utf-8', { fatal: true });
		const decodes = (data: Uint8Array) => {
			try {
				fatal.decode(data);
				return true;
			} catch {
				return false;
			}
		};
		expect(cases.map(isUtf8)).toEqual(cases.map(decodes));
		expect(cases.map(isUtf8)).toEqual([true, true, false, false, false, false, false, false, false, false, false, false]);
	});
});

describe('SeenValues', () => {
	it('finds a value kept by the bytes it came from, wherever they repeat; other bytes are not it', () => {
		const text = bytes('01|F001|01|0|F001|10');
		const seen = new SeenValues();
		expect(seen.find(text, 0, 2)).toBeUndefined();
		const kept = seen.keep(text, 0, 2, 'one');
		expect(kept).toBe('one');
		expect(seen.find(text, 8, 10)).toBe('one');
		expect(seen.find(text, 11, 12)).toBeUndefined();
		expect(seen.find(text, 18, 20)).toBeUndefined();
		seen.keep(text, 3, 7, 'series');
		expect(seen.find(text, 13, 17)).toBe('series');
	});

	it('tells apart two values whose bytes hash alike ("4NN" and "W0A0" share an FNV-1a hash)', () => {
		const text = bytes('4NN|W0A0|W0A0|4NN');
		const seen = new SeenValues();
		seen.keep(text, 0, 3, 'first');
		expect(seen.find(text, 4, 8)).toBeUndefined();
		seen.keep(text, 4, 8, 'second');
		expect([seen.find(text, 9, 13), seen.find(text, 14, 17)]).toEqual(['second', 'first']);
	});
});
