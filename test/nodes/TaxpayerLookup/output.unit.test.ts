import { describe, expect, it } from 'vitest';

import { normaliseRecord, recordsOf } from '../../../nodes/TaxpayerLookup/output';
import { sortRatesByDate, yearChunks } from '../../../nodes/TaxpayerLookup/rates';

describe('normaliseRecord', () => {
	const record = {
		success: true,
		ruc: '20131312955',
		'sistema_contabilidad"': 'COMPUTARIZADO',
		interior: '-',
		nested: { lote: '-', kept: 'x' },
		list: ['-', 'a'],
		precio_compra: '3.612',
		precio_venta: '3.625',
		monto_deuda: '1500.00',
		numero: '1472',
	};

	it('by default drops `success`, repairs the stray-quote key and changes nothing else', () => {
		expect(normaliseRecord(record)).toEqual({
			ruc: '20131312955',
			sistema_contabilidad: 'COMPUTARIZADO',
			interior: '-',
			nested: { lote: '-', kept: 'x' },
			list: ['-', 'a'],
			precio_compra: '3.612',
			precio_venta: '3.625',
			monto_deuda: '1500.00',
			numero: '1472',
		});
	});

	it('turns "-" into null at any depth', () => {
		const result = normaliseRecord(record, { placeholdersToNull: true });
		expect(result.interior).toBeNull();
		expect(result.nested).toEqual({ lote: null, kept: 'x' });
		expect(result.list).toEqual([null, 'a']);
	});

	it('turns only price and amount fields into numbers, and only when they are numbers', () => {
		const result = normaliseRecord({ ...record, precio_venta: 'N/D' }, { numbersAsNumbers: true });
		expect(result.precio_compra).toBe(3.612);
		expect(result.precio_venta).toBe('N/D');
		expect(result.monto_deuda).toBe(1500);
		expect(result.numero).toBe('1472');
	});
});

describe('recordsOf and sortRatesByDate', () => {
	it('takes the data list of list routes and the body of single ones', () => {
		expect(recordsOf({ success: true, data: [{ a: 1 }, { a: 2 }] })).toEqual([{ a: 1 }, { a: 2 }]);
		expect(recordsOf({ success: true, a: 1 })).toEqual([{ success: true, a: 1 }]);
	});

	it('orders by date and keeps each date once', () => {
		const sorted = sortRatesByDate([{ fecha: '2024-01-03' }, { fecha: '2024-01-01' }, { fecha: '2024-01-03' }]);
		expect(sorted).toEqual([{ fecha: '2024-01-01' }, { fecha: '2024-01-03' }]);
	});
});

describe('yearChunks', () => {
	it('leaves a range of a year or less whole', () => {
		expect(yearChunks('2024-01-01', '2024-12-31')).toEqual([{ start: '2024-01-01', end: '2024-12-31' }]);
		expect(yearChunks('2024-05-05', '2024-05-05')).toEqual([{ start: '2024-05-05', end: '2024-05-05' }]);
	});

	it('splits longer ranges into consecutive year-long pieces with no gap or overlap', () => {
		expect(yearChunks('2023-02-28', '2025-03-01')).toEqual([
			{ start: '2023-02-28', end: '2024-02-27' },
			{ start: '2024-02-28', end: '2025-02-27' },
			{ start: '2025-02-28', end: '2025-03-01' },
		]);
		const chunks = yearChunks('2010-01-01', '2026-11-20');
		expect(chunks).toHaveLength(17);
		for (let i = 1; i < chunks.length; i++) {
			expect(Date.parse(chunks[i].start) - Date.parse(chunks[i - 1].end)).toBe(86_400_000);
		}
	});
});
