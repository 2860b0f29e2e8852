// The SUNAT API credential's Test button (`testedBy`): asks SUNAT for a token, then makes one check
// as the credential's RUC, and says which part SUNAT refused: the client ID, the secret, the RUC.
import type { ICredentialsDecrypted, ICredentialTestFunctions, IDataObject, INodeCredentialTestResult } from 'n8n-workflow';

import { sunatBaseUrl, sunatTokenRequest, tokenErrorReason } from '../../credentials/SunatApi.credentials';
import { CREDENTIAL_TEST_TIMEOUT_MS, connectionFailure, failed, passed } from '../shared/credentialTest';
import type { Failure } from '../shared/errors';
import { todayInLima } from '../shared/dates';
import { checkRuc } from '../shared/ruc';
import { sunatReason, tokenFailure } from './errors';
import { consultingPath } from './transport';

export type Answer = { statusCode: number; body: unknown };

export async function post(context: ICredentialTestFunctions, options: IDataObject): Promise<Answer> {
	// The credential test context offers only the legacy request helper.
	return (await context.helpers.request({
		method: 'POST',
		json: true,
		simple: false,
		resolveWithFullResponse: true,
		timeout: CREDENTIAL_TEST_TIMEOUT_MS,
		...options,
	})) as Answer;
}

export const isWebAddress = (url: string) => /^https?:\/\/[^/]/.test(url);

/**
 * Asks SUNAT's token service for a token as the credential's Test does: the token, or the test's
 * verdict saying which part SUNAT refused (`refusal`: the API's table of token refusals).
 */
export async function tokenForTest(
	context: ICredentialTestFunctions,
	token: { url: string; form: Record<string, string> },
	refusal: (statusCode: number, reason: string) => Failure,
): Promise<{ accessToken: string } | { verdict: INodeCredentialTestResult }> {
	if (!isWebAddress(token.url)) return { verdict: failed('The Token URL is not a web address. Keep https://api-seguridad.sunat.gob.pe.') };
	let answer: Answer;
	try {
		answer = await post(context, { uri: token.url, form: token.form, json: false, headers: { Accept: 'application/json' } });
	} catch (error) {
		return { verdict: failed(connectionFailure(error, token.url, 'Token URL')) };
	}
	let body = answer.body;
	try {
		body = typeof body === 'string' ? JSON.parse(body) : body;
	} catch {
		// A page, not JSON: its text is the reason.
	}
	const accessToken = (body as IDataObject | null)?.access_token;
	if (answer.statusCode < 300 && typeof accessToken === 'string') return { accessToken };
	const refused = refusal(answer.statusCode, tokenErrorReason(body));
	return { verdict: failed(`${refused.message.charAt(0).toUpperCase()}${refused.message.slice(1)}. ${refused.description}`) };
}

export async function sunatApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const ruc = checkRuc(data.ruc);
	if (!ruc.valid) return failed(`The RUC ${JSON.stringify(String(data.ruc ?? ''))} ${ruc.problem}. ${ruc.hint}`);
	const token = await tokenForTest(this, sunatTokenRequest(data), tokenFailure);
	if ('verdict' in token) return token.verdict;
	const { accessToken } = token;
	const url = `${sunatBaseUrl.apply(data.apiUrl)}${consultingPath(ruc.value)}/validarcomprobante`;
	if (!isWebAddress(url)) return failed('The API URL is not a web address. Keep https://api.sunat.gob.pe.');
	// Any receipt will do: what counts is that SUNAT takes the token and the RUC.
	const probe = { numRuc: ruc.value, codComp: '01', numeroSerie: 'F001', numero: '1', fechaEmision: todayInLima().split('-').reverse().join('/'), monto: '1.00' };
	let answer: Answer;
	try {
		answer = await post(this, { uri: url, body: probe, headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` } });
	} catch (error) {
		return failed(connectionFailure(error, url, 'API URL'));
	}
	const reason = sunatReason(answer.body);
	const says = reason ? ` SUNAT says: "${reason}".` : '';
	const { statusCode } = answer;
	if (statusCode >= 200 && statusCode < 300) return passed(`SUNAT gave a token and answers checks as RUC ${ruc.value}.`);
	if (statusCode === 401) {
		return failed(`SUNAT gave a token but refuses it for the invoice check (401).${says} In SOL, give this client ID access to the API "Consulta Integrada de Comprobantes de Pago".`);
	}
	if (statusCode === 403) {
		return failed(`SUNAT refuses RUC ${ruc.value} for this client ID (403).${says} Enter the RUC of the company whose SOL user created the client ID.`);
	}
	if (statusCode === 404) return failed(`No invoice check answers at this API URL (404). Keep https://api.sunat.gob.pe.`);
	if (statusCode === 400) return passed(`SUNAT gave a token and takes RUC ${ruc.value} (it answered the test's receipt with 400).`);
	return failed(`SUNAT's invoice check answered ${statusCode}.${says} Try again in a few minutes.`);
}
