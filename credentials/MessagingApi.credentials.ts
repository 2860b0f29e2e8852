import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	Icon,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { baseUrlRule } from '../nodes/shared/baseUrl';

/**
 * The server's address as users paste it, made a base URL: spaces, trailing slashes and a
 * `/manager` page path (with anything after it) removed.
 */
export const messagingServerUrl = baseUrlRule([/\/+$/, /\/manager(\/.*)?$/i, /\/+$/]);

/** The header that signs an Evolution API request: by `authenticate`, and by the credential's test. */
export const messagingAuthHeaders = (credentials: ICredentialDataDecryptedObject) => ({ apikey: String(credentials.apiKey ?? '') });

export class MessagingApi implements ICredentialType {
	name = 'messagingApi';

	// The provider and the service are in the name: the credential picker searches names only.
	displayName = 'Messaging (WhatsApp Evolution) API';

	icon: Icon = {
		light: 'file:../nodes/Messaging/messaging.svg',
		dark: 'file:../nodes/Messaging/messaging.dark.svg',
	};

	documentationUrl = 'https://doc.evolution-api.com/v2/en/get-started/introduction';

	properties: INodeProperties[] = [
		{
			displayName:
				'WhatsApp through your own <a href="https://doc.evolution-api.com/v2/en/get-started/introduction" target="_blank">Evolution API</a> v2 server. The global API key is AUTHENTICATION_API_KEY in the server\'s .env; an instance\'s token is on its card in the Evolution Manager, the web page at your server\'s address followed by /manager.',
			name: 'provider',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'Server URL',
			name: 'serverUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://evolution.example.com',
			description:
				'The address of your Evolution API server, e.g. https://evolution.example.com. The Evolution Manager\'s address (the same followed by /manager) works too: /manager and a trailing slash are removed.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The server\'s global API key (AUTHENTICATION_API_KEY in its <a href="https://doc.evolution-api.com/v2/en/env" target="_blank">.env</a>) or one instance\'s token, sent in the apikey header',
		},
	];

	// A function rather than a generic header expression: n8n would evaluate that expression for
	// every request, one of the costs that add up per item.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		requestOptions.headers = { ...requestOptions.headers, ...messagingAuthHeaders(credentials) };
		return requestOptions;
	}

	// Tested by the nodes (testedBy: nodes/Messaging/credentialTest.ts), which say in words why a server
	// cannot be reached.
}
