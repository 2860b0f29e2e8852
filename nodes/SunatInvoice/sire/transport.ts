// How the SUNAT node's Register (SIRE) resource talks to SUNAT's SIRE API: its server (the SIRE
// credential's API URL and the registers' base path), what its answers mean (errors.ts), the run's
// pace (two requests in flight by default, 429s waited out) and its token, renewed once per run as
// the invoice check's is (Api.token). The routes are in docs/sunat-sire-api.md.
import type { INodeProperties } from 'n8n-workflow';

import { sunatBaseUrl } from '../../../credentials/SunatApi.credentials';
import { valueOf, type Api } from '../../shared/contract';
import { sunatRefusals } from '../errors';
import { sunatOptionsField } from '../fields';
import { SUNAT_TOKEN, sunatLimits } from '../transport';
import { isSireSuccess, sireAnswerFailure, sireNoAnswerFailure } from './errors';

export const SIRE_CREDENTIAL = 'sunatSireApi';

/** Where the registers' routes start under the API URL. */
export const SIRE_BASE_PATH = '/v1/contribuyente/migeigv/libros';

/** Public clients keep two requests in flight; SUNAT publishes no limit (docs/sunat-sire-api.md). */
export const SIRE_CONCURRENT_REQUESTS = 2;
/** How long a ticket is waited for, by default: SUNAT takes from seconds to minutes to export a proposal. */
export const DEFAULT_TICKET_WAIT_SECONDS = 300;

/** The operations that wait for a ticket (an export, an acceptance): the Max Wait option shows for them. */
export const WAITING_OPERATIONS = ['getSalesProposal', 'getPurchaseProposal', 'downloadProposal', 'acceptSalesProposal'];

const ticketWait: INodeProperties = {
	displayName: 'Max Wait for the Ticket (Seconds)',
	name: 'maxTicketWaitSeconds',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 3600 },
	default: DEFAULT_TICKET_WAIT_SECONDS,
	description:
		"How long to wait for SUNAT to process the request's ticket, asking again with growing pauses. Past it, the item fails naming the ticket: Get Ticket continues it later.",
	displayOptions: { show: { '/operation': WAITING_OPERATIONS } },
};

export const sireOptions = sunatOptionsField(SIRE_CONCURRENT_REQUESTS, 'requests', [ticketWait]);

/** The Max Wait for the ticket an item's values give, in milliseconds. */
export const ticketWaitMs = (values: Record<string, unknown>) => (valueOf(values, sireOptions).maxTicketWaitSeconds ?? DEFAULT_TICKET_WAIT_SECONDS) * 1000;

export const sireApi: Api = {
	server: {
		credentialType: SIRE_CREDENTIAL,
		baseUrl: (credentials) => `${sunatBaseUrl.apply(credentials.apiUrl)}${SIRE_BASE_PATH}`,
	},
	fields: [sireOptions],
	isSuccess: isSireSuccess,
	answerFailure: sireAnswerFailure,
	noAnswerFailure: sireNoAnswerFailure,
	toItems: (answer) => [answer as never],
	quota: sunatRefusals,
	token: SUNAT_TOKEN,
	limits: sunatLimits(sireOptions, SIRE_CONCURRENT_REQUESTS),
};
