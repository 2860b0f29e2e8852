import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { baseUrlRule } from '../nodes/shared/baseUrl';

/**
 * The server's address as users paste it, made a base URL: spaces, trailing slashes and a
 * `/manager` page path (with anything after it) removed.
 */
export const messagingServerUrl = baseUrlRule('serverUrl', [/\/+$/, /\/manager(\/.*)?$/i, /\/+$/]);

export class MessagingApi implements ICredentialType {
	name = 'messagingApi';

	displayName = 'Messaging API';

	icon: Icon = {
		light: 'file:../nodes/Messaging/messaging.svg',
		dark: 'file:../nodes/Messaging/messaging.dark.svg',
	};

	documentationUrl = 'https://doc.evolution-api.com/v2/en/get-started/introduction';

	properties: INodeProperties[] = [
		{
			displayName: 'Server URL',
			name: 'serverUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://evolution.example.com',
			description:
				'The address of your Evolution API server. A trailing slash and a pasted manager page address (…/manager) are fine: they are removed.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "The server's global API key (AUTHENTICATION_API_KEY) or one instance's token, sent in the apikey header",
		},
	];

	// A function rather than a generic header expression: n8n would evaluate that expression for
	// every request, one of the costs that add up per item.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		requestOptions.headers = { ...requestOptions.headers, apikey: String(credentials.apiKey ?? '') };
		return requestOptions;
	}

	// Listing instances is cheap, sends nothing, and needs a valid key.
	test: ICredentialTestRequest = {
		request: {
			baseURL: messagingServerUrl.expression,
			url: '/instance/fetchInstances',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						"The API key was rejected (401 Unauthorized). Paste the server's global API key (AUTHENTICATION_API_KEY) or an instance's token.",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The API key may not list instances (403 Forbidden). Use the global API key, or an instance token the server accepts.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Evolution API answers at this Server URL (404 on /instance/fetchInstances). Use the server address itself, without paths such as /manager.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 502,
					message: 'The Evolution API server is unreachable: its proxy answered 502 Bad Gateway. Check that the server is running.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 503,
					message: 'The Evolution API server is unreachable: its proxy answered 503 Service Unavailable. Check that the server is running.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 504,
					message: 'The Evolution API server did not answer its proxy in time (504 Gateway Timeout). Check that the server is running.',
				},
			},
		],
	};
}
