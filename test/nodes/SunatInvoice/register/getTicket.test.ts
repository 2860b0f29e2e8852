import { describe, expect, it } from 'vitest';

import { RCE, RVIE, SANDBOX_SIRE_CLIENT, type TicketLife } from '../../../../fakes/sire';
import { jsonOf, nextMonth, runRegister, sent, thisMonthShown, ticketQuery, useSireFake } from './sire';

const sire = useSireFake({ now: new Date('2025-05-10T15:00:00Z') });

const owner = { ruc: SANDBOX_SIRE_CLIENT.ruc, razonSocial: SANDBOX_SIRE_CLIENT.razonSocial, period: '202503' };

/** A ticket the fake opened for an export of `book`'s proposal of 202503, living as `life` says. */
function exportTicket(life: TicketLife = {}, book: typeof RCE | typeof RVIE = RCE) {
	sire.fake.nextTickets(life);
	return sire.fake.tickets.open({ kind: 'export', book, period: '202503', fileType: '0', owner }).numTicket;
}

describe('SUNAT › Register (SIRE) › Get Ticket', () => {
	it('asks where a ticket stands: still processing, with no file yet', async () => {
		const numTicket = exportTicket({ processingQueries: 1 });
		const result = await runRegister(sire.fake, { operation: 'getTicket', parameters: { ticket: numTicket, period: '202503' } });

		expect(result.error).toBeUndefined();
		expect(sent(sire.fake)).toEqual([ticketQuery(numTicket)]);
		expect(jsonOf(result)).toEqual([
			{
				ticket: numTicket,
				period: '202503',
				status: 'processing',
				stateCode: '05',
				state: 'En proceso',
				processCode: '10',
				process: 'Generar archivo exportar propuesta',
				startedAt: '2025-05-10',
				detail: 'En proceso',
				files: [],
			},
		]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it("a ticket done lists its file, SUNAT's misspelt type key read (codTipoAchivoReporte)", async () => {
		const numTicket = exportTicket({ processingQueries: 0 });
		const result = await runRegister(sire.fake, { operation: 'getTicket', parameters: { ticket: numTicket, period: '2025-03' } });

		expect(result.error).toBeUndefined();
		const base = `LE${SANDBOX_SIRE_CLIENT.ruc}2025030008040001EXP2`;
		expect(jsonOf(result)).toEqual([
			{
				ticket: numTicket,
				period: '202503',
				status: 'done',
				stateCode: '06',
				state: 'Terminado',
				processCode: '10',
				process: 'Generar archivo exportar propuesta',
				startedAt: '2025-05-10',
				detail: 'Terminado',
				files: [{ name: `${numTicket.padStart(24, '0')}__${base}.zip`, content: `${base}.txt`, type: null }],
			},
		]);
	});

	it("a ticket SUNAT failed says so in SUNAT's words, as an item (Get Ticket reports, it does not judge)", async () => {
		const numTicket = exportTicket({ processingQueries: 0, outcome: 'failed', failure: 'Error al generar el archivo de la propuesta' });
		const result = await runRegister(sire.fake, { operation: 'getTicket', parameters: { ticket: numTicket, period: '202503' } });

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ ticket: numTicket, status: 'failed', stateCode: '03', state: 'Procesado con Errores', detail: 'Error al generar el archivo de la propuesta', files: [] }),
		]);
	});

	it.each([
		['01', 'Cargado (solicitado)', 'processing'],
		['02', 'Validando Archivo (en proceso)', 'processing'],
		['04', 'Procesado sin errores (concluido)', 'done'],
		['05', 'En proceso', 'processing'],
		// Seen in production, in no annex (docs/sunat-sire-api.md): waited on.
		['07', 'Estado sin anexo', 'processing'],
	] as const)('state %s %s reads as %s', async (code, words, status) => {
		const numTicket = exportTicket({ processingQueries: 1, processingState: [code, words] });
		const result = await runRegister(sire.fake, { operation: 'getTicket', parameters: { ticket: numTicket, period: '202503' } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([expect.objectContaining({ ticket: numTicket, status, stateCode: code, state: words })]);
	});

	it('a ticket SUNAT does not list is an error naming it and its period', async () => {
		const result = await runRegister(sire.fake, { operation: 'getTicket', parameters: { ticket: '20259999999999', period: '202503' } });
		expect(result.error?.message).toBe('SUNAT lists no ticket 20259999999999 for period 202503 [item 0]');
		expect(result.error?.description).toBe('Check the ticket number and give the period of the request that opened it (an earlier item or error names both).');
		expect(sent(sire.fake)).toEqual([ticketQuery('20259999999999')]);
	});

	it('refuses a ticket that is not digits, and a period after this month, before any request (Continue On Fail: an error item each)', async () => {
		const result = await runRegister(sire.fake, {
			operation: 'getTicket',
			parameters: { ticket: '={{ $json.ticket }}', period: '={{ $json.period }}' },
			items: [{ json: { ticket: 'T-1', period: '202503' } }, { json: { ticket: '20250300000001', period: nextMonth() } }],
			continueOnFail: true,
		});
		expect(jsonOf(result)).toEqual([
			{ error: 'Ticket "T-1" is not a ticket number (digits only). Nothing was sent. [item 0]' },
			{ error: `Period "${nextMonth()}" is after this month (${thisMonthShown()} in Lima): SUNAT has no register for it yet. Nothing was sent. [item 1]` },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(sire.fake.requests).toEqual([]);
	});
});
