import { operation } from '../../../shared/contract';
import { proposalAsItems } from '../../sire/receipts';

export const getPurchaseProposal = operation({
	name: 'Get Purchase Proposal',
	value: 'getPurchaseProposal',
	action: "Get SUNAT's purchase proposal (RCE propuesta, registro de compras) as one item per receipt",
	description: "SIRE's purchase register proposal of a period: one item per receipt",
	notice:
		"Requests SUNAT's export of the period's RCE proposal, waits for its ticket (Max Wait for the Ticket, in Options), downloads and reads it: one item per receipt, dates as ISO dates, amounts as numbers. An empty period gives no item.",
	...proposalAsItems('RCE'),
});
