// A WhatsApp message template as Evolution's `template/create` takes it (TemplateDto,
// templateSchema) and Meta's rules for it: name, category, language, components.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bad, ok, pickerCheck, showValue, type Checked, type PickerOption } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { checkedField, inBody, intoBody, optionsCollection, pickerField } from '../../../shared/fields';

const text = (raw: unknown) => (typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : undefined);

/** Meta: lowercase letters, digits and underscores, at most 512 characters. */
export function checkTemplateName(raw: unknown): Checked<string> {
	const name = text(raw);
	if (!name) return bad('is empty: a template needs a name', 'Give a name such as pedido_listo.');
	if (!/^[a-z0-9_]{1,512}$/.test(name)) return bad('is not lowercase letters, digits and underscores', 'Meta takes names such as pedido_listo: no capitals, spaces or accents.');
	return ok(name);
}

/** Meta's language codes: `es`, `en_US`, `pt_BR`, `zh_CN`... */
export function checkLanguage(raw: unknown): Checked<string> {
	const code = text(raw);
	if (code && /^[a-z]{2,3}(_[A-Z]{2,3})?$/.test(code)) return ok(code);
	return bad('is not a language code such as es or en_US', "Give one of Meta's template language codes, e.g. es, es_MX, en_US or pt_BR.");
}

const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'];

/** Meta's components: a list of objects, each with its `type`, and one BODY. */
export function checkComponents(raw: unknown): Checked<IDataObject[]> {
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw) as unknown;
		} catch (error) {
			return bad(`is not valid JSON (${(error as Error).message})`, 'Give the components as a JSON list, e.g. [{"type": "BODY", "text": "Hola {{1}}"}].');
		}
	}
	const hint = 'Give a list of components, each with its type (HEADER, BODY, FOOTER, BUTTONS) and one BODY with its text.';
	if (!Array.isArray(value) || value.length === 0) return bad('is not a list of components', hint);
	for (const component of value) {
		const type = component && typeof component === 'object' ? (component as IDataObject).type : undefined;
		if (typeof type !== 'string' || !COMPONENT_TYPES.includes(type.toUpperCase()))
			return bad(`has a component without a type of ${COMPONENT_TYPES.join(', ')}: ${showValue(component)}`, hint);
	}
	if (!value.some((component: IDataObject) => String(component.type).toUpperCase() === 'BODY')) return bad('has no BODY component', hint);
	return ok(value as IDataObject[]);
}

export const templateName = checkedField(
	{
		displayName: 'Template Name',
		name: 'templateName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. pedido_listo',
		description: 'Lowercase letters, digits and underscores; unique on the server',
	},
	checkTemplateName,
	inBody('name'),
);

/** Meta's template categories (templateSchema's enum). */
export const CATEGORY_OPTIONS: Array<PickerOption<string>> = [
	{ name: 'Authentication', value: 'AUTHENTICATION', description: 'One-time passwords' },
	{ name: 'Marketing', value: 'MARKETING', description: 'Offers, news, invitations' },
	{ name: 'Utility', value: 'UTILITY', description: 'Updates on an order or account the customer asked for' },
];

const CATEGORY_REFUSAL = { problem: 'is not Authentication, Marketing or Utility', hint: 'Pick one from the list.' };

/** Edit's Category option is checked as Create's Category. */
export const checkCategory = pickerCheck(CATEGORY_OPTIONS, CATEGORY_REFUSAL);

export const templateCategory = pickerField(
	{
		displayName: 'Category',
		name: 'templateCategory',
		type: 'options',
		options: CATEGORY_OPTIONS,
		default: 'UTILITY',
		description: "Meta's category; it decides the price of each message",
	},
	CATEGORY_REFUSAL,
	inBody('category'),
);

export const templateLanguage = checkedField(
	{
		displayName: 'Language',
		name: 'templateLanguage',
		type: 'string',
		required: true,
		default: 'es',
		placeholder: 'e.g. es',
		description: "Meta's language code of the template's text, e.g. es, es_MX, en_US",
	},
	checkLanguage,
	inBody('language'),
);

/** An example of Meta's components: a BODY with two placeholders and their example values. */
export const COMPONENTS_EXAMPLE = '[\n  {\n    "type": "BODY",\n    "text": "Hola {{1}}, su pedido {{2}} está listo.",\n    "example": { "body_text": [["Ana", "F001-123"]] }\n  }\n]';

export const templateComponents = checkedField(
	{
		displayName: 'Components (JSON)',
		name: 'templateComponents',
		type: 'json',
		required: true,
		default: COMPONENTS_EXAMPLE,
		description: "Meta's components: a BODY, and optionally a HEADER, a FOOTER and BUTTONS",
	},
	checkComponents,
	inBody('components'),
);

/** Create's and Edit's option: one option, alike in both, so the editor shows it once. */
export const ALLOW_CATEGORY_CHANGE: INodeProperties = {
	displayName: 'Allow Category Change',
	name: 'allowCategoryChange',
	type: 'boolean',
	default: false,
	description: 'Whether Meta may move the template to the category it finds right instead of rejecting it',
};

/** The rarely set keys of the DTO: allowCategoryChange and webhookUrl. */
export const templateOptions: Field<'templateOptions', IDataObject> = {
	name: 'templateOptions',
	properties: [
		optionsCollection([
			ALLOW_CATEGORY_CHANGE,
			{
				displayName: 'Webhook URL',
				name: 'webhookUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://n8n.example.com/webhook/template-status',
				description: 'Stored with the template on the server',
			},
		]),
	],
	read(item) {
		const options = (item.parameter('options', {}) ?? {}) as IDataObject;
		const body: IDataObject = {};
		if (options.allowCategoryChange !== undefined) body.allowCategoryChange = options.allowCategoryChange === true;
		const url = typeof options.webhookUrl === 'string' ? options.webhookUrl.trim() : '';
		if (url) {
			if (!/^https?:\/\/[^\s/]+/.test(url)) item.require('Webhook URL', options.webhookUrl, bad('is not a web address', 'Give an address starting with https:// or http://.'));
			body.webhookUrl = url;
		}
		return body;
	},
	to: intoBody,
};
