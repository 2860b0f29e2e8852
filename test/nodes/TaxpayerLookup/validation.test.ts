// Every input rule, through the engine: the item fails with a message naming the item, the value
// and the rule, and the fake receives nothing (no quota spent).
import { describe, expect, it } from 'vitest';

import { unordered } from '../../harness/unordered';
import { runLookup, useLookupFake } from './lookup';

const api = useLookupFake();

const taxpayer = (ruc: unknown) => ({ resource: 'taxpayer', operation: 'get', ruc });

const WHAT_A_RUC_IS = 'A RUC has 11 digits: 10 + national ID + check digit for persons, 15/16/17 for persons without national ID, 20 for companies.';
const MISTYPED = 'Look for a mistyped digit; copy the RUC again from the invoice or registry.';

describe('Taxpayer Lookup › input checks before any request', () => {
	it.each([
		['20100070971', 'RUC "20100070971" fails the check digit (the last digit should be 0)'],
		['2010007097', 'RUC "2010007097" has 10 digits instead of 11'],
		['201000709701', 'RUC "201000709701" has 12 digits instead of 11'],
		['30131312955', 'RUC "30131312955" starts with 30, which no RUC does (10, 15, 16, 17 or 20)'],
		['2013131295A', 'RUC "2013131295A" holds characters other than digits'],
		['20131-312955', 'RUC "20131-312955" holds characters other than digits'],
		['   ', 'RUC "   " is empty: a RUC is required'],
		['../../tipo-cambio/sbs/ultimo', 'RUC "../../tipo-cambio/sbs/ultimo" holds characters other than digits'],
		['20131312955/sunat', 'RUC "20131312955/sunat" holds characters other than digits'],
		['20131312955%2Fsunat', 'RUC "20131312955%2Fsunat" holds characters other than digits'],
		['20131312955?x=1', 'RUC "20131312955?x=1" holds characters other than digits'],
	])('rejects RUC %j', async (ruc, rule) => {
		const result = await runLookup(api.fake, { parameters: taxpayer(ruc) });
		expect(result.error?.message).toBe(`${rule}. Nothing was sent. [item 0]`);
		// What to do: find the mistyped digit, or what a RUC is.
		expect(result.error?.description).toBe(rule.includes('check digit') ? MISTYPED : WHAT_A_RUC_IS);
		expect(api.fake.requests).toEqual([]);
	});

	it('rejects a RUC that is not text or a whole number', async () => {
		const result = await runLookup(api.fake, { parameters: taxpayer('={{ { ruc: 1 } }}') });
		expect(result.error?.message).toBe('RUC {"ruc":1} is not a RUC: expected 11 digits as text. Nothing was sent. [item 0]');
		expect(api.fake.requests).toEqual([]);
	});

	it('accepts the RUCs of every prefix with a valid check digit (the fake checks them on its own)', async () => {
		const result = await runLookup(api.fake, {
			parameters: taxpayer('={{ $json.ruc }}'),
			items: ['20131312955', '20100070970', '10123456781'].map((ruc) => ({ json: { ruc } })),
		});
		expect(result.error).toBeUndefined();
		expect(unordered(api.fake.requests.map((r) => r.path))).toEqual(unordered(['/api/v2/ruc/20131312955', '/api/v2/ruc/20100070970', '/api/v2/ruc/10123456781']));
		expect(result.items.map((item) => [item.json.ruc, item.json.nombre_o_razon_social, item.pairedItem])).toEqual([
			['20131312955', 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT', { item: 0 }],
			['20100070970', 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', { item: 1 }],
			['10123456781', 'PEREZ QUISPE JUAN CARLOS', { item: 2 }],
		]);
	});

	const rate = (date: unknown) => ({ resource: 'exchangeRate', operation: 'getByDate', date, currency: 'USD' });

	it.each([
		['2024-02-30', 'Date "2024-02-30" is not a real calendar date'],
		['2023-02-29', 'Date "2023-02-29" is not a real calendar date'],
		['2024-13-01', 'Date "2024-13-01" is not a real calendar date'],
		['2009-12-31', 'Date "2009-12-31" is before 2010-01-01, when the rate data starts'],
		['2999-01-01', 'Date "2999-01-01" is in the future'],
		['10/01/2024', 'Date "10/01/2024" is not a date in the form YYYY-MM-DD'],
		['yesterday', 'Date "yesterday" is not a date in the form YYYY-MM-DD'],
		['={{ "" }}', 'Date "" is empty: a date is required'],
		['={{ 20240110 }}', 'Date 20240110 is not a date'],
	])('rejects date %j', async (date, rule) => {
		const result = await runLookup(api.fake, { parameters: rate(date) });
		expect(result.error?.message?.slice(0, rule.length)).toBe(rule);
		expect(result.error?.message).toMatch(/Nothing was sent\. \[item 0\]$/);
		expect(api.fake.requests).toEqual([]);
	});

	it('rejects a currency other than USD or EUR given by an expression', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getLatest', currency: '={{ "GBP" }}' },
		});
		expect(result.error?.message).toBe('Currency "GBP" is not a supported currency. Nothing was sent. [item 0]');
		expect(result.error?.description).toMatch(/USD or EUR/);
		expect(api.fake.requests).toEqual([]);
	});

	it('rejects a reversed range, naming both dates', async () => {
		const result = await runLookup(api.fake, {
			parameters: { resource: 'exchangeRate', operation: 'getHistory', startDate: '2024-05-10', endDate: '2024-05-01', currency: 'USD' },
		});
		expect(result.error?.message).toBe(
			'Date range "2024-05-10 to 2024-05-01" starts after it ends (2024-05-10 > 2024-05-01). Nothing was sent. [item 0]',
		);
		expect(api.fake.requests).toEqual([]);
	});

	it('names the failing item and still runs the others with Continue On Fail', async () => {
		const result = await runLookup(api.fake, {
			parameters: taxpayer('={{ $json.ruc }}'),
			items: [{ json: { ruc: '20131312955' } }, { json: { ruc: '20131312956' } }, { json: { ruc: '20100070970' } }],
			continueOnFail: true,
		});
		expect(unordered(api.fake.requests.map((r) => r.path))).toEqual(unordered(['/api/v2/ruc/20131312955', '/api/v2/ruc/20100070970']));
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json.ruc).toBe('20131312955');
		expect(result.items[1].json).toEqual({
			error: 'RUC "20131312956" fails the check digit (the last digit should be 5). Nothing was sent. [item 1]',
		});
		expect(result.items[2].json.ruc).toBe('20100070970');
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
