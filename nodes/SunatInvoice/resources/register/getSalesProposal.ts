import { operation } from '../../../shared/contract';
import { proposalAsItems } from '../../sire/receipts';

export const getSalesProposal = operation({
	name: 'Get Sales Proposal',
	value: 'getSalesProposal',
	action: "Get SUNAT's sales proposal (RVIE propuesta, registro de ventas) as one item per receipt",
	description: "SIRE's sales register proposal of a period: one item per receipt",
	notice:
		"Requests SUNAT's export of the period's RVIE proposal, waits for its ticket (Max Wait for the Ticket, in Options), downloads and reads it: one item per receipt, dates as ISO dates, amounts as numbers. An empty period gives no item.",
	...proposalAsItems('RVIE'),
});
