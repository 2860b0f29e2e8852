import type { ICredentialDataDecryptedObject, ICredentialType, IHttpRequestHelper, IHttpRequestOptions, Icon, INodeProperties } from 'n8n-workflow';

import { fetchSunatToken, sunatBaseUrl, sunatClientProperties, sunatHostProperty, SUNAT_TOKEN_HOST, withSunatToken } from './SunatApi.credentials';

export const SIRE_API_HOST = 'https://api-sire.sunat.gob.pe';
/** The scope SUNAT's SIRE manuals give for the password grant (a constant, not the request's URL). */
export const SIRE_SCOPE = 'https://api-sire.sunat.gob.pe';

/**
 * SIRE's token request (docs/sunat-sire-api.md): the password grant at the SOL client's path, as the
 * company's SOL user, whose name is the RUC followed by the user ("20123456789USUARIO01").
 */
export function sireTokenRequest(credentials: ICredentialDataDecryptedObject) {
	const clientId = String(credentials.clientId ?? '').trim();
	return {
		url: `${sunatBaseUrl.apply(credentials.tokenUrl)}/v1/clientessol/${encodeURIComponent(clientId)}/oauth2/token/`,
		form: {
			grant_type: 'password',
			scope: SIRE_SCOPE,
			client_id: clientId,
			client_secret: String(credentials.clientSecret ?? ''),
			username: `${String(credentials.ruc ?? '').trim()}${String(credentials.solUser ?? '').trim()}`,
			password: String(credentials.solPassword ?? ''),
		},
	};
}

export class SunatSireApi implements ICredentialType {
	name = 'sunatSireApi';

	displayName = 'SUNAT SIRE API';

	icon: Icon = {
		light: 'file:../nodes/SunatInvoice/sunatInvoice.svg',
		dark: 'file:../nodes/SunatInvoice/sunatInvoice.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-taxpayer-messaging/n8n-nodes-taxpayer-messaging#sunat-sire-api';

	properties: INodeProperties[] = [
		{
			displayName:
				"Create the client ID and secret in SUNAT Operaciones en Línea (SOL), menu <b>Credenciales de API SUNAT</b>, for the API <b>SIRE</b> (an API credential made for another service is refused). SIRE's requests go as the company's SOL user.",
			name: 'howTo',
			type: 'notice',
			default: '',
		},
		...sunatClientProperties,
		{
			displayName: 'SOL User',
			name: 'solUser',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. CONTADOR1',
			description: 'The SOL user (usuario secundario or the main one) that may use SIRE, without the RUC: the node puts the RUC before it',
		},
		{
			displayName: 'SOL Password',
			name: 'solPassword',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "That SOL user's password (Clave SOL)",
		},
		sunatHostProperty('tokenUrl', 'Token URL', SUNAT_TOKEN_HOST, 'SUNAT hands out tokens'),
		sunatHostProperty('apiUrl', 'API URL', SIRE_API_HOST, "SUNAT's SIRE registers answer"),
	];

	// n8n runs this when Access Token is empty, and stores what it returns: one token serves every
	// request until SUNAT refuses it; then the node's run empties the field once (Api.token).
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		return { accessToken: await fetchSunatToken(this, sireTokenRequest(credentials)) };
	}

	// A function rather than a generic header expression: n8n would evaluate that for every request.
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return await withSunatToken(credentials, requestOptions);
	}

	// Tested by the node (testedBy: nodes/SunatInvoice/sire/credentialTest.ts), which tells a wrong
	// secret, a wrong SOL user or password, and an API credential without SIRE access apart.
}
