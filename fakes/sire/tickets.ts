// The SIRE fake's tickets: what an export or an acceptance opens, and what the ticket query
// answers about it as it goes from "En proceso" to its outcome (docs/sunat-sire-api.md, "The
// ticket"). Numbers follow the manuals' form AAAA99999999: the year, the correlative type (03:
// "Solicitud de generación de archivo", Annex II) and an 8-digit sequence.
import type { Book } from './layouts.ts';
import { zip, type ZipMethod } from './zip.ts';

/** The send states of the manuals' Annex III (Código de estado de envío). */
export const STATES = {
	requested: ['01', 'Cargado (solicitado)'],
	validating: ['02', 'Validando Archivo (en proceso)'],
	withErrors: ['03', 'Procesado con Errores'],
	withoutErrors: ['04', 'Procesado sin errores (concluido)'],
	processing: ['05', 'En proceso'],
	done: ['06', 'Terminado'],
} as const;

/** The state a ticket shows while it is being processed. */
export const PROCESSING = STATES.processing;

/**
 * How a ticket goes: `processingQueries` ticket queries answered with `processingState` (default
 * 05 En proceso; any code, such as the 07, 08 or 10 seen in production and in no annex), then
 * `ready` (06 Terminado, with its file), `failed` (03 Procesado con Errores, with `failure` as the
 * detail's words), `empty` (Terminado, its file holding only a byte-order mark) or `noFile`
 * (Terminado with no file listed, as a public client reads an empty period).
 */
export interface TicketLife {
	processingQueries?: number;
	processingState?: readonly [string, string];
	outcome?: 'ready' | 'failed' | 'empty' | 'noFile';
	failure?: string;
}

/** The process codes of the manuals' Annex I the fake's tickets carry. */
const PROCESSES = {
	export: ['10', 'Generar archivo exportar propuesta'],
	accept: ['2', 'Aceptar propuesta'],
} as const;

/** The register code in a file's name (LE + RUC + period + 00 + register, as SUNAT names its files). */
const REGISTER: Record<Book, string> = { '140000': '140400', '080000': '080400' };

interface Owner {
	ruc: string;
	razonSocial: string;
	period: string;
}

export interface Ticket {
	numTicket: string;
	kind: 'export' | 'accept';
	book: Book;
	period: string;
	fileType: string;
	owner: Owner;
	life: Required<Omit<TicketLife, 'failure'>> & { failure?: string };
	/** Ticket queries that listed it so far. */
	queries: number;
	openedAt: Date;
	reportName: string;
	contentName: string;
}

export interface TicketFile {
	book: Book;
	period: string;
	fileType: string;
	owner: Owner;
	emptyFile: boolean;
	/** The archive of the file's content, named as the ticket's entry says. */
	archive(content: Buffer, method: ZipMethod): Buffer;
}

export interface Tickets {
	all: Ticket[];
	open(request: { kind: Ticket['kind']; book: Book; period: string; fileType: string; owner: Owner }): Ticket;
	queueLives(lives: TicketLife[]): void;
	query(filter: { perIni: string; perFin: string; numTicket?: string; page: number; perPage: number }): unknown;
	/** A ready ticket's file by its report name. */
	file(reportName: string): TicketFile | undefined;
	reset(): void;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const time = (date: Date) => `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;

export function createTickets(clock: { now: () => Date; processingQueries: () => number }): Tickets {
	let sequence = 0;
	const queued: TicketLife[] = [];
	const stateOf = (ticket: Ticket) => {
		if (ticket.queries <= ticket.life.processingQueries) return ticket.life.processingState;
		return ticket.life.outcome === 'failed' ? STATES.withErrors : STATES.done;
	};
	const ready = (ticket: Ticket) =>
		ticket.kind === 'export' && ticket.life.outcome !== 'failed' && ticket.life.outcome !== 'noFile' && ticket.queries > ticket.life.processingQueries;

	function entry(ticket: Ticket) {
		const [codEstado, desEstado] = stateOf(ticket);
		const failed = codEstado === STATES.withErrors[0];
		const [codProceso, desProceso] = PROCESSES[ticket.kind];
		const files = ready(ticket) ? [{ codTipoAchivoReporte: null, nomArchivoReporte: ticket.reportName, nomArchivoContenido: ticket.contentName }] : [];
		return {
			showReporteDescarga: files.length > 0 ? '1' : '0',
			perTributario: ticket.period,
			numTicket: ticket.numTicket,
			fecCargaImportacion: null,
			fecInicioProceso: isoDate(ticket.openedAt),
			codProceso,
			desProceso,
			codEstadoProceso: codEstado,
			desEstadoProceso: desEstado,
			nomArchivoImportacion: '',
			detalleTicket: {
				numTicket: ticket.numTicket,
				fecCargaImportacion: isoDate(ticket.openedAt),
				horaCargaImportacion: time(ticket.openedAt),
				codEstadoEnvio: codEstado,
				desEstadoEnvio: failed ? (ticket.life.failure ?? desEstado) : desEstado,
				nomArchivoReporte: files.length > 0 ? ticket.reportName : null,
				cntFilasvalidada: 0,
				cntCPError: failed ? 1 : 0,
				cntCPInformados: 0,
			},
			archivoReporte: files,
		};
	}

	const tickets: Tickets = {
		all: [],
		open(request) {
			const openedAt = clock.now();
			const life = queued.shift() ?? {};
			const numTicket = `${openedAt.getUTCFullYear()}03${pad(++sequence, 8)}`;
			// A 24-hex-digit prefix and two underscores, as in the manual's download evidence.
			const prefix = numTicket.padStart(24, '0');
			const extension = request.fileType === '1' ? 'csv' : 'txt';
			const base = `LE${request.owner.ruc}${request.period}00${REGISTER[request.book]}01EXP2`;
			const ticket: Ticket = {
				...request,
				numTicket,
				life: {
					processingQueries: life.processingQueries ?? clock.processingQueries(),
					processingState: life.processingState ?? STATES.processing,
					outcome: life.outcome ?? 'ready',
					failure: life.failure,
				},
				queries: 0,
				openedAt,
				reportName: `${prefix}__${base}.zip`,
				contentName: `${base}.${extension}`,
			};
			tickets.all.push(ticket);
			return ticket;
		},
		queueLives: (lives) => void queued.push(...lives),
		query({ perIni, perFin, numTicket, page, perPage }) {
			// The period range applies also when a ticket is named: the ticket number does not say its period.
			const matching = tickets.all.filter((ticket) => ticket.period >= perIni && ticket.period <= perFin && (!numTicket || ticket.numTicket === numTicket));
			const shown = matching.slice((page - 1) * perPage, page * perPage);
			for (const ticket of shown) ticket.queries++;
			return { paginacion: { page, perPage, totalRegistros: matching.length }, registros: shown.map(entry) };
		},
		file(reportName) {
			const ticket = tickets.all.find((candidate) => candidate.reportName === reportName && ready(candidate));
			if (!ticket) return undefined;
			return {
				book: ticket.book,
				period: ticket.period,
				fileType: ticket.fileType,
				owner: ticket.owner,
				emptyFile: ticket.life.outcome === 'empty',
				archive: (content, method) => zip([{ name: ticket.contentName, content }], method),
			};
		},
		reset() {
			sequence = 0;
			queued.length = 0;
			tickets.all.length = 0;
		},
	};
	return tickets;
}
