// The Taxpayer Lookup API credential's test, run by both nodes that use it (`testedBy`).
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { lookupAuthHeaders, lookupBaseUrl } from '../../credentials/TaxpayerLookupApi.credentials';
import { failed, passed, testCredential, type ProbeAnswer } from '../shared/credentialTest';
import { isLookupSuccess, lookupQuota, serverReason } from './errors';
import { LATEST_RATE_PATH } from './rates';

const reasonOf = (body: unknown) => {
	const reason = serverReason(body);
	return reason ? ` The API says: "${reason}".` : '';
};

function judgeLookupAnswer({ statusCode, body, isJson }: ProbeAnswer): INodeCredentialTestResult {
	if (isJson && isLookupSuccess(statusCode, body)) return passed('MIGO accepted the token: the lookup API answered.');
	if (!isJson) {
		return failed(
			`Something answers at this Base URL, but not the lookup API (${statusCode}, not JSON). Keep https://api.migo.pe unless your provider gave you another host, without /api/v2.`,
		);
	}
	if (statusCode === 401) {
		return failed('MIGO rejected the access token (401 Unauthenticated). Copy the token again from your MIGO account at migo.pe.');
	}
	if (lookupQuota.isRefusal({ statusCode, body, headers: {} })) {
		return failed(
			`MIGO refuses queries for now: the plan's quota is spent (${statusCode}), so the token could not be checked. Try again after the 15-minute window.${reasonOf(body)}`,
		);
	}
	if (statusCode === 403) {
		return failed(`The token is valid but access was denied (403): your MIGO plan lacks the exchange-rate route.${reasonOf(body)}`);
	}
	if (statusCode === 404) {
		return failed('No lookup API answers at this Base URL (404). Keep https://api.migo.pe unless your provider gave you another host, without /api/v2.');
	}
	if (statusCode >= 500) return failed(`The lookup API failed (${statusCode}). Try again later.${reasonOf(body)}`);
	return failed(`The lookup API answered ${statusCode}.${reasonOf(body)}`);
}

/** Asks for the latest USD rate: the cheapest route, open to every plan. */
export async function taxpayerLookupApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	return await testCredential(this, credential, {
		urlField: 'Base URL',
		baseUrl: (data) => lookupBaseUrl.apply(data.baseUrl),
		path: LATEST_RATE_PATH,
		qs: { moneda: 'USD' },
		headers: lookupAuthHeaders,
		judge: judgeLookupAnswer,
	});
}
