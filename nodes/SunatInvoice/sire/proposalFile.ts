// A book's proposal as SUNAT hands it over: the export requested (answering a ticket, or SUNAT's
// 1070 for a period without receipts), the ticket waited for, and its file downloaded: a ZIP holding
// the TXT (docs/sunat-sire-api.md, "The proposal's file").
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { SendRequest } from '../../shared/contract';
import { BOOKS, type Book, type BookName } from './books';
import { saysNoData } from './errors';
import { ticketNumberOf, waitForTicket, type Ticket, type TicketFile } from './ticket';

/** The export of each book's proposal, as a TXT (codTipoArchivo 0); RCE's asks for the proposal SUNAT made (codOrigenEnvio 2). */
export const EXPORTS: Record<BookName, { path: string; qs: IDataObject }> = {
	RVIE: { path: '/rvie/propuesta/web/propuesta/{period}/exportapropuesta', qs: { codTipoArchivo: 0 } },
	RCE: { path: '/rce/propuesta/web/propuesta/{period}/exportacioncomprobantepropuesta', qs: { codTipoArchivo: 0, codOrigenEnvio: 2 } },
};

export const DOWNLOAD_PATH = '/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte';

/** How the user's words name a book's proposal of a period: "the purchase register (RCE) proposal of 202503". */
export const proposalName = (book: Book, period: string) => `the ${book.title} proposal of ${period}`;

/** A proposal's file as downloaded: its ticket, the ZIP's name and bytes; none when SUNAT says the period has no receipts. */
export interface ProposalFile {
	ticket: Ticket;
	file: TicketFile;
	bytes: Buffer;
}

/** Downloads a ticket's `file`; the download sends every parameter the manuals' versions name. */
export async function downloadTicketFile(send: SendRequest, ticket: Ticket, file: TicketFile, book: Book): Promise<ProposalFile> {
	const answer = await send(
		{
			method: 'GET',
			url: DOWNLOAD_PATH,
			qs: {
				nomArchivoReporte: file.name,
				// The entry's own value sent back, as the public clients send it: SUNAT lists it as null.
				codTipoArchivoReporte: String(file.type),
				codLibro: book.code,
				perTributario: ticket.period,
				codProceso: ticket.processCode,
				numTicket: ticket.ticket,
			},
			json: false,
			encoding: 'arraybuffer',
			headers: { Accept: 'application/octet-stream, application/zip, application/json' },
		},
		`the file ${file.name} of ticket ${ticket.ticket}`,
	);
	const bytes = Buffer.isBuffer(answer) ? answer : Buffer.from(answer as ArrayBuffer);
	return { ticket, file, bytes };
}

/**
 * Requests the export of `bookName`'s proposal of `period`, waits for its ticket (up to `maxWaitMs`)
 * and downloads its file; undefined when SUNAT says the period has no receipts: refused at export
 * (1070, 1518), or a ticket done with no file (docs/sunat-sire-api.md, "An empty period").
 */
export async function fetchProposal(
	send: SendRequest,
	{ bookName, period, maxWaitMs }: { bookName: BookName; period: string; maxWaitMs: number },
	fns: IExecuteSingleFunctions,
): Promise<ProposalFile | undefined> {
	const book = BOOKS[bookName];
	const what = proposalName(book, period);
	const exported = await send({ method: 'GET', url: EXPORTS[bookName].path.replace('{period}', period), qs: EXPORTS[bookName].qs }, what);
	if (saysNoData(exported)) return undefined;
	const number = ticketNumberOf(exported, `the export of ${what}`, fns);
	const ticket = await waitForTicket(send, { number, period, what: `the export of ${what}` }, maxWaitMs, fns);
	const [file] = ticket.files;
	return file ? await downloadTicketFile(send, ticket, file, book) : undefined;
}
