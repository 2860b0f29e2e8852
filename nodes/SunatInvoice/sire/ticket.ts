// SIRE's tickets: what an export or an acceptance answers (numTicket), the ticket query and its
// states (SUNAT's manuals, Annex III: docs/sunat-sire-api.md, "The ticket"), the wait for a ticket
// with growing pauses up to the item's Max Wait, and a ticket's entry as an item.
import { sleep, type IDataObject, type IExecuteSingleFunctions } from 'n8n-workflow';

import type { SendRequest } from '../../shared/contract';
import { apiError, type Failure } from '../../shared/errors';
import { sireReason } from './errors';

export const TICKETS_PATH = '/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets';

export type TicketStatus = 'processing' | 'done' | 'failed';

/** SUNAT's send states (codEstadoProceso) and what each means for a run; an unknown one is waited on. */
const STATES: Record<string, TicketStatus> = {
	'01': 'processing', // Cargado (solicitado)
	'02': 'processing', // Validando archivo
	'03': 'failed', // Procesado con errores
	'04': 'done', // Procesado sin errores
	'05': 'processing', // En proceso
	'06': 'done', // Terminado
};

/** A file a ticket made, as the ticket query lists it. */
export interface TicketFile {
	/** nomArchivoReporte: what the download asks for. */
	name: string;
	/** nomArchivoContenido: the file inside the archive. */
	content: string;
	/** The report type, under SUNAT's misspelt key (codTipoAchivoReporte), as SUNAT gives it: null in its answers. */
	type: string | null;
}

/** A ticket as the node's items show it. */
export interface Ticket extends IDataObject {
	ticket: string;
	period: string;
	status: TicketStatus;
	stateCode: string;
	state: string;
	processCode: string;
	process: string;
	startedAt: string | null;
	/** SUNAT's words about the outcome (detalleTicket.desEstadoEnvio). */
	detail: string | null;
	files: TicketFile[];
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** One entry of the ticket query's `registros`, as an item. */
export function ticketOf(entry: IDataObject): Ticket {
	const stateCode = text(entry.codEstadoProceso);
	const details = (entry.detalleTicket ?? {}) as IDataObject;
	const files = Array.isArray(entry.archivoReporte) ? (entry.archivoReporte as IDataObject[]) : [];
	return {
		ticket: text(entry.numTicket),
		period: text(entry.perTributario),
		status: STATES[stateCode] ?? 'processing',
		stateCode,
		state: text(entry.desEstadoProceso),
		processCode: text(entry.codProceso),
		process: text(entry.desProceso),
		startedAt: text(entry.fecInicioProceso) || null,
		detail: text(details.desEstadoEnvio) || null,
		files: files.map((file) => ({
			name: text(file.nomArchivoReporte),
			content: text(file.nomArchivoContenido),
			type: file.codTipoAchivoReporte === null || file.codTipoAchivoReporte === undefined ? null : text(file.codTipoAchivoReporte),
		})),
	};
}

/** The error of an item, from what an answer held (SUNAT answered, but not what the run needs). */
export const itemError = (fns: IExecuteSingleFunctions, failure: Failure) => apiError(fns.getNode(), fns.getItemIndex(), failure);

/** The ticket SUNAT gave an export or an acceptance; an answer without one is the item's error. */
export function ticketNumberOf(answer: unknown, what: string, fns: IExecuteSingleFunctions): string {
	const number = text((answer as IDataObject | null)?.numTicket);
	if (number) return number;
	throw itemError(fns, {
		message: `SUNAT gave no ticket for ${what} (${sireReason(answer) || JSON.stringify(answer)})`,
		description: 'Try again in a few minutes; if SUNAT keeps answering so, report this answer.',
	});
}

/** Asks SUNAT once where ticket `number` of `period` stands. */
export async function queryTicket(send: SendRequest, number: string, period: string, fns: IExecuteSingleFunctions): Promise<Ticket> {
	const subject = `ticket ${number}`;
	const answer = (await send({ method: 'GET', url: TICKETS_PATH, qs: { perIni: period, perFin: period, page: 1, perPage: 20, numTicket: number } }, subject)) as IDataObject;
	const entries = Array.isArray(answer?.registros) ? (answer.registros as IDataObject[]) : [];
	const entry = entries.find((candidate) => text(candidate.numTicket) === number);
	if (entry) return ticketOf(entry);
	throw itemError(fns, {
		message: `SUNAT lists no ticket ${number} for period ${period}`,
		description: 'Check the ticket number and give the period of the request that opened it (an earlier item or error names both).',
	});
}

/** The first pause between two queries of a ticket; each pause doubles, up to the longest. */
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 15_000;

/**
 * Waits for ticket `number` of `period` to be processed: asks, then again after growing pauses,
 * until it is done or failed (SUNAT's words are the item's error), or until `maxWaitMs` is over: then
 * the error names the ticket, so that Get Ticket can continue it.
 */
export async function waitForTicket(
	send: SendRequest,
	{ number, period, what }: { number: string; period: string; what: string },
	maxWaitMs: number,
	fns: IExecuteSingleFunctions,
): Promise<Ticket> {
	const deadline = Date.now() + maxWaitMs;
	for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
		const ticket = await queryTicket(send, number, period, fns);
		if (ticket.status === 'failed') {
			const words = [`${ticket.stateCode} ${ticket.state}`.trim(), ticket.detail].filter(Boolean).join(': ');
			throw itemError(fns, {
				message: `SUNAT could not process ${what}, ticket ${number} (${words})`,
				description: "SUNAT's words say why. Correct what they name in SIRE, then run again.",
			});
		}
		if (ticket.status === 'done') return ticket;
		const left = deadline - Date.now();
		if (left <= 0) {
			throw itemError(fns, {
				message: `SUNAT is still processing ${what}: ticket ${number} of period ${period} (${ticket.stateCode} ${ticket.state})`,
				description: `Continue it later with Register → Get Ticket (ticket ${number}, period ${period}), or raise Max Wait for the Ticket under Options, now ${Math.round(maxWaitMs / 1000)} s.`,
			});
		}
		await sleep(Math.min(pause, left), fns.getExecutionCancelSignal?.());
	}
}
