// Message → Send and Wait for Response in a running n8n (`n8n start`), against the Evolution fake:
// a published workflow (Webhook → Send and Wait → After) started by its webhook sends the WhatsApp
// text and waits; the test reads the text the fake received and answers as the recipient would,
// through n8n's own waiting webhooks (the signed links), and sees the execution resume with the
// answer: the approve link (a link preview and a tampered link first, which must not answer), the
// free-text form (its page, then its submission), and a third execution that nobody answers, which
// goes on with its input once Limit Wait Time passes (n8n's WaitTracker looks once a minute); a
// custom form with a file field, posted as the form page posts it, resumes with the fields and the
// file; a fourth execution, limited to a date and time, goes on with its input once it has passed.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { N8n, type CredentialRef, type N8nServer, type WorkflowJson } from './n8n';
import { stopAll } from './sandbox';
import { BROWSER_AGENT, eventually, linksOf } from './waiting';

const ASK = 'Ask';
const AFTER = 'After';

let messaging: EvolutionFake;
let n8n: N8n;
let server: N8nServer;

/** Webhook → Send and Wait for Response (to the body's phone, about its invoice) → After. */
function askWorkflow(id: string, path: string, credential: CredentialRef, parameters: IDataObject): WorkflowJson {
	return {
		id,
		name: `Send and wait: ${path}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${id}-hook`,
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `6b3f7c1e-2d4a-4f5b-8c9d-${id.slice(-12).toLowerCase().replace(/[^0-9a-f]/g, '0')}`,
				parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
			},
			{
				id: `${id}-ask`,
				name: ASK,
				type: 'n8n-nodes-taxpayer-messaging.messaging',
				typeVersion: 1.1,
				position: [250, 0],
				parameters: {
					resource: 'message',
					operation: 'sendAndWait',
					instanceName: { __rl: true, mode: 'name', value: 'sales' },
					number: { __rl: true, mode: 'number', value: '={{ $json.body.phone }}' },
					message: '=Approve invoice {{ $json.body.invoice }}?',
					...parameters,
				},
				credentials: { messagingApi: credential },
			},
			{ id: `${id}-after`, name: AFTER, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [500, 0], parameters: {} },
		],
		connections: {
			Webhook: { main: [[{ node: ASK, type: 'main', index: 0 }]] },
			[ASK]: { main: [[{ node: AFTER, type: 'main', index: 0 }]] },
		},
	};
}

const APPROVE = 'e2eSawApprove001';
const FREE_TEXT = 'e2eSawFreeText01';
const TIMEOUT = 'e2eSawTimeout001';
const CUSTOM_FORM = 'e2eSawCustomFm01';
const AT_DATE = 'e2eSawAtDate0001';

/** The text Send and Wait sent to `phone`, once the fake has it. */
const textTo = async (phone: string) =>
	await eventually(`a text to ${phone}`, () => {
		const request = messaging.requests.find((r) => r.path === '/message/sendText/sales' && (r.body as IDataObject).number === phone);
		return request ? String((request.body as IDataObject).text) : undefined;
	});


/** The workflow's one execution, once it has one with `status`. */
const executionWith = async (workflowId: string, status: string, timeoutMs = 60_000) =>
	await eventually(
		`an execution of ${workflowId} ${status}`,
		async () => (await server.executions(workflowId)).find((execution) => execution.status === status),
		timeoutMs,
	);

/** What the After node received, by run. */
const afterOutput = async (executionId: string) => (await afterItems(executionId)).map((item) => item.json);
const afterItems = async (executionId: string) => {
	const { data } = await server.execution(executionId);
	return data.resultData.runData[AFTER]?.[0]?.data?.main?.[0] ?? [];
};

beforeAll(async () => {
	messaging = await startEvolutionFake();
	n8n = await N8n.start();
	const credential = n8n.credential('messagingApi', { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY }, 'Evolution fake');
	await n8n.importWorkflows([
		askWorkflow(APPROVE, 'saw-approve', credential, { responseType: 'approval', options: { approvalType: 'double', approveLabel: 'Aprobar', disapproveLabel: 'Rechazar' } }),
		askWorkflow(FREE_TEXT, 'saw-free-text', credential, { responseType: 'freeText', options: { responseFormTitle: 'Invoice F001-2' } }),
		askWorkflow(TIMEOUT, 'saw-timeout', credential, {
			options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } } },
		}),
		askWorkflow(CUSTOM_FORM, 'saw-custom-form', credential, {
			responseType: 'customForm',
			formFields: {
				values: [
					{ fieldLabel: 'Decision', fieldType: 'dropdown', fieldOptions: { values: [{ option: 'Approve' }, { option: 'Reject' }] }, requiredField: true },
					{ fieldLabel: 'Amount', fieldType: 'number' },
					{ fieldLabel: 'Invoice', fieldType: 'file', multipleFiles: false },
				],
			},
		}),
		// Due 15 s after the import: passed by the time n8n's WaitTracker looks.
		askWorkflow(AT_DATE, 'saw-at-date', credential, {
			options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: new Date(Date.now() + 15_000).toISOString() } } },
		}),
	]);
	server = await n8n.startServer();
	for (const id of [APPROVE, FREE_TEXT, TIMEOUT, CUSTOM_FORM, AT_DATE]) await server.activate(id);
	// Started first: nobody answers them, and n8n's WaitTracker may take a minute to pick them up.
	for (const [path, phone, invoice] of [
		['saw-timeout', '51900000003', 'F001-3'],
		['saw-at-date', '51900000005', 'F001-5'],
	]) {
		const started = await server.webhook(path, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ phone, invoice }),
		});
		expect(started.status).toBe(200);
	}
});

afterAll(() => stopAll(server, n8n, messaging));

describe('Send and Wait for Response in a running n8n', () => {
	it('waits for the approve link; a link preview and a tampered link do not answer; the approval resumes it with { data: { approved } }', async () => {
		const started = await server.webhook('saw-approve', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ phone: '51900000001', invoice: 'F001-1' }),
		});
		expect(started.status).toBe(200);
		const text = await textTo('51900000001');
		expect(text.split('\n')[0]).toBe('Approve invoice F001-1?');
		const links = linksOf(text);
		expect(Object.keys(links)).toEqual(['Aprobar', 'Rechazar']);
		expect(links.Aprobar).toMatch(new RegExp(`^${server.url}/webhook-waiting/\\d+/${APPROVE}-ask\\?approved=true&signature=[0-9a-f]{64}$`));
		const waiting = await executionWith(APPROVE, 'waiting');

		// WhatsApp fetching a preview of the link: an empty page, and the execution waits on.
		const preview = await fetch(links.Aprobar, { headers: { 'user-agent': 'WhatsApp/2.24.6.77 A' } });
		expect(preview.status).toBe(200);
		expect(await preview.text()).toBe('');
		// The decline link's signature on the approve link's URL: n8n refuses it.
		const tampered = new URL(links.Rechazar);
		tampered.searchParams.set('approved', 'true');
		const refused = await fetch(tampered, { headers: { 'user-agent': BROWSER_AGENT } });
		expect(refused.status).toBe(401);
		expect((await server.execution(waiting.id)).status).toBe('waiting');

		const approved = await fetch(links.Aprobar, { headers: { 'user-agent': BROWSER_AGENT } });
		expect(approved.status).toBe(200);
		expect(await approved.text()).toContain('Got it, thanks');
		const finished = await server.waitForExecution(waiting.id);
		expect(finished.status).toBe('success');
		expect(await afterOutput(waiting.id)).toEqual([{ data: { approved: true, respondedAt: expect.any(String) } }]);
		// One message: the resume sent nothing again.
		expect(messaging.requests.filter((r) => (r.body as IDataObject)?.number === '51900000001')).toHaveLength(1);
	});

	it("shows the free-text form at its link and resumes with { data: { text } } from the form's submission", async () => {
		await server.webhook('saw-free-text', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ phone: '51900000002', invoice: 'F001-2' }),
		});
		const links = linksOf(await textTo('51900000002'));
		expect(Object.keys(links)).toEqual(['Respond']);
		const waiting = await executionWith(FREE_TEXT, 'waiting');

		const page = await fetch(links.Respond, { headers: { 'user-agent': BROWSER_AGENT } });
		expect(page.status).toBe(200);
		expect(page.headers.get('content-security-policy')).toMatch(/^sandbox /);
		const html = await page.text();
		expect(html).toContain('Invoice F001-2');
		expect(html).toContain('Approve invoice F001-2?');
		expect(html).toMatch(/<textarea[^>]*id=['"]?field-0/);
		expect((await server.execution(waiting.id)).status).toBe('waiting');

		// What the form page posts: multipart/form-data to its own URL.
		const form = new FormData();
		form.append('field-0', 'Paid on Monday');
		const posted = await fetch(links.Respond, { method: 'POST', body: form, headers: { 'user-agent': BROWSER_AGENT } });
		expect(posted.status).toBe(200);
		const finished = await server.waitForExecution(waiting.id);
		expect(finished.status).toBe('success');
		expect(await afterOutput(waiting.id)).toEqual([{ data: { text: 'Paid on Monday', respondedAt: expect.any(String) } }]);
	});

	it('goes on past Limit Wait Time with its input, as n8n nodes do, when nobody answers', async () => {
		const links = linksOf(await textTo('51900000003'));
		expect(Object.keys(links)).toEqual(['✓ Approve']);
		// n8n's WaitTracker looks for executions due within 70 s once a minute.
		const finished = await executionWith(TIMEOUT, 'success', 150_000);
		const after = await afterOutput(finished.id);
		expect(after).toHaveLength(1);
		expect(after[0].body).toEqual({ phone: '51900000003', invoice: 'F001-3' });
		expect(after[0]).not.toHaveProperty('data');
	});

	it("shows a custom form with a file field and resumes with the fields, typed, and the file as binary data", async () => {
		await server.webhook('saw-custom-form', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ phone: '51900000004', invoice: 'F001-4' }),
		});
		const links = linksOf(await textTo('51900000004'));
		expect(Object.keys(links)).toEqual(['Respond']);
		const waiting = await executionWith(CUSTOM_FORM, 'waiting');

		const page = await fetch(links.Respond, { headers: { 'user-agent': BROWSER_AGENT } });
		expect(page.status).toBe(200);
		const html = await page.text();
		expect(html).toMatch(/<select[^>]*id=['"]?field-0/);
		expect(html).toMatch(/<input[^>]*type=['"]?number[^>]*id=['"]?field-1|<input[^>]*id=['"]?field-1[^>]*type=['"]?number/);
		expect(html).toMatch(/<input[^>]*type=['"]?file/);

		const form = new FormData();
		form.append('field-0', 'Approve');
		form.append('field-1', '12450');
		form.append('field-2', new Blob(['F001-4 paid'], { type: 'text/plain' }), 'receipt.txt');
		const posted = await fetch(links.Respond, { method: 'POST', body: form, headers: { 'user-agent': BROWSER_AGENT } });
		expect(posted.status).toBe(200);
		const finished = await server.waitForExecution(waiting.id);
		expect(finished.status).toBe('success');
		const [item] = await afterItems(waiting.id);
		expect(item.json).toEqual({
			data: {
				Decision: 'Approve',
				Amount: 12450,
				Invoice: { filename: 'receipt.txt', mimetype: 'text/plain', size: 11 },
				respondedAt: expect.any(String),
			},
		});
		expect(item.binary?.Invoice).toMatchObject({ fileName: 'receipt.txt', mimeType: 'text/plain' });
	});

	it('goes on with its input once the date and time Limit Wait Time names has passed', async () => {
		expect(Object.keys(linksOf(await textTo('51900000005')))).toEqual(['✓ Approve']);
		const finished = await executionWith(AT_DATE, 'success', 150_000);
		const after = await afterOutput(finished.id);
		expect(after).toHaveLength(1);
		expect(after[0].body).toEqual({ phone: '51900000005', invoice: 'F001-5' });
		expect(after[0]).not.toHaveProperty('data');
	});
});
