// The trigger's memory in the workflow's static data: per series it follows (an SBS currency, or
// SUNAT's rate), the date up to which every rate was emitted (or, right after the first activation,
// the latest date it saw). One date per followed series, whatever the trigger's age; n8n persists
// it with the workflow.
import type { IDataObject } from 'n8n-workflow';

import { CURRENCIES, type Currency } from '../validation';

/** What the trigger follows: the SBS's rate of a currency, or SUNAT's (US dollar) rate. */
export type Series = Currency | 'SUNAT';
const SERIES: readonly Series[] = [...CURRENCIES, 'SUNAT'];

/** Last emitted date (YYYY-MM-DD) per series. */
export type Memory = Partial<Record<Series, string>>;

const KEY = 'lastEmittedDate';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the static data remembers; anything malformed is treated as not remembered. */
export function readMemory(staticData: IDataObject): Memory {
	const stored = staticData[KEY];
	const memory: Memory = {};
	if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return memory;
	for (const series of SERIES) {
		const date = (stored as IDataObject)[series];
		if (typeof date === 'string' && DATE.test(date)) memory[series] = date;
	}
	return memory;
}

export function sameMemory(a: Memory, b: Memory): boolean {
	return SERIES.every((series) => a[series] === b[series]);
}

/**
 * Replaces the stored memory. The object is assigned anew rather than changed in place: n8n does
 * not notice changes inside an object that was added to its static data after loading.
 */
export function writeMemory(staticData: IDataObject, memory: Memory): void {
	const stored: IDataObject = {};
	for (const series of SERIES) if (memory[series]) stored[series] = memory[series];
	staticData[KEY] = stored;
}
