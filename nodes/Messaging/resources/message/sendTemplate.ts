import type { IDataObject } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../../shared/checks';
import { checkedField, inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { delayOption, QUOTED_OPTION } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';
import { templateLanguage, templateName } from '../template/templateFields';

const PARAMETERS_HINT = 'Give a JSON list such as [{"type": "body", "parameters": [{"type": "text", "text": "Ana"}]}], or [] for a template without placeholders.';

/** The values of the template's placeholders, as Meta's send API takes them: a list of components with their parameters; empty for none. */
export function checkTemplateParameters(raw: unknown): Checked<IDataObject[]> {
	let value = raw;
	if (raw === undefined || raw === null || raw === '') return ok([]);
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw) as unknown;
		} catch (error) {
			return bad(`is not valid JSON (${(error as Error).message})`, PARAMETERS_HINT);
		}
	}
	if (!Array.isArray(value)) return bad('is not a list of components', PARAMETERS_HINT);
	const typeless = value.find((component) => !component || typeof component !== 'object' || typeof (component as IDataObject).type !== 'string');
	if (typeless !== undefined) return bad(`has a component without a type (header, body or button): ${JSON.stringify(typeless)}`, PARAMETERS_HINT);
	return ok(value as IDataObject[]);
}

const templateParameters = checkedField(
	{
		displayName: 'Parameters (JSON)',
		name: 'templateParameters',
		type: 'json',
		default: '[]',
		description: "The values of the template's placeholders ({{1}}, {{2}}…) by component, as Meta's API takes them; [] for none",
	},
	checkTemplateParameters,
	inBody('components'),
);

export const sendTemplate = sendOperation({
	name: 'Send Template',
	value: 'sendTemplate',
	action: 'Send message template',
	description: 'Send a template Meta approved (Cloud API), e.g. after the 24-hour window',
	notice: 'WhatsApp Business Cloud API instances only: a Baileys instance cannot send templates. Meta must have approved the template (Template → Get Many shows its status).',
	path: '/message/sendTemplate/{instanceName}',
	fields: [recipient, templateName, templateLanguage, templateParameters],
	routeOptions: [delayOption('typing...'), QUOTED_OPTION],
});
