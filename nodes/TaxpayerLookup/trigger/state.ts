// The trigger's memory in the workflow's static data: per currency, the date of the last rate it
// emitted (or, right after the first activation, the latest date it saw). One date per selected
// currency, whatever the trigger's age; n8n persists it with the workflow.
import type { IDataObject } from 'n8n-workflow';

import { CURRENCIES, type Currency } from '../validation';

/** Last emitted date (YYYY-MM-DD) per currency. */
export type Memory = Partial<Record<Currency, string>>;

const KEY = 'lastEmittedDate';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the static data remembers; anything malformed is treated as not remembered. */
export function readMemory(staticData: IDataObject): Memory {
	const stored = staticData[KEY];
	const memory: Memory = {};
	if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return memory;
	for (const currency of CURRENCIES) {
		const date = (stored as IDataObject)[currency];
		if (typeof date === 'string' && DATE.test(date)) memory[currency] = date;
	}
	return memory;
}

export function sameMemory(a: Memory, b: Memory): boolean {
	return CURRENCIES.every((currency) => a[currency] === b[currency]);
}

/**
 * Replaces the stored memory. The object is assigned anew rather than changed in place: n8n does
 * not notice changes inside an object that was added to its static data after loading.
 */
export function writeMemory(staticData: IDataObject, memory: Memory): void {
	const stored: IDataObject = {};
	for (const currency of CURRENCIES) if (memory[currency]) stored[currency] = memory[currency];
	staticData[KEY] = stored;
}
