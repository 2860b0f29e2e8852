// SUNAT's security service (api-seguridad.sunat.gob.pe) as both SUNAT fakes play it: the token route
// of the invoice check (`/v1/clientesextranet/{client_id}/oauth2/token/`, fakes/sunat/) and of SIRE
// (`/v1/clientessol/{client_id}/oauth2/token/`, fakes/sire/) take a form with a grant, a scope and the
// client's id and secret, refuse in the same OAuth words, and issue the tokens their API then takes.
// SUNAT publishes no refusal: the status and words are the fakes' own (docs/sunat-cpe-api.md,
// "Credentials and token"; docs/sunat-sire-api.md, "Token"). The fakes' server (sunatServer.ts) writes the answer.

/** What the token route answers: a status and its JSON body. */
export interface TokenAnswer {
	status: number;
	body: Record<string, string | number>;
}

/** A refusal in OAuth's shape (RFC 6749 §5.2), as SUNAT's token errors are written. */
export const tokenRefusal = (status: number, error: string, description: string): TokenAnswer => ({ status, body: { error, error_description: description } });

/** What one token route takes: the rest of the checks is the security service's. */
export interface TokenRoute<Client extends { secret: string }> {
	/** `client_credentials` (invoice check) or `password` (SIRE, with the SOL user). */
	grantType: string;
	scope: string;
	/** The fake's clients as they are at the request (a test may change or replace the table). */
	clients: () => ReadonlyMap<string, Client>;
	/** The route's own refusal once the client's id and secret passed, if any. */
	refuse?: (client: Client, form: URLSearchParams) => TokenAnswer | undefined;
	/** The tokens are named `${tokenPrefix}1`, `${tokenPrefix}2`... */
	tokenPrefix: string;
	/** `expires_in` of a token issued now, in seconds. */
	expiresIn: () => number;
}

export interface TokenService {
	/** The answer to a token request for `clientId` (the path's); a token is issued when every check passes. */
	answer(clientId: string, contentType: string | undefined, body: string): TokenAnswer;
	/** The client a live token was issued to, or undefined for a token unknown or expired. */
	holder(accessToken: string): string | undefined;
	/** Every token issued so far expires. */
	expireAll(): void;
	/** Forgets every token and counts them from 1 again. */
	reset(): void;
}

export function createTokenService<Client extends { secret: string }>(route: TokenRoute<Client>): TokenService {
	let issued = 0;
	/** Live tokens and whose they are. */
	const tokens = new Map<string, string>();
	return {
		answer(clientId, contentType, body) {
			if (!String(contentType ?? '').startsWith('application/x-www-form-urlencoded')) {
				return tokenRefusal(400, 'invalid_request', 'El cuerpo debe ser application/x-www-form-urlencoded');
			}
			const form = new URLSearchParams(body);
			if (form.get('grant_type') !== route.grantType) return tokenRefusal(400, 'unsupported_grant_type', 'grant_type no soportado');
			if (form.get('scope') !== route.scope) return tokenRefusal(400, 'invalid_scope', 'scope no válido');
			const client = route.clients().get(clientId);
			if (!client || form.get('client_id') !== clientId) return tokenRefusal(400, 'invalid_client', 'El cliente no existe');
			if (form.get('client_secret') !== client.secret) return tokenRefusal(401, 'invalid_client', 'Credenciales del cliente inválidas');
			const refused = route.refuse?.(client, form);
			if (refused) return refused;
			const accessToken = `${route.tokenPrefix}${++issued}`;
			tokens.set(accessToken, clientId);
			return { status: 200, body: { access_token: accessToken, token_type: 'JWT', expires_in: route.expiresIn() } };
		},
		holder: (accessToken) => tokens.get(accessToken),
		expireAll: () => tokens.clear(),
		reset() {
			tokens.clear();
			issued = 0;
		},
	};
}
