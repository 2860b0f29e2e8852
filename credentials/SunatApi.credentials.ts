import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { baseUrlRule } from '../nodes/shared/baseUrl';

/** SUNAT's hosts as requests use them: trailing slashes removed. */
export const sunatBaseUrl = baseUrlRule([/\/+$/]);

export const SUNAT_TOKEN_HOST = 'https://api-seguridad.sunat.gob.pe';
export const SUNAT_API_HOST = 'https://api.sunat.gob.pe';
/** The scope SUNAT's manual gives for the invoice check (a constant, not the request's URL). */
export const SUNAT_SCOPE = 'https://api.sunat.gob.pe/v1/contribuyente/contribuyentes';

/** The token request of SUNAT's manual: a form POST to the client's own path. */
export function sunatTokenRequest(credentials: ICredentialDataDecryptedObject) {
	const clientId = String(credentials.clientId ?? '').trim();
	return {
		url: `${sunatBaseUrl.apply(credentials.tokenUrl)}/v1/clientesextranet/${encodeURIComponent(clientId)}/oauth2/token/`,
		form: {
			grant_type: 'client_credentials',
			scope: SUNAT_SCOPE,
			client_id: clientId,
			client_secret: String(credentials.clientSecret ?? ''),
		},
	};
}

/**
 * A token request SUNAT refused. It carries no HTTP response, on purpose: n8n would take a 401 from
 * here for an expired token and ask for another with the same wrong secret.
 */
export class SunatTokenError extends Error {
	constructor(
		readonly statusCode: number,
		readonly reason: string,
	) {
		super(`SUNAT refused the token request (${statusCode}${reason ? `: ${reason}` : ''})`);
		this.name = 'SunatTokenError';
	}
}

/** SUNAT's own words in a token error: `error_description`, else `error`. */
export function tokenErrorReason(body: unknown): string {
	if (typeof body === 'string') {
		try {
			return tokenErrorReason(JSON.parse(body));
		} catch {
			return body.slice(0, 200);
		}
	}
	const { error, error_description: description } = (body ?? {}) as IDataObject;
	return [description, error].filter((part) => typeof part === 'string' && part).join(' / ');
}

/**
 * Asks SUNAT's token service for a token (the invoice check's client credentials, or SIRE's password
 * grant): the token, or a SunatTokenError with SUNAT's words. Both SUNAT credentials use it.
 */
export async function fetchSunatToken(context: IHttpRequestHelper, { url, form }: { url: string; form: Record<string, string> }): Promise<string> {
	const answer = (await context.helpers.httpRequest({
		method: 'POST',
		url,
		body: new URLSearchParams(form).toString(),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
		json: false,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	})) as { statusCode: number; body: unknown };
	let body = answer.body;
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body);
		} catch {
			// Not JSON: the reason is the text.
		}
	}
	const token = (body as IDataObject | null)?.access_token;
	if (answer.statusCode >= 300 || typeof token !== 'string' || !token) throw new SunatTokenError(answer.statusCode, tokenErrorReason(body));
	return token;
}

/** SUNAT's bearer token on a request, from the credential's expirable field (both SUNAT credentials). */
export async function withSunatToken(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.headers = { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.accessToken ?? '')}` };
	return requestOptions;
}

/** What both SUNAT credentials hold first: the token n8n fills in, the API client's ID and secret, the RUC. */
export const sunatClientProperties: INodeProperties[] = [
	{
		// Filled in by n8n: a token SUNAT gave (valid about an hour), asked for again when missing or refused.
		displayName: 'Access Token',
		name: 'accessToken',
		type: 'hidden',
		typeOptions: { expirable: true, password: true },
		default: '',
	},
	{
		displayName: 'Client ID',
		name: 'clientId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 5d8e6f1a-0b2c-4d3e-9f40-a1b2c3d4e5f6',
		description: 'The client_id SUNAT shows for the API credential you created in SOL',
	},
	{
		displayName: 'Client Secret',
		name: 'clientSecret',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		description: 'The client_secret SUNAT showed when you created the API credential',
	},
	{
		displayName: 'RUC',
		name: 'ruc',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 20131312955',
		description: 'The RUC of the company that asks: the one whose SOL user created the client ID',
	},
];

/** A SUNAT address the user keeps (a stand-in of SUNAT's API is the only reason to change it). */
export const sunatHostProperty = (name: string, displayName: string, host: string, where: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: host,
	required: true,
	description: `Where ${where}. Keep the default; change it only for a stand-in of SUNAT's API.`,
});

export class SunatApi implements ICredentialType {
	name = 'sunatApi';

	displayName = 'SUNAT API';

	icon: Icon = {
		light: 'file:../nodes/SunatInvoice/sunatInvoice.svg',
		dark: 'file:../nodes/SunatInvoice/sunatInvoice.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-taxpayer-messaging/n8n-nodes-taxpayer-messaging#sunat-api';

	properties: INodeProperties[] = [
		{
			displayName:
				'Create the client ID and secret in SUNAT Operaciones en Línea (SOL), menu <b>Credenciales de API SUNAT</b>. SUNAT\'s invoice check (Consulta Integrada de Comprobantes de Pago) is free.',
			name: 'howTo',
			type: 'notice',
			default: '',
		},
		...sunatClientProperties,
		sunatHostProperty('tokenUrl', 'Token URL', SUNAT_TOKEN_HOST, 'SUNAT hands out tokens'),
		sunatHostProperty('apiUrl', 'API URL', SUNAT_API_HOST, "SUNAT's invoice check answers"),
	];

	// n8n runs this when Access Token is empty, and stores what it returns: one token serves every
	// request until SUNAT refuses it; then the node's run empties the field once (Api.token).
	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		return { accessToken: await fetchSunatToken(this, sunatTokenRequest(credentials)) };
	}

	// A function rather than a generic header expression: n8n would evaluate that for every request.
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return await withSunatToken(credentials, requestOptions);
	}

	// Tested by the node (testedBy: nodes/SunatInvoice/credentialTest.ts), which says
	// which part of the credential SUNAT refused.
}
