import type { IDataObject } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../../shared/checks';
import type { Answer, RequestContext } from '../../../shared/contract';
import { detail, type Failure } from '../../../shared/errors';
import { checkedField, inBody } from '../../../shared/fields';
import { asBody, CLOUD_ONLY } from '../../businessErrors';
import { instanceOf, isMessagingSuccess, recipientOf, serverReason } from '../../errors';
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

/** The Cloud API's send passes Meta's refusal on as its 201 answer (`{message, type, code, error_data?, fbtrace_id}`), where a sent message has a `key`. */
const isMetaSendRefusal = (body: unknown) => {
	const answer = asBody(body);
	return !('key' in answer) && ('error_data' in answer || typeof answer.message === 'string');
};

/** Meta's refusal passed on as a 2xx, and a Baileys instance's refusal of templates. */
function sendTemplateAnswers({ statusCode, body }: Answer, context: RequestContext): Failure | undefined {
	const httpCode = String(statusCode);
	if (statusCode >= 200 && statusCode < 300) {
		if (!isMetaSendRefusal(body) && isMessagingSuccess(statusCode, body, context)) return undefined;
		const answer = asBody(body);
		const code = answer.code === undefined ? '' : `, code ${String(answer.code)}`;
		return {
			message: `Meta refused the template message to ${recipientOf(context)} ${detail(httpCode, `${String(answer.message ?? 'no reason')}${code}`)}`,
			description: "Check that Meta approved the template (Template → Get Many), that its name and language are exact, and that the parameters fill each of its placeholders.",
			httpCode,
		};
	}
	const reason = serverReason(body);
	if (!/not available in the Baileys service/i.test(reason)) return undefined;
	return { message: `${instanceOf(context)} cannot send templates ${detail(httpCode, reason)}`, description: CLOUD_ONLY, httpCode };
}

export const sendTemplate = sendOperation({
	name: 'Send Template',
	value: 'sendTemplate',
	action: 'Send message template',
	description: 'Send a template Meta approved (Cloud API), e.g. after the 24-hour window',
	notice: 'WhatsApp Business Cloud API instances only: a Baileys instance cannot send templates. Meta must have approved the template (Template → Get Many shows its status).',
	path: '/message/sendTemplate/{instanceName}',
	fields: [recipient, templateName, templateLanguage, templateParameters],
	routeOptions: [delayOption('typing...'), QUOTED_OPTION],
	answers: sendTemplateAnswers,
});
