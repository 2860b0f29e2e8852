// What the node refuses before asking SUNAT, and what it leaves to SUNAT: every check it keeps has its
// source in SUNAT's published material (docs/sunat-cpe-api.md, "What the node checks before
// asking"); one the material does not support is SUNAT's to answer, and its answer is reported.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { FORMAT_ERROR_CODE } from '../../../../fakes/sunat';
import { FROM_ITEM, jsonOf, runInvoice, useSunatFake } from './sunat';

const api = useSunatFake();

const F001_123 = { ruc: '20131312955', type: '01', series: 'F001', number: '123', date: '14/03/2025', amount: '1180.50' };

const docs = readFileSync(path.join(__dirname, '../../../../docs/sunat-cpe-api.md'), 'utf8');
/** The rows of the docs' table of pre-checks: field, what is refused, source. */
const precheckRows = () => {
	const section = docs.slice(docs.indexOf('## What the node checks before asking'));
	return section
		.slice(0, section.indexOf('\n## ', 3) > 0 ? section.indexOf('\n## ', 3) : undefined)
		.split('\n')
		.filter((line) => /^\| [A-Z]/.test(line) && !line.startsWith('| Field'))
		.map((line) => line.split('|').map((cell) => cell.trim()).slice(1, 4));
};

describe('SUNAT Invoice › the checks SUNAT publishes refuse the item before any request, each with its source', () => {
	it.each([
		['Issuer RUC', { ruc: '2013131295' }, 'Issuer RUC "2013131295" has 10 digits instead of 11. Nothing was sent.', 'not 11 digits', '[M]'],
		['Issuer RUC', { ruc: '30131312955' }, 'Issuer RUC "30131312955" starts with 30, which no RUC does (10, 15, 16, 17 or 20). Nothing was sent.', 'a prefix no RUC has', '[R]'],
		['Issuer RUC', { ruc: '20131312954' }, 'Issuer RUC "20131312954" fails the check digit (the last digit should be 5). Nothing was sent.', 'a wrong check digit', '[R]'],
		['Type', { type: '02' }, 'Type "02" is not a receipt type SUNAT checks. Nothing was sent.', 'not one of 01, 03, 04, 07, 08, R1, R7', '[M]'],
		['Series', { series: 'F01' }, 'Series "F01" is not 4 letters or digits. Nothing was sent.', 'not 4 letters or digits', '[M]'],
		['Series', { series: '' }, 'Series "" is empty: a series is required. Nothing was sent.', 'empty', '[O]'],
		['Number', { number: '123456789' }, 'Number "123456789" is not 1 to 8 digits. Nothing was sent.', 'not 1 to 8 digits', '[M]'],
		['Issue Date', { date: '31/02/2025' }, 'Issue Date "31/02/2025" is not a real calendar date. Nothing was sent.', 'not a real calendar day', '[M]'],
		['Issue Date', { date: '14-03-2025' }, 'Issue Date "14-03-2025" is not a date in the form DD/MM/YYYY or YYYY-MM-DD. Nothing was sent.', 'not a date', '[M]'],
		['Amount', { amount: 'S/ 118' }, 'Amount "S/ 118" is not an amount. Nothing was sent.', 'not a number', '[O]'],
	])('%s: %j', async (field, change, error, rule, source) => {
		const items = [{ json: F001_123 }, { json: { ...F001_123, ...change } }];
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items, continueOnFail: true });
		expect(jsonOf(result)[0].valid).toBe(true);
		expect(jsonOf(result)[1]).toEqual({ error: `${error} [item 1]` });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		// The first item's check only.
		expect(api.fake.checks()).toHaveLength(1);
		// The docs name the rule and its source.
		expect(precheckRows().filter(([name, refused, cited]) => name === field && refused.includes(rule) && cited.includes(source))).toHaveLength(1);
	});

	it('the docs list no check the node does not make, and give every one a source', () => {
		const rows = precheckRows();
		expect(rows.map(([name]) => name)).toEqual(['Issuer RUC', 'Issuer RUC', 'Type', 'Series', 'Number', 'Issue Date', 'Amount']);
		for (const [, , cited] of rows) expect(cited).toMatch(/\[[MOGR]\]/);
	});
});

describe('SUNAT Invoice › what SUNAT publishes no rule for goes to SUNAT, and SUNAT\'s answer is reported', () => {
	const NOT_FOUND = { estadoCp: '0', estado: 'NO EXISTE', valid: false };
	it.each([
		['an electronic factura with no amount', { amount: '' }, { numeroSerie: 'F001', monto: undefined }, { estadoCp: '1', estado: 'ACEPTADO', valid: true }],
		[
			'a recibo por honorarios of another series than E001',
			{ ruc: '10123456781', type: 'R1', series: 'E002', number: '3', date: '15/07/2025', amount: '' },
			{ codComp: 'R1', numeroSerie: 'E002' },
			{ estadoCp: '1', estado: 'ACEPTADO', estadoRuc: 'SUSPENSION TEMPORAL' },
		],
		['a boleta of another E-series than EB01', { type: '03', series: 'EB02' }, { codComp: '03', numeroSerie: 'EB02' }, NOT_FOUND],
		['a boleta with a factura\'s series', { type: '03', series: 'F001' }, { codComp: '03', numeroSerie: 'F001' }, NOT_FOUND],
		['a liquidación de compra of another series than E001', { type: '04', series: 'E002' }, { codComp: '04', numeroSerie: 'E002' }, NOT_FOUND],
		['a date after today', { date: '01/01/2999' }, { fechaEmision: '01/01/2999' }, NOT_FOUND],
		['a date before 2010', { date: '2009-12-31' }, { fechaEmision: '31/12/2009' }, NOT_FOUND],
		['number 0', { number: '000' }, { numero: '0' }, NOT_FOUND],
	])('%s', async (_case, change, sent, answered) => {
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: { ...F001_123, ...change } }] });
		expect(result.error).toBeUndefined();
		const [check] = api.fake.checks();
		expect(api.fake.checks()).toHaveLength(1);
		const body = JSON.parse(check.body) as Record<string, unknown>;
		for (const [key, value] of Object.entries(sent)) {
			if (value === undefined) expect(body).not.toHaveProperty(key);
			else expect(body[key]).toBe(value);
		}
		expect(jsonOf(result)[0]).toMatchObject(answered);
	});

	it.each([
		['a negative amount', -10, '-10.00'],
		['an amount with 3 decimals', '118.005', '118.005'],
	])('%s: sent as written, and SUNAT\'s refusal quoted with its errorCode', async (_case, amount, monto) => {
		const result = await runInvoice(api.fake, { parameters: FROM_ITEM, items: [{ json: { ...F001_123, amount } }], continueOnFail: true });
		expect(JSON.parse(api.fake.checks()[0].body)).toMatchObject({ monto });
		expect(jsonOf(result)).toEqual([
			{
				error: `SUNAT could not check receipt 01 F001-123 of RUC 20131312955 (200: El campo monto no cumple con el formato establecido; errorCode ${FORMAT_ERROR_CODE}) [item 0]`,
			},
		]);
	});
});
