// Message → Send and Wait for Response: a text through the instance (Evolution's Send Text) carrying
// the response links (signed resume URLs of the execution), then the execution waits until a link
// answers (sendAndWait/webhook.ts) or Limit Wait Time passes. Run as n8n's custom operation: only the
// execution's own functions sign resume URLs and put it to wait. Like n8n's own send-and-wait nodes
// it sends one message, from the first item, and outputs the answer (or, past the limit, its input).
import { SEND_AND_WAIT_OPERATION, type IDataObject } from 'n8n-workflow';

import { requireSignedResumeLinks } from '../../../shared/n8nReleases';
import type { Field } from '../../../shared/contract';
import { bodyOf, checkedField } from '../../../shared/fields';
import { recipient } from '../../fields';
import { checkFormFields, FORM_PROPERTIES } from '../../sendAndWait/formFields';
import { checkResponseType, checkWaitTill, RESPONSE_TYPE, responseLinks, SEND_AND_WAIT_OPTIONS, type ResponseLink, type ResponseType } from '../../sendAndWait/settings';
import { delayOption } from '../../sendOptions';
import { sendOperation } from '../../sendOperation';
import { checkMessageText } from '../../validation/recipients';

/** The message; named as n8n's send-and-wait nodes name it, which its human-review tool fills in. */
const message = checkedField(
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'The message; the response links follow it. WhatsApp formatting works: *bold*, _italic_.',
	},
	checkMessageText,
);

/** How the recipient answers, and the links the message carries for it; a custom form that cannot be built sends nothing. */
const response: Field<'response', { type: ResponseType; links: ResponseLink[] }> = {
	name: 'response',
	properties: [RESPONSE_TYPE, ...FORM_PROPERTIES],
	read(item) {
		const raw = item.parameter('responseType', 'approval');
		const type = item.require('Response Type', raw, checkResponseType(raw));
		if (type === 'customForm') {
			const defineForm = item.parameter('defineForm', 'fields');
			const label = defineForm === 'json' ? 'Form Fields' : 'Form Elements';
			item.require(label, item.parameter(defineForm === 'json' ? 'jsonOutput' : 'formFields', ''), checkFormFields((name, fallback) => item.parameter(name, fallback)));
		}
		return { type, links: responseLinks(type, item.parameter('options', {}) as IDataObject) };
	},
};

/** When the execution goes on without an answer (Limit Wait Time, an option of the send's Options). */
const waitTill: Field<'waitTill', Date> = {
	name: 'waitTill',
	properties: [],
	read(item) {
		const raw = (item.parameter('options', {}) as IDataObject).limitWaitTime as { values?: unknown } | undefined;
		return item.require('Limit Wait Time', raw?.values ?? raw, checkWaitTill(raw));
	},
};

/** The message, then each link on its own line under its label in bold. */
export const messageWithLinks = (text: string, links: Array<{ label: string; url: string }>) =>
	`${text.trim()}\n\n${links.map(({ label, url }) => `*${label}:*\n${url}`).join('\n\n')}`;

export const sendAndWait = sendOperation({
	name: 'Send and Wait for Response',
	value: SEND_AND_WAIT_OPERATION,
	action: 'Send message and wait for response',
	description: 'Send a text with response links, and wait for the approval or the form',
	subtitle: 'Send and Wait',
	path: '/message/sendText/{instanceName}',
	fields: [recipient, message, response, waitTill],
	routeOptions: [delayOption('typing...')],
	ownOptions: SEND_AND_WAIT_OPTIONS,
	custom: {
		firstItemOnly: true,
		completeRequest(request, values, fns) {
			// Older n8n releases check the links' signature only when asked to.
			requireSignedResumeLinks(fns);
			const links = values.response.links.map(({ label, approved }) => ({ label, url: fns.getSignedResumeUrl({ approved: String(approved) }) }));
			// No preview: the sending server would open the first link to make one.
			Object.assign(bodyOf(request), { text: messageWithLinks(values.message, links), linkPreview: false });
		},
		async makeOutput(fns, output, sent) {
			// Continue On Fail and the message not sent: its error item, and no waiting.
			if (sent.length === 0) return [output];
			await fns.putExecutionToWait(sent[0].waitTill);
			return [fns.getInputData()];
		},
	},
});
