// The fields of Send and Wait's custom form, as n8n's Form node defines them (the same keys, in the
// editor or as JSON: fieldLabel, fieldType, fieldOptions.values[].option, requiredField…), and the
// one reading of them that both the send (to refuse a form that cannot be built) and the form page
// use. Custom HTML elements are not offered: n8n cleans them with a library this package may not ship.
import { tryToParseJsonToFormFields, type FormFieldsParameter, type INodeProperties } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../shared/checks';

export type FormField = FormFieldsParameter[number];

const ELEMENT_TYPES = [
	{ name: 'Checkboxes', value: 'checkbox' },
	{ name: 'Date', value: 'date' },
	{ name: 'Dropdown', value: 'dropdown' },
	{ name: 'Email', value: 'email' },
	{ name: 'File', value: 'file' },
	{ name: 'Hidden Field', value: 'hiddenField' },
	{ name: 'Number', value: 'number' },
	{ name: 'Password', value: 'password' },
	{ name: 'Radio Buttons', value: 'radio' },
	{ name: 'Text Input', value: 'text' },
	{ name: 'Textarea', value: 'textarea' },
];

const CHOICES = ['dropdown', 'checkbox', 'radio'];

/** One element of the form, as the Form node's Form Elements lists them. */
const ELEMENT: INodeProperties[] = [
	{
		displayName: 'Label',
		name: 'fieldLabel',
		type: 'string',
		default: '',
		placeholder: 'e.g. What is your name?',
		description: "Shown above the field, and the answer's key in the output",
		required: true,
		displayOptions: { hide: { fieldType: ['hiddenField'] } },
	},
	{ displayName: 'Element Type', name: 'fieldType', type: 'options', default: 'text', options: ELEMENT_TYPES, required: true },
	{
		displayName: 'Field Name',
		name: 'fieldName',
		type: 'string',
		default: '',
		description: "The hidden field's name: the answer's key in the output",
		displayOptions: { show: { fieldType: ['hiddenField'] } },
	},
	{
		displayName: 'Field Value',
		name: 'fieldValue',
		type: 'string',
		default: '',
		description: 'The value the form sends back',
		displayOptions: { show: { fieldType: ['hiddenField'] } },
	},
	{
		displayName: 'Placeholder',
		name: 'placeholder',
		type: 'string',
		default: '',
		description: 'Sample text shown inside the field',
		displayOptions: { show: { fieldType: ['text', 'number', 'email', 'textarea', 'password'] } },
	},
	{
		displayName: 'Default Value',
		name: 'defaultValue',
		type: 'string',
		default: '',
		description: 'Pre-filled in the field; for choices, the label(s) to pre-select, separated by commas',
		displayOptions: { show: { fieldType: ['text', 'number', 'email', 'textarea', 'date', ...CHOICES] } },
	},
	{
		displayName: 'Field Options',
		name: 'fieldOptions',
		placeholder: 'Add Field Option',
		type: 'fixedCollection',
		default: { values: [{ option: '' }] },
		required: true,
		typeOptions: { multipleValues: true, sortable: true },
		displayOptions: { show: { fieldType: CHOICES } },
		options: [{ displayName: 'Values', name: 'values', values: [{ displayName: 'Option', name: 'option', type: 'string', default: '' }] }],
	},
	{
		displayName: 'Limit Selection',
		name: 'limitSelection',
		type: 'options',
		default: 'unlimited',
		options: [
			{ name: 'Exact Number', value: 'exact' },
			{ name: 'Range', value: 'range' },
			{ name: 'Unlimited', value: 'unlimited' },
		],
		displayOptions: { show: { fieldType: ['checkbox'] } },
	},
	{
		displayName: 'Number of Selections',
		name: 'numberOfSelections',
		type: 'number',
		default: 1,
		typeOptions: { numberPrecision: 0, minValue: 1 },
		displayOptions: { show: { fieldType: ['checkbox'], limitSelection: ['exact'] } },
	},
	{
		displayName: 'Minimum Selections',
		name: 'minSelections',
		type: 'number',
		default: 0,
		typeOptions: { numberPrecision: 0, minValue: 0 },
		displayOptions: { show: { fieldType: ['checkbox'], limitSelection: ['range'] } },
	},
	{
		displayName: 'Maximum Selections',
		name: 'maxSelections',
		type: 'number',
		default: 1,
		typeOptions: { numberPrecision: 0, minValue: 1 },
		displayOptions: { show: { fieldType: ['checkbox'], limitSelection: ['range'] } },
	},
	{
		displayName: 'Multiple Files',
		name: 'multipleFiles',
		type: 'boolean',
		default: true,
		description: 'Whether the recipient may pick several files',
		displayOptions: { show: { fieldType: ['file'] } },
	},
	{
		displayName: 'Accepted File Types',
		name: 'acceptFileTypes',
		type: 'string',
		default: '',
		placeholder: 'e.g. .jpg, .png',
		description: 'Comma-separated file extensions; empty for any',
		displayOptions: { show: { fieldType: ['file'] } },
	},
	{
		displayName: 'Required Field',
		name: 'requiredField',
		type: 'boolean',
		default: false,
		description: 'Whether the form is sent only with this field filled',
		displayOptions: { hide: { fieldType: ['hiddenField'] } },
	},
];

const EXAMPLE_JSON = `[
  { "fieldLabel": "Decision", "fieldType": "dropdown", "fieldOptions": { "values": [{ "option": "Approve" }, { "option": "Reject" }] }, "requiredField": true },
  { "fieldLabel": "Comment", "fieldType": "textarea" }
]`;

/** The parameters of the custom form, shown for Response Type Custom Form. */
export const FORM_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Define Form',
		name: 'defineForm',
		type: 'options',
		noDataExpression: true,
		default: 'fields',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		displayOptions: { show: { responseType: ['customForm'] } },
	},
	{
		displayName: 'Form Elements',
		name: 'formFields',
		placeholder: 'Add Form Element',
		type: 'fixedCollection',
		default: {},
		typeOptions: { multipleValues: true, sortable: true },
		displayOptions: { show: { responseType: ['customForm'], defineForm: ['fields'] } },
		options: [{ displayName: 'Values', name: 'values', values: ELEMENT }],
	},
	{
		displayName: 'Form Fields',
		name: 'jsonOutput',
		type: 'json',
		typeOptions: { rows: 5 },
		default: EXAMPLE_JSON,
		description: "The fields as n8n's Form node takes them in JSON: fieldLabel, fieldType, fieldOptions, requiredField…",
		displayOptions: { show: { responseType: ['customForm'], defineForm: ['json'] } },
	},
];

/** The answer's key of a field in the output: its label, or a hidden field's name. */
export const fieldKey = (field: FormField) => (field.fieldType === 'hiddenField' ? field.fieldName || field.fieldLabel : field.fieldLabel || field.fieldName) ?? '';

/**
 * The form's fields from the node's parameters (`parameter(name, fallback)`), or what is wrong with
 * them: JSON that is not an array of form fields, no field, a field without a label, an HTML element.
 */
export function checkFormFields(parameter: (name: string, fallback: unknown) => unknown): Checked<FormField[]> {
	let fields: FormField[];
	if (parameter('defineForm', 'fields') === 'json') {
		const raw = parameter('jsonOutput', '[]');
		try {
			fields = tryToParseJsonToFormFields(typeof raw === 'string' ? raw : JSON.stringify(raw));
		} catch (error) {
			return bad(`cannot be read: ${(error as Error).message}`, 'Give a JSON array of fields, e.g. [{ "fieldLabel": "Comment", "fieldType": "textarea" }].');
		}
	} else {
		const collection = parameter('formFields', {}) as { values?: FormField[] } | undefined;
		fields = structuredClone(collection?.values ?? []);
	}
	if (fields.length === 0) return bad('has no field', 'Add at least one form element, or pick Response Type Free Text.');
	const html = fields.findIndex((field) => field.fieldType === 'html');
	if (html >= 0) return bad(`has a Custom HTML element (field ${html})`, 'Use the other element types; a Custom HTML page needs n8n\'s own Form node.');
	const unnamed = fields.findIndex((field) => !String(fieldKey(field)).trim());
	if (unnamed >= 0) return bad(`has a field with no label (field ${unnamed})`, 'Give every field a label (a hidden field a name): it is the answer\'s key in the output.');
	return ok(fields);
}
