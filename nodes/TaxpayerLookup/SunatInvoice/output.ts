// How SUNAT's answer to an invoice check becomes an item: its codes with their meanings in words
// (the code tables of SUNAT's manual, docs/sunat-cpe-api.md), the `valid` verdict, and the
// invoice's identifying fields so a sheet's row can be matched back. SUNAT's codes are read in
// whatever form they come: text or a JSON number, with or without leading zeros (1, "01", "0001").
import type { IDataObject } from 'n8n-workflow';

import { RECEIPT_TYPES, type ReceiptType } from './validation';

/** estadoCp: the receipt's state. */
export const RECEIPT_STATES: Record<string, string> = {
	'0': 'NO EXISTE',
	'1': 'ACEPTADO',
	'2': 'ANULADO',
	'3': 'AUTORIZADO',
	'4': 'NO AUTORIZADO',
};

/** estadoRuc: the issuer's taxpayer state. */
export const TAXPAYER_STATES: Record<string, string> = {
	'00': 'ACTIVO',
	'01': 'BAJA PROVISIONAL',
	'02': 'BAJA PROV. POR OFICIO',
	'03': 'SUSPENSION TEMPORAL',
	'10': 'BAJA DEFINITIVA',
	'11': 'BAJA DE OFICIO',
	'22': 'INHABILITADO-VENT.UNICA',
};

/** condDomiRuc: the issuer's domicile condition. */
export const DOMICILE_CONDITIONS: Record<string, string> = {
	'00': 'HABIDO',
	'09': 'PENDIENTE',
	'11': 'POR VERIFICAR',
	'12': 'NO HABIDO',
	'20': 'NO HALLADO',
};

/** The receipt states that make it usable: accepted (electronic) or authorised (printed). */
const GOOD_RECEIPT_STATES = ['1', '3'];
const ACTIVE = '00';
const HABIDO = '00';

/** What the item says about the invoice it checked, as given (checked and cleaned). */
export interface CheckedInvoice {
	issuerRuc: string;
	type: ReceiptType;
	series: string;
	number: string;
	issueDate: string;
	amount?: string;
}

/**
 * A code in the form of the manual's table (`width` digits: "1" for estadoCp, "00" for estadoRuc),
 * however SUNAT sent it: 1, "1", "01" and "0001" are the same code. A code that is not digits stays
 * as sent; none is null.
 */
export function codeOf(value: unknown, width: number): string | null {
	if (value === undefined || value === null) return null;
	const text = String(value).trim();
	if (text === '') return null;
	return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '').padStart(width, '0') : text;
}

/** Whether an answer holds what an item needs: its data with the receipt's state (estadoCp). */
export const isReadableAnswer = (answer: unknown): boolean => {
	const data = (answer as IDataObject | null)?.data;
	return !!data && typeof data === 'object' && !Array.isArray(data) && codeOf((data as IDataObject).estadoCp, 1) !== null;
};
/** A code's meaning; an unknown code stays visible as such rather than a blank. */
const meaning = (table: Record<string, string>, code: string | null) => (code === null ? null : (table[code] ?? `UNKNOWN CODE ${code}`));

/** The item of one check: the invoice, SUNAT's codes and their meanings, and the verdict. */
export function invoiceItem(answer: unknown, invoice: CheckedInvoice): IDataObject {
	const data = ((answer as IDataObject | null)?.data ?? {}) as IDataObject;
	const estadoCp = codeOf(data.estadoCp, 1);
	const estadoRuc = codeOf(data.estadoRuc, 2);
	const condDomiRuc = codeOf(data.condDomiRuc, 2);
	const observaciones = Array.isArray(data.observaciones) ? data.observaciones.map(String) : [];
	return {
		valid: estadoCp !== null && GOOD_RECEIPT_STATES.includes(estadoCp) && estadoRuc === ACTIVE && condDomiRuc === HABIDO,
		issuerRuc: invoice.issuerRuc,
		type: invoice.type,
		typeName: RECEIPT_TYPES[invoice.type],
		series: invoice.series,
		number: invoice.number,
		issueDate: invoice.issueDate,
		amount: invoice.amount === undefined ? null : Number(invoice.amount),
		estadoCp,
		estado: meaning(RECEIPT_STATES, estadoCp),
		estadoRucCode: estadoRuc,
		estadoRuc: meaning(TAXPAYER_STATES, estadoRuc),
		condDomiRuc,
		condicionDomicilio: meaning(DOMICILE_CONDITIONS, condDomiRuc),
		observaciones,
	};
}
