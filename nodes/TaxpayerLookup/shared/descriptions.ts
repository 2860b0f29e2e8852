// Fields several operations share.
import type { INodeProperties } from 'n8n-workflow';

import { CURRENCY_OPTIONS } from '../../shared/descriptions';

export const rucField = (operations: string[]): INodeProperties => ({
	displayName: 'RUC',
	name: 'ruc',
	type: 'string',
	required: true,
	default: '',
	placeholder: '20131312955',
	description: "The taxpayer's 11-digit RUC (tax number). Checked (prefix and check digit) before any request, so a typo costs no quota.",
	displayOptions: { show: { resource: ['taxpayer'], operation: operations } },
});

export const currencyField = (operations: string[]): INodeProperties => ({
	displayName: 'Currency',
	name: 'currency',
	type: 'options',
	options: CURRENCY_OPTIONS,
	default: 'USD',
	description: 'The currency whose rate against the Peruvian sol to get',
	displayOptions: { show: { resource: ['exchangeRate'], operation: operations } },
});

export const rateDateField = (
	name: string,
	displayName: string,
	description: string,
	operations: string[],
): INodeProperties => ({
	displayName,
	name,
	type: 'dateTime',
	required: true,
	default: '',
	description: `${description} Sent as YYYY-MM-DD; from 2010-01-01 up to today (Lima time). Expressions may give a date or a YYYY-MM-DD text.`,
	displayOptions: { show: { resource: ['exchangeRate'], operation: operations } },
});

export const outputOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Convert Amounts to Numbers',
			name: 'numbersAsNumbers',
			type: 'boolean',
			default: false,
			description: 'Whether to turn price and amount texts (precio_compra, precio_venta, monto_deuda) into numbers',
		},
		{
			displayName: 'Placeholders to Null',
			name: 'placeholdersToNull',
			type: 'boolean',
			default: false,
			description: 'Whether to turn the registry\'s "-" (no value) placeholders into null',
		},
	],
};
