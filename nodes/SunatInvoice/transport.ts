// How the SUNAT Invoice node talks to SUNAT's invoice check (Consulta Integrada de Comprobantes de
// Pago): the request defaults, the API as the runner uses it, and what its answers mean (errors.ts).
// The token comes from the credential (n8n's preAuthentication): stored, shared by every request,
// and renewed by n8n once when SUNAT answers 401.
import { sunatBaseUrl } from '../../credentials/SunatApi.credentials';
import { valueOf, type Api } from '../shared/contract';
import { answerOfError, isSunatSuccess, sunatAnswerFailure, sunatNoAnswerFailure, sunatRefusals } from './errors';
import { DEFAULT_CONCURRENT_REQUESTS, DEFAULT_WAIT_SECONDS, sunatOptions } from './fields';

export const SUNAT_CREDENTIAL = 'sunatApi';

/**
 * Sent with every check. No ignoreHttpStatusErrors: n8n renews the token only on a 401 it throws;
 * the runner takes the answer back out of the error (`answerOfError`).
 */
export const sunatRequestDefaults = {
	headers: { Accept: 'application/json' },
	json: true,
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
	answerOfError,
	toItems: (answer) => [answer as never],
	quota: sunatRefusals,
	limits: (values) => {
		const options = valueOf(values, sunatOptions);
		return {
			maxInFlight: options.maxConcurrentRequests ?? DEFAULT_CONCURRENT_REQUESTS,
			maxQuotaWaitMs: (options.maxWaitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000,
			firstAlone: true,
		};
	},
};
