import { describe, expect, it } from 'vitest';

import { PEOPLE, UNKNOWN_DNI, VALID_TOKEN } from '../../../../fakes/lookup';
import { unordered } from '../../../harness/unordered';
import { jsonOf, runLookup, useLookupFake } from '../lookup';

const api = useLookupFake();

const getByDni = (dni: unknown) => ({ resource: 'person', operation: 'getByDni', dni });

/** A person as items show them when the API gives one `nombre` (the default shape). */
const fullName = (dni: string) => ({
	dni,
	nombre: `${PEOPLE[dni].apellido_paterno} ${PEOPLE[dni].apellido_materno} ${PEOPLE[dni].nombres}`,
	nombres: null,
	apellido_paterno: null,
	apellido_materno: null,
});

describe('Taxpayer Lookup › person › getByDni', () => {
	it('sends GET /api/v2/dni/{dni} with the Bearer token and JSON Accept header, and outputs the person', async () => {
		const result = await runLookup(api.fake, { parameters: getByDni(' 07289524 ') });

		expect(result.error).toBeUndefined();
		expect(api.fake.requests).toHaveLength(1);
		const [request] = api.fake.requests;
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/api/v2/dni/07289524');
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(`Bearer ${VALID_TOKEN}`);
		expect(request.headers.accept).toBe('application/json');
		expect(jsonOf(result)).toEqual([{ dni: '07289524', nombre: 'MARTINEZ ZUÑIGA LUIS ENRIQUE', nombres: null, apellido_paterno: null, apellido_materno: null }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('outputs given names and each surname when the API splits the name, and still the full name', async () => {
		api.fake.options.personNames = 'split';
		const result = await runLookup(api.fake, { parameters: getByDni('12345678') });

		expect(jsonOf(result)).toEqual([
			{ dni: '12345678', nombre: 'PEREZ QUISPE JUAN CARLOS', nombres: 'JUAN CARLOS', apellido_paterno: 'PEREZ', apellido_materno: 'QUISPE' },
		]);
	});

	it('looks up one DNI per item; a number that lost its leading zero gets it back', async () => {
		const result = await runLookup(api.fake, {
			parameters: getByDni('={{ $json.dni }}'),
			items: [{ json: { dni: 7289524 } }, { json: { dni: 12345678 } }, { json: { dni: '12345678' } }],
		});

		expect(result.error).toBeUndefined();
		// The items are sent concurrently: which request arrives first is not defined.
		expect(unordered(api.fake.requests.map((r) => r.path))).toEqual(
			unordered(['/api/v2/dni/07289524', '/api/v2/dni/12345678', '/api/v2/dni/12345678']),
		);
		expect(jsonOf(result)).toEqual([fullName('07289524'), fullName('12345678'), fullName('12345678')]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it.each([
		['7 digits as text', '7289524', 'DNI "7289524" has 7 digits instead of 8'],
		['9 digits', '072895241', 'DNI "072895241" has 9 digits instead of 8'],
		['a number of 9 digits', '={{ 123456789 }}', 'DNI 123456789 is not a DNI: expected 8 digits as text'],
		['letters', '0728952A', 'DNI "0728952A" holds characters other than digits'],
		['the check character printed after it', '07289524-5', 'DNI "07289524-5" holds characters other than digits'],
		['a path trick', '../ruc/20131312955', 'DNI "../ruc/20131312955" holds characters other than digits'],
		['empty from an expression', '={{ "" }}', 'DNI "" is empty: a DNI is required'],
		['blank from an expression', '={{ "  " }}', 'DNI "  " is empty: a DNI is required'],
	])('refuses %s before any request', async (_name, dni, rule) => {
		const result = await runLookup(api.fake, { parameters: getByDni(dni) });

		expect(result.error?.message).toBe(`${rule}. Nothing was sent. [item 0]`);
		expect(result.error?.description).toMatch(/A DNI has 8 digits \(leading zeros included\)/);
		expect(api.fake.requests).toEqual([]);
	});

	it('leaves an empty DNI field to n8n, which stops the workflow (the field is required) before any request', async () => {
		await expect(runLookup(api.fake, { parameters: getByDni('') })).rejects.toThrow('Parameter "DNI" is required.');
		expect(api.fake.requests).toEqual([]);
	});

	it('explains an unknown DNI (404) as no person found', async () => {
		const result = await runLookup(api.fake, { parameters: getByDni(UNKNOWN_DNI) });

		expect(api.fake.requests.map((r) => r.path)).toEqual([`/api/v2/dni/${UNKNOWN_DNI}`]);
		expect(result.error?.message).toBe(`No person found with DNI ${UNKNOWN_DNI} (404: No se encontró el DNI) [item 0]`);
		expect(result.error?.description).toMatch(/registry has no person with it/);
		expect(result.items).toEqual([]);
	});

	it('passes on a 422 with its field messages', async () => {
		api.fake.failNext(/\/api\/v2\/dni\//, {
			status: 422,
			body: { success: false, message: 'The given data was invalid.', errors: { dni: ['El dni debe tener 8 dígitos.'] } },
		});
		const result = await runLookup(api.fake, { parameters: getByDni('07289524') });

		expect(api.fake.requests).toHaveLength(1);
		expect(result.error?.message).toBe(
			'The API rejected the request for DNI 07289524 (422: The given data was invalid.; dni: El dni debe tener 8 dígitos.) [item 0]',
		);
		expect(result.error?.description).toMatch(/Correct the fields/);
	});

	it('explains a wrong token (401), without showing it', async () => {
		const result = await runLookup(api.fake, { parameters: getByDni('07289524'), token: 'wrong-token' });

		expect(api.fake.requests[0].headers.authorization).toBe('Bearer wrong-token');
		expect(result.error?.message).toBe('The access token was rejected (401: Unauthenticated.) [item 0]');
		expect(result.error?.description).toMatch(/paste the access token again/);
		expect(JSON.stringify(result.run.data.resultData)).not.toContain('wrong-token');
	});

	it('with Continue On Fail, the failing items carry their error and the others their person, each paired', async () => {
		const result = await runLookup(api.fake, {
			parameters: getByDni('={{ $json.dni }}'),
			items: [{ json: { dni: '07289524' } }, { json: { dni: UNKNOWN_DNI } }, { json: { dni: '123' } }, { json: { dni: 12345678 } }],
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			fullName('07289524'),
			{ error: `No person found with DNI ${UNKNOWN_DNI} (404: No se encontró el DNI) [item 1]` },
			{ error: 'DNI "123" has 3 digits instead of 8. Nothing was sent. [item 2]' },
			fullName('12345678'),
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		// The bad DNI was never sent.
		expect(unordered(api.fake.requests.map((r) => r.path))).toEqual(
			unordered(['/api/v2/dni/07289524', `/api/v2/dni/${UNKNOWN_DNI}`, '/api/v2/dni/12345678']),
		);
	});

	it('waits out a spent quota window like the RUC lookups: every item answered once', async () => {
		api.fake.options.windowQuota = { budget: 1, windowMs: 1000 };
		const result = await runLookup(api.fake, {
			parameters: getByDni('={{ $json.dni }}'),
			items: [{ json: { dni: '07289524' } }, { json: { dni: '12345678' } }],
		});

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([fullName('07289524'), fullName('12345678')]);
		// The quota really refused a request (so the wait happened), and no DNI was looked up twice.
		expect(api.fake.requests.length).toBeGreaterThan(2);
		expect(api.fake.queriesUsed).toBe(2);
	}, 30_000);
});
