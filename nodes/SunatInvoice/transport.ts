// How the SUNAT Invoice node talks to SUNAT's invoice check (Consulta Integrada de Comprobantes de
// Pago): the request defaults, the API as the runner uses it, and what its answers mean (errors.ts).
// The token comes from the credential (n8n's preAuthentication, which stores it): a run's checks go
// with the run's copy of the credential, so one token serves them all, and when SUNAT answers 401
// the run renews it once for every check that met it (Api.token, pacing.ts).
import { sunatBaseUrl } from '../../credentials/SunatApi.credentials';
import { valueOf, type Api, type CredentialToken, type Field, type RunLimits, type Values } from '../shared/contract';
import { isSunatSuccess, sunatAnswerFailure, sunatNoAnswerFailure, sunatRefusals } from './errors';
import { DEFAULT_CONCURRENT_REQUESTS, DEFAULT_WAIT_SECONDS, sunatOptions, type SunatOptions } from './fields';

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

/** SUNAT answers an unknown or expired token with 401 (docs/sunat-cpe-api.md, docs/sunat-sire-api.md): the run renews it once. */
export const SUNAT_TOKEN: CredentialToken = { field: 'accessToken', expired: (answer) => answer.statusCode === 401 };

/** A SUNAT API's run limits from its Options: requests in flight, how long refusals are waited out; the first request alone (it fetches the token). */
export const sunatLimits =
	(options: Field<'options', SunatOptions>, defaultConcurrent: number) =>
	(values: Values): RunLimits => {
		const { maxConcurrentRequests, maxWaitSeconds } = valueOf(values, options);
		return { maxInFlight: maxConcurrentRequests ?? defaultConcurrent, maxQuotaWaitMs: (maxWaitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000, firstAlone: true };
	};

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
	token: SUNAT_TOKEN,
	limits: sunatLimits(sunatOptions, DEFAULT_CONCURRENT_REQUESTS),
};
