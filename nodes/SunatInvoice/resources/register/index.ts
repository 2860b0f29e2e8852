import type { Resource } from '../../../shared/contract';
import { sireApi } from '../../sire/transport';
import { acceptSalesProposal } from './acceptSalesProposal';
import { downloadProposal } from './downloadProposal';
import { getPeriods } from './getPeriods';
import { getPurchaseProposal } from './getPurchaseProposal';
import { getSalesProposal } from './getSalesProposal';
import { getSummary } from './getSummary';
import { getTicket } from './getTicket';

/** SUNAT's registers (SIRE): their own API and credential beside the invoice check's. */
export const register: Resource = {
	name: 'Register (SIRE)',
	value: 'register',
	operations: [getPurchaseProposal, getSalesProposal, downloadProposal, getPeriods, getSummary, getTicket, acceptSalesProposal],
	default: 'getPurchaseProposal',
	api: sireApi,
};
