// The SUNAT SIRE API credential's Test button (`testedBy`): asks SUNAT for a token with the SOL user
// (the password grant), then lists the sales register's periods with it, and says which part SUNAT
// refused: the client's secret, the SOL user or password, an API credential without SIRE.
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { sunatBaseUrl } from '../../../credentials/SunatApi.credentials';
import { sireTokenRequest } from '../../../credentials/SunatSireApi.credentials';
import { connectionFailure, failed, passed } from '../../shared/credentialTest';
import { checkRuc } from '../../shared/ruc';
import { isWebAddress, post, tokenForTest, type Answer } from '../credentialTest';
import { BOOKS } from './books';
import { sireReason, sireTokenFailure } from './errors';
import { SIRE_BASE_PATH } from './transport';

export async function sunatSireApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const ruc = checkRuc(data.ruc);
	if (!ruc.valid) return failed(`The RUC ${JSON.stringify(String(data.ruc ?? ''))} ${ruc.problem}. ${ruc.hint}`);
	if (String(data.solUser ?? '').trim() === '') return failed('The SOL User is empty. Enter the SOL user (without the RUC) that may use SIRE.');
	const token = await tokenForTest(this, sireTokenRequest(data), sireTokenFailure);
	if ('verdict' in token) return token.verdict;

	const url = `${sunatBaseUrl.apply(data.apiUrl)}${SIRE_BASE_PATH}/rvierce/padron/web/omisos/${BOOKS.RVIE.code}/periodos`;
	if (!isWebAddress(url)) return failed('The API URL is not a web address. Keep https://api-sire.sunat.gob.pe.');
	let answer: Answer;
	try {
		answer = await post(this, { method: 'GET', uri: url, headers: { Accept: 'application/json', Authorization: `Bearer ${token.accessToken}` } });
	} catch (error) {
		return failed(connectionFailure(error, url, 'API URL'));
	}
	const reason = sireReason(answer.body);
	const says = reason ? ` SUNAT says: "${reason}".` : '';
	const { statusCode } = answer;
	if (statusCode >= 200 && statusCode < 300) return passed(`SUNAT gave a token to SOL user ${String(data.solUser).trim()} of RUC ${ruc.value} and lists its SIRE periods.`);
	if (statusCode === 401 || statusCode === 403) {
		return failed(`SUNAT gave a token but refuses it for SIRE (${statusCode}).${says} In SOL, give this client ID access to the API SIRE and the SOL user access to SIRE's registers.`);
	}
	if (statusCode === 404) return failed('No SIRE answers at this API URL (404). Keep https://api-sire.sunat.gob.pe.');
	return failed(`SUNAT's SIRE answered ${statusCode}.${says} Try again in a few minutes.`);
}
