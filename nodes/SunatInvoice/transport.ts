// How the SUNAT Invoice node talks to SUNAT's invoice check (Consulta Integrada de Comprobantes de
// Pago): the request defaults, the API as the runner uses it, and what its answers mean (errors.ts).
// The token comes from the credential (n8n's preAuthentication, which stores it): a run's checks go
// with the run's copy of the credential, so one token serves them all, and when SUNAT answers 401
// the run renews it once for every check that met it (Api.token, pacing.ts).
import { sunatBaseUrl } from '../../credentials/SunatApi.credentials';
import { valueOf, type Api } from '../shared/contract';
import { isSunatSuccess, sunatAnswerFailure, sunatNoAnswerFailure, sunatRefusals } from './errors';
import { DEFAULT_CONCURRENT_REQUESTS, DEFAULT_WAIT_SECONDS, sunatOptions } from './fields';

export const SUNAT_CREDENTIAL = 'sunatApi';

/**
 * Sent with every check. Error answers come back as responses: a 401 thrown would make n8n renew
 * the token for each check that met it; the run renews it once (Api.token).
 */
export const sunatRequestDefaults = {
	headers: { Accept: 'application/json' },
	json: true,
	ignoreHttpStatusErrors: true,
};

/** The path under the API URL where the credential's RUC asks: read once per run, with the host. */
export const consultingPath = (ruc: unknown) => `/v1/contribuyente/contribuyentes/${encodeURIComponent(String(ruc ?? '').trim())}`;

export const sunatApi: Api = {
	server: {
		credentialType: SUNAT_CREDENTIAL,
		baseUrl: (credentials) => `${sunatBaseUrl.apply(credentials.apiUrl)}${consultingPath(credentials.ruc)}`,
	},
	fields: [sunatOptions],
	isSuccess: isSunatSuccess,
	answerFailure: sunatAnswerFailure,
	noAnswerFailure: sunatNoAnswerFailure,
	toItems: (answer) => [answer as never],
	quota: sunatRefusals,
	// SUNAT answers an unknown or expired token with 401 (docs/sunat-cpe-api.md).
	token: { field: 'accessToken', expired: (answer) => answer.statusCode === 401 },
	limits: (values) => {
		const options = valueOf(values, sunatOptions);
		return {
			maxInFlight: options.maxConcurrentRequests ?? DEFAULT_CONCURRENT_REQUESTS,
			maxQuotaWaitMs: (options.maxWaitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000,
			firstAlone: true,
		};
	},
};
