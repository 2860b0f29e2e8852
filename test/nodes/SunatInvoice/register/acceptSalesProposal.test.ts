import { describe, expect, it } from 'vitest';

import { RVIE } from '../../../../fakes/sire';
import { SunatInvoice } from '../../../../nodes/SunatInvoice/SunatInvoice.node';
import { registerNodeType } from '../../../harness/engine';
import { toolVariantOf } from '../../../harness/toolVariant';
import { jsonOf, runRegister, sent, ticketQuery, useSireFake } from './sire';

const sire = useSireFake({ now: new Date('2025-05-10T15:00:00Z') });

registerNodeType(toolVariantOf(new SunatInvoice()));

describe('SUNAT › Register (SIRE) › Accept Sales Proposal', () => {
	it('files with Confirm Filing on: POSTs the acceptance, waits for its ticket, and says what it filed', async () => {
		sire.fake.nextTickets({ processingQueries: 1 });
		const result = await runRegister(sire.fake, { operation: 'acceptSalesProposal', parameters: { period: '202503', confirmFiling: true } });

		expect(result.error).toBeUndefined();
		const numTicket = sire.fake.tickets.all[0].numTicket;
		expect(sent(sire.fake)).toEqual([
			{ method: 'POST', path: '/rvie/propuesta/web/propuesta/202503/aceptapropuesta', query: {} },
			ticketQuery(numTicket),
			ticketQuery(numTicket),
		]);
		expect([...sire.fake.accepted]).toEqual([`${RVIE}:202503`]);
		expect(jsonOf(result)).toEqual([
			{
				filed: "The sales proposal (RVIE) of 202503 was accepted: it is the period's sales register at SUNAT",
				register: 'RVIE',
				period: '202503',
				ticket: numTicket,
				status: 'done',
				stateCode: '06',
				state: 'Terminado',
				detail: 'Terminado',
			},
		]);
	});

	it('files nothing with Confirm Filing off (its default): the item is refused before any request', async () => {
		const result = await runRegister(sire.fake, { operation: 'acceptSalesProposal', parameters: { period: '202503' } });
		expect(result.error?.message).toBe('Confirm Filing is off: accepting the sales proposal files the sales register with SUNAT. Nothing was sent. [item 0]');
		expect(result.error?.description).toBe('Switch on Confirm Filing to file it; nothing was filed.');
		expect(sire.fake.requests).toEqual([]);
		expect(sire.fake.accepted.size).toBe(0);
	});

	it('as an AI agent tool it files nothing, even with Confirm Filing set in the parameters', async () => {
		const result = await runRegister(sire.fake, { type: 'sunatInvoiceTool', operation: 'acceptSalesProposal', parameters: { period: '202503', confirmFiling: true } });
		expect(result.error?.message).toBe('An AI agent cannot accept the sales proposal: accepting files the sales register with SUNAT. Nothing was sent. [item 0]');
		expect(result.error?.description).toBe('Accept it from a workflow a person runs (the SUNAT node itself, not its tool); nothing was filed.');
		expect(sire.fake.requests).toEqual([]);
		expect(sire.fake.accepted.size).toBe(0);
	});
});
