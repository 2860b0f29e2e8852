import type { Resource } from '../../../shared/contract';
import { sireApi } from '../../sire/transport';
import { acceptSalesProposal } from './acceptSalesProposal';
import { getPeriods } from './getPeriods';
import { getTicket } from './getTicket';

/** SUNAT's registers (SIRE): their own API and credential beside the invoice check's. */
export const register: Resource = {
	name: 'Register (SIRE)',
	value: 'register',
	operations: [getPeriods, getTicket, acceptSalesProposal],
	default: 'getPeriods',
	api: sireApi,
};
