// The SIRE fake answers as docs/sunat-sire-api.md says SUNAT's SIRE API does, told with plain HTTP;
// its archives are opened with node:zlib (inflate and CRC-32) and a ZIP reader written here from
// APPNOTE.TXT.
import { crc32, inflateRawSync } from 'node:zlib';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
	BOM,
	generatedRow,
	headerLine,
	INTERNAL_ERROR,
	nginxHtml,
	RCE,
	RVIE,
	SANDBOX_SIRE_CLIENT,
	SIRE_SCOPE,
	startSireFake,
	type Book,
	type SireFake,
} from '../../../fakes/sire';

const NOW = new Date('2026-12-07T10:00:00Z');
let fake: SireFake;
beforeAll(async () => {
	fake = await startSireFake({ now: NOW });
});
beforeEach(() => {
	fake.reset();
	for (const key of ['zipMethod', 'processingQueries', 'txt', 'downloadParams'] as const) delete fake.options[key];
	bearer = '';
});
afterAll(async () => {
	await fake.close();
});

const C = SANDBOX_SIRE_CLIENT;
const form = (changes: Record<string, string> = {}) =>
	new URLSearchParams({ grant_type: 'password', scope: SIRE_SCOPE, client_id: C.clientId, client_secret: C.clientSecret, username: `${C.ruc}${C.solUser}`, password: C.solPassword, ...changes }).toString();

async function token(body = form(), clientId = C.clientId, contentType = 'application/x-www-form-urlencoded') {
	const response = await fetch(`${fake.url}/v1/clientessol/${clientId}/oauth2/token/`, { method: 'POST', headers: { 'content-type': contentType }, body });
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let bearer = '';
async function api(route: string, init: RequestInit = {}) {
	if (!bearer) bearer = (await token()).body.access_token as string;
	const response = await fetch(`${fake.url}/v1/contribuyente/migeigv/libros${route}`, { ...init, headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...init.headers } });
	const type = response.headers.get('content-type') ?? '';
	const bytes = Buffer.from(await response.arrayBuffer());
	return { status: response.status, headers: response.headers, bytes, body: type.startsWith('application/json') ? (JSON.parse(bytes.toString('utf8')) as unknown) : undefined };
}

interface TicketEntry {
	numTicket: string;
	perTributario: string;
	codProceso: string;
	codEstadoProceso: string;
	desEstadoProceso: string;
	detalleTicket: { desEstadoEnvio: string; cntCPError: number };
	archivoReporte: Array<{ codTipoAchivoReporte: string | null; nomArchivoReporte: string; nomArchivoContenido: string }>;
}
const EXPORTS: Record<Book, (period: string) => string> = {
	'140000': (period) => `/rvie/propuesta/web/propuesta/${period}/exportapropuesta?codTipoArchivo=0`,
	'080000': (period) => `/rce/propuesta/web/propuesta/${period}/exportacioncomprobantepropuesta?codTipoArchivo=0&codOrigenEnvio=2`,
};
async function exportTicket(book: Book, period: string): Promise<string> {
	const { status, body } = await api(EXPORTS[book](period));
	expect(status).toBe(200);
	return (body as { numTicket: string }).numTicket;
}
async function ticketQuery(numTicket: string, period: string, extra = '') {
	return await api(`/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets?perIni=${period}&perFin=${period}&page=1&perPage=20&numTicket=${numTicket}${extra}`);
}
async function ticketEntry(numTicket: string, period: string): Promise<TicketEntry> {
	return ((await ticketQuery(numTicket, period)).body as { registros: TicketEntry[] }).registros[0];
}
/** The download as the manuals since version 24 ask it: every parameter from the ticket's entry. */
async function download(entry: TicketEntry, book: Book) {
	const file = entry.archivoReporte[0];
	const query = new URLSearchParams({
		nomArchivoReporte: file.nomArchivoReporte,
		codTipoArchivoReporte: String(file.codTipoAchivoReporte),
		codLibro: book,
		perTributario: entry.perTributario,
		codProceso: entry.codProceso,
		numTicket: entry.numTicket,
	});
	return await api(`/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte?${query}`);
}
/** Export a period's proposal, wait for its ticket (no processing queries) and download its file. */
async function proposalFile(book: Book, period: string) {
	fake.options.processingQueries = 0;
	const entry = await ticketEntry(await exportTicket(book, period), period);
	return await download(entry, book);
}

/** The entries of a ZIP, read through its central directory (APPNOTE.TXT 4.3.16, 4.3.12, 4.3.7), checking each CRC-32. */
function unzip(archive: Buffer): Array<{ name: string; method: number; content: Buffer }> {
	const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	if (end < 0) throw new Error('no end of central directory');
	const count = archive.readUInt16LE(end + 10);
	let at = archive.readUInt32LE(end + 16);
	const entries = [];
	for (let i = 0; i < count; i++) {
		if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('no central directory header');
		const method = archive.readUInt16LE(at + 10);
		const crc = archive.readUInt32LE(at + 16);
		const size = archive.readUInt32LE(at + 20);
		const nameLength = archive.readUInt16LE(at + 28);
		const local = archive.readUInt32LE(at + 42);
		const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
		// The local header repeats what the central directory says (APPNOTE.TXT 4.3.7).
		if (archive.readUInt32LE(local) !== 0x04034b50) throw new Error('no local file header');
		const repeated = [archive.readUInt16LE(local + 8), archive.readUInt32LE(local + 14), archive.readUInt32LE(local + 18), archive.readUInt32LE(local + 22)];
		if (repeated.join() !== [method, crc, size, archive.readUInt32LE(at + 24)].join()) throw new Error(`local header of ${name} differs`);
		const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
		const data = archive.subarray(dataAt, dataAt + size);
		const content = method === 8 ? inflateRawSync(data) : Buffer.from(data);
		if (crc32(content) !== crc) throw new Error(`CRC-32 of ${name} does not match`);
		entries.push({ name, method, content });
		at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
	}
	return entries;
}
const linesOf = (content: Buffer) => content.toString('utf8').split('\r\n');

/** The export's header lines as public clients read them from SUNAT's real files (docs/sunat-sire-api.md, "The files"). */
const RVIE_HEADER =
	'Ruc|Razon Social|Periodo|CAR SUNAT|Fecha de emisión|Fecha Vcto/Pago|Tipo CP/Doc.|Serie del CDP|Nro CP o Doc. Nro Inicial (Rango)|Nro Final (Rango)|Tipo Doc Identidad|Nro Doc Identidad|Apellidos Nombres/ Razón Social|Valor Facturado Exportación|BI Gravada|Dscto BI|IGV / IPM|Dscto IGV / IPM|Mto Exonerado|Mto Inafecto|ISC|BI Grav IVAP|IVAP|ICBPER|Otros Tributos|Total CP|Moneda|Tipo Cambio|Fecha Emisión Doc Modificado|Tipo CP Modificado|Serie CP Modificado|Nro CP Modificado|ID Proyecto Operadores Atribución|Tipo de Nota|Est. Comp|Valor FOB Embarcado|Valor OP Gratuitas|Tipo Operación|DAM / CP|CLU';
const RCE_HEADER =
	'RUC|Apellidos y Nombres o Razón social|Periodo|CAR SUNAT|Fecha de emisión|Fecha Vcto/Pago|Tipo CP/Doc.|Serie del CDP|Año|Nro CP o Doc. Nro Inicial (Rango)|Nro Final (Rango)|Tipo Doc Identidad|Nro Doc Identidad|Apellidos Nombres/ Razón  Social|BI Gravado DG|IGV / IPM DG|BI Gravado DGNG|IGV / IPM DGNG|BI Gravado DNG|IGV / IPM DNG|Valor Adq. NG|ISC|ICBPER|Otros Trib/ Cargos|Total CP|Moneda|Tipo de Cambio|Fecha Emisión Doc Modificado|Tipo CP Modificado|Serie CP Modificado|COD. DAM O DSI|Nro CP Modificado|Clasif de Bss y Sss|ID Proyecto Operadores|PorcPart|IMB|CAR Orig/ Ind E o I|Detracción|Tipo de Nota|Est. Comp.|Incal|' +
	Array.from({ length: 39 }, (_, i) => `CLU${i + 1}`).join('|');

const refused = (cod: string, msg: string) => ({
	cod: '422',
	msg: 'Unprocessable Entity - Se presentaron errores de validacion que impidieron completar el Request',
	errors: [{ cod, msg }],
});
const REFUSED_1070 = refused('1070', 'No se ha encontrado información de comprobantes de pago en Periodo Seleccionado');

describe('SIRE fake: the token', () => {
	it('gives a token for the password grant with the RUC and SOL user, and records the request', async () => {
		expect(await token()).toEqual({ status: 200, body: { access_token: 'fake-sire-token-1', token_type: 'JWT', expires_in: 3600 } });
		expect(fake.tokenRequests()).toHaveLength(1);
		expect(fake.tokenRequests()[0]).toMatchObject({
			method: 'POST',
			path: `/v1/clientessol/${C.clientId}/oauth2/token/`,
			query: {},
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: form(),
			status: 200,
		});
	});

	it('refuses an unknown client, a wrong secret, a client without SIRE access, a wrong SOL user or password and a body that is not a form, each its own way', async () => {
		const unknownClient = { status: 400, body: { error: 'invalid_client', error_description: 'El cliente no existe' } };
		expect(await token(form({ client_id: 'nope' }), 'nope')).toEqual(unknownClient);
		// A known client in the path and another in the form is no client either.
		expect(await token(form({ client_id: 'nope' }))).toEqual(unknownClient);
		expect(await token(form({ client_secret: 'x' }))).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'Credenciales del cliente inválidas' } });
		fake.clients.set('no-sire', { secret: 's', ruc: C.ruc, solUser: C.solUser, solPassword: C.solPassword, sireAccess: false });
		expect(await token(form({ client_id: 'no-sire', client_secret: 's' }), 'no-sire')).toEqual({
			status: 400,
			body: { error: 'unauthorized_client', error_description: 'Cliente no autorizado' },
		});
		const wrongUser = { status: 400, body: { error: 'invalid_grant', error_description: 'Usuario o contraseña incorrectos' } };
		expect(await token(form({ username: `${C.ruc}OTRO` }))).toEqual(wrongUser);
		expect(await token(form({ username: C.solUser }))).toEqual(wrongUser);
		expect(await token(form({ password: 'x' }))).toEqual(wrongUser);
		expect(await token(form({ grant_type: 'client_credentials' }))).toEqual({ status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant_type no soportado' } });
		expect(await token(form({ scope: 'https://api.sunat.gob.pe' }))).toEqual({ status: 400, body: { error: 'invalid_scope', error_description: 'scope no válido' } });
		expect(await token(JSON.stringify(Object.fromEntries(new URLSearchParams(form()))), C.clientId, 'application/json')).toEqual({
			status: 400,
			body: { error: 'invalid_request', error_description: 'El cuerpo debe ser application/x-www-form-urlencoded' },
		});
	});

	it('answers 401 to a missing, unknown or expired token', async () => {
		const unauthorized = { status: 401, body: { cod: '401', msg: 'No autorizado' } };
		const response = await fetch(`${fake.url}/v1/contribuyente/migeigv/libros/rvierce/padron/web/omisos/140000/periodos`);
		expect({ status: response.status, body: await response.json() }).toEqual(unauthorized);
		bearer = 'fake-sire-token-99';
		expect(await api('/rvierce/padron/web/omisos/140000/periodos')).toMatchObject(unauthorized);
		bearer = '';
		expect((await api('/rvierce/padron/web/omisos/140000/periodos')).status).toBe(200);
		fake.expireTokens();
		expect(await api('/rvierce/padron/web/omisos/140000/periodos')).toMatchObject(unauthorized);
	});
});

describe('SIRE fake: periods', () => {
	it("lists a book's periods by year, newest first, with their states; an unknown book is 1161", async () => {
		const listed = await api('/rvierce/padron/web/omisos/080000/periodos');
		expect(listed.status).toBe(200);
		expect(listed.body).toEqual([
			{
				numEjercicio: '2025',
				desEstado: 'Pendiente',
				lisPeriodos: [
					{ perTributario: '202504', codEstado: '02', desEstado: 'Pendiente' },
					{ perTributario: '202503', codEstado: '01', desEstado: 'Presentado' },
					{ perTributario: '202502', codEstado: '01', desEstado: 'Presentado' },
					{ perTributario: '202501', codEstado: '01', desEstado: 'Presentado' },
				],
			},
		]);
		fake.setPeriod(RVIE, '202412', { receipts: 1, state: { codEstado: '01', desEstado: 'Presentado' } });
		expect(((await api('/rvierce/padron/web/omisos/140000/periodos')).body as Array<{ numEjercicio: string; desEstado: string }>).map(({ numEjercicio, desEstado }) => [numEjercicio, desEstado])).toEqual([
			['2025', 'Pendiente'],
			['2024', 'Presentado'],
		]);
		expect(await api('/rvierce/padron/web/omisos/140400/periodos')).toMatchObject({ status: 422, body: refused('1161', 'Código de Libro no permitido o no válido') });
	});
});

describe('SIRE fake: export, ticket and file', () => {
	it('exports the RCE proposal: a ticket processing once, then Terminado with its file, a ZIP of the TXT', async () => {
		expect(await api(EXPORTS[RCE]('202503'))).toMatchObject({ status: 200, body: { numTicket: '20260300000001' } });
		expect((await ticketQuery('20260300000001', '202503')).body).toEqual({
			paginacion: { page: 1, perPage: 20, totalRegistros: 1 },
			registros: [
				{
					showReporteDescarga: '0',
					perTributario: '202503',
					numTicket: '20260300000001',
					fecCargaImportacion: null,
					fecInicioProceso: '2026-12-07',
					codProceso: '10',
					desProceso: 'Generar archivo exportar propuesta',
					codEstadoProceso: '05',
					desEstadoProceso: 'En proceso',
					nomArchivoImportacion: '',
					detalleTicket: {
						numTicket: '20260300000001',
						fecCargaImportacion: '2026-12-07',
						horaCargaImportacion: '10:00:00',
						codEstadoEnvio: '05',
						desEstadoEnvio: 'En proceso',
						nomArchivoReporte: null,
						cntFilasvalidada: 0,
						cntCPError: 0,
						cntCPInformados: 0,
					},
					archivoReporte: [],
				},
			],
		});
		const name = '000000000020260300000001__LE201000666032025030008040001EXP2.zip';
		const entry = await ticketEntry('20260300000001', '202503');
		expect(entry).toMatchObject({
			showReporteDescarga: '1',
			codEstadoProceso: '06',
			desEstadoProceso: 'Terminado',
			detalleTicket: { codEstadoEnvio: '06', desEstadoEnvio: 'Terminado', nomArchivoReporte: name },
			archivoReporte: [{ codTipoAchivoReporte: null, nomArchivoReporte: name, nomArchivoContenido: 'LE201000666032025030008040001EXP2.txt' }],
		});
		const file = await download(entry, RCE);
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('application/octet-stream');
		expect(fake.requests.at(-1)?.query).toEqual({
			nomArchivoReporte: name,
			codTipoArchivoReporte: 'null',
			codLibro: '080000',
			perTributario: '202503',
			codProceso: '10',
			numTicket: '20260300000001',
		});
		const entries = unzip(file.bytes);
		expect(entries.map(({ name: entryName, method }) => [entryName, method])).toEqual([['LE201000666032025030008040001EXP2.txt', 8]]);
		const content = entries[0].content;
		expect(content.subarray(0, 3)).toEqual(BOM);
		const lines = linesOf(content);
		expect(lines[0]).toBe(`\ufeff${RCE_HEADER}`);
		expect(headerLine(RCE)).toBe(RCE_HEADER);
		expect(lines[0].split('|')).toHaveLength(80);
		expect(lines[1]).toBe(
			'20100066603|EMPRESA SANDBOX S.A.C.|202503|2013131295501F0010000000123|14/03/2025||01|F001||123||6|20131312955|CORPORACION ACEROS AREQUIPA S.A.|1000.42|180.08|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|1180.50|PEN|1.000|||||||||0.00||||1|0' +
				'|'.repeat(39),
		);
		expect(lines[1].split('|')).toHaveLength(80);
		expect(lines).toHaveLength(7);
		expect(lines.at(-1)).toBe('');
	});

	it('exports the RVIE proposal stored, with as many generated rows as asked, LF-ended and without a BOM when told', async () => {
		fake.options.zipMethod = 'stored';
		fake.options.txt = { lineEnding: '\n', bom: false };
		fake.setPeriod(RVIE, '202511', { receipts: 3 });
		const [entry] = unzip((await proposalFile(RVIE, '202511')).bytes);
		expect(entry.method).toBe(0);
		expect(entry.name).toBe('LE201000666032025110014040001EXP2.txt');
		const lines = entry.content.toString('utf8').split('\n');
		expect(lines.slice(0, 2)).toEqual([
			RVIE_HEADER,
			'20100066603|EMPRESA SANDBOX S.A.C.|202511|2010006660301F0010000000001|01/11/2025||01|F001|1||6|20131312955|CORPORACION ACEROS AREQUIPA S.A.|0|100.00|0|18.00|0|0|0|0|0|0|0|0|118.00|PEN|1.000|||||||1|0|0|0101||',
		]);
		expect(lines[0].split('|')).toHaveLength(40);
		expect(lines).toHaveLength(5);
		expect(generatedRow(RVIE, '202511', 1)).toMatchObject({ numCDP: '2', fecEmision: '02/11/2025', mtoBIGravada: '179.19', mtoIGV: '32.25', mtoTotalCP: '211.44' });
	});

	it('writes a 20,000-receipt proposal, one line per receipt', async () => {
		fake.setPeriod(RCE, '202510', { receipts: 20_000 });
		const [entry] = unzip((await proposalFile(RCE, '202510')).bytes);
		const lines = linesOf(entry.content);
		expect(lines).toHaveLength(20_002);
		expect(lines[20_000].split('|').slice(6, 10)).toEqual(['01', 'F001', '', '20000']);
	});

	it('answers codTipoArchivo 1 with the same lines in a .csv entry', async () => {
		fake.options.processingQueries = 0;
		const { body } = await api('/rce/propuesta/web/propuesta/202502/exportacioncomprobantepropuesta?codTipoArchivo=1&codOrigenEnvio=2');
		const entry = await ticketEntry((body as { numTicket: string }).numTicket, '202502');
		expect(entry.archivoReporte[0].nomArchivoContenido).toBe('LE201000666032025020008040001EXP2.csv');
		expect(linesOf(unzip((await download(entry, RCE)).bytes)[0].content)).toHaveLength(3);
	});

	it("refuses an export's malformed or future period, its missing or unknown file type and, for the RCE, an origin other than 2", async () => {
		expect(await api(EXPORTS[RVIE]('2025-03'))).toMatchObject({ status: 422, body: refused('1006', 'Formato de perTributario no cumple con el formato ‘yyyymm’') });
		expect(await api(EXPORTS[RCE]('202513'))).toMatchObject({ status: 422, body: refused('1006', 'Formato de perTributario no cumple con el formato ‘yyyymm’') });
		expect(await api(EXPORTS[RCE]('202701'))).toMatchObject({ status: 422, body: refused('1007', 'El perTributario de búsqueda no debe ser mayor a la fecha actual') });
		expect(await api('/rvie/propuesta/web/propuesta/202503/exportapropuesta')).toMatchObject({ status: 422, body: refused('1061', 'El campo "codTipoArchivo" es nulo o vacío') });
		expect(await api('/rvie/propuesta/web/propuesta/202503/exportapropuesta?codTipoArchivo=5')).toMatchObject({ status: 422, body: refused('1059', 'Código tipo de Archivo no permitido o no valido') });
		const rce = '/rce/propuesta/web/propuesta/202503/exportacioncomprobantepropuesta?codTipoArchivo=0';
		expect(await api(rce)).toMatchObject({ status: 422, body: refused('1028', 'El campo “codOrigenEnvio” no enviado o es vacío') });
		expect(await api(`${rce}&codOrigenEnvio=1`)).toMatchObject({ status: 422, body: refused('1029', 'Código tipo de Origen de Envio no permitido o no valido') });
		expect(fake.tickets.all).toEqual([]);
	});
});

describe('SIRE fake: empty periods', () => {
	it('refuses an empty period at export with 1070, or with 1518 when told', async () => {
		expect(await api(EXPORTS[RVIE]('202504'))).toMatchObject({ status: 422, body: REFUSED_1070 });
		expect(await api(EXPORTS[RCE]('202411'))).toMatchObject({ status: 422, body: REFUSED_1070 });
		fake.setPeriod(RCE, '202411', { empty: 'refuse1518' });
		expect(await api(EXPORTS[RCE]('202411'))).toMatchObject({ status: 422, body: refused('1518', 'No existen documentos para exportar') });
	});

	it('or answers it with a Terminado ticket whose file holds only a BOM', async () => {
		const file = await proposalFile(RCE, '202504');
		expect(unzip(file.bytes)).toEqual([{ name: 'LE201000666032025040008040001EXP2.txt', method: 8, content: BOM }]);
	});
});

describe("SIRE fake: a ticket's life", () => {
	it('stays processing for the queries it is told, in the state it is told, then ends ready', async () => {
		fake.nextTickets({ processingQueries: 2, processingState: ['07', 'Estado no documentado'] });
		const numTicket = await exportTicket(RVIE, '202503');
		const states = [];
		for (let i = 0; i < 3; i++) {
			const entry = await ticketEntry(numTicket, '202503');
			states.push([entry.codEstadoProceso, entry.desEstadoProceso, entry.archivoReporte.length]);
		}
		expect(states).toEqual([
			['07', 'Estado no documentado', 0],
			['07', 'Estado no documentado', 0],
			['06', 'Terminado', 1],
		]);
	});

	it("fails with SUNAT's words, and a failed ticket has no file", async () => {
		fake.nextTickets({ processingQueries: 0, outcome: 'failed', failure: 'Error al generar el archivo de la propuesta' });
		const entry = await ticketEntry(await exportTicket(RCE, '202503'), '202503');
		expect(entry).toMatchObject({
			codEstadoProceso: '03',
			desEstadoProceso: 'Procesado con Errores',
			detalleTicket: { codEstadoEnvio: '03', desEstadoEnvio: 'Error al generar el archivo de la propuesta', cntCPError: 1 },
			archivoReporte: [],
		});
		expect((await api(`/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte?nomArchivoReporte=${fake.tickets.all[0].reportName}&codTipoArchivoReporte=null&codLibro=080000&perTributario=202503&codProceso=10&numTicket=${entry.numTicket}`)).status).toBe(404);
	});

	it('ends empty (a BOM-only file although the period has receipts) or Terminado with no file listed', async () => {
		fake.nextTickets({ processingQueries: 0, outcome: 'empty' }, { processingQueries: 0, outcome: 'noFile' });
		const empty = await ticketEntry(await exportTicket(RVIE, '202503'), '202503');
		expect(unzip((await download(empty, RVIE)).bytes)[0].content).toEqual(BOM);
		const noFile = await ticketEntry(await exportTicket(RVIE, '202503'), '202503');
		expect([noFile.codEstadoProceso, noFile.desEstadoProceso, noFile.archivoReporte]).toEqual(['06', 'Terminado', []]);
	});

	it('pages the tickets of a period range, and finds a named ticket only within its period', async () => {
		fake.options.processingQueries = 0;
		for (const period of ['202501', '202502', '202503']) await exportTicket(RCE, period);
		const page = await api('/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets?perIni=202501&perFin=202503&page=2&perPage=2');
		expect((page.body as { paginacion: unknown }).paginacion).toEqual({ page: 2, perPage: 2, totalRegistros: 3 });
		expect((page.body as { registros: TicketEntry[] }).registros.map((entry) => entry.numTicket)).toEqual(['20260300000003']);
		expect((await ticketQuery('20260300000003', '202501')).body).toEqual({ paginacion: { page: 1, perPage: 20, totalRegistros: 0 }, registros: [] });
	});

	it("refuses a ticket query without its periods or paging, or with a malformed ticket number", async () => {
		const route = '/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets';
		expect(await api(`${route}?perFin=202503&page=1&perPage=20`)).toMatchObject({ status: 422, body: refused('1067', 'El campo “perIni” no enviado o es vacío') });
		expect(await api(`${route}?perIni=202503&page=1&perPage=20`)).toMatchObject({ status: 422, body: refused('1071', 'El campo “perFin” no enviado o es vacío') });
		expect(await api(`${route}?perIni=202503&perFin=202503&perPage=20`)).toMatchObject({ status: 422, body: refused('1076', "El campo 'page' no enviado o es vacío") });
		expect(await api(`${route}?perIni=202503&perFin=202503&page=1`)).toMatchObject({ status: 422, body: refused('1079', "El campo 'perPage' no enviado o es vacío") });
		expect(await api(`${route}?perIni=202503&perFin=202503&page=1&perPage=20&numTicket=T1`)).toMatchObject({
			status: 422,
			body: refused('1052', 'Formato no permitido o no valido para el número de Ticket'),
		});
	});
});

describe('SIRE fake: the download', () => {
	it("wants the six parameters of the manuals since version 24 (500 without one), or the two of version 22 when told", async () => {
		fake.options.processingQueries = 0;
		const entry = await ticketEntry(await exportTicket(RCE, '202503'), '202503');
		const name = entry.archivoReporte[0].nomArchivoReporte;
		const route = '/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte';
		expect(await api(`${route}?nomArchivoReporte=${name}&codTipoArchivoReporte=null&codLibro=080000&perTributario=202503&codProceso=10`)).toMatchObject({ status: 500, body: INTERNAL_ERROR });
		expect(await api(`${route}?codTipoArchivoReporte=null`)).toMatchObject({ status: 422, body: refused('1134', 'El campo “nomArchivoReporte” no enviado o es vacío') });
		expect(await api(`${route}?nomArchivoReporte=${name}`)).toMatchObject({ status: 422, body: refused('2278', "El campo 'codTipoArchivoReporte' no enviado o es vacío") });
		fake.options.downloadParams = 'v22';
		const file = await api(`${route}?nomArchivoReporte=${name}&codTipoArchivoReporte=null`);
		expect(file.status).toBe(200);
		expect(linesOf(unzip(file.bytes)[0].content)).toHaveLength(7);
		expect(await api(`${route}?nomArchivoReporte=otro.zip&codTipoArchivoReporte=null`)).toMatchObject({ status: 404, body: { cod: '404', msg: 'Recurso no encontrado' } });
	});

	it('answers a broken archive once when told: cut short, with a wrong CRC-32, or not a ZIP', async () => {
		fake.options.processingQueries = 0;
		const entry = await ticketEntry(await exportTicket(RCE, '202503'), '202503');
		const whole = (await download(entry, RCE)).bytes;
		fake.breakNextDownload('truncated');
		const truncated = (await download(entry, RCE)).bytes;
		expect(truncated).toEqual(whole.subarray(0, Math.floor(whole.length / 2)));
		expect(() => unzip(truncated)).toThrow('no end of central directory');
		fake.breakNextDownload('badCrc');
		const badCrc = (await download(entry, RCE)).bytes;
		expect(() => unzip(badCrc)).toThrow('CRC-32 of LE201000666032025030008040001EXP2.txt does not match');
		fake.breakNextDownload('notZip');
		expect((await download(entry, RCE)).bytes.toString('utf8')).toBe('<html><body>Error interno</body></html>');
		expect((await download(entry, RCE)).bytes).toEqual(whole);
	});
});

describe('SIRE fake: acceptance and summary', () => {
	it('accepts the RVIE proposal (aceptapropuesta) and the RCE one (aceptarpropuesta), each with a ticket that ends Terminado without a file', async () => {
		fake.options.processingQueries = 0;
		const rvie = await api('/rvie/propuesta/web/propuesta/202503/aceptapropuesta', { method: 'POST' });
		expect(rvie).toMatchObject({ status: 200, body: { numTicket: '20260300000001' } });
		const rce = await api('/rce/propuesta/web/registroslibros/202503/aceptarpropuesta', { method: 'POST' });
		expect(rce).toMatchObject({ status: 200, body: { numTicket: '20260300000002' } });
		expect(await ticketEntry('20260300000001', '202503')).toMatchObject({ codProceso: '2', desProceso: 'Aceptar propuesta', codEstadoProceso: '06', desEstadoProceso: 'Terminado', archivoReporte: [] });
		expect([...fake.accepted]).toEqual(['140000:202503', '080000:202503']);
		expect(await api('/rvie/propuesta/web/propuesta/202701/aceptapropuesta', { method: 'POST' })).toMatchObject({ status: 422, body: refused('1007', 'El perTributario de búsqueda no debe ser mayor a la fecha actual') });
		expect(fake.accepted.size).toBe(2);
	});

	it("answers a period's summary as pipe-separated text by receipt type, with its total", async () => {
		const rce = await api('/rvierce/resumen/web/resumencomprobantes/202503/1/0/exporta?codLibro=080000');
		expect(rce.status).toBe(200);
		expect(rce.bytes.toString('utf8')).toBe(
			[
				'Tipo de Documento|Total Documentos|BI Gravado DG|IGV / IPM DG|BI Gravado DGNG|IGV / IPM DGNG|BI Gravado DNG|IGV / IPM DNG|Valor Adq. NG|ISC|ICBPER|Otros Trib/ Cargos|Total CP',
				'01-Factura|5|2711.36|488.04|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|3199.40',
				'TOTAL |5|2711.36|488.04|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|3199.40',
				'',
			].join('\n'),
		);
		const rvie = (await api('/rvierce/resumen/web/resumencomprobantes/202503/1/0/exporta?codLibro=140000')).bytes.toString('utf8').split('\n');
		expect(rvie.slice(1)).toEqual(['01-Factura|2|0.00|3600.00|0.00|648.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|4248.00', '03-Boleta de Venta|1|0.00|101.69|0.00|18.31|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|120.00', 'TOTAL |3|0.00|3701.69|0.00|666.31|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|4368.00', '']);
		expect(await api('/rvierce/resumen/web/resumencomprobantes/202504/1/0/exporta?codLibro=080000')).toMatchObject({ status: 422, body: REFUSED_1070 });
		expect(await api('/rvierce/resumen/web/resumencomprobantes/202503/1/0/exporta')).toMatchObject({ status: 422, body: refused('1161', 'Código de Libro no permitido o no válido') });
		expect(await api('/rvierce/resumen/web/resumencomprobantes/202503/9/0/exporta?codLibro=080000')).toMatchObject({
			status: 422,
			body: refused('1056', 'Solo se permite dato numérico de 1 dígito para el codTipoResumen'),
		});
	});
});

describe('SIRE fake: what it does to every request', () => {
	it("answers a route the API lacks with nginx's 500 page", async () => {
		const answer = await api('/rvie/propuesta/web/propuesta/202503/exportacioncomprobantepropuesta?codTipoArchivo=0');
		expect([answer.status, answer.headers.get('content-type'), answer.bytes.toString('utf8')]).toEqual([500, 'text/html', nginxHtml(500, 'Internal Server Error')]);
	});

	it('answers 429 to the next API requests it is told, with or without Retry-After, never to the token service', async () => {
		await token();
		fake.tooManyRequests(2, 7);
		const first = await api('/rvierce/padron/web/omisos/080000/periodos');
		expect([first.status, first.headers.get('retry-after'), first.bytes.toString('utf8')]).toEqual([429, '7', nginxHtml(429, 'Too Many Requests')]);
		expect((await token()).status).toBe(200);
		expect((await api('/rvierce/padron/web/omisos/080000/periodos')).status).toBe(429);
		expect((await api('/rvierce/padron/web/omisos/080000/periodos')).status).toBe(200);
		fake.tooManyRequests(1);
		const bare = await api('/rvierce/padron/web/omisos/080000/periodos');
		expect([bare.status, bare.headers.get('retry-after')]).toEqual([429, null]);
		expect(fake.apiRequests().map((request) => request.status)).toEqual([429, 429, 200, 429]);
	});

	it('answers an injected failure once, with the headers given, and records what every request carried', async () => {
		fake.failNext('/periodos', { status: 503, text: '<html>Servicio no disponible</html>', headers: { 'retry-after': '30' } }, { status: 429, body: { cod: '429' }, headers: { 'retry-after': '5' } });
		const failed = await api('/rvierce/padron/web/omisos/080000/periodos');
		expect([failed.status, failed.headers.get('retry-after'), failed.bytes.toString('utf8')]).toEqual([503, '30', '<html>Servicio no disponible</html>']);
		const refused = await api('/rvierce/padron/web/omisos/080000/periodos');
		expect([refused.status, refused.headers.get('retry-after'), refused.headers.get('content-type'), refused.body]).toEqual([429, '5', 'application/json;charset=UTF-8', { cod: '429' }]);
		expect((await api('/rvierce/padron/web/omisos/080000/periodos')).status).toBe(200);
		expect(fake.apiRequests()[0]).toMatchObject({
			method: 'GET',
			path: '/v1/contribuyente/migeigv/libros/rvierce/padron/web/omisos/080000/periodos',
			query: {},
			headers: { authorization: 'Bearer fake-sire-token-1', accept: 'application/json' },
			body: '',
			status: 503,
		});
	});

	it('answers the same after a latency', async () => {
		const slow = await startSireFake({ now: NOW, latencyMs: 5 });
		try {
			const response = await fetch(`${slow.url}/v1/clientessol/${C.clientId}/oauth2/token/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form() });
			expect(await response.json()).toEqual({ access_token: 'fake-sire-token-1', token_type: 'JWT', expires_in: 3600 });
		} finally {
			await slow.close();
		}
	});
});
