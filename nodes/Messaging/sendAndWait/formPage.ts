// The response form's page and what its submission becomes, as n8n's own send-and-wait nodes make
// them: n8n's `form-trigger` page (rendered by n8n's web server) gets the data its template reads,
// and a submission (`field-0`, `field-1`… in multipart/form-data, files included) becomes one item,
// `{ data: { <label>: <answer>, …, respondedAt } }`, files as binary data.
import { jsonParse, type IBinaryData, type IDataObject, type INodeExecutionData, type IWebhookFunctions } from 'n8n-workflow';

import { keepsBinaryInJson } from '../../shared/n8nReleases';

import { fieldKey, type FormField } from './formFields';

/** What the page shows besides its fields. */
export interface FormText {
	title: string;
	description: string;
	buttonLabel: string;
}

/** Text for an HTML page: the template puts the description in as HTML. */
export const escapeHtml = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The data n8n's `form-trigger` template reads, as n8n's prepareFormData makes it. */
export function formPageData(fields: FormField[], text: FormText): IDataObject {
	const formFields = fields.map((field, index) => {
		const input: IDataObject = {
			id: `field-${index}`,
			errorId: `error-field-${index}`,
			label: field.fieldType === 'hiddenField' ? field.fieldName : field.fieldLabel,
			inputRequired: field.requiredField ? 'form-required' : '',
			defaultValue: field.defaultValue ?? '',
			placeholder: field.placeholder,
		};
		const { fieldType } = field;
		if (field.multiselect || fieldType === 'radio' || fieldType === 'checkbox') {
			input.isMultiSelect = true;
			input.multiSelectOptions = (field.fieldOptions?.values ?? []).map((choice, i) => ({ id: `option${i}_${input.id}`, label: choice.option }));
			if (fieldType === 'radio') input.radioSelect = 'radio';
			else if (field.limitSelection === 'exact') input.exactSelectedOptions = field.numberOfSelections;
			else if (field.limitSelection === 'range') {
				input.minSelectedOptions = field.minSelections;
				input.maxSelectedOptions = field.maxSelections;
			}
		} else if (fieldType === 'file') {
			input.isFileInput = true;
			input.acceptFileTypes = field.acceptFileTypes;
			input.multipleFiles = field.multipleFiles ? 'multiple' : '';
		} else if (fieldType === 'dropdown') {
			input.isSelect = true;
			input.selectOptions = (field.fieldOptions?.values ?? []).map((choice) => choice.option);
		} else if (fieldType === 'textarea') {
			input.isTextarea = true;
		} else if (fieldType === 'hiddenField') {
			input.isHidden = true;
			input.hiddenName = field.fieldName;
			input.hiddenValue = input.defaultValue === '' ? field.fieldValue : input.defaultValue;
		} else {
			input.isInput = true;
			input.type = fieldType ?? 'text';
		}
		return input;
	});
	const description = escapeHtml(text.description);
	return {
		testRun: false,
		formTitle: text.title,
		formDescription: description,
		formDescriptionMetadata: text.description ? text.description.replace(/\s+/g, ' ').slice(0, 150) : 'n8n form',
		formSubmittedHeader: 'Got it, thanks',
		formSubmittedText: 'This page can be closed now',
		formFields,
		useResponseData: false,
		appendAttribution: false,
		buttonLabel: text.buttonLabel,
	};
}

/** A file of a submission, as n8n's multipart parser hands it over. */
interface SubmittedFile {
	filepath: string;
	originalFilename?: string;
	newFilename?: string;
	mimetype?: string;
	size?: number;
}

/** The value of one field as submitted, made the type the field holds (n8n's form conversions). */
function answerOf(field: FormField, value: unknown): unknown {
	if (value === undefined || value === null) return null;
	if (field.fieldType === 'number') return Number(value);
	if (field.fieldType === 'text' || field.fieldType === 'email') return String(value).trim();
	if ((field.multiselect || field.fieldType === 'checkbox' || field.fieldType === 'radio') && typeof value === 'string') {
		const parsed = jsonParse<unknown>(value, { fallbackValue: value });
		return field.fieldType === 'radio' && Array.isArray(parsed) ? parsed[0] : parsed;
	}
	if (field.fieldType === 'file' && field.multipleFiles && !Array.isArray(value)) return [value];
	return value;
}

/**
 * A form submission as the item the execution resumes with. Files become binary data named after the
 * field (`Invoice`, `Invoice_0`…), described in the JSON; in a workflow that keeps binary data in
 * JSON (binary mode "combined"), the JSON holds them.
 */
export async function formAnswer(context: IWebhookFunctions, fields: FormField[]): Promise<INodeExecutionData> {
	const body = context.getBodyData() as { data?: IDataObject; files?: Record<string, SubmittedFile | SubmittedFile[]> };
	const values: IDataObject = { ...(body.data ?? {}) };
	const combined = keepsBinaryInJson(context);
	const binary: Record<string, IBinaryData> = {};
	for (const [key, submitted] of Object.entries(body.files ?? {})) {
		const files = Array.isArray(submitted) ? submitted : [submitted];
		const field = fields[Number(key.replace(/^field-/, ''))];
		const name = (field ? fieldKey(field) : key).replace(/\W/g, '_');
		const described: IDataObject[] = [];
		const copied: IBinaryData[] = [];
		for (const [index, file] of files.entries()) {
			const data = await context.nodeHelpers.copyBinaryFile(file.filepath, file.originalFilename ?? file.newFilename ?? 'file', file.mimetype);
			copied.push(data);
			described.push({ filename: file.originalFilename, mimetype: file.mimetype, size: file.size });
			if (!combined) binary[Array.isArray(submitted) ? `${name}_${index}` : name] = data;
		}
		const shown = combined ? copied : described;
		values[key] = Array.isArray(submitted) ? shown : shown[0];
	}
	const data: IDataObject = {};
	fields.forEach((field, index) => {
		data[fieldKey(field)] = answerOf(field, values[`field-${index}`]) as IDataObject[string];
	});
	// Set last: a field named like it cannot replace the time of the answer.
	data.respondedAt = new Date().toISOString();
	return { json: { data }, ...(Object.keys(binary).length ? { binary } : {}) };
}
