// A fake of SUNAT's invoice check (Consulta Integrada de Comprobantes de Pago) on 127.0.0.1: the
// token service (`POST /v1/clientesextranet/{client_id}/oauth2/token/`, a form body) and the check
// (`POST /v1/contribuyente/contribuyentes/{ruc}/validarcomprobante`, a JSON body, Bearer token),
// both on one port, as docs/sunat-cpe-api.md describes them: the answer's codes, a receipt SUNAT
// does not know (estadoCp 0), and the error answers (an unknown client or a wrong secret, a token
// missing or expired: 401, a RUC that is not the client's: 403, a body that is not JSON or lacks
// a field). SUNAT's codes come in the forms SUNAT sends them (text, numbers, leading zeros: the
// `codes` option), and its answers of `success: false` carry an `errorCode`, a field of the answer
// model. Tests steer it: its clients and receipts, token expiry, latency, injected failures.
// It records every request with its body.
import type { IncomingMessage, ServerResponse } from 'node:http';

import { createTokenService } from '../sunatSecurity.ts';
import { json, startSunatServer, type RecordedRequest } from '../sunatServer.ts';

export const SUNAT_SCOPE = 'https://api.sunat.gob.pe/v1/contribuyente/contribuyentes';

/** A client created in SOL: its secret and the RUC it asks as. */
export interface SunatClient {
	secret: string;
	ruc: string;
}

/** The sandbox's client (npm start), also the tests' default. */
export const SANDBOX_CLIENT = { clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret', ruc: '20100066603' };

/** A receipt SUNAT knows: what it was issued with, and its state (estadoCp). */
export interface KnownReceipt {
	numRuc: string;
	codComp: string;
	numeroSerie: string;
	numero: string;
	fechaEmision: string;
	monto?: string;
	estadoCp: '1' | '2' | '3' | '4';
	observaciones?: string[];
}

/** The issuers' taxpayer state (estadoRuc) and domicile condition (condDomiRuc); others: 00 and 00. */
export const ISSUERS: Record<string, { estadoRuc: string; condDomiRuc: string }> = {
	'20100070970': { estadoRuc: '11', condDomiRuc: '12' },
	'10123456781': { estadoRuc: '03', condDomiRuc: '00' },
};

export const RECEIPTS: KnownReceipt[] = [
	{ numRuc: '20131312955', codComp: '01', numeroSerie: 'F001', numero: '123', fechaEmision: '14/03/2025', monto: '1180.50', estadoCp: '1' },
	{ numRuc: '20131312955', codComp: '03', numeroSerie: 'B001', numero: '45', fechaEmision: '02/05/2025', monto: '59.90', estadoCp: '1' },
	{ numRuc: '20131312955', codComp: '01', numeroSerie: 'F001', numero: '99', fechaEmision: '20/02/2025', monto: '300.00', estadoCp: '2' },
	{ numRuc: '20131312955', codComp: '01', numeroSerie: '0001', numero: '456', fechaEmision: '01/12/2024', estadoCp: '3' },
	{ numRuc: '20100070970', codComp: '01', numeroSerie: 'F002', numero: '7', fechaEmision: '10/01/2025', monto: '500.00', estadoCp: '1' },
	{
		numRuc: '10123456781',
		codComp: 'R1',
		numeroSerie: 'E001',
		numero: '15',
		fechaEmision: '30/06/2025',
		monto: '1500.00',
		estadoCp: '1',
		observaciones: ['- El emisor se encuentra en SUSPENSION TEMPORAL.'],
	},
	// A recibo por honorarios of another electronic series than E001.
	{ numRuc: '10123456781', codComp: 'R1', numeroSerie: 'E002', numero: '3', fechaEmision: '15/07/2025', estadoCp: '1' },
];

/**
 * How the fake writes SUNAT's codes (estadoCp, estadoRuc, condDomiRuc). Not published: the manual
 * and the generated clients read text ("1", "00"), one public client "0001"; JSON numbers too.
 * - `text`: the manual's form, "1" and "00" (default);
 * - `number`: JSON numbers, 1 and 0;
 * - `twoDigits`: "01" and "00";
 * - `fourDigits`: "0001" and "0000".
 */
export type CodeForm = 'text' | 'number' | 'twoDigits' | 'fourDigits';

function written(code: string, form: CodeForm): string | number {
	if (form === 'number') return Number(code);
	if (form === 'twoDigits') return code.padStart(2, '0');
	if (form === 'fourDigits') return code.padStart(4, '0');
	return code;
}

/** The errorCode the fake gives a field of the wrong form: its own, SUNAT publishes no values. */
export const FORMAT_ERROR_CODE = '0303';

export interface SunatFakeOptions {
	port?: number;
	/** Delay before every answer. */
	latencyMs?: number;
	/** Every well-formed receipt exists, accepted, with an issuer ACTIVO and HABIDO: for runs of thousands. */
	everyReceiptExists?: boolean;
	/** How the codes are written (default `text`). */
	codes?: CodeForm;
}

/** Every request: method, path (as sent), headers, body, and the status once answered. */
export type SunatRequest = RecordedRequest;

export interface SunatFake {
	url: string;
	options: SunatFakeOptions;
	requests: SunatRequest[];
	/** The token requests among `requests`. */
	tokenRequests(): SunatRequest[];
	/** The checks among `requests`. */
	checks(): SunatRequest[];
	clients: Map<string, SunatClient>;
	/** Every token issued so far expires: the next check with one gets 401. */
	expireTokens(): void;
	/** Every token issued so far expires once `checks` more checks were answered with one. */
	expireTokensAfter(checks: number): void;
	/** Answer the next requests whose path contains `path` with this status and JSON body (or raw `text`), one each. */
	failNext(path: string, ...failures: Array<{ status: number; body?: unknown; text?: string }>): void;
	reset(): void;
	close(): Promise<void>;
}

const TOKEN_PATH = /^\/v1\/clientesextranet\/([^/]+)\/oauth2\/token\/?$/;
const CHECK_PATH = /^\/v1\/contribuyente\/contribuyentes\/([^/]+)\/validarcomprobante$/;

/** The fields of a check and the forms SUNAT takes them in (manual v2.0). */
const FIELD_FORMS: Record<string, RegExp> = {
	numRuc: /^\d{11}$/,
	codComp: /^(01|03|04|07|08|R1|R7)$/,
	numeroSerie: /^[A-Z0-9]{4}$/,
	numero: /^\d{1,8}$/,
	fechaEmision: /^\d{2}\/\d{2}\/\d{4}$/,
};

export async function startSunatFake(options: SunatFakeOptions = {}): Promise<SunatFake> {
	/** Checks still answered before the tokens expire (expireTokensAfter); none pending: -1. */
	let checksBeforeExpiry = -1;
	/** The token service (fakes/sunatSecurity.ts): the client credentials grant for the check's scope. */
	const security = createTokenService({
		grantType: 'client_credentials',
		scope: SUNAT_SCOPE,
		clients: () => fake.clients,
		tokenPrefix: 'fake-sunat-token-',
		expiresIn: () => 3600,
	});
	const seeded = () => new Map<string, SunatClient>([[SANDBOX_CLIENT.clientId, { secret: SANDBOX_CLIENT.clientSecret, ruc: SANDBOX_CLIENT.ruc }]]);

	const fake: SunatFake = {
		url: '',
		options,
		requests: [],
		tokenRequests: () => fake.requests.filter((request) => TOKEN_PATH.test(request.path)),
		checks: () => fake.requests.filter((request) => CHECK_PATH.test(request.path)),
		clients: seeded(),
		expireTokens: () => security.expireAll(),
		expireTokensAfter: (checks) => {
			checksBeforeExpiry = checks;
		},
		failNext: (path, ...next) => server.failNext(path, ...next),
		reset() {
			fake.requests.length = 0;
			server.forgetInjected();
			checksBeforeExpiry = -1;
			security.reset();
			fake.clients = seeded();
		},
		close: () => server.close(),
	};

	function check(res: ServerResponse, ruc: string, req: IncomingMessage, body: string) {
		const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
		const clientId = bearer ? security.holder(bearer) : undefined;
		if (!clientId) return json(res, 401, { cod: '401', msg: 'No autorizado: token inválido o expirado' });
		if (checksBeforeExpiry > 0 && --checksBeforeExpiry === 0) {
			security.expireAll();
			checksBeforeExpiry = -1;
		}
		if (fake.clients.get(clientId)?.ruc !== decodeURIComponent(ruc)) return json(res, 403, { cod: '403', msg: 'El RUC consultante no corresponde al cliente' });
		let request: Record<string, unknown>;
		try {
			request = JSON.parse(body) as Record<string, unknown>;
			if (!request || typeof request !== 'object' || Array.isArray(request)) throw new Error('not an object');
		} catch {
			return json(res, 400, { cod: '400', msg: 'El cuerpo de la solicitud no es un JSON válido' });
		}
		for (const [field, form] of Object.entries(FIELD_FORMS)) {
			if (typeof request[field] !== 'string' || !form.test(request[field] as string)) {
				return json(res, 200, { success: false, message: `El campo ${field} no cumple con el formato establecido`, errorCode: FORMAT_ERROR_CODE });
			}
		}
		if (request.monto !== undefined && (typeof request.monto !== 'string' || !/^\d+(\.\d{1,2})?$/.test(request.monto))) {
			return json(res, 200, { success: false, message: 'El campo monto no cumple con el formato establecido', errorCode: FORMAT_ERROR_CODE });
		}
		const found = RECEIPTS.find(
			(receipt) =>
				receipt.numRuc === request.numRuc &&
				receipt.codComp === request.codComp &&
				receipt.numeroSerie === request.numeroSerie &&
				receipt.numero === request.numero &&
				receipt.fechaEmision === request.fechaEmision &&
				(receipt.monto === undefined || request.monto === undefined || Number(receipt.monto) === Number(request.monto)),
		);
		const estadoCp = found?.estadoCp ?? (options.everyReceiptExists ? '1' : '0');
		const form = options.codes ?? 'text';
		if (estadoCp === '0') {
			return json(res, 200, { success: true, message: 'Operation Success! ', data: { estadoCp: written('0', form), observaciones: ['- El comprobante de pago consultado no existe.'] } });
		}
		const issuer = ISSUERS[request.numRuc as string] ?? { estadoRuc: '00', condDomiRuc: '00' };
		const data = {
			estadoCp: written(estadoCp, form),
			estadoRuc: written(issuer.estadoRuc, form),
			condDomiRuc: written(issuer.condDomiRuc, form),
			...(found?.observaciones ? { observaciones: found.observaciones } : {}),
		};
		json(res, 200, { success: true, message: 'Operation Success! ', data });
	}

	/** SUNAT's server (fakes/sunatServer.ts): the injected answers, the token route, latency, the records. */
	const server = await startSunatServer({
		options,
		// The path as the request line has it, not as a URL parser would read it.
		read: (target) => ({ path: target.split('?')[0] }),
		record(request) {
			fake.requests.push(request);
			return request;
		},
		tokenPath: TOKEN_PATH,
		security,
		route(req, res, request) {
			const checkMatch = CHECK_PATH.exec(request.path);
			if (req.method !== 'POST' || !checkMatch) return false;
			check(res, checkMatch[1], req, request.body);
			return true;
		},
	});
	fake.url = server.url;
	return fake;
}
