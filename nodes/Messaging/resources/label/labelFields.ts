// The label a chat gets or loses: picked from the instance's labels (Label → Get Many's list) or
// given by its ID, as `labelId` of `label/handleLabel`.
import { isResourceLocatorValue } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';

/** WhatsApp's label IDs are short numbers as text ("1" to "20" for the default and added labels). */
export function checkLabelId(raw: unknown): Checked<string> {
	const text = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
	if (text === undefined) return bad('is not a label ID', 'Pick the label from the list, or give its ID (Label → Get Many lists them).');
	if (text === '') return bad('is empty: a label is required', 'Pick the label from the list, or give its ID (Label → Get Many lists them).');
	if (!/^[\w-]{1,64}$/.test(text)) return bad('is not a label ID (letters, digits, - or _)', 'Give the label\'s `id` as Label → Get Many outputs it, e.g. 3.');
	return ok(text);
}

export const label: Field<'labelId', string> = {
	name: 'labelId',
	properties: [
		{
			displayName: 'Label',
			name: 'labelId',
			type: 'resourceLocator',
			required: true,
			default: { mode: 'list', value: '' },
			description: "One of the labels of the instance's WhatsApp Business account",
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: 'Select a label...',
					typeOptions: { searchListMethod: 'getLabels', searchable: true },
				},
				{
					displayName: 'ID',
					name: 'id',
					type: 'string',
					placeholder: 'e.g. 3',
				},
			],
		},
	],
	read(item) {
		const raw = item.parameter('labelId', '', { extractValue: true });
		const value = isResourceLocatorValue(raw) ? raw.value : raw;
		return item.require('Label', value, checkLabelId(value));
	},
	to: inBody('labelId'),
};
