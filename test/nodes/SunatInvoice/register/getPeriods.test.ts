import { describe, expect, it } from 'vitest';

import { SANDBOX_SIRE_CLIENT } from '../../../../fakes/sire';
import { jsonOf, runRegister, sent, useSireFake } from './sire';

const sire = useSireFake();

describe('SUNAT › Register (SIRE) › Get Periods', () => {
	it("gets a token with SIRE's password grant, then lists the purchase register's periods, one item per period with its state", async () => {
		const result = await runRegister(sire.fake, { operation: 'getPeriods', parameters: { book: 'RCE' } });

		expect(result.error).toBeUndefined();
		const [token] = sire.fake.tokenRequests();
		expect(sire.fake.tokenRequests()).toHaveLength(1);
		expect(token.method).toBe('POST');
		expect(token.path).toBe(`/v1/clientessol/${SANDBOX_SIRE_CLIENT.clientId}/oauth2/token/`);
		expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
			grant_type: 'password',
			scope: 'https://api-sire.sunat.gob.pe',
			client_id: SANDBOX_SIRE_CLIENT.clientId,
			client_secret: SANDBOX_SIRE_CLIENT.clientSecret,
			username: `${SANDBOX_SIRE_CLIENT.ruc}${SANDBOX_SIRE_CLIENT.solUser}`,
			password: SANDBOX_SIRE_CLIENT.solPassword,
		});
		expect(sent(sire.fake)).toEqual([{ method: 'GET', path: '/rvierce/padron/web/omisos/080000/periodos', query: {} }]);
		expect(sire.fake.apiRequests()[0].headers.authorization).toBe('Bearer fake-sire-token-1');
		const period = (period: string, stateCode: string, state: string) => ({ register: 'RCE', registerCode: '080000', period, year: '2025', stateCode, state });
		expect(jsonOf(result)).toEqual([
			period('202504', '02', 'Pendiente'),
			period('202503', '01', 'Presentado'),
			period('202502', '01', 'Presentado'),
			period('202501', '01', 'Presentado'),
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }, { item: 0 }]);
	});

	it('asks for the sales register by its code 140000, the book given by an expression', async () => {
		const result = await runRegister(sire.fake, { operation: 'getPeriods', parameters: { book: '={{ $json.book }}' }, items: [{ json: { book: ' rvie ' } }] });
		expect(result.error).toBeUndefined();
		expect(sent(sire.fake)).toEqual([{ method: 'GET', path: '/rvierce/padron/web/omisos/140000/periodos', query: {} }]);
		expect(jsonOf(result).map((json) => [json.register, json.period])).toEqual([
			['RVIE', '202504'],
			['RVIE', '202503'],
			['RVIE', '202502'],
			['RVIE', '202501'],
		]);
	});

	it('refuses a register that is neither RVIE nor RCE before any request', async () => {
		const result = await runRegister(sire.fake, { operation: 'getPeriods', parameters: { book: '={{ $json.book }}' }, items: [{ json: { book: 'PLE' } }] });
		expect(result.error?.message).toBe('Register "PLE" is not one of SIRE\'s registers. Nothing was sent. [item 0]');
		expect(sire.fake.requests).toEqual([]);
	});
});
