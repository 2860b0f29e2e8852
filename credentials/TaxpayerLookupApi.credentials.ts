import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { baseUrlRule } from '../nodes/shared/baseUrl';

/** The Base URL as requests use it: trailing slashes removed. */
export const lookupBaseUrl = baseUrlRule('baseUrl', [/\/+$/]);

export class TaxpayerLookupApi implements ICredentialType {
	name = 'taxpayerLookupApi';

	displayName = 'Taxpayer Lookup API';

	icon: Icon = {
		light: 'file:../nodes/TaxpayerLookup/taxpayerLookup.svg',
		dark: 'file:../nodes/TaxpayerLookup/taxpayerLookup.dark.svg',
	};

	documentationUrl = 'https://docs.migo.pe';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.migo.pe',
			required: true,
			description: 'Where the lookup API answers. Keep the default unless your provider gave you another host.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API token from your account page, sent as a Bearer token',
		},
	];

	// A function rather than a generic header expression: n8n would evaluate that expression for
	// every request, one of the costs that add up per item.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		requestOptions.headers = {
			...requestOptions.headers,
			Authorization: `Bearer ${String(credentials.accessToken ?? '')}`,
			Accept: 'application/json',
		};
		return requestOptions;
	}

	// The latest USD rate is the cheapest route every plan can call.
	test: ICredentialTestRequest = {
		request: {
			baseURL: lookupBaseUrl.expression,
			url: '/api/v2/tipo-cambio/sbs/ultimo',
			qs: { moneda: 'USD' },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The access token was rejected (401 Unauthenticated). Copy the token again from your account page.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The token is valid but access was denied (403): your plan lacks this route or its query quota is spent.',
				},
			},
		],
	};
}
