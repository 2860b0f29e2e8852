import type { IDataObject } from 'n8n-workflow';

import { ok } from '../../../shared/checks';
import { operation, type Field } from '../../../shared/contract';
import { checkedField, optionsCollection } from '../../../shared/fields';
import { verdictOn, type RucVerdict } from '../../validation';

/** Any value: Validate judges it (an invalid one is an item saying why, not an error). */
const rucOrDni = checkedField(
	{
		displayName: 'RUC or DNI',
		name: 'rucOrDni',
		type: 'string',
		default: '',
		placeholder: 'e.g. 20131312955',
		description:
			'An 11-digit RUC to check (prefix and check digit), or an 8-digit DNI to turn into the person\'s RUC (10 + DNI + check digit)',
	},
	(raw) => ok(raw),
);

/** The input item's fields, when the user keeps them: the verdict is added to them. */
const inputFields: Field<'inputFields', IDataObject | undefined> = {
	name: 'inputFields',
	properties: [
		optionsCollection([
			{
				displayName: 'Include Input Fields',
				name: 'includeInputFields',
				type: 'boolean',
				default: false,
				description:
					"Whether each item keeps the input item's fields (a sheet row's columns), with the result's fields added; a column named like one of them is replaced",
			},
		]),
	],
	read: (item) =>
		(item.parameter('options', {}) as IDataObject).includeInputFields === true ? item.fns.getInputData().json : undefined,
};

export const validate = operation({
	name: 'Validate',
	value: 'validate',
	action: 'Validate RUC or DNI offline',
	description: 'Free, no query and no credential: checks a RUC, or makes one from a DNI',
	notice:
		'Runs in n8n without calling the API. Each item says valid (true or false), why not, the type (natural_person, other_person, legal_entity) and the DNI inside a 10 RUC. Invalid values are items, not errors: filter on valid before looking up.',
	subtitle: 'Validate RUC',
	fields: [rucOrDni, inputFields],
	subject: ({ rucOrDni }) => `RUC ${String(rucOrDni)}`,
	local: ({ rucOrDni }) => verdictOn(rucOrDni),
	toItems: (verdict, { inputFields }) => [{ ...inputFields, ...(verdict as RucVerdict) }],
});
