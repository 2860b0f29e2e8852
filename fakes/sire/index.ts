// A fake of SUNAT's SIRE API (the web API of the electronic sales and purchase registers, RVIE and
// RCE) on 127.0.0.1: the token service (`POST /v1/clientessol/{client_id}/oauth2/token/`, the
// password grant with the SOL user) and the API under `/v1/contribuyente/migeigv/libros`, on one
// port, as docs/sunat-sire-api.md describes them from SUNAT's manuals and the public clients: the
// periods of a book, the proposal's export answering a ticket, the ticket query (`paginacion`,
// `registros`, the misspelt `codTipoAchivoReporte`), the file download (a ZIP of the proposal's
// TXT, stored or deflated, written byte by byte in zip.ts), the RVIE proposal's acceptance and the
// period summary; SUNAT's 422 answers (1070: a period without receipts) and token refusals.
// Tests steer it: clients, periods and their receipts (rows or a count), how an empty period is
// told, a ticket's life, token expiry, latency, 429s and broken archives. It records every request.
import type { IncomingMessage, ServerResponse } from 'node:http';

import { createTokenService, tokenRefusal } from '../sunatSecurity.ts';
import { json, startSunatServer, type InjectedAnswer, type RecordedRequest } from '../sunatServer.ts';
import { ERRORS, INTERNAL_ERROR, nginxPage, refuse } from './answers.ts';
import { type Book, proposalTxt, RCE, rowsOf, RVIE, summaryTxt, type TxtOptions } from './layouts.ts';
import { SANDBOX_PERIODS, SANDBOX_SIRE_CLIENT, type PeriodSetup } from './sandbox.ts';
import { createTickets, type TicketLife, type Tickets } from './tickets.ts';
import { broken, type BrokenZip, type ZipMethod } from './zip.ts';

export { ERRORS, INTERNAL_ERROR, nginxHtml, unprocessable } from './answers.ts';
export { BOM, carOf, generatedRow, headerLine, RCE, RCE_COLUMNS, RVIE, RVIE_COLUMNS, type Book, type ProposalRow } from './layouts.ts';
export { SANDBOX_PERIODS, SANDBOX_SIRE_CLIENT, type PeriodSetup } from './sandbox.ts';
export { PROCESSING, STATES, type TicketLife } from './tickets.ts';
export { crc32, zip, type BrokenZip, type ZipMethod } from './zip.ts';

export const SIRE_SCOPE = 'https://api-sire.sunat.gob.pe';
export const API_BASE = '/v1/contribuyente/migeigv/libros';

/** An API credential created in SOL, and the SOL user it asks as. */
export interface SireClient {
	secret: string;
	ruc: string;
	razonSocial?: string;
	solUser: string;
	solPassword: string;
	/** Whether the credential was given the SIRE API ("MIGE RCE y RVIE - SIRE"); without it the token is refused. */
	sireAccess: boolean;
}

export interface SireFakeOptions {
	port?: number;
	/** Delay before every answer. */
	latencyMs?: number;
	/** The fake's clock: the year of ticket numbers, their dates, the periods "in the future" (default: now). */
	now?: Date;
	/** Archive method of the files (default deflated). */
	zipMethod?: ZipMethod;
	/** How the TXT files are written (CRLF and a BOM by default). */
	txt?: TxtOptions;
	/** Ticket queries a new ticket answers "En proceso" before its outcome (default 1). */
	processingQueries?: number;
	/** The periods of both books (default SANDBOX_PERIODS). */
	periods?: Partial<Record<Book, Record<string, PeriodSetup>>>;
	/** Token lifetime in seconds, as `expires_in` says (default 3600). */
	tokenSeconds?: number;
	/**
	 * Which download parameters are required: `v24` (default) all six of the manuals since version
	 * 24 (a missing one answers 500), `v22` only nomArchivoReporte and codTipoArchivoReporte.
	 */
	downloadParams?: 'v24' | 'v22';
}

/** Every request: method, path, query, headers, body, and the status once answered. */
export interface SireRequest extends RecordedRequest {
	query: Record<string, string>;
}

export interface SireFake {
	url: string;
	options: SireFakeOptions;
	requests: SireRequest[];
	/** The token requests among `requests`. */
	tokenRequests(): SireRequest[];
	/** The API requests among `requests` (everything under /v1/contribuyente). */
	apiRequests(): SireRequest[];
	clients: Map<string, SireClient>;
	/** Each book's periods, by `YYYYMM`: change them in a test (reset() brings back `options.periods`). */
	periods: Record<Book, Map<string, PeriodSetup>>;
	/** Sets one period of one book. */
	setPeriod(book: Book, period: string, setup: PeriodSetup): void;
	/** The life of the next tickets: how many queries they stay "En proceso" and how they end. */
	nextTickets(...lives: TicketLife[]): void;
	tickets: Tickets;
	/** Every token issued so far expires. */
	expireTokens(): void;
	/** Answer the next requests whose path contains `path` with this status and body, one each. */
	failNext(path: string, ...failures: InjectedAnswer[]): void;
	/** The next `count` API requests get 429, with a Retry-After of `retryAfterSeconds` when given. */
	tooManyRequests(count: number, retryAfterSeconds?: number): void;
	/** The next file download answers a broken archive. */
	breakNextDownload(how: BrokenZip): void;
	/** The proposals accepted, as `book:period`. */
	accepted: Set<string>;
	reset(): void;
	close(): Promise<void>;
}

const TOKEN_PATH = /^\/v1\/clientessol\/([^/]+)\/oauth2\/token\/?$/;
const PERIODS = /^\/rvierce\/padron\/web\/omisos\/([^/]+)\/periodos$/;
const EXPORT_RVIE = /^\/rvie\/propuesta\/web\/propuesta\/([^/]+)\/exportapropuesta$/;
const EXPORT_RCE = /^\/rce\/propuesta\/web\/propuesta\/([^/]+)\/exportacioncomprobantepropuesta$/;
const ACCEPT_RVIE = /^\/rvie\/propuesta\/web\/propuesta\/([^/]+)\/aceptapropuesta$/;
const ACCEPT_RCE = /^\/rce\/propuesta\/web\/registroslibros\/([^/]+)\/aceptarpropuesta$/;
const TICKETS = '/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets';
const DOWNLOAD = '/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte';
const SUMMARY = /^\/rvierce\/resumen\/web\/resumencomprobantes\/([^/]+)\/([^/]+)\/([^/]+)\/exporta$/;

const bookOf = (code: string | null): Book | undefined => (code === RVIE || code === RCE ? code : undefined);

export async function startSireFake(options: SireFakeOptions = {}): Promise<SireFake> {
	let throttled = 0;
	let retryAfter: number | undefined;
	let breakDownload: BrokenZip | undefined;
	const now = () => options.now ?? new Date();
	const currentPeriod = () => `${now().getUTCFullYear()}${String(now().getUTCMonth() + 1).padStart(2, '0')}`;
	const seededClients = () =>
		new Map<string, SireClient>([[SANDBOX_SIRE_CLIENT.clientId, { ...SANDBOX_SIRE_CLIENT, secret: SANDBOX_SIRE_CLIENT.clientSecret, sireAccess: true }]]);
	const seededPeriods = () => {
		const source = options.periods ?? SANDBOX_PERIODS;
		return { [RVIE]: new Map(Object.entries(source[RVIE] ?? {})), [RCE]: new Map(Object.entries(source[RCE] ?? {})) } as Record<Book, Map<string, PeriodSetup>>;
	};
	/** The token service (fakes/sunatSecurity.ts): the password grant, with SIRE access and the SOL user checked. */
	const security = createTokenService({
		grantType: 'password',
		scope: SIRE_SCOPE,
		clients: () => fake.clients,
		refuse(client, form) {
			if (!client.sireAccess) return tokenRefusal(400, 'unauthorized_client', 'Cliente no autorizado');
			if (form.get('username') !== `${client.ruc}${client.solUser}` || form.get('password') !== client.solPassword) {
				return tokenRefusal(400, 'invalid_grant', 'Usuario o contraseña incorrectos');
			}
			return undefined;
		},
		tokenPrefix: 'fake-sire-token-',
		expiresIn: () => options.tokenSeconds ?? 3600,
	});
	const tickets = createTickets({ now, processingQueries: () => options.processingQueries ?? 1 });

	const fake: SireFake = {
		url: '',
		options,
		requests: [],
		tokenRequests: () => fake.requests.filter((request) => TOKEN_PATH.test(request.path)),
		apiRequests: () => fake.requests.filter((request) => request.path.startsWith('/v1/contribuyente/')),
		clients: seededClients(),
		periods: seededPeriods(),
		setPeriod: (book, period, setup) => void fake.periods[book].set(period, setup),
		nextTickets: (...lives) => tickets.queueLives(lives),
		tickets,
		expireTokens: () => security.expireAll(),
		failNext: (path, ...next) => server.failNext(path, ...next),
		tooManyRequests(count, retryAfterSeconds) {
			throttled = count;
			retryAfter = retryAfterSeconds;
		},
		breakNextDownload: (how) => {
			breakDownload = how;
		},
		accepted: new Set(),
		reset() {
			fake.requests.length = 0;
			server.forgetInjected();
			throttled = 0;
			retryAfter = undefined;
			breakDownload = undefined;
			security.reset();
			tickets.reset();
			fake.accepted.clear();
			fake.clients = seededClients();
			fake.periods = seededPeriods();
		},
		close: () => server.close(),
	};

	/** The checks every period of a route goes through (manuals: 1006, 1007). */
	function periodRefusal(res: ServerResponse, period: string): boolean {
		if (!/^\d{4}(0[1-9]|1[0-2])$/.test(period)) return (refuse(res, ERRORS.perFormat), true);
		if (period > currentPeriod()) return (refuse(res, ERRORS.perFuture), true);
		return false;
	}

	const receiptsOf = (book: Book, period: string) => fake.periods[book].get(period)?.receipts ?? 0;
	const isEmpty = (book: Book, period: string) => {
		const receipts = receiptsOf(book, period);
		return typeof receipts === 'number' ? receipts === 0 : receipts.length === 0;
	};

	function periodsAnswer(res: ServerResponse, book: Book) {
		const latest = [...fake.periods[book].keys()].sort().at(-1);
		const byYear = new Map<string, Array<{ perTributario: string; codEstado: string; desEstado: string }>>();
		for (const [period, setup] of [...fake.periods[book].entries()].sort(([a], [b]) => b.localeCompare(a))) {
			const state = setup.state ?? (period === latest ? { codEstado: '02', desEstado: 'Pendiente' } : { codEstado: '01', desEstado: 'Presentado' });
			const year = period.slice(0, 4);
			byYear.set(year, [...(byYear.get(year) ?? []), { perTributario: period, ...state }]);
		}
		json(
			res,
			200,
			[...byYear.entries()].map(([year, lisPeriodos]) => ({
				numEjercicio: year,
				desEstado: lisPeriodos.every((period) => period.codEstado === '01') ? 'Presentado' : 'Pendiente',
				lisPeriodos,
			})),
		);
	}

	function exportProposal(res: ServerResponse, book: Book, period: string, query: URLSearchParams, client: SireClient) {
		if (periodRefusal(res, period)) return;
		const fileType = query.get('codTipoArchivo');
		if (!fileType) return refuse(res, ERRORS.fileTypeMissing);
		if (fileType !== '0' && fileType !== '1') return refuse(res, ERRORS.fileType);
		if (book === RCE) {
			const origin = query.get('codOrigenEnvio');
			if (!origin) return refuse(res, ERRORS.originMissing);
			// 2 is "servicio web"; public material reports that the 1 of older manuals is refused.
			if (origin !== '2') return refuse(res, ERRORS.origin);
		}
		const setup = fake.periods[book].get(period);
		const empty = setup?.empty ?? 'refuse1070';
		if (isEmpty(book, period) && empty !== 'bomOnly') return refuse(res, empty === 'refuse1518' ? ERRORS.noDocuments : ERRORS.noReceipts);
		const ticket = tickets.open({ kind: 'export', book, period, fileType, owner: { ruc: client.ruc, razonSocial: client.razonSocial ?? '', period } });
		json(res, 200, { numTicket: ticket.numTicket });
	}

	function acceptProposal(res: ServerResponse, book: Book, period: string, client: SireClient) {
		if (periodRefusal(res, period)) return;
		fake.accepted.add(`${book}:${period}`);
		const ticket = tickets.open({ kind: 'accept', book, period, fileType: '0', owner: { ruc: client.ruc, razonSocial: client.razonSocial ?? '', period } });
		json(res, 200, { numTicket: ticket.numTicket });
	}

	function ticketQuery(res: ServerResponse, query: URLSearchParams) {
		const perIni = query.get('perIni');
		const perFin = query.get('perFin');
		if (!perIni) return refuse(res, ERRORS.perIni);
		if (!perFin) return refuse(res, ERRORS.perFin);
		if (!query.get('page')) return refuse(res, ERRORS.page);
		if (!query.get('perPage')) return refuse(res, ERRORS.perPage);
		const numTicket = query.get('numTicket');
		if (numTicket && !/^\d{14}$/.test(numTicket)) return refuse(res, ERRORS.ticketFormat);
		const page = Math.max(1, Number(query.get('page')) || 1);
		const perPage = Math.max(1, Number(query.get('perPage')) || 20);
		json(res, 200, tickets.query({ perIni, perFin, numTicket: numTicket ?? undefined, page, perPage }));
	}

	function download(res: ServerResponse, query: URLSearchParams) {
		const name = query.get('nomArchivoReporte');
		if (!name) return refuse(res, ERRORS.reportName);
		if (!query.get('codTipoArchivoReporte')) return refuse(res, ERRORS.reportType);
		// Since the manuals' version 24 the other four are required too; without them SUNAT answers 500.
		if ((options.downloadParams ?? 'v24') === 'v24' && ['codLibro', 'perTributario', 'codProceso', 'numTicket'].some((key) => !query.get(key))) {
			return json(res, 500, INTERNAL_ERROR);
		}
		const file = tickets.file(name);
		if (!file) return json(res, 404, { cod: '404', msg: 'Recurso no encontrado' });
		const rows = file.owner && !file.emptyFile ? rowsOf(file.book, file.period, receiptsOf(file.book, file.period)) : [];
		// codTipoArchivo 1 (CSV or Excel) gets the same lines in a .csv entry: SUNAT publishes no layout for it.
		let archive = file.archive(proposalTxt(file.book, rows, file.owner, options.txt), options.zipMethod ?? 'deflated');
		if (breakDownload) {
			archive = broken(archive, breakDownload);
			breakDownload = undefined;
		}
		res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(archive.length) });
		res.end(archive);
	}

	function summary(res: ServerResponse, period: string, type: string, fileType: string, query: URLSearchParams) {
		if (periodRefusal(res, period)) return;
		const book = bookOf(query.get('codLibro'));
		if (!book) return refuse(res, ERRORS.book);
		if (!/^[1-7]$/.test(type)) return refuse(res, ERRORS.summaryType);
		if (!/^[01]$/.test(fileType)) return refuse(res, ERRORS.fileType);
		if (isEmpty(book, period)) return refuse(res, ERRORS.noReceipts);
		res.writeHead(200, { 'content-type': 'application/octet-stream' });
		res.end(summaryTxt(book, rowsOf(book, period, receiptsOf(book, period))));
	}

	function api(res: ServerResponse, method: string, route: string, query: URLSearchParams, req: IncomingMessage) {
		const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
		const clientId = bearer ? security.holder(bearer) : undefined;
		const client = clientId ? fake.clients.get(clientId) : undefined;
		if (!client) return json(res, 401, { cod: '401', msg: 'No autorizado' });
		let match: RegExpExecArray | null;
		if (method === 'GET' && (match = PERIODS.exec(route))) {
			const book = bookOf(decodeURIComponent(match[1]));
			return book ? periodsAnswer(res, book) : refuse(res, ERRORS.book);
		}
		if (method === 'GET' && (match = EXPORT_RVIE.exec(route))) return exportProposal(res, RVIE, decodeURIComponent(match[1]), query, client);
		if (method === 'GET' && (match = EXPORT_RCE.exec(route))) return exportProposal(res, RCE, decodeURIComponent(match[1]), query, client);
		if (method === 'POST' && (match = ACCEPT_RVIE.exec(route))) return acceptProposal(res, RVIE, decodeURIComponent(match[1]), client);
		if (method === 'POST' && (match = ACCEPT_RCE.exec(route))) return acceptProposal(res, RCE, decodeURIComponent(match[1]), client);
		if (method === 'GET' && route === TICKETS) return ticketQuery(res, query);
		if (method === 'GET' && route === DOWNLOAD) return download(res, query);
		if (method === 'GET' && (match = SUMMARY.exec(route))) return summary(res, match[1], match[2], match[3], query);
		// A route the API does not have (or one book's route asked with the other's code) is nginx's 500 page.
		nginxPage(res, 500, 'Internal Server Error');
	}

	/** SUNAT's server (fakes/sunatServer.ts): the injected answers, the token route, latency, the records. */
	const server = await startSunatServer({
		options,
		read(target) {
			const url = new URL(target, 'http://fake');
			return { path: url.pathname, query: url.searchParams };
		},
		record(request, { query }) {
			const recorded: SireRequest = { ...request, query: Object.fromEntries(query) };
			fake.requests.push(recorded);
			return recorded;
		},
		tokenPath: TOKEN_PATH,
		security,
		route(req, res, request, { query }) {
			if (!request.path.startsWith(API_BASE + '/')) return false;
			if (throttled > 0) {
				throttled--;
				nginxPage(res, 429, 'Too Many Requests', retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) });
			} else api(res, req.method ?? '', request.path.slice(API_BASE.length), query, req);
			return true;
		},
	});
	fake.url = server.url;
	return fake;
}
