// SUNAT's registers (SIRE) in the real n8n: Register → Get Purchase Proposal with the SUNAT SIRE
// API credential from n8n's own store gets the proposal as one item per receipt; the node's hidden
// Authentication parameter, absent from the workflow as a saved Invoice workflow has it, picks each
// resource's credential (the invoice check still goes with the SUNAT API credential).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SANDBOX_SIRE_CLIENT, startSireFake, type SireFake } from '../../fakes/sire';
import { SANDBOX_CLIENT, startSunatFake, type SunatFake } from '../../fakes/sunat';
import { N8n, type ScenarioResult } from './n8n';
import { stopAll } from './sandbox';

let sire: SireFake;
let sunat: SunatFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;

beforeAll(async () => {
	sire = await startSireFake();
	sunat = await startSunatFake();
	n8n = await N8n.start();
	const sireCredential = n8n.credential(
		'sunatSireApi',
		{ clientId: SANDBOX_SIRE_CLIENT.clientId, clientSecret: SANDBOX_SIRE_CLIENT.clientSecret, ruc: SANDBOX_SIRE_CLIENT.ruc, solUser: SANDBOX_SIRE_CLIENT.solUser, solPassword: SANDBOX_SIRE_CLIENT.solPassword, tokenUrl: sire.url, apiUrl: sire.url },
		'SUNAT SIRE sandbox',
	);
	const sunatCredential = n8n.credential('sunatApi', { clientId: SANDBOX_CLIENT.clientId, clientSecret: SANDBOX_CLIENT.clientSecret, ruc: SANDBOX_CLIENT.ruc, tokenUrl: sunat.url, apiUrl: sunat.url }, 'SUNAT sandbox');
	results = await n8n.runScenarios({
		'purchase proposal of 202503': {
			input: [{ period: '202503' }],
			node: { type: 'sunatInvoice', parameters: { resource: 'register', operation: 'getPurchaseProposal', period: '={{ $json.period }}' }, credentials: { sunatSireApi: sireCredential } },
		},
		'an invoice check saved without the Authentication parameter': {
			node: {
				type: 'sunatInvoice',
				parameters: { resource: 'invoice', operation: 'validate', issuerRuc: '20131312955', receiptType: '01', series: 'F001', receiptNumber: '123', issueDate: '14/03/2025', amount: '1180.50' },
				credentials: { sunatApi: sunatCredential, sunatSireApi: sireCredential },
			},
		},
	});
});

afterAll(() => stopAll(undefined, n8n, sire, sunat));

describe('SUNAT → Register (SIRE) in n8n', () => {
	it('gets the purchase proposal as one item per receipt: a token, the export, the ticket, the download', () => {
		const { items, error } = results['purchase proposal of 202503'];
		expect(error).toBeUndefined();
		expect(items.map((json) => [json.issueDate, json.series, json.number, json.supplierIdNumber, json.supplierName, json.total])).toEqual([
			['2025-03-14', 'F001', '123', '20131312955', 'CORPORACION ACEROS AREQUIPA S.A.', 1180.5],
			['2025-03-05', 'F002', '31', '20100070970', 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', 84.9],
			['2025-03-10', 'F001', '1688', '20601030013', 'SERVICIOS GENERALES LIMA S.A.C.', 590],
			['2025-03-18', 'F020', '40211', '20100128056', 'SAGA FALABELLA S A', 1299],
			['2025-03-31', 'F700', '9921', '20100047218', 'BANCO DE CREDITO DEL PERU', 45],
		]);
		expect(items[0]).toMatchObject({ documentType: '01', documentTypeName: 'Factura', currency: 'PEN', taxableBaseDg: 1000.42, igvDg: 180.08 });
		expect(sire.tokenRequests()).toHaveLength(1);
		expect(sire.apiRequests().map((request) => request.path.replace('/v1/contribuyente/migeigv/libros', ''))).toEqual([
			'/rce/propuesta/web/propuesta/202503/exportacioncomprobantepropuesta',
			'/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets',
			'/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets',
			'/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte',
		]);
	});

	it('the invoice check still goes with the SUNAT API credential, never the SIRE one', () => {
		const { items, error } = results['an invoice check saved without the Authentication parameter'];
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ valid: true, estado: 'ACEPTADO' })]);
		expect(sunat.requests.map((request) => request.path)).toEqual([`/v1/clientesextranet/${SANDBOX_CLIENT.clientId}/oauth2/token/`, `/v1/contribuyente/contribuyentes/${SANDBOX_CLIENT.ruc}/validarcomprobante`]);
	});
});
