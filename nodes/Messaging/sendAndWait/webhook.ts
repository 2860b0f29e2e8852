// The waiting webhooks of Send and Wait for Response: what n8n calls when a link of the message is
// opened or its form is sent (the GET and POST of `{{$nodeId}}` under the execution's resume URL,
// whose signature n8n checks first). An approval link resumes the execution with
// `{ data: { approved, respondedAt } }`; a form link shows the form (GET), whose submission (POST)
// resumes it with `{ data: { text, respondedAt } }` (Free Text) or the form's fields (Custom Form):
// the items n8n's own send-and-wait nodes resume with, so a workflow can swap channels.
import type { IDataObject, IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { checkFormFields, type FormField } from './formFields';
import { formAnswer, formPageData, type FormText } from './formPage';
import { RECORDED_PAGE } from './pages';
import type { ResponseType } from './settings';

/** Both waiting webhooks, as n8n's send-and-wait nodes declare them. */
export const SEND_AND_WAIT_WEBHOOKS: IWebhookDescription[] = (['GET', 'POST'] as const).map((httpMethod) => ({
	name: 'default',
	httpMethod,
	responseMode: 'onReceived',
	responseData: '',
	path: '={{ $nodeId }}',
	restartWebhook: true,
	isFullPath: true,
}));

/** Under the node on the canvas while the execution waits. */
export const SEND_AND_WAIT_TOOLTIP = `={{ $parameter["operation"] === "sendAndWait" ? "Execution will continue after the recipient's response" : "" }}`;

/** n8n's sandbox for the form page (its own pages are served with it). */
const FORM_PAGE_CSP =
	'sandbox allow-downloads allow-forms allow-modals allow-orientation-lock allow-pointer-lock allow-popups allow-popups-to-escape-sandbox allow-presentation allow-scripts allow-top-navigation-by-user-activation allow-top-navigation-to-custom-protocols';

/**
 * Link previews and crawlers, which open a link without anyone choosing to: WhatsApp's own preview
 * fetcher, other apps' (Telegram, Slack, Teams, Facebook…), bots, and clients that say nothing.
 */
const PREVIEW_AGENT = /bot|crawl|spider|slurp|preview|whatsapp|facebookexternalhit|telegram|skype|teams|embedly|vkshare|pinterest|curl|wget|headless/i;

export const isLinkPreview = (userAgent: string | undefined) => !userAgent || PREVIEW_AGENT.test(userAgent);

/** The free-text form: one required Response box. */
const FREE_TEXT_FIELDS: FormField[] = [{ fieldLabel: 'Response', fieldType: 'textarea', requiredField: true }];

function formText(context: IWebhookFunctions): FormText {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const text = (value: unknown) => (typeof value === 'string' ? value : '');
	const description = text(options.responseFormDescription) || text(context.getNodeParameter('message', ''));
	return {
		title: text(options.responseFormTitle),
		description: description.replace(/\\n/g, '\n').replace(/<br>/g, '\n'),
		buttonLabel: text(options.responseFormButtonLabel) || 'Submit',
	};
}

function showForm(context: IWebhookFunctions, fields: FormField[]): IWebhookResponseData {
	const res = context.getResponseObject();
	res.setHeader('Content-Security-Policy', FORM_PAGE_CSP);
	res.render('form-trigger', formPageData(fields, formText(context)));
	return { noWebhookResponse: true };
}

/** The form's fields; a form that cannot be built (its JSON changed since the send) says why. */
function customFormFields(context: IWebhookFunctions): FormField[] {
	const checked = checkFormFields((name, fallback) => context.getNodeParameter(name, fallback));
	if (!checked.valid) throw new Error(`The response form ${checked.problem}. ${checked.hint}`);
	return checked.value;
}

const resume = (json: IDataObject, binary?: IDataObject): IWebhookResponseData => ({
	webhookResponse: RECORDED_PAGE,
	workflowData: [[{ json, ...(binary ? { binary } : {}) } as never]],
});

/** The node's `webhook`: n8n calls it for both waiting webhooks. */
export async function sendAndWaitWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const req = this.getRequestObject();
	const method = req.method;
	const responseType = this.getNodeParameter('responseType', 'approval') as ResponseType;

	if (responseType === 'freeText' || responseType === 'customForm') {
		const fields = responseType === 'freeText' ? FREE_TEXT_FIELDS : customFormFields(this);
		if (method === 'GET') return showForm(this, fields);
		const answer = await formAnswer(this, fields);
		if (responseType === 'freeText') {
			const data = answer.json.data as IDataObject;
			return resume({ data: { text: data.Response, respondedAt: data.respondedAt } });
		}
		return resume(answer.json, answer.binary as IDataObject | undefined);
	}

	// A link preview must not answer for the recipient: it gets an empty page, the execution waits on.
	if (isLinkPreview(req.headers['user-agent'] as string | undefined)) {
		this.getResponseObject().send('');
		return { noWebhookResponse: true };
	}
	const approved = (req.query as IDataObject).approved === 'true';
	return resume({ data: { approved, respondedAt: new Date().toISOString() } });
}
