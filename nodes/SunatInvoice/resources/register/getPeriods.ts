import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { BOOKS, type BookName } from '../../sire/books';
import { book } from '../../sire/fields';

/** SUNAT's periods answer (years, each with its periods) as one item per period, in SUNAT's order. */
function periodItems(answer: unknown, bookName: BookName): IDataObject[] {
	const years = Array.isArray(answer) ? (answer as IDataObject[]) : [];
	return years.flatMap((year) =>
		(Array.isArray(year.lisPeriodos) ? (year.lisPeriodos as IDataObject[]) : []).map((entry) => ({
			register: bookName,
			registerCode: BOOKS[bookName].code,
			period: String(entry.perTributario ?? ''),
			year: String(year.numEjercicio ?? String(entry.perTributario ?? '').slice(0, 4)),
			stateCode: String(entry.codEstado ?? ''),
			state: String(entry.desEstado ?? ''),
		})),
	);
}

export const getPeriods = operation({
	name: 'Get Periods',
	value: 'getPeriods',
	action: 'Get the periods of a SIRE register (RVIE registro de ventas or RCE registro de compras)',
	description: "A register's tax periods in SIRE with their state, one item per period",
	subtitle: 'Get Register Periods',
	request: { method: 'GET', path: '/rvierce/padron/web/omisos/{book}/periodos' },
	fields: [book],
	subject: ({ book }) => `the periods of the ${BOOKS[book].title}`,
	toItems: (answer, { book }) => periodItems(answer, book),
});
