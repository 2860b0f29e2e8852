// The fields of the Register (SIRE) operations: the book (sales or purchases), the tax period,
// checked against the book before any request, a ticket, and the confirmation a filing needs.
import type { INode, INodeProperties } from 'n8n-workflow';

import { bad, ok, type Checked, type PickerOption } from '../../shared/checks';
import { valueOf, type Field } from '../../shared/contract';
import { nothingSentError } from '../../shared/errors';
import { checkedField, inPath, pickerField } from '../../shared/fields';
import { BOOKS, checkPeriod, type Book, type BookName } from './books';

const BOOK_OPTIONS: Array<PickerOption<BookName>> = [
	{ name: 'Sales (RVIE, Registro De Ventas)', value: 'RVIE', description: 'Registro de Ventas e Ingresos Electrónico, book 140000' },
	{ name: 'Purchases (RCE, Registro De Compras)', value: 'RCE', description: 'Registro de Compras Electrónico, book 080000' },
];

export const book = pickerField(
	{
		displayName: 'Register',
		name: 'book',
		type: 'options',
		options: BOOK_OPTIONS,
		default: 'RVIE',
		description: 'Which of SIRE\'s registers. An expression may give RVIE or RCE.',
	},
	{ problem: 'is not one of SIRE\'s registers', hint: 'Use RVIE (sales) or RCE (purchases).', normalise: (text) => text.trim().toUpperCase() },
	inPath('book', (name) => BOOKS[name].code),
);

/** One list, shared by every operation's period field: the editor shows one Period parameter for them all. */
const periodProperties: INodeProperties[] = [{
	displayName: 'Period',
	name: 'period',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 202503',
	description: "The tax period, YYYYMM (202503 for March 2025), or a date of that month: an expression of $now minus a month gives last month's",
}];

/**
 * The period of a fixed book (a sales or a purchase proposal), or of the book the item picked; a
 * ticket's period (`either`) is checked against the earlier of the two books.
 */
export function period(fixed?: BookName | 'either'): Field<'period', string> {
	return {
		name: 'period',
		properties: periodProperties,
		read(item, before) {
			const raw = item.parameter('period', '');
			const ofBook: Book = fixed === 'either' ? EARLIER_BOOK : BOOKS[fixed ?? valueOf(before, book)];
			return item.require('Period', raw, checkPeriod(raw, ofBook));
		},
		to: inPath('period'),
	};
}

const EARLIER_BOOK = Object.values(BOOKS).reduce((earlier, candidate) => (candidate.firstPeriod < earlier.firstPeriod ? candidate : earlier));

/** A ticket SUNAT gave: its digits, as SUNAT wrote them. */
export const ticket = checkedField(
	{
		displayName: 'Ticket',
		name: 'ticket',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 20250300000012',
		description: "The ticket number (numTicket) SUNAT gave for an export or an acceptance: an earlier run's error or item names it",
	},
	(raw): Checked<string> => {
		const hint = "Copy the ticket number (numTicket) from the earlier run's item or error.";
		const text = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
		if (text === undefined) return bad('is not a ticket number', hint);
		if (text === '') return bad('is empty: a ticket is required', hint);
		return /^\d{1,30}$/.test(text) ? ok(text) : bad('is not a ticket number (digits only)', hint);
	},
);

/** The file Download Proposal puts in the item: SUNAT's ZIP as it came, or the TXT inside it. */
export const fileForm = pickerField(
	{
		displayName: 'File',
		name: 'fileForm',
		type: 'options',
		options: [
			{ name: "ZIP (as SUNAT Sends It)", value: 'zip', description: 'The archive SUNAT made, holding the TXT' },
			{ name: 'TXT (the Proposal Itself)', value: 'txt', description: "The pipe-separated TXT in SUNAT's layout, taken out of the ZIP" },
		],
		default: 'zip',
	},
	{ problem: 'is not zip nor txt', hint: 'Use zip or txt.', normalise: (text) => text.trim().toLowerCase() },
);

export const binaryField = checkedField(
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the output binary field to put the file in',
	},
	(raw): Checked<string> => (typeof raw === 'string' && raw.trim() !== '' ? ok(raw.trim()) : bad('is empty', 'Give the name of the binary field to put the file in, such as data.')),
);

/** Whether the node runs as an AI agent's tool: n8n names that variant of a node type `<name>Tool`. */
const runsAsTool = (node: INode) => node.type.endsWith('Tool');

/**
 * Accepting the sales proposal files the register with SUNAT: it goes only when this is on. Offered
 * in the node alone (`@tool`: n8n shows it nowhere in the AI-tool variant, where it stays off), and
 * refused there whatever the parameter holds: an agent cannot file by itself.
 */
export const confirmFiling: Field<'confirmFiling', true> = {
	name: 'confirmFiling',
	properties: [
		{
			displayName: 'Confirm Filing',
			name: 'confirmFiling',
			type: 'boolean',
			default: false,
			description:
				'Whether to file: accepting the proposal makes it the sales register of the period at SUNAT (as Aceptar propuesta in SIRE does). Off, the node files nothing.',
			displayOptions: { show: { '@tool': [false] } },
		},
	],
	read(item) {
		const { fns } = item;
		if (runsAsTool(fns.getNode())) {
			throw nothingSentError(fns.getNode(), fns.getItemIndex(), 'An AI agent cannot accept the sales proposal: accepting files the sales register with SUNAT.', 'Accept it from a workflow a person runs (the SUNAT node itself, not its tool); nothing was filed.');
		}
		if (item.parameter('confirmFiling', false) === true) return true;
		throw nothingSentError(fns.getNode(), fns.getItemIndex(), 'Confirm Filing is off: accepting the sales proposal files the sales register with SUNAT.', 'Switch on Confirm Filing to file it; nothing was filed.');
	},
};
