// Every workflow in examples/ imports into n8n and solves its task against the fakes, with the
// credentials and fake settings `npm start` uses in sandbox mode: the ones with a Manual Trigger run
// through `n8n execute`; the Exchange Rate Trigger one runs in a started n8n, manually ("Execute
// workflow") and then published, the way a user runs it. The Messaging Trigger ones run in
// messagingTrigger.test.ts (the RUC bot) and replyOnce.test.ts (reply-once, across a restart); the
// AI agent one in aiAgent.test.ts, with the OpenAI fake.
// The same steps run for the Exchange Rate Trigger with Source SUNAT, in a workflow of its own
// (the example follows the SBS), in this started n8n.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PACKAGE_NAME, SANDBOX_CREDENTIALS, SANDBOX_FAKE_OPTIONS, repoRoot } from '../harness/n8n.mjs';
import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { UNKNOWN_RUC, VALID_TOKEN, rateOn, startLookupFake, sunatRateOn, type LookupFake } from '../../fakes/lookup';
import { SANDBOX_SIRE_CLIENT, startSireFake, type SireFake } from '../../fakes/sire';
import { SANDBOX_CLIENT, startSunatFake, type SunatFake } from '../../fakes/sunat';
import { unordered } from '../harness/unordered';
import { N8n, type Execution, type N8nServer, type WorkflowJson } from './n8n';
import { stopAll } from './sandbox';
import { BROWSER_AGENT, eventually, linksOf, untilWaiting } from './waiting';

const examplesDir = path.join(repoRoot, 'examples');
const examples = readdirSync(examplesDir)
	.filter((file) => file.endsWith('.json'))
	.sort()
	.map((file) => ({ file, workflow: JSON.parse(readFileSync(path.join(examplesDir, file), 'utf8')) as WorkflowJson }));
/** The examples whose execution waits for a WhatsApp answer (Send and Wait for Response): they run in a started n8n. */
const waiting = examples.filter(({ workflow }) => workflow.nodes.some((node) => (node.parameters as IDataObject | undefined)?.operation === 'sendAndWait'));
/** The examples with n8n's AI Agent: aiAgent.test.ts runs them, with the OpenAI fake as the model. */
const agents = examples.filter(({ workflow }) => workflow.nodes.some((node) => node.type === '@n8n/n8n-nodes-langchain.agent'));
const manual = examples.filter(
	(example) =>
		example.workflow.nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger') && !waiting.includes(example) && !agents.includes(example),
);
const listening = examples.filter(({ workflow }) => workflow.nodes.some((node) => node.type === `${PACKAGE_NAME}.messagingTrigger`));
const polled = examples.filter(({ workflow }) => workflow.nodes.some((node) => node.type === `${PACKAGE_NAME}.exchangeRateTrigger`));

/** The fake's "today": a Friday, well in the past so the nodes' "not after today" checks pass. */
const FRIDAY = '2025-11-21';

/** The Exchange Rate Trigger with Source SUNAT, as the editor saves it (no Currencies), into a No Op. */
const SUNAT_TRIGGER = 'New SUNAT rate';
const sunatWorkflow: WorkflowJson = {
	id: 'e2eSunatRates001',
	name: 'SUNAT rates (end-to-end test)',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'c3000000-0000-4000-8000-000000000001',
			name: SUNAT_TRIGGER,
			type: `${PACKAGE_NAME}.exchangeRateTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: { item: [{ mode: 'everyHour', minute: 15 }] }, source: 'sunat', options: {} },
			credentials: { taxpayerLookupApi: { id: SANDBOX_CREDENTIALS.lookup.id, name: SANDBOX_CREDENTIALS.lookup.name } },
		},
		{ id: 'c3000000-0000-4000-8000-000000000002', name: 'Each rate', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
	],
	connections: { [SUNAT_TRIGGER]: { main: [[{ node: 'Each rate', type: 'main', index: 0 }]] } },
};

let lookup: LookupFake;
let messaging: EvolutionFake;
let sunat: SunatFake;
let sire: SireFake;
let n8n: N8n;
let server: N8nServer | undefined;
const executions = new Map<string, Execution>();

beforeAll(async () => {
	lookup = await startLookupFake({ today: FRIDAY });
	messaging = await startEvolutionFake(SANDBOX_FAKE_OPTIONS.messaging);
	sunat = await startSunatFake();
	sire = await startSireFake();
	n8n = await N8n.start();
	n8n.credential(SANDBOX_CREDENTIALS.lookup.type, { baseUrl: lookup.url, accessToken: VALID_TOKEN }, SANDBOX_CREDENTIALS.lookup);
	n8n.credential(SANDBOX_CREDENTIALS.messaging.type, { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY }, SANDBOX_CREDENTIALS.messaging);
	n8n.credential(
		SANDBOX_CREDENTIALS.sunat.type,
		{ clientId: SANDBOX_CLIENT.clientId, clientSecret: SANDBOX_CLIENT.clientSecret, ruc: SANDBOX_CLIENT.ruc, tokenUrl: sunat.url, apiUrl: sunat.url },
		SANDBOX_CREDENTIALS.sunat,
	);
	n8n.credential(
		SANDBOX_CREDENTIALS.sunatSire.type,
		{ clientId: SANDBOX_SIRE_CLIENT.clientId, clientSecret: SANDBOX_SIRE_CLIENT.clientSecret, ruc: SANDBOX_SIRE_CLIENT.ruc, solUser: SANDBOX_SIRE_CLIENT.solUser, solPassword: SANDBOX_SIRE_CLIENT.solPassword, tokenUrl: sire.url, apiUrl: sire.url },
		SANDBOX_CREDENTIALS.sunatSire,
	);
	await n8n.importWorkflows([...examples.map(({ workflow }) => workflow), sunatWorkflow]);
	for (const { workflow } of manual) executions.set(workflow.id, await n8n.execute(workflow.id));
	if (polled.length > 0 || waiting.length > 0) server = await n8n.startServer();
});

afterAll(() => stopAll(server, n8n, lookup, messaging, sunat, sire));

const executionOf = (id: string) => {
	const execution = executions.get(id);
	if (!execution) throw new Error(`examples/ has no workflow ${id} with a Manual Trigger`);
	expect(execution.error?.message).toBeUndefined();
	return execution;
};

/** Messages the messaging fake received through Send Text, from `since` (an index) on. */
const sentTexts = (since = 0) =>
	messaging.requests.slice(since).filter((r) => r.path.startsWith('/message/sendText/')).map((r) => r.body as IDataObject);

describe('examples/', () => {
	it('has the thirteen task examples, each with a unique id and name', () => {
		expect(examples.map(({ file }) => file)).toEqual([
			'ai-agent-ruc-to-whatsapp.json',
			'approve-payment-on-whatsapp.json',
			'check-numbers-before-campaign.json',
			'clean-ruc-column.json',
			'exchange-rates-to-whatsapp.json',
			'invite-group-to-event.json',
			'provision-customer-whatsapp.json',
			'reply-once.json',
			'ruc-bot.json',
			'sire-monthly-purchases.json',
			'taxpayer-to-whatsapp.json',
			'validate-supplier-invoices.json',
			'validate-supplier-rucs.json',
		]);
		expect(new Set(examples.map(({ workflow }) => workflow.id)).size).toBe(examples.length);
		// n8n saves a workflow's static data (the trigger's memory) only for ids of at most 21
		// characters; its own ids have 16.
		for (const { workflow } of examples) expect(workflow.id).toMatch(/^[A-Za-z0-9]{16}$/);
		expect(new Set(examples.map(({ workflow }) => workflow.name)).size).toBe(examples.length);
	});

	it.each(examples)('$file uses only the sandbox credentials and explains itself in a sticky note', ({ workflow }) => {
		const sandboxIds = Object.values(SANDBOX_CREDENTIALS).map((credential) => credential.id);
		for (const node of workflow.nodes) {
			for (const ref of Object.values((node.credentials ?? {}) as Record<string, { id: string }>)) {
				expect(sandboxIds, `${String(node.name)} uses credential ${ref.id}`).toContain(ref.id);
			}
		}
		const notes = workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');
		expect(notes.map((note) => String((note.parameters as IDataObject).content)).join('\n')).toMatch(/\*\*Use it:\*\*/);
	});

	// README's advice for repeats the trigger cannot catch (after a restart, on another webhook
	// process): replyOnce.test.ts shows it working across a restart of n8n.
	it.each(listening)('$file lets each message through once: Remove Duplicates on its ID right after the Messaging Trigger', ({ workflow }) => {
		const trigger = workflow.nodes.find((node) => node.type === `${PACKAGE_NAME}.messagingTrigger`)!;
		const next = (workflow.connections[String(trigger.name)] as IDataObject | undefined)?.main as Array<Array<{ node: string }>> | undefined;
		expect(next?.flat().map((connection) => connection.node)).toHaveLength(1);
		const dedupe = workflow.nodes.find((node) => node.name === next?.[0]?.[0]?.node);
		expect(dedupe).toMatchObject({
			type: 'n8n-nodes-base.removeDuplicates',
			typeVersion: 2,
			parameters: { operation: 'removeItemsSeenInPreviousExecutions', logic: 'removeItemsWithAlreadySeenKeyValues', dedupeValue: '={{ $json.messageId }}' },
		});
	});

	it.each(manual)('$file runs from its Manual Trigger without an error', ({ workflow }) => {
		const execution = executions.get(workflow.id)!;
		expect(execution.error?.message).toBeUndefined();
		expect(execution.status).toBe('success');
		for (const node of workflow.nodes.filter((n) => String(n.type).startsWith(`${PACKAGE_NAME}.`))) {
			const items = execution.output(String(node.name));
			expect(items.length, `${String(node.name)} returned items`).toBeGreaterThan(0);
			// Only a node set to continue on errors may pass error items on.
			if (node.onError !== 'continueRegularOutput') {
				expect(items.filter((item: IDataObject) => item.error), `${String(node.name)} items without error`).toEqual([]);
			}
		}
	});

	it('validate-supplier-rucs flags the inactive, not HABIDO, mistyped and unknown RUCs, and passes the good one', () => {
		const execution = executionOf('exSupplierRucs01');
		expect(execution.output('Suppliers OK')).toEqual([
			expect.objectContaining({ ruc: '20131312955', estado: 'ACTIVO', condicion: 'HABIDO', ok: true, problem: '' }),
		]);
		const review = execution.output('Suppliers to review');
		expect(review.map((item) => item.ruc)).toEqual(['20100070970', '10123456781', '20131312956', UNKNOWN_RUC]);
		expect(review.every((item) => item.ok === false)).toBe(true);
		const problem = Object.fromEntries(review.map((item) => [item.ruc, String(item.problem)]));
		expect(problem['20100070970']).toBe('not ACTIVO (BAJA DE OFICIO), not HABIDO (NO HABIDO)');
		expect(problem['10123456781']).toBe('not ACTIVO (SUSPENSION TEMPORAL)');
		expect(problem['20131312956']).toMatch(/^lookup failed: .*20131312956/);
		expect(problem[UNKNOWN_RUC]).toMatch(new RegExp(`^lookup failed: .*${UNKNOWN_RUC}`));
		expect(review[0]).toMatchObject({ supplier: 'Supermercados Peruanos', name: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA' });
		// The mistyped RUC cost no request.
		expect(lookup.requests.some((r) => r.path.includes('20131312956'))).toBe(false);
	});

	it('validate-supplier-invoices checks every invoice at SUNAT with one token, and sends the accountant one message of those to review', () => {
		const execution = executionOf('exSupplierInvoic');
		expect(execution.output('Invoices OK')).toEqual([expect.objectContaining({ ruc: '20131312955', invoice: '01 F001-123', estado: 'ACEPTADO', ok: true, problem: '' })]);
		const review = execution.output('Invoices to review');
		expect(review.map((item) => item.invoice)).toEqual(['01 F001-99', '01 F002-7', 'R1 E001-15', '03 B001-46', '03 B01-45']);
		const problem = Object.fromEntries(review.map((item) => [item.invoice, String(item.problem)]));
		expect(problem['01 F001-99']).toBe('SUNAT: ANULADO, ACTIVO, HABIDO');
		expect(problem['01 F002-7']).toBe('SUNAT: ACEPTADO, BAJA DE OFICIO, NO HABIDO; supplier BAJA DE OFICIO, NO HABIDO');
		expect(problem['03 B001-46']).toBe('SUNAT: NO EXISTE');
		expect(problem['03 B01-45']).toMatch(/^not checked: Series "B01" is not 4 letters or digits\. Nothing was sent\. \[item 5\]$/);
		// One token for the run; the mistyped row cost no check.
		expect(sunat.tokenRequests()).toHaveLength(1);
		// sire-monthly-purchases, run before it, checked its two receipts at the same fake.
		expect(sunat.checks()).toHaveLength(5 + 2);
		const [message] = sentTexts().filter((body) => String(body.text).startsWith('*Facturas de proveedores por revisar'));
		expect(message).toMatchObject({ number: '51987654321' });
		expect(String(message.text).split('\n')).toEqual([
			'*Facturas de proveedores por revisar (5)*',
			`• SUNAT (customs and taxes) F001-99 (RUC 20131312955): ${problem['01 F001-99']}`,
			`• Supermercados Peruanos F002-7 (RUC 20100070970): ${problem['01 F002-7']}`,
			`• Juan Carlos Pérez (freelance) E001-15 (RUC 10123456781): ${problem['R1 E001-15']}`,
			`• SUNAT (customs and taxes) B001-46 (RUC 20131312955): ${problem['03 B001-46']}`,
			`• Boleta with a mistyped series B01-45 (RUC 20131312955): ${problem['03 B01-45']}`,
		]);
	});

	it("sire-monthly-purchases gets March 2025's purchase proposal, checks the receipts the sheet lacks at SUNAT, and sends the accountant one message", () => {
		const execution = executionOf('exSireMonthPurch');
		expect(execution.output('Get purchase proposal')).toHaveLength(5);
		expect(execution.output('In the sheet').map((item) => item.receipt)).toEqual(['01 F002-31', '01 F001-1688', '01 F700-9921']);
		expect(execution.output('Validate at SUNAT').map((item) => [item.series, item.number, item.estado])).toEqual([
			['F001', '123', 'ACEPTADO'],
			['F020', '40211', 'NO EXISTE'],
		]);
		expect(sire.tokenRequests()).toHaveLength(1);
		const [message] = sentTexts().filter((body) => String(body.text).startsWith('*Compras 202503'));
		expect(message).toMatchObject({ number: '51987654321' });
		expect(String(message.text).split('\n')).toEqual([
			'*Compras 202503: en SUNAT, no en la hoja (2)*',
			'• 01 F001-123 CORPORACION ACEROS AREQUIPA S.A. (RUC 20131312955), S/ 1180.50: SUNAT ACEPTADO',
			'• 01 F020-40211 SAGA FALABELLA S A (RUC 20100128056), S/ 1299.00: SUNAT NO EXISTE, to review',
		]);
	});

	it('clean-ruc-column validates the column with no request, then looks up only the valid RUCs', () => {
		const execution = executionOf('exCleanRucColumn');
		expect(execution.output('Rows with taxpayer')).toEqual([
			{ row: 2, customer: 'SUNAT (customs and taxes)', ruc: '20131312955', name: expect.stringMatching(/^SUPERINTENDENCIA/), estado: 'ACTIVO', condicion: 'HABIDO', lookupError: '' },
			{ row: 3, customer: 'Supermercados Peruanos', ruc: '20100070970', name: 'SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA', estado: 'BAJA DE OFICIO', condicion: 'NO HABIDO', lookupError: '' },
			{ row: 5, customer: 'Juan Carlos Pérez (gave his DNI)', ruc: '10123456781', name: 'PEREZ QUISPE JUAN CARLOS', estado: 'SUSPENSION TEMPORAL', condicion: 'HABIDO', lookupError: '' },
		]);
		expect(execution.output('Rows to fix')).toEqual([
			{ row: 4, customer: 'Typo in the check digit', value: '20131312956', reason: 'Fails the check digit (the last digit should be 5)' },
			{ row: 6, customer: 'A digit missing', value: '2010007097', reason: 'Has 10 digits: a RUC has 11, a DNI 8' },
			{ row: 7, customer: 'Not a RUC', value: 'RUC-20131312955', reason: 'Holds characters other than digits' },
			{ row: 8, customer: 'Empty cell', value: '', reason: 'Empty: a RUC is required' },
		]);
		// Validate sent nothing: the only RUC requests of this run are the three valid rows' lookups.
		const rucPaths = lookup.requests.filter((r) => r.path.startsWith('/api/v2/ruc/')).map((r) => r.path);
		for (const ruc of ['20131312956', '2010007097', '12345678']) expect(rucPaths.some((p) => p.endsWith(`/${ruc}`))).toBe(false);
		expect(rucPaths).toEqual(expect.arrayContaining(['/api/v2/ruc/20131312955', '/api/v2/ruc/20100070970', '/api/v2/ruc/10123456781']));
	});

	it('taxpayer-to-whatsapp sends the looked-up taxpayer as a text to the recipient', () => {
		const execution = executionOf('exRucToWhatsApp1');
		expect(execution.output('Send as text')[0]).toMatchObject({ key: { remoteJid: '51987654321@s.whatsapp.net', fromMe: true } });
		const texts = sentTexts().filter((body) => String(body.text).includes('RUC: 20131312955'));
		expect(texts).toEqual([
			{
				number: '51987654321',
				text: [
					'*SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT*',
					'RUC: 20131312955',
					'Estado: ACTIVO',
					'Condición: HABIDO',
					'Dirección: AV. GARCILASO DE LA VEGA NRO. 1472 LIMA - LIMA - LIMA',
				].join('\n'),
			},
		]);
		expect(messaging.requests.find((r) => r.body === texts[0])?.path).toBe('/message/sendText/sales');
	});

	it('check-numbers-before-campaign checks all numbers in one request and splits them by whether they are on WhatsApp', () => {
		const execution = executionOf('exCheckNumbers01');
		const checks = messaging.requests.filter((r) => r.path === '/chat/whatsappNumbers/sales');
		expect(checks.map((r) => r.body)).toEqual([{ numbers: ['51987654321', '51911111111', '51912345678'] }]);
		expect(execution.output('Send the campaign to these')).toEqual([
			{ name: 'Ana Torres', phone: '+51 987 654 321', jid: '51987654321@s.whatsapp.net', onWhatsApp: true },
			{ name: 'Carla Díaz', phone: '(51) 912-345-678', jid: '51912345678@s.whatsapp.net', onWhatsApp: true },
		]);
		expect(execution.output('Not on WhatsApp')).toEqual([
			{ name: 'Luis Rojas', phone: '51 911 111 111', jid: '51911111111@s.whatsapp.net', onWhatsApp: false },
		]);
	});

	it('invite-group-to-event checks the instance, then sends the group the place and a poll quoting it', () => {
		const execution = executionOf('exGroupEvent0001');
		const group = '120363025246125486@g.us';
		expect(execution.output('Instance connected?')).toEqual([{ instanceName: 'sales', state: 'open', connected: true }]);
		const place = execution.output('Send the place');
		expect(place).toEqual([expect.objectContaining({ messageType: 'locationMessage', key: expect.objectContaining({ remoteJid: group }) })]);
		const locationId = (place[0].key as IDataObject).id;
		const sent = messaging.requests.filter((r) => /^\/message\/send(Location|Poll)\/sales$/.test(r.path) && (r.body as IDataObject).number === group);
		expect(sent.map((r) => [r.path, r.body])).toEqual([
			[
				'/message/sendLocation/sales',
				{ number: group, latitude: -12.091, longitude: -77.0225, name: 'Oficina Central', address: 'Av. Javier Prado Este 123, San Isidro, Lima' },
			],
			[
				'/message/sendPoll/sales',
				{
					number: group,
					name: '¿Qué día vienen a la capacitación?',
					values: ['Martes 10:00', 'Miércoles 15:00', 'Jueves 10:00'],
					selectableCount: 1,
					quoted: { key: { id: locationId } },
				},
			],
		]);
		expect(execution.output('Ask for the day')).toEqual([expect.objectContaining({ messageType: 'pollCreationMessageV3' })]);
		expect(execution.output('Instance not connected')).toEqual([]);
	});

	it("approve-payment-on-whatsapp asks the manager, waits, and on the tap of ✓ Aprobar tells finance to pay", async () => {
		const id = 'exApprovePayment';
		expect(waiting.map(({ workflow }) => workflow.id)).toEqual([id]);
		const since = messaging.requests.length;
		const executionId = await server!.runManually(id, "When clicking 'Execute workflow'");
		const text = await eventually('the text to the manager', () => sentTexts(since).find((body) => body.number === '51987654321')?.text as string | undefined);
		expect(text).toMatch(/^\*Pago por aprobar\*\nProveedor: Supermercados Peruanos\nFactura: F001-000123\nMonto: S\/ 12,450\.00\n\n\*✓ Aprobar:\*\nhttp/);
		const links = linksOf(text);
		expect(Object.keys(links)).toEqual(['✓ Aprobar', '✗ Rechazar']);
		// The text goes out before n8n has saved the execution as waiting.
		await untilWaiting(server!, executionId);

		const page = await fetch(links['✓ Aprobar'], { headers: { 'user-agent': BROWSER_AGENT } });
		expect(page.status).toBe(200);
		const finished = await server!.waitForExecution(executionId);
		expect(finished.status).toBe('success');
		expect(sentTexts(since).filter((body) => body.number === '51912345678')).toEqual([
			{ number: '51912345678', text: 'Aprobado: pagar la factura F001-000123 de Supermercados Peruanos (S/ 12,450.00).' },
		]);
	});

	it('exchange-rates-to-whatsapp posts the latest rates when run manually, nothing on first activation, then each new day once', async () => {
		const id = 'exRatesWhatsApp1';
		const trigger = 'New USD or EUR rate';
		const message = (date: string) =>
			[
				`*Tipo de cambio SBS del ${date}*`,
				...(['USD', 'EUR'] as const).map((currency) => {
					const rate = rateOn(date, currency);
					return `${currency}: compra S/ ${rate.precio_compra} · venta S/ ${rate.precio_venta}`;
				}),
			].join('\n');
		const posted = (since: number) => sentTexts(since).map((body) => ({ number: body.number, text: body.text }));
		expect(server, 'a started n8n').toBeDefined();

		// "Execute workflow" in the editor: the trigger runs in manual mode and emits the latest rates.
		let since = messaging.requests.length;
		const manualRun = await server!.waitForExecution(await server!.runManually(id, trigger));
		expect(manualRun.status).toBe('success');
		expect(manualRun.data.resultData.runData[trigger][0].data?.main[0]?.map((item) => item.json)).toEqual([
			rateOn(FRIDAY, 'USD'),
			rateOn(FRIDAY, 'EUR'),
		]);
		expect(posted(since)).toEqual([{ number: '51987654321', text: message(FRIDAY) }]);

		// Publishing: the first poll only remembers Friday's rates (the manual run did not touch that memory).
		since = messaging.requests.length;
		const latestAsked = lookup.requests.length;
		await server!.activate(id);
		expect(lookup.requests.slice(latestAsked).map((r) => `${r.path} ${r.query.moneda}`)).toEqual([
			'/api/v2/tipo-cambio/sbs/ultimo USD',
			'/api/v2/tipo-cambio/sbs/ultimo EUR',
		]);
		expect(posted(since)).toEqual([]);

		// Off over the weekend and Monday; back on Tuesday: Monday's and Tuesday's rates come in one
		// run, one message per day, in order.
		await server!.deactivate(id);
		lookup.setToday('2025-11-25');
		await server!.activate(id);
		const [, triggered] = await server!.waitForExecutions(id, 2, 60_000);
		expect(triggered.mode).toBe('trigger');
		expect(triggered.status).toBe('success');
		// The workflow makes the messages in date order; Messaging sends its items at once, so the
		// order in which they reach the server is not defined.
		const { data } = await server!.execution(triggered.id);
		expect(data.resultData.runData['One message per day'][0].data?.main[0]?.map((item) => item.json.fecha)).toEqual(['2025-11-24', '2025-11-25']);
		expect(unordered(posted(since))).toEqual(
			unordered([
				{ number: '51987654321', text: message('2025-11-24') },
				{ number: '51987654321', text: message('2025-11-25') },
			]),
		);
		await server!.deactivate(id);
	});
});

describe('Exchange Rate Trigger with Source SUNAT', () => {
	it("emits SUNAT's latest rate when run manually, nothing on first activation, then each day SUNAT published once", async () => {
		const id = sunatWorkflow.id;
		const item = (fecha: string) => {
			const { precio_compra, precio_venta } = sunatRateOn(fecha);
			return { fecha, moneda: 'USD', precio_compra, precio_venta };
		};
		const sunatRequests = (since: number) =>
			lookup.requests.slice(since).map((r) => `${r.path}${r.query.fecha ? ` ${r.query.fecha}` : ''}${r.query.moneda ? ` ${r.query.moneda}` : ''}`);
		expect(server, 'a started n8n').toBeDefined();
		lookup.setToday('2025-12-05'); // a Friday

		// "Execute workflow": the trigger runs in manual mode and emits SUNAT's latest rate.
		let since = lookup.requests.length;
		const manualRun = await server!.waitForExecution(await server!.runManually(id, SUNAT_TRIGGER));
		expect(manualRun.status).toBe('success');
		expect(manualRun.data.resultData.runData['Each rate'][0].data?.main[0]?.map((entry) => entry.json)).toEqual([item('2025-12-05')]);
		expect(sunatRequests(since)).toEqual(['/api/v2/tipo-cambio/sunat/ultimo']);

		// Publishing: the first poll only remembers Friday's rate.
		since = lookup.requests.length;
		await server!.activate(id);
		expect(sunatRequests(since)).toEqual(['/api/v2/tipo-cambio/sunat/ultimo']);
		await server!.deactivate(id);

		// Off over the weekend and two holidays (12-08, 12-09); back on Thursday: each missed day is
		// asked once, and Wednesday's and Thursday's rates come in one run, in order.
		lookup.setToday('2025-12-11');
		since = lookup.requests.length;
		await server!.activate(id);
		const [, triggered] = await server!.waitForExecutions(id, 2, 60_000);
		expect(triggered.mode).toBe('trigger');
		expect(triggered.status).toBe('success');
		const { data } = await server!.execution(triggered.id);
		expect(data.resultData.runData['Each rate'][0].data?.main[0]?.map((entry) => entry.json)).toEqual([item('2025-12-10'), item('2025-12-11')]);
		expect(sunatRequests(since)).toEqual([
			'/api/v2/tipo-cambio/sunat/ultimo',
			...['06', '07', '08', '09', '10'].map((day) => `/api/v2/tipo-cambio/sunat 2025-12-${day}`),
		]);
		await server!.deactivate(id);

		// Published again the same day: the memory n8n saved says all was emitted.
		since = lookup.requests.length;
		await server!.activate(id);
		expect(sunatRequests(since)).toEqual(['/api/v2/tipo-cambio/sunat/ultimo']);
		expect(await server!.executions(id)).toHaveLength(2);
		await server!.deactivate(id);
	});
});
