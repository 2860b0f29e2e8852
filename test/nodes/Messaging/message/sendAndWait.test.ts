// Message → Send and Wait for Response through n8n-core's real engine, which runs it as the node's
// custom operation: the text sent to the instance with the signed response links, the execution
// put to wait (until answered, or Limit Wait Time), bad input refused with nothing sent, errors and
// Continue On Fail; then resumed as n8n resumes it, with what the waiting webhook answered (its
// handler run with n8n-core's WebhookContext: test/harness/webhook.ts) or, past the limit, with
// the node's input.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Container } from '@n8n/di';
import { InstanceSettings, generateUrlSignature, prepareUrlForSigning } from 'n8n-core';
import * as workflow from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION, WAIT_INDEFINITELY, type IDataObject, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { Messaging } from '../../../../nodes/Messaging/Messaging.node';
import { callWaitingWebhook } from '../../../harness/webhook';
import { instance, itemsOf, runMessaging, stopError } from '../helpers';
import { useEvolutionFake } from '../../../harness/evolutionFake';

const UNREGISTERED = '51999999999';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const state = useEvolutionFake({ unregistered: [UNREGISTERED] });

const sendAndWait = (overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendAndWait',
	instanceName: instance('sales'),
	number: '+51 987 654 321',
	message: 'Approve invoice F001-123 for S/ 1,200?',
	...overrides,
});

/** The texts the fake was sent, by Send Text. */
const sentTexts = () => state.fake.requests.filter((request) => request.path.startsWith('/message/sendText/')).map((request) => request.body as IDataObject);

/** The links of a sent text, each `*Label:*` then its URL on the next line. */
function linksOf(text: string): Array<{ label: string; url: URL }> {
	return [...text.matchAll(/^\*(.+):\*\n(\S+)$/gm)].map(([, label, url]) => ({ label, url: new URL(url) }));
}

/**
 * Whether n8n's waiting webhooks accept the URL's signature: n8n-core's own signing of the URL
 * without its signature, with this instance's secret (what is signed differs between releases:
 * host and path before 2.x's later releases, the path alone since).
 */
function signedByN8n(url: URL): boolean {
	const signature = url.searchParams.get('signature') ?? '';
	const unsigned = new URL(url);
	unsigned.searchParams.delete('signature');
	return generateUrlSignature(prepareUrlForSigning(unsigned), Container.get(InstanceSettings).hmacSignatureSecret) === signature;
}

describe('Send and Wait for Response: the message', () => {
	it('sends the message with an approve link through the instance, without a link preview, and puts the execution to wait', async () => {
		const result = await runMessaging(state.fake, { parameters: sendAndWait(), items: itemsOf({ invoice: 'F001-123' }) });

		expect(result.error).toBeUndefined();
		expect(state.fake.requests.map((request) => [request.method, request.path])).toEqual([['POST', '/message/sendText/sales']]);
		const [body] = sentTexts();
		expect(body).toEqual({ number: '51987654321', text: expect.any(String), linkPreview: false });
		const text = String(body.text);
		expect(text.startsWith('Approve invoice F001-123 for S/ 1,200?\n\n*✓ Approve:*\nhttp://localhost:5678/webhook-waiting/test-execution/node-under-test?')).toBe(true);
		const links = linksOf(text);
		expect(links.map(({ label, url }) => [label, url.searchParams.get('approved')])).toEqual([['✓ Approve', 'true']]);
		expect(signedByN8n(links[0].url)).toBe(true);

		expect(result.run.status).toBe('waiting');
		expect(result.run.waitTill).toEqual(WAIT_INDEFINITELY);
		// While it waits, the node holds its input.
		expect(result.items.map((item) => item.json)).toEqual([{ invoice: 'F001-123' }]);
	});

	it('offers approve and decline links with the labels given', async () => {
		await runMessaging(state.fake, {
			parameters: sendAndWait({ options: { approvalType: 'double', approveLabel: 'Aprobar', disapproveLabel: 'Rechazar' } }),
		});
		const links = linksOf(String(sentTexts()[0].text));
		expect(links.map(({ label, url }) => [label, url.searchParams.get('approved')])).toEqual([
			['Aprobar', 'true'],
			['Rechazar', 'false'],
		]);
		expect(links.every(({ url }) => signedByN8n(url))).toBe(true);
	});

	it.each(['freeText', 'customForm'])('links %s to its form with the Message Button Label', async (responseType) => {
		await runMessaging(state.fake, {
			parameters: sendAndWait({
				responseType,
				formFields: { values: [{ fieldLabel: 'Comment', fieldType: 'textarea' }] },
				options: { messageButtonLabel: 'Responder' },
			}),
		});
		const links = linksOf(String(sentTexts()[0].text));
		expect(links.map(({ label, url }) => [label, url.searchParams.get('approved')])).toEqual([['Responder', 'true']]);
	});

	it('sends one message, from the first item, as n8n sends one, and keeps every item while waiting', async () => {
		const result = await runMessaging(state.fake, {
			parameters: sendAndWait({ number: '={{ $json.phone }}', message: '=Approve {{ $json.invoice }}?' }),
			items: itemsOf({ phone: '51987654321', invoice: 'F001-1' }, { phone: '51912345678', invoice: 'F001-2' }),
		});
		expect(sentTexts().map((body) => [body.number, String(body.text).split('\n')[0]])).toEqual([['51987654321', 'Approve F001-1?']]);
		expect(result.items.map((item) => item.json.invoice)).toEqual(['F001-1', 'F001-2']);
	});

	it('waits until the time Limit Wait Time gives: after an interval, or at a date', async () => {
		const before = Date.now();
		const interval = await runMessaging(state.fake, {
			parameters: sendAndWait({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' } } } }),
		});
		const waitTill = interval.run.waitTill!.getTime();
		expect(waitTill).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
		expect(waitTill).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);

		const at = await runMessaging(state.fake, {
			parameters: sendAndWait({ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2031-03-01T18:00:00-05:00' } } } }),
		});
		expect(at.run.waitTill?.toISOString()).toBe('2031-03-01T23:00:00.000Z');
	});
});

describe('Send and Wait for Response: bad input and errors', () => {
	it.each([
		[{ message: '  ' }, 'Message "  " is empty: WhatsApp does not send empty messages. Nothing was sent. [item 0]'],
		[{ number: '51 98' }, 'Number "51 98" has 4 digits; a number with its country code has 8 to 15. Nothing was sent. [item 0]'],
		[
			{ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: 'next friday' } } } },
			'Limit Wait Time {"limitType":"atSpecifiedTime","maxDateAndTime":"next friday"} has no date and time that can be read. Nothing was sent. [item 0]',
		],
		[{ responseType: 'customForm', defineForm: 'json', jsonOutput: '[{ "fieldLabel": "Comment", ' }, /^Form Fields "\[\{ \\"fieldLabel\\": \\"Comment\\", " cannot be read: Value is not valid JSON(: .+)?\. Nothing was sent\. \[item 0\]$/],
		[{ responseType: 'customForm', formFields: {} }, 'Form Elements {} has no field. Nothing was sent. [item 0]'],
		[
			{ responseType: 'customForm', defineForm: 'json', jsonOutput: '[{ "fieldLabel": "Hi", "fieldType": "html", "html": "<b>x</b>" }]' },
			'Form Fields "[{ \\"fieldLabel\\": \\"Hi\\", \\"fieldType\\": \\"html\\", \\"html\\": \\"<b>x</b>\\" }]" has a Custom HTML element (field 0). Nothing was sent. [item 0]',
		],
	])('refuses %j before sending anything, naming the item', async (overrides, message) => {
		const result = await runMessaging(state.fake, { parameters: sendAndWait(overrides) });
		expect(state.fake.requests).toEqual([]);
		// The JSON parser's own words (position, line) differ between Node releases, and n8n 1.x gives none: a pattern there.
		if (typeof message === 'string') expect(stopError(result).message).toBe(message);
		else expect(stopError(result).message).toMatch(message);
		expect(result.run.waitTill).toBeUndefined();
	});

	it('fails on an error answer, naming the recipient and the item, and does not wait', async () => {
		const result = await runMessaging(state.fake, { parameters: sendAndWait({ number: UNREGISTERED }) });
		expect(stopError(result).message).toBe('51999999999 is not on WhatsApp (400) [item 0]');
		expect(stopError(result).description).toBe('No WhatsApp account uses this number, so sending again will not help. Check the number and its country code, or run Check Numbers first to skip such numbers.');
		expect(result.run.waitTill).toBeUndefined();
	});

	it('under Continue On Fail, outputs the error item, paired, and does not wait', async () => {
		const result = await runMessaging(state.fake, { parameters: sendAndWait({ number: UNREGISTERED }), continueOnFail: true });
		expect(result.run.waitTill).toBeUndefined();
		expect(result.run.status).toBe('success');
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([[{ error: '51999999999 is not on WhatsApp (400) [item 0]' }, { item: 0 }]]);
	});
});

describe('Send and Wait for Response: the answer', () => {
	it('resumes with { data: { approved, respondedAt } } when the recipient opens the approve link', async () => {
		const waiting = await runMessaging(state.fake, { parameters: sendAndWait() });
		const [approve] = linksOf(String(sentTexts()[0].text));
		const answer = await callWaitingWebhook({
			parameters: sendAndWait(),
			method: 'GET',
			query: Object.fromEntries(approve.url.searchParams),
			headers: { 'user-agent': BROWSER },
		});
		expect(answer.status).toBe(200);
		expect(String(answer.body)).toContain('Got it, thanks');
		expect(answer.items?.map((item) => item.json)).toEqual([{ data: { approved: true, respondedAt: expect.any(String) } }]);

		const resumed = await waiting.resume(answer.items);
		expect(resumed.error).toBeUndefined();
		expect(resumed.run.status).toBe('success');
		expect(resumed.items.map((item) => item.json)).toEqual(answer.items?.map((item) => item.json));
		// Nothing is sent again.
		expect(sentTexts()).toHaveLength(1);
	});

	it('resumes with approved false from the decline link', async () => {
		const answer = await callWaitingWebhook({ parameters: sendAndWait(), method: 'GET', query: { approved: 'false' }, headers: { 'user-agent': BROWSER } });
		expect((answer.items?.[0].json.data as IDataObject).approved).toBe(false);
	});

	it.each([
		['WhatsApp/2.24.6.77 A', 'WhatsApp fetching a preview'],
		['facebookexternalhit/1.1', "Facebook's preview"],
		['TelegramBot (like TwitterBot)', "Telegram's preview"],
		[undefined, 'a client that does not say what it is'],
	])('keeps waiting when a link preview opens the approve link (%s: %s)', async (userAgent, _who) => {
		const answer = await callWaitingWebhook({
			parameters: sendAndWait(),
			method: 'GET',
			query: { approved: 'true' },
			headers: userAgent ? { 'user-agent': userAgent } : {},
		});
		expect(answer.items).toBeUndefined();
		expect(answer.body).toBe('');
	});

	it('goes on with its input items once Limit Wait Time passes, as n8n resumes it', async () => {
		const waiting = await runMessaging(state.fake, {
			parameters: sendAndWait({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'minutes' } } } }),
			items: itemsOf({ invoice: 'F001-1' }, { invoice: 'F001-2' }),
		});
		const resumed = await waiting.resume();
		expect(resumed.run.status).toBe('success');
		expect(resumed.items.map((item) => item.json)).toEqual([{ invoice: 'F001-1' }, { invoice: 'F001-2' }]);
		expect(sentTexts()).toHaveLength(1);
	});

	it('shows the free-text form (GET) and resumes with { data: { text, respondedAt } } from its submission (POST)', async () => {
		const parameters = sendAndWait({ responseType: 'freeText', message: 'Why <b>late</b>?', options: { responseFormTitle: 'Invoice F001-123' } });
		const page = await callWaitingWebhook({ parameters, method: 'GET', query: { approved: 'true' }, headers: { 'user-agent': BROWSER } });
		expect(page.items).toBeUndefined();
		expect(page.headers['content-security-policy']).toMatch(/^sandbox /);
		expect(page.rendered?.view).toBe('form-trigger');
		expect(page.rendered?.data).toMatchObject({
			formTitle: 'Invoice F001-123',
			formDescription: 'Why &lt;b&gt;late&lt;/b&gt;?',
			buttonLabel: 'Submit',
			testRun: false,
			formFields: [{ id: 'field-0', label: 'Response', inputRequired: 'form-required', isTextarea: true }],
		});

		const posted = await callWaitingWebhook({ parameters, method: 'POST', query: { approved: 'true' }, body: { data: { 'field-0': 'The truck broke down' } } });
		expect(String(posted.body)).toContain('Got it, thanks');
		expect(posted.items?.map((item) => item.json)).toEqual([{ data: { text: 'The truck broke down', respondedAt: expect.any(String) } }]);
	});

	it("shows a custom form's fields and resumes with them by label, typed as n8n's forms type them", async () => {
		const fields = [
			{ fieldLabel: 'Decision', fieldType: 'dropdown', fieldOptions: { values: [{ option: 'Approve' }, { option: 'Reject' }] }, requiredField: true },
			{ fieldLabel: 'Amount', fieldType: 'number', placeholder: 'e.g. 1200' },
			{ fieldLabel: 'Reasons', fieldType: 'checkbox', fieldOptions: { values: [{ option: 'Price' }, { option: 'Date' }] } },
			{ fieldLabel: 'Urgency', fieldType: 'radio', fieldOptions: { values: [{ option: 'High' }, { option: 'Low' }] } },
			{ fieldLabel: 'Email', fieldType: 'email' },
			{ fieldType: 'hiddenField', fieldName: 'source', fieldValue: 'whatsapp' },
			{ fieldLabel: 'Note', fieldType: 'text' },
		];
		const parameters = sendAndWait({ responseType: 'customForm', formFields: { values: fields } });
		const page = await callWaitingWebhook({ parameters, method: 'GET', headers: { 'user-agent': BROWSER } });
		expect(page.rendered?.data.formDescription).toBe('Approve invoice F001-123 for S/ 1,200?');
		expect(page.rendered?.data.formFields).toEqual([
			expect.objectContaining({ id: 'field-0', label: 'Decision', isSelect: true, selectOptions: ['Approve', 'Reject'], inputRequired: 'form-required' }),
			expect.objectContaining({ id: 'field-1', label: 'Amount', isInput: true, type: 'number', placeholder: 'e.g. 1200' }),
			expect.objectContaining({ id: 'field-2', isMultiSelect: true, multiSelectOptions: [{ id: 'option0_field-2', label: 'Price' }, { id: 'option1_field-2', label: 'Date' }] }),
			expect.objectContaining({ id: 'field-3', isMultiSelect: true, radioSelect: 'radio' }),
			expect.objectContaining({ id: 'field-4', isInput: true, type: 'email' }),
			expect.objectContaining({ id: 'field-5', isHidden: true, hiddenName: 'source', hiddenValue: 'whatsapp' }),
			expect.objectContaining({ id: 'field-6', isInput: true, type: 'text' }),
		]);

		const posted = await callWaitingWebhook({
			parameters,
			method: 'POST',
			body: { data: { 'field-0': 'Reject', 'field-1': '1200.5', 'field-2': '["Price","Date"]', 'field-3': '["High"]', 'field-4': ' ana@example.com ', 'field-5': 'whatsapp' } },
		});
		expect(posted.items?.map((item) => item.json)).toEqual([
			{
				data: {
					Decision: 'Reject',
					Amount: 1200.5,
					Reasons: ['Price', 'Date'],
					Urgency: 'High',
					Email: 'ana@example.com',
					source: 'whatsapp',
					Note: null,
					respondedAt: expect.any(String),
				},
			},
		]);
	});

	it('reads a custom form given as JSON the same way', async () => {
		const parameters = sendAndWait({ responseType: 'customForm', defineForm: 'json', jsonOutput: JSON.stringify([{ fieldLabel: 'Comment', fieldType: 'textarea' }]) });
		const posted = await callWaitingWebhook({ parameters, method: 'POST', body: { data: { 'field-0': 'Ok' } } });
		expect(posted.items?.[0].json).toEqual({ data: { Comment: 'Ok', respondedAt: expect.any(String) } });
	});
});

describe('Send and Wait for Response: the send', () => {
	it('sends the Delay option, and ends at the Request Options timeout as routed sends do', async () => {
		await runMessaging(state.fake, { parameters: sendAndWait({ options: { delay: 1200 } }) });
		expect(sentTexts()).toEqual([{ number: '51987654321', text: expect.any(String), delay: 1200, linkPreview: false }]);

		state.fake.reset();
		state.fake.delayMs = 2_000;
		try {
			const result = await runMessaging(state.fake, { parameters: { ...sendAndWait(), requestOptions: { timeout: 200 } } });
			// The code differs between n8n releases (ECONNABORTED on 2.41, ETIMEDOUT on 1.123).
			const serverAt = state.fake.url.replace(/[.]/g, '\\.');
			expect(stopError(result).message).toMatch(new RegExp(`^The Evolution API server at ${serverAt} did not answer in time \\((ECONNABORTED|ETIMEDOUT)\\) \\[item 0\\]$`));
			expect(result.run.waitTill).toBeUndefined();
		} finally {
			state.fake.delayMs = 0;
		}
	});
});

describe('Send and Wait for Response: the pace of sends', () => {
	const refuse = { status: 429, error: 'Too Many Requests', response: { message: 'slow down' } };

	it('waits out a 429 (refused, nothing sent) and sends again, then waits for the answer', async () => {
		state.fake.failNext(429, refuse, 1, undefined, { 'retry-after': '1' });
		const result = await runMessaging(state.fake, { parameters: sendAndWait() });
		expect(result.error).toBeUndefined();
		// The refused request again, unchanged (the same signed links).
		expect(sentTexts()).toHaveLength(2);
		expect(sentTexts()[1]).toEqual(sentTexts()[0]);
		expect(result.run.status).toBe('waiting');
	});

	it.each([
		[
			'an error answer (500)',
			() => state.fake.failNext(500, { status: 500, error: 'Internal Server Error', response: { message: 'boom' } }),
			() => 'The server or its WhatsApp connection failed on instance "sales" (500: boom) [item 0]',
		],
		['no answer (connection dropped)', () => state.fake.dropNext(1), () => `The Evolution API server at ${state.fake.url} closed the connection (ECONNRESET) [item 0]`],
	])('never sends again after %s: the request went out; it fails, naming the item, and does not wait', async (_what, arrange, message) => {
		arrange();
		const result = await runMessaging(state.fake, { parameters: sendAndWait() });
		expect(sentTexts()).toHaveLength(1);
		expect(stopError(result).message).toBe(message());
		expect(result.run.waitTill).toBeUndefined();
	});
});

describe("Send and Wait for Response: the credential's own restrictions, as on a routed send", () => {
	// n8n 2.0 to 2.17 have no domain restriction for nodes (n8n-workflow has no getCredentialAllowedDomains).
	const restrictsDomains = 'getCredentialAllowedDomains' in workflow;
	const noneListed = { allowedHttpRequestDomains: 'domains', allowedDomains: '' };
	const sendText = { resource: 'message', operation: 'sendText', instanceName: instance('sales'), number: '51987654321', text: 'hola' };

	it.runIf(restrictsDomains)('a restriction to listed domains with none listed: refused in RoutingNode\'s words, as Send Text is, nothing sent, no wait', async () => {
		const routed = await runMessaging(state.fake, { parameters: sendText, credentials: noneListed });
		expect(state.fake.requests).toEqual([]);
		const result = await runMessaging(state.fake, { parameters: sendAndWait(), credentials: noneListed });
		expect(stopError(result).message).toBe('No allowed domains specified. Configure allowed domains or change restriction setting.');
		expect(stopError(result).message).toBe(stopError(routed).message);
		expect(state.fake.requests).toEqual([]);
		expect(result.run.waitTill).toBeUndefined();
	});

	it.runIf(restrictsDomains)('under Continue On Fail, the refusal is the error item, paired, and nothing waits', async () => {
		const result = await runMessaging(state.fake, { parameters: sendAndWait(), items: itemsOf({ invoice: 'F001-1' }, { invoice: 'F001-2' }), credentials: noneListed, continueOnFail: true });
		expect(state.fake.requests).toEqual([]);
		expect(result.run.waitTill).toBeUndefined();
		expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ error: 'No allowed domains specified. Configure allowed domains or change restriction setting.' }, { item: 0 }],
		]);
	});

	it.runIf(!restrictsDomains)('a release without domain restrictions for nodes sends as a routed send does', async () => {
		const result = await runMessaging(state.fake, { parameters: sendAndWait(), credentials: noneListed });
		expect(result.error).toBeUndefined();
		expect(sentTexts()).toHaveLength(1);
	});

	it('a restriction that lists the server lets the message go', async () => {
		const result = await runMessaging(state.fake, { parameters: sendAndWait(), credentials: { allowedHttpRequestDomains: 'domains', allowedDomains: '127.0.0.1' } });
		expect(result.error).toBeUndefined();
		expect(sentTexts()).toHaveLength(1);
		expect(result.run.status).toBe('waiting');
	});

	it('with Request Options → Batching, still sends its one message once, from the first item, and waits', async () => {
		const result = await runMessaging(state.fake, {
			parameters: { ...sendAndWait({ message: '=Approve {{ $json.invoice }}?' }), requestOptions: { batching: { batch: { batchSize: 1, batchInterval: 50 } } } },
			items: itemsOf({ invoice: 'F001-1' }, { invoice: 'F001-2' }, { invoice: 'F001-3' }),
		});
		expect(result.error).toBeUndefined();
		expect(sentTexts().map((body) => String(body.text).split('\n')[0])).toEqual(['Approve F001-1?']);
		expect(result.run.status).toBe('waiting');
	});
});

describe('Send and Wait for Response in the node description', () => {
	const description = new Messaging().description;
	const require = createRequire(__filename);

	it("declares n8n's two waiting webhooks, which register nothing at activation", () => {
		expect(description.webhooks).toEqual(
			['GET', 'POST'].map((httpMethod) => ({
				name: 'default',
				httpMethod,
				responseMode: 'onReceived',
				responseData: '',
				path: '={{ $nodeId }}',
				restartWebhook: true,
				isFullPath: true,
			})),
		);
		expect(typeof new Messaging().webhook).toBe('function');
	});

	it("has what n8n's human-review tool generation looks for: webhooks, a Message parameter named message, Response Type", () => {
		// n8n 2.41's hasSendAndWaitOperation and filterHitlToolProperties (tool-generation/hitl-tools.js).
		const operations = description.properties.filter((property) => property.name === 'operation');
		const withSendAndWait = operations.filter((property) => (property.options as INodePropertyOptions[]).some((option) => option.value === SEND_AND_WAIT_OPERATION));
		expect(withSendAndWait.map((property) => property.displayOptions?.show?.resource)).toEqual([['message']]);
		expect(description.properties.filter((property) => property.name === 'message').map((property) => property.displayOptions?.show)).toEqual([
			{ resource: ['message'], operation: ['sendAndWait'] },
		]);
		expect(description.properties.filter((property) => property.name === 'responseType')).toHaveLength(1);
	});

	it("offers n8n's Request Options (the loader leaves them off a node with a webhook method)", () => {
		const { commonDeclarativeNodeOptionParameters } = require('n8n-core/dist/nodes-loader/constants') as { commonDeclarativeNodeOptionParameters: INodeProperties };
		const ours = description.properties.find((property) => property.name === 'requestOptions');
		const shape = (property: INodeProperties | undefined) => JSON.stringify(property, (key, value: unknown) => (['displayName', 'description'].includes(key) ? undefined : value));
		expect(shape(ours)).toBe(shape(commonDeclarativeNodeOptionParameters));
		expect(description.properties.filter((property) => property.name === 'requestOptions')).toHaveLength(1);
	});
});

describe('Send and Wait for Response: files in a custom form', () => {
	it("resumes with the form's files as binary data named after the field, described in the JSON", async () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'saw-files-'));
		const upload = (name: string, content: string) => {
			const filepath = path.join(folder, name);
			writeFileSync(filepath, content);
			return { filepath, originalFilename: name, mimetype: 'text/plain', size: content.length };
		};
		const parameters = sendAndWait({
			responseType: 'customForm',
			formFields: {
				values: [
					{ fieldLabel: 'Invoice', fieldType: 'file', multipleFiles: false },
					{ fieldLabel: 'Receipts', fieldType: 'file', multipleFiles: true },
				],
			},
		});
		const posted = await callWaitingWebhook({
			parameters,
			method: 'POST',
			body: { data: {}, files: { 'field-0': upload('invoice.txt', 'F001-123'), 'field-1': [upload('a.txt', 'one'), upload('b.txt', 'two')] } },
		});
		const [item] = posted.items ?? [];
		expect(item.json).toEqual({
			data: {
				Invoice: { filename: 'invoice.txt', mimetype: 'text/plain', size: 8 },
				Receipts: [
					{ filename: 'a.txt', mimetype: 'text/plain', size: 3 },
					{ filename: 'b.txt', mimetype: 'text/plain', size: 3 },
				],
				respondedAt: expect.any(String),
			},
		});
		expect(Object.keys(item.binary ?? {})).toEqual(['Invoice', 'Receipts_0', 'Receipts_1']);
		expect(Buffer.from(item.binary!.Invoice.data, 'base64').toString()).toBe('F001-123');
		expect(item.binary!.Receipts_1).toMatchObject({ fileName: 'b.txt', mimeType: 'text/plain' });
	});
});
