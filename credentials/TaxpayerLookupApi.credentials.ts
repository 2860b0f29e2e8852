import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	Icon,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { baseUrlRule } from '../nodes/shared/baseUrl';

/** The Base URL as requests use it: trailing slashes removed. */
export const lookupBaseUrl = baseUrlRule([/\/+$/]);

/** The headers that sign a lookup request: by `authenticate`, and by the credential's test. */
export const lookupAuthHeaders = (credentials: ICredentialDataDecryptedObject) => ({
	Authorization: `Bearer ${String(credentials.accessToken ?? '')}`,
	Accept: 'application/json',
});

export class TaxpayerLookupApi implements ICredentialType {
	name = 'taxpayerLookupApi';

	// The provider and what it looks up are in the name: the credential picker searches names only.
	displayName = 'Taxpayer Lookup (MIGO RUC) API';

	icon: Icon = {
		light: 'file:../nodes/TaxpayerLookup/taxpayerLookup.svg',
		dark: 'file:../nodes/TaxpayerLookup/taxpayerLookup.dark.svg',
	};

	documentationUrl = 'https://docs.migo.pe';

	properties: INodeProperties[] = [
		{
			displayName:
				'RUC lookups and SBS exchange rates come from <a href="https://migo.pe" target="_blank">MIGO</a> (MIGO API v2). Sign up there to get your access token.',
			name: 'provider',
			type: 'notice',
			default: '',
		},
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
			description:
				'The API token of your MIGO account (<a href="https://migo.pe" target="_blank">migo.pe</a>), sent as a Bearer token',
		},
	];

	// A function rather than a generic header expression: n8n would evaluate that expression for
	// every request, one of the costs that add up per item.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		requestOptions.headers = { ...requestOptions.headers, ...lookupAuthHeaders(credentials) };
		return requestOptions;
	}

	// Tested by the nodes (testedBy: nodes/TaxpayerLookup/credentialTest.ts), which say in words why a
	// server cannot be reached.
}
