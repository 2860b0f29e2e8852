// The period summary SUNAT exports for a register (docs/sunat-sire-api.md, "The period summary"): a
// pipe-separated text with a header, one line per receipt type (`01-Factura|5|…`) and a TOTAL line,
// as one item per line: the type split into code and name, each column under SUNAT's own title, the
// counts and amounts as numbers.
import type { IDataObject } from 'n8n-workflow';

import type { PickerOption } from '../../shared/checks';
import type { BookName } from './books';
import { decoded } from './errors';

/** SUNAT's summary types (codTipoResumen), [V] 5.20 and [C] 5.35. */
export const SUMMARY_TYPES: Array<PickerOption<number>> = [
	{ name: 'Proposal', value: 1, description: "SUNAT's proposal (propuesta)" },
	{ name: 'Preliminary', value: 2, description: 'The preliminary register (preliminar)' },
	{ name: 'Not Included or Excluded', value: 3, description: 'Receipts left out of the proposal' },
	{ name: 'Register', value: 4, description: 'The register generated' },
	{ name: 'Registered Preliminary', value: 5, description: 'The preliminary registered' },
	{ name: 'Later Adjustments', value: 6, description: 'Adjustments after the register (ajustes posteriores)' },
	{ name: 'Non-Domiciled', value: 7, description: 'Non-domiciled receipts (no domiciliados)' },
];

const TYPE_COLUMN = 'Tipo de Documento';

const numberOf = (cell: string) => {
	const value = Number(cell.trim());
	return cell.trim() !== '' && Number.isFinite(value) ? value : cell.trim();
};

/** The summary's lines as items; none for a summary with no line under its header. */
export function summaryItems(answer: unknown, { book, period, summaryType }: { book: BookName; period: string; summaryType: number }): IDataObject[] {
	const body = decoded(answer);
	const text = typeof body === 'string' ? body.replace(/^\uFEFF/, '') : '';
	const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
	if (!header) return [];
	const titles = header.split('|').map((title) => title.trim());
	const summary = SUMMARY_TYPES.find((type) => type.value === summaryType)?.name ?? String(summaryType);
	return lines.map((line) => {
		const cells = line.split('|');
		const item: IDataObject = { register: book, period, summary };
		titles.forEach((title, index) => {
			const cell = cells[index] ?? '';
			if (title !== TYPE_COLUMN) {
				item[title] = numberOf(cell);
				return;
			}
			const [code, ...name] = cell.trim().split('-');
			item.documentType = code.trim();
			item.documentTypeName = name.join('-').trim() || null;
		});
		return item;
	});
}
