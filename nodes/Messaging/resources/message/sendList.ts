import type { IDataObject } from 'n8n-workflow';

import { bad, ok, showValue, trimmedText, type Checked } from '../../../shared/checks';
import { invalidInputError } from '../../../shared/errors';
import { checkedField, inBody } from '../../../shared/fields';
import { instanceRowOf, recipient } from '../../fields';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';
import { BUSINESS } from '../instance/instanceFields';
import { footerIn, interactiveDescription, interactiveFooter, interactiveTitle } from './interactive';

/** WhatsApp shows at most 10 rows in a list, over all its sections (Cloud API). */
export const MAX_LIST_ROWS = 10;

const buttonText = checkedField(
	{
		displayName: 'Button Text',
		name: 'listButtonText',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Ver opciones',
		description: 'The button that opens the list',
	},
	(raw): Checked<string> =>
		typeof raw === 'string' && raw.trim() ? ok(raw.trim()) : bad('is empty: a list needs a button to open it', 'Write the button text, e.g. Ver opciones.'),
	inBody('buttonText'),
);

interface RowEntry {
	section?: unknown;
	title?: unknown;
	description?: unknown;
	rowId?: unknown;
}

/** The sections sent, and the rows given without a description (their number in Rows, their title). */
export interface ListRows {
	sections: IDataObject[];
	undescribed: Array<{ row: number; title: string }>;
}

/** The rows, grouped into sections by their Section in the order they first appear. */
export function checkListRows(raw: unknown): Checked<ListRows> {
	const entries = (Array.isArray((raw as { row?: unknown })?.row) ? (raw as { row: RowEntry[] }).row : []) as RowEntry[];
	const hint = `Add 1 to ${MAX_LIST_ROWS} rows, each with a section and a title.`;
	if (entries.length === 0) return bad('is empty: a list needs at least one row', hint);
	if (entries.length > MAX_LIST_ROWS) return bad(`has ${entries.length} rows; WhatsApp shows at most ${MAX_LIST_ROWS}`, hint);
	const sections = new Map<string, IDataObject[]>();
	const ids = new Set<string>();
	const undescribed: ListRows['undescribed'] = [];
	for (const [index, entry] of entries.entries()) {
		const section = trimmedText(entry.section);
		const title = trimmedText(entry.title);
		if (!section) return bad(`has row ${index + 1} with no section`, 'Give every row the title of the section it is listed under.');
		if (!title) return bad(`has row ${index + 1} with no title`, 'Give every row a title.');
		const rowId = trimmedText(entry.rowId) || title;
		if (ids.has(rowId))
			return bad(`has the row ID ${showValue(rowId)} twice`, 'Make every row ID different (a row with no ID takes its title): the reply carries it.');
		ids.add(rowId);
		const row: IDataObject = { title, rowId };
		const description = trimmedText(entry.description);
		if (description) row.description = description;
		else undescribed.push({ row: index + 1, title });
		sections.set(section, [...(sections.get(section) ?? []), row]);
	}
	return ok({ sections: [...sections].map(([title, rows]) => ({ title, rows })), undescribed });
}

const sections = checkedField(
	{
		displayName: 'Rows',
		name: 'listRows',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Row',
		required: true,
		default: {},
		description: `The choices (1 to ${MAX_LIST_ROWS}); rows with the same Section are listed under it`,
		options: [
			{
				displayName: 'Row',
				name: 'row',
				values: [
					{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'A line under the title (optional)' },
					{
						displayName: 'Row ID',
						name: 'rowId',
						type: 'string',
						default: '',
						description: 'What the reply carries when this row is picked; default: the title',
					},
					{ displayName: 'Section', name: 'section', type: 'string', required: true, default: '', placeholder: 'e.g. Sedes' },
					{ displayName: 'Title', name: 'title', type: 'string', required: true, default: '', placeholder: 'e.g. Miraflores' },
				],
			},
		],
	},
	checkListRows,
	inBody('sections', (rows: ListRows) => rows.sections),
);

/** Row 2 ("San Isidro"), or rows 2 ("San Isidro") and 3 ("Cercado"). */
const rowsNamed = (rows: ListRows['undescribed']) =>
	`${rows.length === 1 ? 'row' : 'rows'} ${rows.map(({ row, title }) => `${row} (${showValue(title)})`).join(rows.length === 2 ? ' and ' : ', ')}`;

export const sendList = sendOperation({
	name: 'Send List',
	value: 'sendList',
	action: 'Send list message',
	description: 'Send a menu of rows to pick from (Cloud API; not shown via Baileys since 2.3)',
	notice:
		'WhatsApp shows lists only from the WhatsApp Business Cloud API. On Baileys instances (Evolution 2.3 and later) the server answers that it sent the list, but the recipient never sees it.',
	path: '/message/sendList/{instanceName}',
	// The route requires footerText: an empty footer goes as "".
	fields: [recipient, interactiveTitle, interactiveDescription, buttonText, interactiveFooter, footerIn('footerText', true), sections],
	routeOptions: MESSAGE_OPTIONS,
	/**
	 * Evolution's Cloud API channel cuts every row's description (`row.description.substring(0, 72)`
	 * in whatsapp.business.service.ts listMessage, 2.2.3 to 2.4.0-rc2) and fails with a 500 on a row
	 * without one; Baileys takes such rows. A list with one asks the instance's channel first.
	 */
	async send(send, { instanceName, listRows }, fns) {
		const { undescribed } = listRows;
		if (undescribed.length > 0 && (await instanceRowOf(send, instanceName))?.integration === BUSINESS) {
			throw invalidInputError(
				fns.getNode(),
				fns.getItemIndex(),
				'Rows',
				undefined,
				`has ${rowsNamed(undescribed)} with no description, which instance "${instanceName}" needs on every row: it is a WhatsApp Business Cloud API instance`,
				"Give every row a Description (Evolution's Cloud API channel reads each row's and fails on one without it), or send the list through a Baileys instance.",
			);
		}
		return await send();
	},
});
