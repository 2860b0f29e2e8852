import { operation } from '../../../shared/contract';
import { period, ticket } from '../../sire/fields';
import { queryTicket, TICKETS_PATH } from '../../sire/ticket';

export const getTicket = operation({
	name: 'Get Ticket',
	value: 'getTicket',
	action: "Get a SIRE ticket's state and files (a propuesta export or acceptance)",
	description: 'Where an export or an acceptance stands, and the files it made',
	notice:
		'For a run that did not wait: a proposal still processing at Max Wait names its ticket and period. `status` is processing, done or failed; `files` lists what Download Proposal would fetch.',
	request: { method: 'GET', path: TICKETS_PATH },
	fields: [ticket, period('either')],
	subject: ({ ticket }) => `ticket ${ticket}`,
	send: async (send, values, fns) => await queryTicket(send, values.ticket, values.period, fns),
	toItems: (ticket) => [ticket as never],
});
