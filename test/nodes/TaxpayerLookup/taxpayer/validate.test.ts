// Taxpayer → Validate: a verdict on each value, made on this machine. Nothing reaches the API, no
// credential is needed, and an invalid value is an item saying why, never an error. The other
// operations, run without a credential, fail per item and send nothing.
import { describe, expect, it } from 'vitest';

import { fakeRucIsValid, manyRucs, rateOn } from '../../../../fakes/lookup';
import { runNode, type NodeRunResult } from '../../../harness/engine';
import { jsonOf, runLookup, useLookupFake } from '../lookup';

const api = useLookupFake();

const validate = (rucOrDni: unknown, options?: Record<string, unknown>) => ({
	resource: 'taxpayer',
	operation: 'validate',
	rucOrDni,
	...(options ? { options } : {}),
});

/** Runs the node with no credential selected, as a user who never created one would. */
async function runWithoutCredential(
	parameters: Record<string, unknown>,
	items?: Array<{ json: Record<string, unknown> }>,
	continueOnFail = false,
): Promise<NodeRunResult> {
	return await runNode({ type: 'taxpayerLookup', parameters: parameters as never, items: items as never, credentials: {}, continueOnFail });
}

/** Validate over a column: each item's `doc` (text, a number, missing, null), as a sheet gives it. */
const column = (values: unknown[]) => ({
	parameters: validate('={{ $json.doc }}'),
	items: values.map((doc) => ({ json: { doc } })),
});

describe('Taxpayer Lookup › taxpayer › validate', () => {
	it('answers on this machine: no request, with a credential or without one', async () => {
		const withCredential = await runLookup(api.fake, { parameters: validate('20131312955') });
		const withoutCredential = await runWithoutCredential(validate('20131312955'));

		const verdict = { input: '20131312955', ruc: '20131312955', valid: true, reason: null, type: 'legal_entity', dni: null };
		expect(withCredential.error).toBeUndefined();
		expect(withoutCredential.error).toBeUndefined();
		expect(jsonOf(withCredential)).toEqual([verdict]);
		expect(jsonOf(withoutCredential)).toEqual([verdict]);
		expect(withoutCredential.items[0].pairedItem).toEqual({ item: 0 });
		expect(api.fake.requests).toEqual([]);
	});

	it.each([
		['a company (20)', '20131312955', { ruc: '20131312955', type: 'legal_entity', dni: null }],
		['a company whose check digit is 0 (r = 10)', '20100070970', { ruc: '20100070970', type: 'legal_entity', dni: null }],
		['a company, as a number', 20131312955, { ruc: '20131312955', type: 'legal_entity', dni: null }],
		['a company, with spaces around', ' 20131312955\t', { ruc: '20131312955', type: 'legal_entity', dni: null }],
		['a person with a DNI (10)', '10123456781', { ruc: '10123456781', type: 'natural_person', dni: '12345678' }],
		['a person whose DNI starts with 0 (10)', '10072895245', { ruc: '10072895245', type: 'natural_person', dni: '07289524' }],
		['a person without a DNI (15)', '15072895247', { ruc: '15072895247', type: 'other_person', dni: null }],
		['a person without a DNI (16)', '16123456789', { ruc: '16123456789', type: 'other_person', dni: null }],
		['a person without a DNI (17)', '17000000019', { ruc: '17000000019', type: 'other_person', dni: null }],
	])('a valid RUC of %s: %j', async (_name, doc, expected) => {
		const { parameters, items } = column([doc]);
		const result = await runWithoutCredential(parameters, items);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ input: String(doc), valid: true, reason: null, ...expected }]);
		// The fake's own check (not the node's) agrees.
		expect(fakeRucIsValid(expected.ruc)).toBe(true);
		expect(api.fake.requests).toEqual([]);
	});

	it.each([
		['8 digits as text', '07289524', { ruc: '10072895245', dni: '07289524' }],
		['8 digits as text, with spaces around', ' 12345678 ', { ruc: '10123456781', dni: '12345678' }],
		['a number that lost its leading zero in a spreadsheet', 7289524, { ruc: '10072895245', dni: '07289524' }],
		['a number of 8 digits', 12345678, { ruc: '10123456781', dni: '12345678' }],
	])('a DNI as %s (%j) gives the person\'s RUC', async (_name, doc, expected) => {
		const { parameters, items } = column([doc]);
		const result = await runWithoutCredential(parameters, items);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ input: String(doc), valid: true, reason: null, type: 'natural_person', ...expected }]);
		expect(fakeRucIsValid(expected.ruc)).toBe(true);
	});

	it.each([
		['a wrong check digit', '20100070971', 'Fails the check digit (the last digit should be 0)', '20100070971', 'legal_entity'],
		['a wrong check digit on a person\'s RUC', '10123456782', 'Fails the check digit (the last digit should be 1)', '10123456782', 'natural_person'],
		['10 digits', '2010007097', 'Has 10 digits: a RUC has 11, a DNI 8', '2010007097', null],
		['12 digits', '201313129550', 'Has 12 digits: a RUC has 11, a DNI 8', '201313129550', null],
		['7 digits as text (only a number gets its zeros back)', '7289524', 'Has 7 digits: a RUC has 11, a DNI 8', '7289524', null],
		['the prefix 30', '30131312955', 'Starts with 30, which no RUC does (10, 15, 16, 17 or 20)', '30131312955', null],
		['letters', '2013131295X', 'Holds characters other than digits', '2013131295X', null],
		['dashes', '20-13131295-5', 'Holds characters other than digits', '20-13131295-5', null],
		['an empty cell', '', 'Empty: a RUC is required', '', null],
		['a blank cell', '   ', 'Empty: a RUC is required', '', null],
		['a decimal number', 20131312955.5, 'Not a RUC: expected 11 digits as text', '20131312955.5', null],
	])('%s (%j) is an item with valid: false and the reason', async (_name, doc, reason, ruc, type) => {
		const { parameters, items } = column([doc]);
		const result = await runWithoutCredential(parameters, items);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ input: String(doc), ruc, valid: false, reason, type, dni: null }]);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('a missing column, null and an object are items with valid: false too', async () => {
		const result = await runWithoutCredential(validate('={{ $json.doc }}'), [
			{ json: { name: 'no doc column' } },
			{ json: { doc: null } },
			{ json: { doc: { ruc: '20131312955' } } },
		]);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map(({ valid, dni, type }) => ({ valid, dni, type }))).toEqual([
			{ valid: false, dni: null, type: null },
			{ valid: false, dni: null, type: null },
			{ valid: false, dni: null, type: null },
		]);
		expect(jsonOf(result)[1]).toEqual({ input: '', ruc: '', valid: false, reason: 'Empty: a RUC is required', type: null, dni: null });
		expect(jsonOf(result)[2]).toMatchObject({ input: '{"ruc":"20131312955"}', reason: 'Not a RUC: expected 11 digits as text' });
		expect(jsonOf(result)[0].input).toBe('');
		expect(jsonOf(result)[0].reason).toBe('Empty: a RUC is required');
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('a mixed column: valid and invalid values side by side, each paired with its row', async () => {
		const docs = ['20100070971', '20131312955', 'ABC', 7289524, '', '10123456781'];
		const { parameters, items } = column(docs);
		const result = await runWithoutCredential(parameters, items);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((json) => [json.input, json.valid])).toEqual([
			['20100070971', false],
			['20131312955', true],
			['ABC', false],
			['7289524', true],
			['', false],
			['10123456781', true],
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual(docs.map((_, item) => ({ item })));
	});

	it('by default outputs only the verdict, without the input item\'s fields', async () => {
		const items = [{ json: { supplier: 'SUNAT', doc: '20131312955' } }];
		const unset = await runWithoutCredential(validate('={{ $json.doc }}'), items);
		const off = await runWithoutCredential(validate('={{ $json.doc }}', { includeInputFields: false }), items);

		const verdict = { input: '20131312955', ruc: '20131312955', valid: true, reason: null, type: 'legal_entity', dni: null };
		expect(jsonOf(unset)).toEqual([verdict]);
		expect(jsonOf(off)).toEqual([verdict]);
	});

	it('with Include Input Fields, adds the verdict to each row\'s fields, replacing a column named like one of them', async () => {
		const result = await runWithoutCredential(validate('={{ $json.doc }}', { includeInputFields: true }), [
			{ json: { supplier: 'SUNAT', doc: '20131312955', valid: 'yes' } },
			{ json: { supplier: 'Typo SAC', doc: '20100070971', ruc: 'old' } },
		]);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{ supplier: 'SUNAT', doc: '20131312955', input: '20131312955', ruc: '20131312955', valid: true, reason: null, type: 'legal_entity', dni: null },
			{
				supplier: 'Typo SAC',
				doc: '20100070971',
				input: '20100070971',
				ruc: '20100070971',
				valid: false,
				reason: 'Fails the check digit (the last digit should be 0)',
				type: 'legal_entity',
				dni: null,
			},
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('checks 1,000 rows, one item each, in row order, still without a request', async () => {
		// Every third RUC gets a wrong check digit; every seventh row is a DNI as a number.
		const rucs = manyRucs(1000, 30_000_000);
		const docs: unknown[] = rucs.map((ruc, n) => {
			if (n % 7 === 0) return 1_000_000 + n;
			if (n % 3 === 0) return `${ruc.slice(0, 10)}${(Number(ruc[10]) + 1) % 10}`;
			return ruc;
		});
		const { parameters, items } = column(docs);
		const result = await runWithoutCredential(parameters, items);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1000);
		expect(jsonOf(result).map((json) => json.input)).toEqual(docs.map(String));
		expect(result.items.map((item) => item.pairedItem)).toEqual(docs.map((_, item) => ({ item })));
		const expectedInvalid = docs.filter((_, n) => n % 7 !== 0 && n % 3 === 0).length;
		expect(jsonOf(result).filter((json) => json.valid === false)).toHaveLength(expectedInvalid);
		expect(jsonOf(result).filter((json) => json.type === 'natural_person').map((json) => json.dni)).toEqual(
			docs.filter((_, n) => n % 7 === 0).map((doc) => String(doc).padStart(8, '0')),
		);
		expect(jsonOf(result).every((json) => json.valid === fakeRucIsValid(String(json.ruc)))).toBe(true);
		expect(api.fake.requests).toEqual([]);
	});
});

describe('Taxpayer Lookup › the operations that send, without a credential', () => {
	const MISSING = 'No Taxpayer Lookup API credential is selected. Nothing was sent.';

	it.each([
		['Taxpayer → Get', { resource: 'taxpayer', operation: 'get', ruc: '20131312955' }],
		['Taxpayer → Get Real Time', { resource: 'taxpayer', operation: 'getRealTime', ruc: '20131312955' }],
		['Person → Get by DNI', { resource: 'person', operation: 'getByDni', dni: '07289524' }],
		['Exchange Rate → Get by Date (SBS)', { resource: 'exchangeRate', operation: 'getByDate', date: '2024-01-10', currency: 'USD' }],
		['Exchange Rate → Get by Date (SUNAT)', { resource: 'exchangeRate', operation: 'getByDate', source: 'sunat', date: '2024-01-14' }],
		['Exchange Rate → Get Latest', { resource: 'exchangeRate', operation: 'getLatest', currency: 'EUR' }],
		['Exchange Rate → Get History', { resource: 'exchangeRate', operation: 'getHistory', startDate: '2024-01-01', endDate: '2024-01-31', currency: 'USD' }],
	])('%s stops the run with an error saying so, and sends nothing', async (_name, parameters) => {
		const result = await runWithoutCredential(parameters);

		expect(result.error?.message).toBe(`${MISSING} [item 0]`);
		expect(result.error?.description).toMatch(/Select a Taxpayer Lookup API credential.*Only Taxpayer → Validate works without one/);
		expect(result.items).toEqual([]);
		expect(api.fake.requests).toEqual([]);
	});

	it('with Continue On Fail, each item carries the error, paired with its input item', async () => {
		const result = await runWithoutCredential(
			{ resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}' },
			['20131312955', '20100070970', '10123456781'].map((ruc) => ({ json: { ruc } })),
			true,
		);

		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([0, 1, 2].map((n) => ({ error: `${MISSING} [item ${n}]` })));
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(api.fake.requests).toEqual([]);
	});

	it('with a credential the same run is sent (the error above comes from the missing credential only)', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getByDate', date: '2024-01-10', currency: 'USD' },
		});
		expect(jsonOf(result)).toEqual([rateOn('2024-01-10', 'USD')]);
		expect(api.fake.requests).toHaveLength(1);
	});
});
