// The trigger's requests to Evolution (webhook set/find, media), with the Messaging credential and
// the Messaging node's reading of answers and errors.
import type { IDataObject, IHookFunctions, IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';

import { messagingServerUrl } from '../../credentials/MessagingApi.credentials';
import type { Api } from '../shared/operation';
import { requestOutsideRouting } from '../shared/runItem';
import { MESSAGING_CREDENTIAL, messagingApi, messagingRequestDefaults } from '../Messaging/transport';

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
	const credentials = await fns.getCredentials(MESSAGING_CREDENTIAL);
	const baseURL = messagingServerUrl.apply(credentials.serverUrl);
	return await requestOutsideRouting(
		fns,
		webhookApi,
		MESSAGING_CREDENTIAL,
		{ method, baseURL, url, body, headers: { ...messagingRequestDefaults.headers }, json: true },
		{ operation: about.operation, subject: about.subject, routeKind: 'instance', values: { instanceName: about.instanceName }, serverUrl: baseURL },
	);
}
