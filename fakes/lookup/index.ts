// A fake of the lookup API (MIGO API v2) on 127.0.0.1, behaving as the project's notes on the
// lookup API describe (docs/lookup-api.md): every route, Laravel-style error bodies, the 401 body
// without `success`, "-" placeholders, the stray-quote key of the real-time route, rates on
// business days only, and the routes beyond the seed (DNI, SUNAT's rate) in the shapes
// docs/lookup-api.md lists. Tests
// steer it: its clock, latency, failures, quota and rate limit. It records every request with the
// time it arrived.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const VALID_TOKEN = 'test-token-123';
/** A token whose plan lacks every route: 403. */
export const NO_PLAN_TOKEN = 'no-plan-token';

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	/** When the request arrived (its headers were read): ms on the `performance.now()` clock. */
	at: number;
}

/** How one injected failure answers. */
export type Failure =
	| { status: number; body?: unknown; contentType?: string; headers?: Record<string, string> }
	| { kind: 'html' | 'truncatedJson' | 'emptyBody' | 'successFalse' }
	| { kind: 'reset' | 'stall' };

export interface LookupFakeOptions {
	port?: number;
	/** Today's date in Lima (YYYY-MM-DD); rates exist up to it. Default: the real today in Lima. */
	today?: string;
	/** Delay before every answer. */
	latencyMs?: number;
	/** What the by-date route answers for a weekend or holiday: 404 (default) or the previous business day's rate. */
	nonBusinessDay?: '404' | 'previousBusinessDay';
	/** How the DNI route names a person: one `nombre` (default, seen) or given names and surnames apart (guessed). */
	personNames?: 'fullName' | 'split';
	/** Whether SUNAT's rate records carry `moneda` (a guess: by default they do not). */
	sunatStatesCurrency?: boolean;
	/** Longest range the history route accepts, in days (longer: 422). */
	maxHistoryDays?: number;
	/** Queries allowed before 403 "quota spent" (ruc-actividad counts 2). */
	quota?: number;
	/** Requests per second allowed before a bare 429 (no headers). */
	ratePerSecond?: number;
	/** The plans' fixed-window quota (see WindowQuota). */
	windowQuota?: WindowQuota;
	/** Every valid RUC exists (a generated taxpayer), except UNKNOWN_RUC: for runs of thousands of distinct RUCs. */
	everyValidRucExists?: boolean;
}

/**
 * The real plans' quota, as Laravel's throttle counts it: `budget` queries per window per route
 * family (legal representatives: half), a window opening at the first query (on a whole second)
 * and lasting `windowMs`; every answer carries X-RateLimit-Limit and -Remaining. Past the budget:
 * `laravel` answers 429 with Retry-After and X-RateLimit-Reset (epoch seconds), `bare` a 429
 * without any of those headers, `quota403` a 403 whose message says the quota is spent.
 */
export interface WindowQuota {
	budget: number;
	windowMs: number;
	refusal?: 'laravel' | 'bare' | 'quota403';
}

// ------------------------------------------------------------ data

const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
/** The fake's own RUC check (not the node's), so a shared mistake cannot hide. */
export function fakeRucIsValid(ruc: string): boolean {
	if (!/^(10|15|16|17|20)\d{9}$/.test(ruc)) return false;
	const sum = weights.reduce((total, weight, i) => total + weight * Number(ruc[i]), 0);
	return (11 - (sum % 11)) % 10 === Number(ruc[10]);
}

/** `count` distinct valid company RUCs (20 + 8 digits + check digit), for bulk runs with everyValidRucExists. */
export function manyRucs(count: number, from = 10_000_000): string[] {
	return Array.from({ length: count }, (_, n) => {
		const first = `20${String(from + n).padStart(8, '0')}`;
		const sum = weights.reduce((total, weight, i) => total + weight * Number(first[i]), 0);
		return `${first}${(11 - (sum % 11)) % 10}`;
	}).filter((ruc) => ruc !== UNKNOWN_RUC);
}

export const TAXPAYERS: Record<string, Record<string, string>> = {
	'20131312955': {
		ruc: '20131312955',
		nombre_o_razon_social: 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT',
		estado_del_contribuyente: 'ACTIVO',
		condicion_de_domicilio: 'HABIDO',
		ubigeo: '150101',
		tipo_de_via: 'AV.',
		nombre_de_via: 'GARCILASO DE LA VEGA',
		codigo_de_zona: '-',
		tipo_de_zona: '-',
		numero: '1472',
		interior: '-',
		lote: '-',
		dpto: '-',
		manzana: '-',
		kilometro: '-',
		distrito: 'LIMA',
		provincia: 'LIMA',
		departamento: 'LIMA',
		direccion_simple: 'AV. GARCILASO DE LA VEGA NRO. 1472',
		direccion: 'AV. GARCILASO DE LA VEGA NRO. 1472 LIMA - LIMA - LIMA',
		actualizado_en: '2026-11-20 03:12:45',
	},
	'20100070970': {
		ruc: '20100070970',
		nombre_o_razon_social: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA',
		estado_del_contribuyente: 'BAJA DE OFICIO',
		condicion_de_domicilio: 'NO HABIDO',
		ubigeo: '150131',
		tipo_de_via: 'CAL.',
		nombre_de_via: 'MORELLI',
		codigo_de_zona: '-',
		tipo_de_zona: '-',
		numero: '181',
		interior: '-',
		lote: '-',
		dpto: '-',
		manzana: '-',
		kilometro: '-',
		distrito: 'SAN BORJA',
		provincia: 'LIMA',
		departamento: 'LIMA',
		direccion_simple: 'CAL. MORELLI NRO. 181',
		direccion: 'CAL. MORELLI NRO. 181 LIMA - LIMA - SAN BORJA',
		actualizado_en: '2026-11-20 03:12:45',
	},
	'10123456781': {
		ruc: '10123456781',
		nombre_o_razon_social: 'PEREZ QUISPE JUAN CARLOS',
		estado_del_contribuyente: 'SUSPENSION TEMPORAL',
		condicion_de_domicilio: 'HABIDO',
		ubigeo: '-',
		tipo_de_via: '-',
		nombre_de_via: '-',
		codigo_de_zona: '-',
		tipo_de_zona: '-',
		numero: '-',
		interior: '-',
		lote: '-',
		dpto: '-',
		manzana: '-',
		kilometro: '-',
		distrito: '-',
		provincia: '-',
		departamento: '-',
		direccion_simple: '-',
		direccion: '-',
		actualizado_en: '2026-11-19 03:10:02',
	},
};

/** A valid RUC the registry does not know: 404. */
export const UNKNOWN_RUC = '20600000005';

/** People by DNI; 12345678 is the person inside RUC 10123456781. */
export const PEOPLE: Record<string, { nombres: string; apellido_paterno: string; apellido_materno: string }> = {
	'07289524': { nombres: 'LUIS ENRIQUE', apellido_paterno: 'MARTINEZ', apellido_materno: 'ZUÑIGA' },
	'12345678': { nombres: 'JUAN CARLOS', apellido_paterno: 'PEREZ', apellido_materno: 'QUISPE' },
};

/** A well-formed DNI the registry does not know: 404. */
export const UNKNOWN_DNI = '99999999';

/** SUNAT's rate of a business day: its own figures (not the SBS's), USD only. */
export function sunatRateOn(date: string, statesCurrency = false) {
	const { precio_compra, precio_venta } = rateOn(date, 'USD');
	const shift = (price: string) => (Number(price) + 0.004).toFixed(3);
	return { fecha: date, ...(statesCurrency ? { moneda: 'USD' } : {}), precio_compra: shift(precio_compra), precio_venta: shift(precio_venta) };
}

function economicActivity(ruc: string) {
	return {
		ruc,
		estado: TAXPAYERS[ruc].estado_del_contribuyente,
		condicion: TAXPAYERS[ruc].condicion_de_domicilio,
		tipo: ruc.startsWith('10') ? 'PERSONA NATURAL SIN NEGOCIO' : 'INSTITUCIONES PUBLICAS',
		actividad_economica_rev3_principal: '75113 - ACTIVIDADES ADMINISTRACION PUBLICA EN GENERAL',
		actividad_economica_rev3_secundaria: '-',
		actividad_economica_rev4_principal: '8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL',
		numero_trabajadores: ruc.startsWith('10') ? 'NO DISPONIBLE' : '10000',
		tipo_facturacion: 'COMPUTARIZADO',
		tipo_contabilidad: 'COMPUTARIZADO',
		comercio_exterior: 'SIN ACTIVIDAD',
		periodo: '202610',
	};
}

function realTime(ruc: string) {
	const base = TAXPAYERS[ruc];
	return {
		ruc,
		nombre_o_razon_social: base.nombre_o_razon_social,
		tipo_contribuyente: ruc.startsWith('10') ? 'PERSONA NATURAL SIN NEGOCIO' : 'INSTITUCION PUBLICA',
		nombre_comercial: '-',
		fecha_inscripcion: '24-06-1993',
		fecha_inicio_actividades: '01-06-1993',
		estado_del_contribuyente: base.estado_del_contribuyente,
		condicion_de_domicilio: base.condicion_de_domicilio,
		departamento: base.departamento,
		provincia: base.provincia,
		distrito: base.distrito,
		direccion: base.direccion,
		sistema_emision_comprobante: 'MANUAL/COMPUTARIZADO',
		actividad_comercio_exterior: 'SIN ACTIVIDAD',
		// The real API publishes this key with a stray double quote after the name.
		'sistema_contabilidad"': 'COMPUTARIZADO',
		actividades_economicas: ['Principal - 8411 - ACTIVIDADES DE LA ADMINISTRACION PUBLICA EN GENERAL', 'Secundaria 1 - 8413 - REGULACION DE LA ACTIVIDAD ECONOMICA'],
		sistema_emision_electronica: ['FACTURA PORTAL DESDE 01/09/2014', 'BOLETA PORTAL DESDE 01/03/2015'],
		emisor_electronico_desde: '01-09-2014',
		afiliado_ple_desde: '-',
		padrones: ['Incorporado al Régimen de Agentes de Retención de IGV (R.S.037-2002) a partir del 01/06/2002'],
	};
}

const REPRESENTATIVES: Record<string, unknown[]> = {
	'20131312955': [
		{ documento: 'DNI', dni: '07289524', nombre: 'MARTINEZ ZUÑIGA LUIS ENRIQUE', cargo: 'SUPERINTENDENTE NACIONAL', fecha: '2021-06-01', ruc: '20131312955' },
		{ documento: 'DNI', dni: '10203040', nombre: 'ROJAS TORRES ANA MARIA', cargo: 'INTENDENTE NACIONAL', fecha: '2023-02-15', ruc: '20131312955' },
	],
};

const COACTIVE_DEBT: Record<string, unknown[]> = {
	'20100070970': [
		{ monto_deuda: '15230.50', periodo_tributario: '202301', fecha_inicio_cobranza: '2023-06-12', entidad_asociada: 'SUNAT - INTENDENCIA LIMA', ruc: '20100070970' },
		{ monto_deuda: '820.00', periodo_tributario: '202305', fecha_inicio_cobranza: '2023-10-02', entidad_asociada: 'SUNAT - INTENDENCIA LIMA', ruc: '20100070970' },
	],
};

// Peru's fixed-date public holidays (month-day); enough to give rate gaps that are not weekends.
const HOLIDAYS = ['01-01', '05-01', '06-07', '06-29', '07-23', '07-28', '07-29', '08-06', '08-30', '10-08', '11-01', '12-08', '12-09', '12-25'];

export function isBusinessDay(date: string): boolean {
	const day = new Date(`${date}T00:00:00Z`).getUTCDay();
	return day !== 0 && day !== 6 && !HOLIDAYS.includes(date.slice(5));
}

/** The rate the fake publishes for a business day: deterministic, 3 decimals as strings. */
export function rateOn(date: string, currency: 'USD' | 'EUR') {
	const days = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
	const base = currency === 'USD' ? 3.5 : 4.0;
	const buy = base + 0.3 * Math.sin(days / 97) + 0.05 * Math.sin(days / 7);
	return { fecha: date, moneda: currency, precio_compra: buy.toFixed(3), precio_venta: (buy + 0.012).toFixed(3) };
}

const addDays = (date: string, days: number) =>
	new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const limaToday = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

// ------------------------------------------------------------ server

export interface LookupFake {
	url: string;
	port: number;
	requests: RecordedRequest[];
	options: LookupFakeOptions;
	/** Queries counted against the quota so far. */
	queriesUsed: number;
	/** Requests answered or waiting for their answer now, and the most there were at once. */
	inFlight: number;
	peakInFlight: number;
	/**
	 * Holds the answers of the next requests until `count` of them wait at once, then answers them
	 * all and stops holding: proof that `count` requests were in flight together (from several
	 * processes, say). Resolves true then, or false if `timeoutMs` passed first (the held ones are
	 * answered anyway).
	 */
	holdUntilInFlight(count: number, timeoutMs: number): Promise<boolean>;
	/** Answer the next requests matching `path` (substring or RegExp of the path and query as sent) with these failures, one each. */
	failNext(path: string | RegExp, ...failures: Failure[]): void;
	/** Answer every request matching `path` with this failure until cleared. */
	failAlways(path: string | RegExp, failure: Failure): void;
	clearFailures(): void;
	setToday(date: string): void;
	/** Records of a currency published between two dates (both included). */
	ratesBetween(start: string, end: string, currency: 'USD' | 'EUR'): ReturnType<typeof rateOn>[];
	/** SUNAT's records published between two dates (both included), as the routes answer them. */
	sunatRatesBetween(start: string, end: string): ReturnType<typeof sunatRateOn>[];
	reset(): void;
	close(): Promise<void>;
}

/** A generated taxpayer for a valid RUC the table does not hold (everyValidRucExists). */
function generatedTaxpayer(ruc: string): Record<string, string> {
	return { ...TAXPAYERS['20131312955'], ruc, nombre_o_razon_social: `EMPRESA ${ruc} S.A.C.`, direccion: '-', direccion_simple: '-' };
}

export async function startLookupFake(options: LookupFakeOptions = {}): Promise<LookupFake> {
	const failures: Array<{ match: string | RegExp; failure: Failure; always: boolean }> = [];
	const sockets = new Set<Socket>();
	let windowStart = 0;
	let windowCount = 0;
	const quotaWindows = new Map<string, { resetAt: number; used: number }>();
	let gate: { count: number; held: Array<() => void>; open(reached: boolean): void } | undefined;

	/** Counts a query against its family's window: the headers to answer with, or the refusal if the budget is spent. */
	const takeWindowQuota = (path: string): { headers: Record<string, string>; refusal?: { status: number; body: unknown } } => {
		const quota = options.windowQuota!;
		const family = path.includes('/representantes-legales') ? 'representatives' : 'main';
		const budget = family === 'representatives' ? Math.max(1, Math.floor(quota.budget / 2)) : quota.budget;
		const now = Date.now();
		let window = quotaWindows.get(family);
		if (!window || now >= window.resetAt) {
			window = { resetAt: Math.floor(now / 1000) * 1000 + quota.windowMs, used: 0 };
			quotaWindows.set(family, window);
		}
		const refusal = quota.refusal ?? 'laravel';
		const stated: Record<string, string> = refusal === 'laravel' ? { 'x-ratelimit-limit': String(budget) } : {};
		if (window.used < budget) {
			window.used++;
			return { headers: refusal === 'laravel' ? { ...stated, 'x-ratelimit-remaining': String(budget - window.used) } : {} };
		}
		if (refusal === 'quota403') {
			return { headers: {}, refusal: { status: 403, body: { success: false, message: 'Ha superado el límite de consultas de su plan.' } } };
		}
		const headers: Record<string, string> =
			refusal === 'laravel'
				? {
						...stated,
						'x-ratelimit-remaining': '0',
						'retry-after': String(Math.ceil((window.resetAt - now) / 1000)),
						'x-ratelimit-reset': String(Math.ceil(window.resetAt / 1000)),
					}
				: {};
		return { headers, refusal: { status: 429, body: { message: 'Too Many Attempts.' } } };
	};

	const today = () => options.today ?? limaToday();

	const ratesBetween = (start: string, end: string, currency: 'USD' | 'EUR') => {
		const records = [];
		for (let date = start; date <= end; date = addDays(date, 1)) {
			if (date >= '2010-01-01' && date <= today() && isBusinessDay(date)) records.push(rateOn(date, currency));
		}
		return records;
	};

	const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
		res.writeHead(status, { 'content-type': 'application/json', ...headers });
		res.end(JSON.stringify(body));
	};

	const takeFailure = (pathAndQuery: string): Failure | undefined => {
		const index = failures.findIndex(({ match }) =>
			typeof match === 'string' ? pathAndQuery.includes(match) : match.test(pathAndQuery),
		);
		if (index < 0) return undefined;
		const { failure, always } = failures[index];
		if (!always) failures.splice(index, 1);
		return failure;
	};

	const answerFailure = (req: IncomingMessage, res: ServerResponse, failure: Failure) => {
		if ('status' in failure) {
			res.writeHead(failure.status, { 'content-type': failure.contentType ?? 'application/json', ...failure.headers });
			res.end(typeof failure.body === 'string' ? failure.body : JSON.stringify(failure.body ?? { success: false, message: 'Error' }));
			return;
		}
		switch (failure.kind) {
			case 'html':
				res.writeHead(502, { 'content-type': 'text/html' });
				res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>');
				return;
			case 'truncatedJson':
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"success": true, "ruc": "2013131');
				return;
			case 'emptyBody':
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end();
				return;
			case 'successFalse':
				send(res, 200, { success: false, message: 'No se pudo completar la consulta' });
				return;
			case 'reset':
				req.socket.destroy();
				return;
			case 'stall':
				// Never answer; the client's timeout must end it. close() destroys the socket.
				return;
		}
	};

	const route = (path: string, query: Record<string, string>): { status: number; body: unknown; cost: number } => {
		const notFound = { status: 404, body: { success: false, message: 'Recurso no encontrado' }, cost: 0 };
		const rucMatch = /^\/api\/v2\/(ruc|ruc-actividad)\/([^/]+)(?:\/(actividad-economica|sunat|representantes-legales|deuda-coactiva))?$/.exec(path);
		if (rucMatch) {
			const [, family, rawRuc, sub] = rucMatch;
			if (family === 'ruc-actividad' && sub) return notFound;
			const ruc = decodeURIComponent(rawRuc);
			if (!fakeRucIsValid(ruc)) {
				return { status: 422, body: { success: false, message: 'The given data was invalid.', errors: { ruc: ['El ruc debe ser un número válido de 11 dígitos.'] } }, cost: 0 };
			}
			if (!TAXPAYERS[ruc] && options.everyValidRucExists && ruc !== UNKNOWN_RUC) TAXPAYERS[ruc] = generatedTaxpayer(ruc);
			if (!TAXPAYERS[ruc]) return { status: 404, body: { success: false, message: 'No se encontró el RUC' }, cost: 0 };
			if (family === 'ruc-actividad') {
				const { ruc: _ruc, estado: _e, condicion: _c, periodo, ...activity } = economicActivity(ruc);
				return { status: 200, body: { success: true, ...TAXPAYERS[ruc], actividad_economica: { ...activity, periodo_publicacion: periodo } }, cost: 2 };
			}
			switch (sub) {
				case undefined:
					return { status: 200, body: { success: true, ...TAXPAYERS[ruc] }, cost: 1 };
				case 'actividad-economica':
					return { status: 200, body: { success: true, ...economicActivity(ruc) }, cost: 1 };
				case 'sunat':
					return { status: 200, body: { success: true, ...realTime(ruc) }, cost: 1 };
				case 'representantes-legales':
					return { status: 200, body: { success: true, data: REPRESENTATIVES[ruc] ?? [] }, cost: 1 };
				case 'deuda-coactiva':
					return { status: 200, body: { success: true, data: COACTIVE_DEBT[ruc] ?? [] }, cost: 1 };
			}
		}
		const dniMatch = /^\/api\/v2\/dni\/([^/]+)$/.exec(path);
		if (dniMatch) {
			const dni = decodeURIComponent(dniMatch[1]);
			if (!/^\d{8}$/.test(dni)) {
				return { status: 422, body: { success: false, message: 'The given data was invalid.', errors: { dni: ['El dni debe tener 8 dígitos.'] } }, cost: 0 };
			}
			const person = PEOPLE[dni];
			if (!person) return { status: 404, body: { success: false, message: 'No se encontró el DNI' }, cost: 0 };
			const names =
				options.personNames === 'split'
					? person
					: { nombre: `${person.apellido_paterno} ${person.apellido_materno} ${person.nombres}` };
			return { status: 200, body: { success: true, dni, ...names }, cost: 1 };
		}
		if (path === '/api/v2/tipo-cambio/sunat' || path === '/api/v2/tipo-cambio/sunat/ultimo') {
			const noRate = { status: 404, body: { success: false, message: 'No hay tipo de cambio para la fecha' }, cost: 0 };
			let date = today();
			if (path === '/api/v2/tipo-cambio/sunat') {
				date = query.fecha;
				if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
					return { status: 422, body: { success: false, message: 'The given data was invalid.', errors: { fecha: ['El campo fecha no corresponde con el formato Y-m-d.'] } }, cost: 0 };
				if (date < '2010-01-01' || date > today()) return noRate;
				if (!isBusinessDay(date) && options.nonBusinessDay !== 'previousBusinessDay') return noRate;
			}
			while (!isBusinessDay(date)) date = addDays(date, -1);
			return { status: 200, body: { success: true, ...sunatRateOn(date, options.sunatStatesCurrency) }, cost: 1 };
		}
		if (path.startsWith('/api/v2/tipo-cambio/sbs')) {
			const errors: Record<string, string[]> = {};
			const currency = query.moneda;
			if (!currency) errors.moneda = ['El campo moneda es obligatorio.'];
			else if (currency !== 'USD' && currency !== 'EUR') errors.moneda = ['El campo moneda seleccionado es inválido.'];
			const checkDate = (field: string) => {
				const value = query[field];
				if (!value) errors[field] = [`El campo ${field} es obligatorio.`];
				else if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value)
					errors[field] = [`El campo ${field} no corresponde con el formato Y-m-d.`];
				else if (value < '2010-01-01') errors[field] = [`El campo ${field} debe ser una fecha posterior o igual a 2010-01-01.`];
			};
			const invalid = () => ({ status: 422, body: { success: false, message: 'The given data was invalid.', errors }, cost: 0 });
			const money = currency as 'USD' | 'EUR';
			if (path === '/api/v2/tipo-cambio/sbs') {
				checkDate('fecha');
				if (Object.keys(errors).length) return invalid();
				let date = query.fecha;
				if (date > today()) return { status: 404, body: { success: false, message: 'No hay tipo de cambio para la fecha' }, cost: 0 };
				if (!isBusinessDay(date)) {
					if (options.nonBusinessDay !== 'previousBusinessDay') return { status: 404, body: { success: false, message: 'No hay tipo de cambio para la fecha' }, cost: 0 };
					while (!isBusinessDay(date)) date = addDays(date, -1);
				}
				return { status: 200, body: { success: true, ...rateOn(date, money) }, cost: 1 };
			}
			if (path === '/api/v2/tipo-cambio/sbs/ultimo') {
				if (Object.keys(errors).length) return invalid();
				let date = today();
				while (!isBusinessDay(date)) date = addDays(date, -1);
				return { status: 200, body: { success: true, ...rateOn(date, money) }, cost: 1 };
			}
			if (path === '/api/v2/tipo-cambio/sbs/historico') {
				checkDate('fecha_inicio');
				checkDate('fecha_fin');
				if (!errors.fecha_inicio && !errors.fecha_fin) {
					if (query.fecha_inicio > query.fecha_fin) errors.fecha_fin = ['El campo fecha fin debe ser una fecha posterior o igual a fecha inicio.'];
					const days = (Date.parse(query.fecha_fin) - Date.parse(query.fecha_inicio)) / 86_400_000 + 1;
					if (options.maxHistoryDays && days > options.maxHistoryDays)
						errors.fecha_fin = [`El rango no puede ser mayor a ${options.maxHistoryDays} días.`];
				}
				if (Object.keys(errors).length) return invalid();
				return { status: 200, body: { success: true, data: ratesBetween(query.fecha_inicio, query.fecha_fin, money) }, cost: 1 };
			}
		}
		return notFound;
	};

	const server = createServer((req, res) => {
		const at = performance.now();
		const url = new URL(req.url ?? '/', 'http://fake');
		// The raw path, as sent: a client that lets input change it must show here.
		const path = (req.url ?? '/').split('?')[0];
		const query = Object.fromEntries(url.searchParams);
		fake.requests.push({ method: req.method ?? '', path, query, headers: req.headers, at });
		fake.inFlight++;
		fake.peakInFlight = Math.max(fake.peakInFlight, fake.inFlight);
		let counted = true;
		const done = () => {
			if (counted) fake.inFlight--;
			counted = false;
		};
		res.on('close', done);

		const answer = () => {
			const failure = takeFailure(req.url ?? path);
			if (failure) return answerFailure(req, res, failure);
			if (req.method !== 'GET') return send(res, 405, { success: false, message: 'Method not allowed' });
			const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
			if (token !== VALID_TOKEN && token !== NO_PLAN_TOKEN) return send(res, 401, { message: 'Unauthenticated.' });
			if (token === NO_PLAN_TOKEN) return send(res, 403, { success: false, message: 'Su plan no incluye esta consulta.' });
			if (options.ratePerSecond) {
				const now = Date.now();
				if (now - windowStart >= 1000) {
					windowStart = now;
					windowCount = 0;
				}
				if (++windowCount > options.ratePerSecond) return send(res, 429, { success: false, message: 'Too Many Attempts.' });
			}
			if (options.quota !== undefined && fake.queriesUsed >= options.quota)
				return send(res, 403, { success: false, message: 'Ha superado el límite de consultas de su plan.' });
			let headers: Record<string, string> = {};
			if (options.windowQuota) {
				const taken = takeWindowQuota(path);
				if (taken.refusal) return send(res, taken.refusal.status, taken.refusal.body, taken.headers);
				headers = taken.headers;
			}
			const { status, body, cost } = route(path, query);
			if (status === 200) fake.queriesUsed += cost;
			send(res, status, body, headers);
		};
		if (gate) {
			gate.held.push(answer);
			if (gate.held.length >= gate.count) gate.open(true);
		} else if (options.latencyMs) setTimeout(answer, options.latencyMs);
		else answer();
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;

	const fake: LookupFake = {
		url: `http://127.0.0.1:${port}`,
		port,
		requests: [],
		options,
		queriesUsed: 0,
		inFlight: 0,
		peakInFlight: 0,
		failNext: (match, ...list) => failures.push(...list.map((failure) => ({ match, failure, always: false }))),
		failAlways: (match, failure) => failures.push({ match, failure, always: true }),
		clearFailures: () => failures.splice(0),
		setToday: (date) => {
			options.today = date;
		},
		holdUntilInFlight: (count, timeoutMs) =>
			new Promise<boolean>((resolve) => {
				const timer = setTimeout(() => gate?.open(false), timeoutMs);
				gate = {
					count,
					held: [],
					open: (reached) => {
						clearTimeout(timer);
						const held = gate?.held ?? [];
						gate = undefined;
						for (const answer of held) answer();
						resolve(reached);
					},
				};
			}),
		ratesBetween,
		sunatRatesBetween: (start, end) =>
			ratesBetween(start, end, 'USD').map((record) => sunatRateOn(record.fecha, options.sunatStatesCurrency)),
		reset: () => {
			fake.requests.length = 0;
			windowStart = 0;
			windowCount = 0;
			fake.queriesUsed = 0;
			fake.peakInFlight = 0;
			quotaWindows.clear();
			failures.splice(0);
		},
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	return fake;
}
