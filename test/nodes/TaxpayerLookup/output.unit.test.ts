import { describe, expect, it } from 'vitest';

import { normaliseRecord, personRecord, recordsOf } from '../../../nodes/TaxpayerLookup/output';
import { sortRatesByDate, sunatRecord, yearChunks } from '../../../nodes/TaxpayerLookup/rates';

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

describe('personRecord', () => {
	const empty = { nombres: null, apellido_paterno: null, apellido_materno: null };

	it('keeps the full name of the shape seen, and leaves the split names null', () => {
		expect(personRecord({ success: true, dni: '07289524', nombre: 'MARTINEZ ZUÑIGA LUIS ENRIQUE' }, '07289524')).toEqual({
			dni: '07289524',
			nombre: 'MARTINEZ ZUÑIGA LUIS ENRIQUE',
			...empty,
			success: true,
		});
	});

	it('builds the full name, surnames first, from a split answer', () => {
		expect(
			personRecord({ success: true, dni: '12345678', nombres: 'JUAN CARLOS', apellido_paterno: 'PEREZ', apellido_materno: 'QUISPE' }, '12345678'),
		).toEqual({ dni: '12345678', nombre: 'PEREZ QUISPE JUAN CARLOS', nombres: 'JUAN CARLOS', apellido_paterno: 'PEREZ', apellido_materno: 'QUISPE', success: true });
	});

	it('keeps the full name as the API writes it when it sends both shapes', () => {
		const record = personRecord({ nombre: 'PEREZ QUISPE, JUAN CARLOS', nombres: 'JUAN CARLOS', apellido_paterno: 'PEREZ', apellido_materno: 'QUISPE' }, '12345678');
		expect(record.nombre).toBe('PEREZ QUISPE, JUAN CARLOS');
		expect(record.nombres).toBe('JUAN CARLOS');
	});

	it('trims the names, turns blank ones into null and leaves a missing part out of the full name', () => {
		expect(personRecord({ nombre: '  ', nombres: ' ANA ', apellido_paterno: 'ROJAS ', apellido_materno: '' }, '10203040')).toEqual({
			dni: '10203040',
			nombre: 'ROJAS ANA',
			nombres: 'ANA',
			apellido_paterno: 'ROJAS',
			apellido_materno: null,
		});
	});

	it('takes the DNI asked when the answer has none (or not as text), and null when it has no name', () => {
		expect(personRecord({ success: true }, '07289524')).toEqual({ dni: '07289524', nombre: null, ...empty, success: true });
		expect(personRecord({ dni: 7289524, nombre: 'X' }, '07289524').dni).toBe('07289524');
		expect(personRecord({ dni: ' 07289524 ', nombre: 'X' }, '00000000').dni).toBe('07289524');
	});

	it('passes on any other field the API adds', () => {
		expect(personRecord({ dni: '07289524', nombre: 'X', codigo_verificacion: '5', ubigeo: '150101' }, '07289524')).toMatchObject({
			codigo_verificacion: '5',
			ubigeo: '150101',
		});
	});
});

describe('sunatRecord', () => {
	const record = { success: true, fecha: '2024-01-12', precio_compra: '3.704', precio_venta: '3.716' };

	it('states USD when the API leaves the currency out, and the day asked', () => {
		expect(sunatRecord(record, '2024-01-14')).toEqual({ ...record, moneda: 'USD', requestedDate: '2024-01-14' });
	});

	it('keeps the currency the API states', () => {
		expect(sunatRecord({ ...record, moneda: 'US$' }, '2024-01-12')).toEqual({ ...record, moneda: 'US$', requestedDate: '2024-01-12' });
	});

	it('adds no requested date when none was asked (Get Latest)', () => {
		const latest = sunatRecord(record);
		expect(latest).toEqual({ ...record, moneda: 'USD' });
		expect(latest).not.toHaveProperty('requestedDate');
	});

	it('puts the date and the currency first, as the SBS records have them', () => {
		expect(Object.keys(sunatRecord(record, '2024-01-14')).slice(0, 2)).toEqual(['fecha', 'moneda']);
	});
});
