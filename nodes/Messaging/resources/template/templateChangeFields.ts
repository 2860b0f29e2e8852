// The fields of Template → Edit and Delete (Evolution 2.3.7's TemplateEditDto and TemplateDeleteDto):
// Meta's template ID, what an edit changes (category, components), and Delete's one-language ID.
import type { IDataObject } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { checkedField, inBody, intoBody, optionsCollection } from '../../../shared/fields';
import { ALLOW_CATEGORY_CHANGE, CATEGORY_OPTIONS, checkCategory, checkComponents, COMPONENTS_EXAMPLE } from './templateFields';

/** Meta's template IDs are digits (`id` in Template → Get Many's items). */
export function checkTemplateId(raw: unknown): Checked<string> {
	const id = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : undefined;
	if (id && /^\d{1,30}$/.test(id)) return ok(id);
	return bad("is not Meta's ID of a template (digits)", 'Give the id Template → Get Many outputs for the template, e.g. 1122334455667788.');
}

export const templateId = checkedField(
	{
		displayName: 'Template ID',
		name: 'templateId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1122334455667788',
		description: "Meta's ID of the template, as Template → Get Many outputs it",
	},
	checkTemplateId,
	inBody('templateId'),
);

/**
 * What Edit changes: the category, the components, or both (Meta edits nothing else). `ttl` is left
 * out: Evolution sends it to Meta as `time_to_live`, a key Meta's template API does not publish.
 */
export const templateChange: Field<'templateChange', IDataObject> = {
	name: 'templateChange',
	properties: [
		optionsCollection([
			{
				displayName: 'Category',
				name: 'category',
				type: 'options',
				options: CATEGORY_OPTIONS,
				default: 'UTILITY',
				description: "The template's new category; Meta changes it only while the template is not approved",
			},
			ALLOW_CATEGORY_CHANGE,
			{
				displayName: 'Components (JSON)',
				name: 'components',
				type: 'json',
				default: COMPONENTS_EXAMPLE,
				description: "All of the template's components, replacing the old ones; Meta reviews the template again",
			},
		]),
	],
	read(item) {
		const options = (item.parameter('options', {}) ?? {}) as IDataObject;
		const change: IDataObject = {};
		if (options.category !== undefined) change.category = item.require('Category', options.category, checkCategory(options.category));
		if (options.components !== undefined) change.components = item.require('Components (JSON)', options.components, checkComponents(options.components));
		if (change.category === undefined && change.components === undefined) {
			return item.require('Options', options, bad<IDataObject>('has nothing to change', 'Add Category or Components (JSON) under Options: Meta edits those two.'));
		}
		if (options.allowCategoryChange !== undefined) change.allowCategoryChange = options.allowCategoryChange === true;
		return change;
	},
	to: intoBody,
};

/** Delete's option: one language's template, by its ID (`hsmId`); without it, every language of the name. */
export const templateDeleteOptions: Field<'templateDeleteOptions', string | undefined> = {
	name: 'templateDeleteOptions',
	properties: [
		optionsCollection([
			{
				displayName: 'Only Template ID',
				name: 'hsmId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1122334455667788',
				description: 'Delete only the template of this ID (one language); without it, Meta deletes the name in every language',
			},
		]),
	],
	read(item) {
		const raw = ((item.parameter('options', {}) ?? {}) as IDataObject).hsmId;
		if (raw === undefined || raw === '') return undefined;
		return item.require('Only Template ID', raw, checkTemplateId(raw));
	},
	to: inBody('hsmId'),
};
