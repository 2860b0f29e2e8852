// The SIRE fake answers as docs/sunat-sire-api.md says SUNAT's SIRE API does, told with plain HTTP;
// its archives are opened with node:zlib and a ZIP reader written here from APPNOTE.TXT.
import { inflateRawSync } from 'node:zlib';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { BOM, crc32, generatedRow, headerLine, RCE, RVIE, SANDBOX_SIRE_CLIENT, SIRE_SCOPE, startSireFake, type SireFake } from '../../../fakes/sire';

const NOW = new Date('2026-12-07T10:00:00Z');
let fake: SireFake;
beforeAll(async () => {
	fake = await startSireFake({ now: NOW });
});
beforeEach(() => {
	fake.reset();
	fake.options.zipMethod = undefined;
	fake.options.processingQueries = undefined;
	fake.options.txt = undefined;
});
afterAll(async () => {
	await fake.close();
});

const C = SANDBOX_SIRE_CLIENT;
const form = (changes: Record<string, string> = {}) =>
	new URLSearchParams({ grant_type: 'password', scope: SIRE_SCOPE, client_id: C.clientId, client_secret: C.clientSecret, username: `${C.ruc}${C.solUser}`, password: C.solPassword, ...changes }).toString();

async function token(body = form(), clientId = C.clientId) {
	const response = await fetch(`${fake.url}/v1/clientessol/${clientId}/oauth2/token/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
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
beforeEach(() => {
	bearer = '';
});

const ticketQuery = (numTicket: string, period = '202503') => api(`/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets?perIni=${period}&perFin=${period}&page=1&perPage=20&numTicket=${numTicket}`);
const download = (name: string, extra = '') => api(`/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte?nomArchivoReporte=${encodeURIComponent(name)}&codTipoArchivoReporte=null${extra}`);

/** The entries of a ZIP, read through its central directory (APPNOTE.TXT 4.3.16, 4.3.12, 4.3.7), checking each CRC-32. */
function unzip(archive: Buffer): Array<{ name: string; method: number; content: Buffer }> {
	const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	expect(end).toBeGreaterThanOrEqual(0);
	const count = archive.readUInt16LE(end + 10);
	let at = archive.readUInt32LE(end + 16);
	const entries = [];
	for (let i = 0; i < count; i++) {
		expect(archive.readUInt32LE(at)).toBe(0x02014b50);
		const method = archive.readUInt16LE(at + 10);
		const crc = archive.readUInt32LE(at + 16);
		const size = archive.readUInt32LE(at + 20);
		const nameLength = archive.readUInt16LE(at + 28);
		const local = archive.readUInt32LE(at + 42);
		const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
		const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
		const data = archive.subarray(dataAt, dataAt + size);
		const content = method === 8 ? inflateRawSync(data) : Buffer.from(data);
		expect(crc32(content)).toBe(crc);
		entries.push({ name, method, content });
		at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
	}
	return entries;
}

const REFUSED_1070 = {
	cod: '422',
	msg: 'Unprocessable Entity - Se presentaron errores de validacion que impidieron completar el Request',
	errors: [{ cod: '1070', msg: 'No se ha encontrado información de comprobantes de pago en Periodo Seleccionado' }],
};

describe('SIRE fake: the token', () => {
	it('gives a token for the password grant with the RUC and SOL user', async () => {
		expect(await token()).toEqual({ status: 200, body: { access_token: 'fake-sire-token-1', token_type: 'JWT', expires_in: 3600 } });
		expect(fake.tokenRequests()[0]).toMatchObject({ method: 'POST', path: `/v1/clientessol/${C.clientId}/oauth2/token/`, body: form() });
	});

	it('refuses an unknown client, a wrong secret, a client without SIRE access and a wrong SOL user or password, each its own way', async () => {
		expect(await token(form({ client_id: 'nope' }), 'nope')).toEqual({ status: 400, body: { error: 'invalid_client', error_description: 'El cliente no existe' } });
		expect(await token(form({ client_secret: 'x' }))).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'Credenciales del cliente inválidas' } });
		fake.clients.set('no-sire', { secret: 's', ruc: C.ruc, solUser: C.solUser, solPassword: C.solPassword, sireAccess: false });
		expect(await token(form({ client_id: 'no-sire', client_secret: 's' }), 'no-sire')).toEqual({ status: 400, body: { error: 'unauthorized_client', error_description: 'Cliente no autorizado' } });
		const wrongUser = { status: 400, body: { error: 'invalid_grant', error_description: 'Usuario o contraseña incorrectos' } };
		expect(await token(form({ username: `${C.ruc}OTRO` }))).toEqual(wrongUser);
		expect(await token(form({ password: 'x' }))).toEqual(wrongUser);
		expect((await token(form({ grant_type: 'client_credentials' }))).body.error).toBe('unsupported_grant_type');
		expect((await token(form({ scope: 'https://api.sunat.gob.pe' }))).body.error).toBe('invalid_scope');
	});

	it('answers 401 to a missing, unknown or expired token', async () => {
		const unauthorized = { cod: '401', msg: 'No autorizado' };
		const response = await fetch(`${fake.url}/v1/contribuyente/migeigv/libros/rvierce/padron/web/omisos/140000/periodos`);
		expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body: unauthorized });
		bearer = 'fake-sire-token-99';
		expect(await api('/rvierce/padron/web/omisos/140000/periodos')).toMatchObject({ status: 401, body: unauthorized });
		bearer = '';
		expect((await api('/rvierce/padron/web/omisos/140000/periodos')).status).toBe(200);
		fake.expireTokens();
		expect(await api('/rvierce/padron/web/omisos/140000/periodos')).toMatchObject({ status: 401, body: unauthorized });
	});
});

describe('SIRE fake: periods', () => {
	it("lists a book's periods by year, newest first, with their states", async () => {
		expect(await api('/rvierce/padron/web/omisos/080000/periodos')).toMatchObject({
			status: 200,
			body: [
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
			],
		});
		expect((await api('/rvierce/padron/web/omisos/999999/periodos')).body).toEqual({
			cod: '422',
			msg: 'Unprocessable Entity - Se presentaron errores de validacion que impidieron completar el Request',
			errors: [{ cod: '1161', msg: 'Código de Libro no permitido o no válido' }],
		});
	});
});

describe('SIRE fake: export, ticket, file', () => {
	it('exports the RCE proposal: a ticket processing once, then Terminado with its file, a ZIP of the TXT', async () => {
		const exported = await api('/rce/propuesta/web/propuesta/202503/exportacioncomprobantepropuesta?codTipoArchivo=0&codOrigenEnvio=2');
		expect(exported).toMatchObject({ status: 200, body: { numTicket: '20260300000001' } });
		const processing = await ticketQuery('20260300000001');
		expect(processing.body).toEqual({
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
		const ready = (await ticketQuery('20260300000001')).body as { registros: Array<Record<string, unknown>> };
		expect(ready.registros[0]).toMatchObject({
			showReporteDescarga: '1',
			codEstadoProceso: '06',
			desEstadoProceso: 'Terminado',
			detalleTicket: { codEstadoEnvio: '06', desEstadoEnvio: 'Terminado', nomArchivoReporte: name },
			archivoReporte: [{ codTipoAchivoReporte: null, nomArchivoReporte: name, nomArchivoContenido: 'LE201000666032025030008040001EXP2.txt' }],
		});
		const file = await download(name, '&codLibro=080000&perTributario=202503&codProceso=10&numTicket=20260300000001');
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('application/octet-stream');
		const [entry, ...more] = unzip(file.bytes);
		expect(more).toEqual([]);
		expect(entry.name).toBe('LE201000666032025030008040001EXP2.txt');
		expect(entry.method).toBe(8);
		const lines = entry.content.toString('utf8').split('\r\n');
		expect(entry.content.subarray(0, 3)).toEqual(BOM);
		expect(lines[0]).toBe(`\ufeff${headerLine(RCE)}`);
		expect(lines[0].split('|')).toHaveLength(80);
		expect(lines[1]).toBe(
			'20100066603|EMPRESA SANDBOX S.A.C.|202503|2013131295501F0010000000123|14/03/2025||01|F001||123||6|20131312955|CORPORACION ACEROS AREQUIPA S.A.|1000.42|180.08|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|1180.50|PEN|1.000|||||||||0.00||||1|0' +
				'|'.repeat(39),
		);
		expect(lines.slice(2)).toHaveLength(5);
		expect(lines.at(-1)).toBe('');
		expect(fake.requests.at(-1)?.query).toEqual({
			nomArchivoReporte: name,
			codTipoArchivoReporte: 'null',
			codLibro: '080000',
			perTributario: '202503',
			codProceso: '10',
			numTicket: '20260300000001',
		});
	});

	it('exports the RVIE proposal stored, and generates as many rows as asked', async () => {
		fake.options.zipMethod = 'stored';
		fake.options.processingQueries = 0;
		fake.setPeriod(RVIE, '202511', { receipts: 3 });
		const { body } = await api('/rvie/propuesta/web/propuesta/202511/exportapropuesta?codTipoArchivo=0');
		const numTicket = (body as { numTicket: string }).numTicket;
		const ready = (await ticketQuery(numTicket, '202511')).body as { registros: Array<{ archivoReporte: Array<{ nomArchivoReporte: string }> }> };
		const [entry] = unzip((await download(ready.registros[0].archivoReporte[0].nomArchivoReporte)).bytes);
		expect(entry.method).toBe(0);
		const lines = entry.content.toString('utf8').replace(/^\ufeff/, '').split('\r\n');
		expect(lines.slice(0, 2)).toEqual([
			headerLine(RVIE),
			'20100066603|EMPRESA SANDBOX S.A.C.|202511|2010006660301F0010000000001|01/11/2025||01|F001|1||6|20131312955|CORPORACION ACEROS AREQUIPA S.A.|0|100.00|0|18.00|0|0|0|0|0|0|0|0|118.00|PEN|1.000|||||||1|0|0|0101||',
		]);
		expect(lines).toHaveLength(5);
		expect(generatedRow(RVIE, '202511', 1)).toMatchObject({ numCDP: '2', fecEmision: '02/11/2025', mtoBIGravada: '179.19', mtoIGV: '32.25', mtoTotalCP: '211.44' });
	});

	it('tells an empty period either way: 1070 at export, or a Terminado ticket whose file holds only a BOM', async () => {
		expect(await api('/rvie/propuesta/web/propuesta/202504/exportapropuesta?codTipoArchivo=0')).toMatchObject({ status: 422, body: REFUSED_1070 });
		fake.options.processingQueries = 0;
		const { body } = await api('/rce/propuesta/web/propuesta/202504/exportacioncomprobantepropuesta?codTipoArchivo=0&codOrigenEnvio=2');
		const numTicket = (body as { numTicket: string }).numTicket;
		const ready = (await ticketQuery(numTicket, '202504')).body as { registros: Array<{ codEstadoProceso: string; archivoReporte: Array<{ nomArchivoReporte: string }> }> };
		expect(ready.registros[0].codEstadoProceso).toBe('06');
		const [entry] = unzip((await download(ready.registros[0].archivoReporte[0].nomArchivoReporte)).bytes);
		expect(entry.content).toEqual(BOM);
	});
});
