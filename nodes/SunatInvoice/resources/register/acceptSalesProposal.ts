import { operation } from '../../../shared/contract';
import { BOOKS } from '../../sire/books';
import { confirmFiling, period } from '../../sire/fields';
import { proposalName } from '../../sire/proposalFile';
import { ticketNumberOf, waitForTicket, type Ticket } from '../../sire/ticket';
import { ticketWaitMs } from '../../sire/transport';

export const acceptSalesProposal = operation({
	name: 'Accept Sales Proposal',
	value: 'acceptSalesProposal',
	action: "Accept SUNAT's sales proposal (RVIE propuesta, registro de ventas): files the sales register",
	description: "Files the period's sales register as SUNAT proposed it; needs Confirm Filing",
	notice:
		"A filing act: SUNAT makes the proposal the period's sales register (RVIE), as Aceptar propuesta in SIRE does. It goes only with Confirm Filing on, and never from an AI agent: the node refuses to file when it runs as a tool.",
	request: { method: 'POST', path: '/rvie/propuesta/web/propuesta/{period}/aceptapropuesta' },
	fields: [period('RVIE'), confirmFiling],
	subject: ({ period }) => `the acceptance of ${proposalName(BOOKS.RVIE, period)}`,
	send: async (send, values, fns) => {
		const what = `the acceptance of ${proposalName(BOOKS.RVIE, values.period)}`;
		const number = ticketNumberOf(await send(), what, fns);
		return await waitForTicket(send, { number, period: values.period, what }, ticketWaitMs(values), fns);
	},
	toItems: (answer, { period }) => {
		const ticket = answer as Ticket;
		return [
			{
				filed: `The sales proposal (RVIE) of ${period} was accepted: it is the period's sales register at SUNAT`,
				register: 'RVIE',
				period,
				ticket: ticket.ticket,
				status: ticket.status,
				stateCode: ticket.stateCode,
				state: ticket.state,
				detail: ticket.detail,
			},
		];
	},
});
