// The trigger's requests to Evolution (webhook set/find, media), through the Messaging node's
// request helper and its reading of answers and errors.
import type { IDataObject, IHookFunctions, IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';

import type { Api } from '../../shared/operation';
import { evolutionRequest as messagingRequest, messagingApi } from '../transport';

/** `GET /webhook/find` answers `null` (JSON) when the instance never had a webhook. */
const webhookApi: Api = {
	...messagingApi,
	isSuccess: (statusCode, body) => statusCode >= 200 && statusCode < 300 && (body === null || typeof body === 'object'),
};

export async function evolutionRequest(
	fns: IHookFunctions | IWebhookFunctions,
	method: IHttpRequestOptions['method'],
	url: string,
	about: { operation: string; subject: string; instanceName: string },
	body?: IDataObject,
): Promise<unknown> {
	return await messagingRequest(
		fns,
		{ method, url, body },
		{ operation: about.operation, subject: about.subject, values: { instanceName: about.instanceName } },
		webhookApi,
	);
}
