// The SUNAT node's two credentials, and the SIRE token of a run: each resource goes with its own
// credential (the hidden Authentication parameter, also for a workflow saved without it); a refused
// SIRE credential costs one token request for the whole run; a token that expires is renewed once;
// SUNAT's 429s are waited out.
import { describe, expect, it } from 'vitest';

import { SANDBOX_CLIENT, startSunatFake } from '../../../../fakes/sunat';
import { SANDBOX_SIRE_CLIENT } from '../../../../fakes/sire';
import { SunatInvoice } from '../../../../nodes/SunatInvoice/SunatInvoice.node';
import { registerNodeType, runNode } from '../../../harness/engine';
import { toolVariantOf } from '../../../harness/toolVariant';
import { sunatCredential } from '../sunat';
import { jsonOf, runRegister, sireCredential, useSireFake } from './sire';

const sire = useSireFake({ now: new Date('2025-05-10T15:00:00Z') });

registerNodeType(toolVariantOf(new SunatInvoice()));

const threeBooks = [{ json: { book: 'RCE' } }, { json: { book: 'RVIE' } }, { json: { book: 'RCE' } }];

describe('SUNAT › Register (SIRE) › the credential of a run', () => {
	it('a wrong SOL password: exactly 1 token request for the run, no API request, every item its error (Continue On Fail)', async () => {
		const result = await runRegister(sire.fake, { operation: 'getPeriods', parameters: { book: '={{ $json.book }}' }, items: threeBooks, continueOnFail: true, credential: { solPassword: 'wrong' } });

		expect(sire.fake.tokenRequests()).toHaveLength(1);
		expect(sire.fake.apiRequests()).toEqual([]);
		const refused = "SUNAT refused the credential's SOL user or password (400: Usuario o contraseña incorrectos / invalid_grant)";
		expect(jsonOf(result)).toEqual([
			{ error: `${refused} [item 0]` },
			{ error: `Not sent: item 0's request was refused with the same credential: ${refused} [item 1]` },
			{ error: `Not sent: item 0's request was refused with the same credential: ${refused} [item 2]` },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('a client ID without SIRE access stops the run at the first item, saying so: 1 token request', async () => {
		sire.fake.clients.get(SANDBOX_SIRE_CLIENT.clientId)!.sireAccess = false;
		const result = await runRegister(sire.fake, { operation: 'getPurchaseProposal', parameters: { period: '={{ $json.period }}' }, items: [{ json: { period: '202503' } }, { json: { period: '202502' } }] });
		expect(result.error?.message).toBe("SUNAT's API credential (client ID) has no access to SIRE (400: Cliente no autorizado / unauthorized_client) [item 0]");
		expect(sire.fake.tokenRequests()).toHaveLength(1);
		expect(sire.fake.apiRequests()).toEqual([]);
	});

	it('a stored token SUNAT finds expired is renewed once for the run, and each request that met it goes again once', async () => {
		const result = await runRegister(sire.fake, {
			operation: 'getPeriods',
			parameters: { book: '={{ $json.book }}' },
			items: threeBooks,
			credential: { accessToken: 'expired-token' },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(12);
		expect(sire.fake.tokenRequests()).toHaveLength(1);
		const api = sire.fake.apiRequests();
		// The run's first request goes alone with the stored token and meets it expired; the others wait for the new one.
		expect(api.map((request) => [request.status, request.headers.authorization])).toEqual([
			[401, 'Bearer expired-token'],
			[200, 'Bearer fake-sire-token-1'],
			[200, 'Bearer fake-sire-token-1'],
			[200, 'Bearer fake-sire-token-1'],
		]);
	});

	it("SUNAT's 429 is waited out: the request goes again and the item is answered", async () => {
		sire.fake.tooManyRequests(1, 0);
		const result = await runRegister(sire.fake, { operation: 'getPeriods', parameters: { book: 'RVIE' } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(4);
		expect(sire.fake.apiRequests().map((request) => request.status)).toEqual([429, 200]);
	});

	it('two requests of a run in flight at most, by default', async () => {
		sire.fake.options.latencyMs = 30;
		try {
			const items = Array.from({ length: 6 }, (_, n) => ({ json: { book: n % 2 ? 'RVIE' : 'RCE' } }));
			const result = await runRegister(sire.fake, { operation: 'getPeriods', parameters: { book: '={{ $json.book }}' }, items });
			expect(result.error).toBeUndefined();
		} finally {
			sire.fake.options.latencyMs = undefined;
		}
		const api = sire.fake.apiRequests();
		// Each request is recorded as it arrives and answered 30 ms later: at most 2 had arrived unanswered at once.
		const overlaps = api.map((request) => api.filter((other) => other.at <= request.at && other.at + 30 > request.at).length);
		expect(api).toHaveLength(6);
		expect(Math.max(...overlaps)).toBeLessThanOrEqual(2);
	});
});

describe('SUNAT › each resource goes with its own credential', () => {
	it('an Invoice workflow saved before the registers (no Authentication parameter) still validates with the SUNAT API credential', async () => {
		const sunat = await startSunatFake();
		try {
			const result = await runNode({
				type: 'sunatInvoice',
				parameters: { resource: 'invoice', operation: 'validate', issuerRuc: '20131312955', receiptType: '01', series: 'F001', receiptNumber: '123', issueDate: '14/03/2025', amount: '1180.50' },
				credentials: { sunatApi: sunatCredential(sunat), sunatSireApi: sireCredential(sire.fake) } as never,
			});
			expect(result.error).toBeUndefined();
			expect(jsonOf(result)[0]).toMatchObject({ valid: true, estado: 'ACEPTADO' });
			expect(sunat.requests.map((request) => request.path)).toEqual([`/v1/clientesextranet/${SANDBOX_CLIENT.clientId}/oauth2/token/`, `/v1/contribuyente/contribuyentes/${SANDBOX_CLIENT.ruc}/validarcomprobante`]);
			expect(sire.fake.requests).toEqual([]);
		} finally {
			await sunat.close();
		}
	});

	it("as an AI agent's tool (sunatInvoiceTool) a Register operation goes with the SIRE credential too, Simplify on", async () => {
		const result = await runRegister(sire.fake, { type: 'sunatInvoiceTool', operation: 'getSalesProposal', parameters: { period: '202502' } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([
			{
				issueDate: '2025-02-12',
				documentTypeName: 'Factura',
				series: 'F001',
				number: '202',
				customerIdNumber: '20100070970',
				customerName: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA',
				total: 1180,
				currency: 'PEN',
				documentStatus: '1',
				car: '2010006660301F0010000000202',
			},
		]);
		expect(sire.fake.tokenRequests()).toHaveLength(1);
	});

	it('a Register operation saved without the parameter goes with the SUNAT SIRE API credential, the other untouched', async () => {
		const sunat = await startSunatFake();
		try {
			const result = await runNode({
				type: 'sunatInvoice',
				parameters: { resource: 'register', operation: 'getPeriods', book: 'RCE' },
				credentials: { sunatApi: sunatCredential(sunat), sunatSireApi: sireCredential(sire.fake) } as never,
			});
			expect(result.error).toBeUndefined();
			expect(jsonOf(result)).toHaveLength(4);
			expect(sunat.requests).toEqual([]);
			expect(sire.fake.tokenRequests()).toHaveLength(1);
		} finally {
			await sunat.close();
		}
	});
});
