// Taxpayer Lookup inside the real n8n, against the lookup-API fake on loopback: every operation,
// both options, the errors n8n shows, Continue On Fail with a bad RUC among good ones, and Validate
// with no credential at all. All
// scenarios run in ONE workflow execution (see n8n.ts): three n8n CLI commands for the whole file.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NO_PLAN_TOKEN, UNKNOWN_DNI, UNKNOWN_RUC, VALID_TOKEN, manyRucs, rateOn, startLookupFake, sunatRateOn, type LookupFake } from '../../fakes/lookup';
import { N8n, type CredentialRef, type Scenario, type ScenarioResult } from './n8n';
import { stopAll } from './sandbox';

// A fixed "today" for the fake (a Friday), well in the past so the node's own "not after today"
// check passes whatever the machine's clock says.
const TODAY = '2025-11-21';

let fake: LookupFake;
/** A second fake with a quota of 10 queries per second, for the bulk scenario alone. */
let quotaFake: LookupFake;
const BULK_RUCS = manyRucs(30);
let n8n: N8n;
let results: Record<string, ScenarioResult>;

const lookup = (credential: CredentialRef, resource: 'taxpayer' | 'exchangeRate' | 'person', parameters: IDataObject, input?: IDataObject[]): Scenario => ({
	input,
	node: {
		type: 'taxpayerLookup',
		parameters: { resource, ...parameters },
		credentials: { taxpayerLookupApi: credential },
	},
});

beforeAll(async () => {
	fake = await startLookupFake({ today: TODAY });
	quotaFake = await startLookupFake({ today: TODAY, everyValidRucExists: true, latencyMs: 10, windowQuota: { budget: 10, windowMs: 1000 } });
	n8n = await N8n.start();
	const quotaLimited = n8n.credential('taxpayerLookupApi', { baseUrl: quotaFake.url, accessToken: VALID_TOKEN }, 'Lookup fake with a quota');
	const good = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: VALID_TOKEN }, 'Lookup fake');
	// A trailing slash on the base URL must not matter.
	const slash = n8n.credential('taxpayerLookupApi', { baseUrl: `${fake.url}/`, accessToken: VALID_TOKEN }, 'Lookup fake, slash');
	const wrongToken = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: 'wrong' }, 'Lookup wrong token');
	const noPlan = n8n.credential('taxpayerLookupApi', { baseUrl: fake.url, accessToken: NO_PLAN_TOKEN }, 'Lookup no plan');
	const taxpayer = (operation: string, ruc: string, extra: IDataObject = {}) => lookup(good, 'taxpayer', { operation, ruc, ...extra });

	results = await n8n.runScenarios(
		{
			// taxpayer: get
			'get: a taxpayer': taxpayer('get', '20131312955'),
			'get: base URL with a slash': lookup(slash, 'taxpayer', { operation: 'get', ruc: '20100070970' }),
			'get: placeholders to null': taxpayer('get', '10123456781', { options: { placeholdersToNull: true } }),
			'get: unknown RUC': taxpayer('get', UNKNOWN_RUC),
			'get: rejected token': lookup(wrongToken, 'taxpayer', { operation: 'get', ruc: '20131312955' }),
			'get: plan without the route': lookup(noPlan, 'taxpayer', { operation: 'get', ruc: '20131312955' }),
			'get: RUC from input items': lookup(good, 'taxpayer', { operation: 'get', ruc: '={{ $json.ruc }}' }, [
				{ ruc: '20131312955' },
				{ ruc: '20100070970' },
			]),
			// Continue On Fail: a mistyped RUC (refused before any request) and an unknown one among good ones.
			'get: bad RUCs among good ones': lookup(good, 'taxpayer', { operation: 'get', ruc: '={{ $json.ruc }}' }, [
				{ ruc: '20131312955' },
				{ ruc: '20131312956' },
				{ ruc: '10123456781' },
				{ ruc: UNKNOWN_RUC },
			]),
			// a bulk run against a quota: 30 RUCs, 10 queries a second
			'get: 30 RUCs against a quota of 10 per second': lookup(
				quotaLimited,
				'taxpayer',
				{ operation: 'get', ruc: '={{ $json.ruc }}' },
				BULK_RUCS.map((ruc) => ({ ruc })),
			),
			// the other taxpayer operations
			'getEconomicActivity': taxpayer('getEconomicActivity', '20131312955'),
			'getWithActivity': taxpayer('getWithActivity', '20131312955'),
			'getRealTime': taxpayer('getRealTime', '20131312955'),
			'getLegalRepresentatives': taxpayer('getLegalRepresentatives', '20131312955'),
			'getCoactiveDebt': taxpayer('getCoactiveDebt', '20100070970', { options: { numbersAsNumbers: true } }),
			'getCoactiveDebt: none': taxpayer('getCoactiveDebt', '20131312955'),
			// offline, with no credential on the node at all
			'validate: a column, no credential': {
				input: [{ row: 1, ruc: '20131312955' }, { row: 2, ruc: '20131312956' }, { row: 3, ruc: 12345678 }, { row: 4, ruc: '2013131295' }],
				node: {
					type: 'taxpayerLookup',
					parameters: { resource: 'taxpayer', operation: 'validate', rucOrDni: '={{ $json.ruc }}', options: { includeInputFields: true } },
				},
			},
			'get: no credential': {
				node: { type: 'taxpayerLookup', parameters: { resource: 'taxpayer', operation: 'get', ruc: '20131312955' } },
			},
			// people
			'getByDni': lookup(good, 'person', { operation: 'getByDni', dni: '={{ $json.dni }}' }, [{ dni: 7289524 }]),
			'getByDni: unknown': lookup(good, 'person', { operation: 'getByDni', dni: UNKNOWN_DNI }),
			// exchange rates
			'getByDate: SUNAT on a Sunday': lookup(good, 'exchangeRate', { operation: 'getByDate', source: 'sunat', date: '2025-11-16' }),
			'getLatest: SUNAT': lookup(good, 'exchangeRate', { operation: 'getLatest', source: 'sunat' }),
			'getByDate': lookup(good, 'exchangeRate', { operation: 'getByDate', date: '2025-11-18', currency: 'EUR' }),
			'getByDate: a Sunday': lookup(good, 'exchangeRate', { operation: 'getByDate', date: '2025-11-16', currency: 'USD' }),
			'getLatest': lookup(good, 'exchangeRate', { operation: 'getLatest', currency: 'USD', options: { numbersAsNumbers: true } }),
			'getHistory': lookup(good, 'exchangeRate', {
				operation: 'getHistory',
				startDate: '2025-11-13',
				endDate: '={{ "2025-11-" + "18" }}',
				currency: 'USD',
			}),
			// Last: without Continue On Fail, a mistyped RUC stops the workflow.
			'get: bad RUC, stops the run': {
				input: [{ ruc: '20131312955' }, { ruc: '20131312956' }],
				node: {
					type: 'taxpayerLookup',
					parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
					credentials: { taxpayerLookupApi: good },
					onError: 'stopWorkflow',
				},
			},
		},
		{ name: 'Taxpayer Lookup: every operation' },
	);
});

afterAll(() => stopAll(undefined, n8n, fake, quotaFake));

const ok = (name: string) => {
	const result = results[name];
	expect(result.error, `${name}: ${result.error?.message}`).toBeUndefined();
	return result.items;
};

describe('Taxpayer Lookup in n8n: taxpayer get', () => {
	it('returns the registry record, asking GET /api/v2/ruc/{ruc} with the Bearer token', () => {
		const items = ok('get: a taxpayer');
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			ruc: '20131312955',
			estado_del_contribuyente: 'ACTIVO',
			condicion_de_domicilio: 'HABIDO',
			codigo_de_zona: '-',
		});
		expect(items[0]).not.toHaveProperty('success');
		expect(items[0].nombre_o_razon_social).toMatch(/SUNAT/);
		const request = fake.requests.find((r) => r.path === '/api/v2/ruc/20131312955');
		expect(request?.method).toBe('GET');
		expect(request?.headers.authorization).toBe(`Bearer ${VALID_TOKEN}`);
		expect(request?.headers.accept).toMatch(/application\/json/);
	});

	it('accepts a base URL with a trailing slash', () => {
		expect(ok('get: base URL with a slash')[0]?.ruc).toBe('20100070970');
		expect(fake.requests.some((r) => r.path.startsWith('//'))).toBe(false);
	});

	it('turns "-" placeholders into null when asked', () => {
		const [item] = ok('get: placeholders to null');
		expect(item).toMatchObject({ ruc: '10123456781', ubigeo: null, direccion: null, estado_del_contribuyente: 'SUSPENSION TEMPORAL' });
	});

	it('waits out a spent quota in a bulk run: every RUC answered once, in order, at most 5 requests in flight', () => {
		expect(ok('get: 30 RUCs against a quota of 10 per second').map((item) => item.ruc)).toEqual(BULK_RUCS);
		expect(quotaFake.queriesUsed).toBe(30);
		// Refusals happened (the quota was hit), and were waited out rather than failing items.
		expect(quotaFake.requests.length).toBeGreaterThan(30);
		expect(quotaFake.peakInFlight).toBeLessThanOrEqual(5);
	});

	it('looks up one taxpayer per input item, by expression', () => {
		expect(ok('get: RUC from input items').map((item) => item.ruc)).toEqual(['20131312955', '20100070970']);
	});

	it('reports an unknown RUC, a rejected token and a missing plan as errors n8n shows', () => {
		expect(results['get: unknown RUC'].error?.message).toMatch(new RegExp(UNKNOWN_RUC));
		expect(results['get: rejected token'].error?.message).toMatch(/401|token|auth/i);
		expect(results['get: plan without the route'].error?.message).toMatch(/403|plan|denied|forbidden/i);
		for (const name of ['get: unknown RUC', 'get: rejected token', 'get: plan without the route']) {
			expect(results[name].items).toHaveLength(1);
			expect(results[name].itemErrors[0]?.description, `${name} explains itself`).toBeTruthy();
		}
		expect(JSON.stringify(results['get: rejected token'])).not.toContain('wrong"');
	});
});

describe('Taxpayer Lookup in n8n: Continue On Fail', () => {
	it('gives the failing items their error, paired with their input, and looks up the others', () => {
		const { items, itemErrors, run } = results['get: bad RUCs among good ones'];
		expect(items).toHaveLength(4);
		expect(items[0]).toMatchObject({ ruc: '20131312955', estado_del_contribuyente: 'ACTIVO' });
		expect(items[2]).toMatchObject({ ruc: '10123456781' });
		expect(itemErrors[0]).toBeUndefined();
		expect(itemErrors[2]).toBeUndefined();
		// A mistyped check digit: refused before any request, naming the value.
		expect(itemErrors[1]?.message).toMatch(/20131312956/);
		expect(items[1].error).toBeTruthy();
		expect(fake.requests.some((r) => r.path.includes('20131312956'))).toBe(false);
		// Unknown to the registry: the API's 404, explained.
		expect(itemErrors[3]?.message).toMatch(new RegExp(`no taxpayer.*${UNKNOWN_RUC}|${UNKNOWN_RUC}.*not found`, 'i'));
		expect(run?.data?.main[0]?.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
	});
});

describe('Taxpayer Lookup in n8n: the other taxpayer operations', () => {
	it('Get Economic Activity', () => {
		const [item] = ok('getEconomicActivity');
		expect(item).toMatchObject({ ruc: '20131312955', actividad_economica_rev4_principal: expect.stringMatching(/^8411/), periodo: '202610' });
		expect(fake.requests.some((r) => r.path === '/api/v2/ruc/20131312955/actividad-economica')).toBe(true);
	});

	it('Get with Economic Activity', () => {
		const [item] = ok('getWithActivity');
		expect(item).toMatchObject({ ruc: '20131312955', condicion_de_domicilio: 'HABIDO' });
		expect(item.actividad_economica).toMatchObject({ tipo_facturacion: 'COMPUTARIZADO' });
		expect(fake.requests.some((r) => r.path === '/api/v2/ruc-actividad/20131312955')).toBe(true);
	});

	it('Get in Real Time, with the stray-quote key fixed', () => {
		const [item] = ok('getRealTime');
		expect(item).toMatchObject({ ruc: '20131312955', sistema_contabilidad: 'COMPUTARIZADO', emisor_electronico_desde: '01-09-2014' });
		expect(item).not.toHaveProperty('sistema_contabilidad"');
		expect(item.actividades_economicas).toHaveLength(2);
	});

	it('Get Legal Representatives: one item per representative', () => {
		const items = ok('getLegalRepresentatives');
		expect(items.map((item) => item.nombre)).toEqual(['MARTINEZ ZUÑIGA LUIS ENRIQUE', 'ROJAS TORRES ANA MARIA']);
	});

	it('Get Coactive Debt: one item per debt, amounts as numbers when asked; none when there is none', () => {
		const items = ok('getCoactiveDebt');
		expect(items.map((item) => item.monto_deuda)).toEqual([15230.5, 820]);
		expect(items[0]).toMatchObject({ periodo_tributario: '202301', ruc: '20100070970' });
		expect(ok('getCoactiveDebt: none')).toEqual([]);
	});
});

describe('Taxpayer Lookup in n8n: Validate and Get by DNI', () => {
	it('Validate: judges a column with no credential and no request, keeping each row', () => {
		const items = ok('validate: a column, no credential');
		expect(items).toEqual([
			{ row: 1, ruc: '20131312955', input: '20131312955', valid: true, reason: null, type: 'legal_entity', dni: null },
			{ row: 2, ruc: '20131312956', input: '20131312956', valid: false, reason: 'Fails the check digit (the last digit should be 5)', type: 'legal_entity', dni: null },
			{ row: 3, ruc: '10123456781', input: '12345678', valid: true, reason: null, type: 'natural_person', dni: '12345678' },
			{ row: 4, ruc: '2013131295', input: '2013131295', valid: false, reason: 'Has 10 digits: a RUC has 11, a DNI 8', type: null, dni: null },
		]);
		expect(results['validate: a column, no credential'].run?.data?.main[0]?.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
	});

	it('Get with a mistyped RUC, without Continue On Fail: the run stops on an operation error, with no error code (nothing sent)', () => {
		const { error } = results['get: bad RUC, stops the run'];
		expect(error?.message).toBe('RUC "20131312956" fails the check digit (the last digit should be 5). Nothing was sent. [item 1]');
		expect(error?.description).toBeTruthy();
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.httpCode ?? null).toBeNull();
		expect((error?.context as { itemIndex?: number } | undefined)?.itemIndex).toBe(1);
	});

	it('Get without a credential: the item fails saying so, and nothing is sent', () => {
		expect(results['get: no credential'].error?.message).toBe('No Taxpayer Lookup API credential is selected. Nothing was sent. [item 0]');
	});

	it('Get by DNI: the person, the DNI padded back from a number', () => {
		expect(ok('getByDni')).toEqual([
			{ dni: '07289524', nombre: 'MARTINEZ ZUÑIGA LUIS ENRIQUE', nombres: null, apellido_paterno: null, apellido_materno: null },
		]);
		expect(fake.requests.filter((r) => r.path.startsWith('/api/v2/dni/')).map((r) => r.path).sort()).toEqual([
			'/api/v2/dni/07289524',
			`/api/v2/dni/${UNKNOWN_DNI}`,
		]);
		expect(results['getByDni: unknown'].error?.message).toBe(`No person found with DNI ${UNKNOWN_DNI} (404: No se encontró el DNI) [item 0]`);
	});
});

describe('Taxpayer Lookup in n8n: exchange rates', () => {
	it('Get by Date, SUNAT, on a Sunday: the last rate published before it (Friday), with the day asked for', () => {
		expect(ok('getByDate: SUNAT on a Sunday')).toEqual([{ ...sunatRateOn('2025-11-14'), moneda: 'USD', requestedDate: '2025-11-16' }]);
		const asked = fake.requests.filter((r) => r.path === '/api/v2/tipo-cambio/sunat').map((r) => r.query);
		expect(asked).toEqual([{ fecha: '2025-11-16' }, { fecha: '2025-11-15' }, { fecha: '2025-11-14' }]);
	});

	it('Get Latest, SUNAT: no currency sent, USD stated', () => {
		expect(ok('getLatest: SUNAT')).toEqual([{ ...sunatRateOn(TODAY), moneda: 'USD' }]);
		expect(fake.requests.find((r) => r.path === '/api/v2/tipo-cambio/sunat/ultimo')?.query).toEqual({});
	});

	it('Get by Date', () => {
		expect(ok('getByDate')).toEqual([rateOn('2025-11-18', 'EUR')]);
		const request = fake.requests.find((r) => r.path === '/api/v2/tipo-cambio/sbs');
		expect(request?.query).toEqual({ fecha: '2025-11-18', moneda: 'EUR' });
	});

	it('Get by Date on a Sunday: no rate published, said so', () => {
		expect(results['getByDate: a Sunday'].error?.message).toMatch(/no USD rate/i);
	});

	it('Get Latest, prices as numbers', () => {
		const { fecha, precio_compra, precio_venta } = rateOn(TODAY, 'USD');
		expect(ok('getLatest')).toEqual([{ fecha, moneda: 'USD', precio_compra: Number(precio_compra), precio_venta: Number(precio_venta) }]);
	});

	it('Get History: one item per business day, in date order (dates from an expression too)', () => {
		const items = ok('getHistory');
		expect(items.map((item) => item.fecha)).toEqual(['2025-11-13', '2025-11-14', '2025-11-17', '2025-11-18']);
		expect(items[0]).toEqual(rateOn('2025-11-13', 'USD') as unknown as IDataObject);
		const request = fake.requests.find((r) => r.path === '/api/v2/tipo-cambio/sbs/historico');
		expect(request?.query).toEqual({ fecha_inicio: '2025-11-13', fecha_fin: '2025-11-18', moneda: 'USD' });
	});
});
