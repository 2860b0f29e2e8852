// The package's nodes as tools of n8n's AI Agent, in a running n8n (`n8n start`): an OpenAI Chat
// Model whose credential points at the OpenAI fake (fakes/openai), Taxpayer Lookup and Messaging
// attached as tools with their fields filled by `$fromAI()`, and the human-review tool n8n makes of
// Messaging's Send and Wait for Response between the agent and the send. Each case checks what the
// model was told (the tools' names, descriptions and fields), the exact requests the API fakes got
// with the model's arguments, and the agent's answer. The workflow is examples/ai-agent-ruc-to-
// whatsapp.json, run as the editor's "Execute workflow" does, with the prompt and wiring each case
// needs; the example itself runs as it is in the last cases.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution';
import { VALID_TOKEN, startLookupFake, type LookupFake } from '../../fakes/lookup';
import { startOpenAiFake, type ChatRequest, type OpenAiFake } from '../../fakes/openai';
import { SANDBOX_CREDENTIALS, SANDBOX_FAKE_OPTIONS, repoRoot } from '../harness/n8n.mjs';
import { N8n, type N8nServer, type WorkflowJson } from './n8n';
import { stopAll } from './sandbox';
import { BROWSER_AGENT, eventually, linksOf, untilWaiting } from './waiting';

const example = JSON.parse(readFileSync(path.join(repoRoot, 'examples/ai-agent-ruc-to-whatsapp.json'), 'utf8')) as WorkflowJson;
const TRIGGER = "When clicking 'Execute workflow'";
const AGENT = 'AI Agent';
const SEND_TOOL = 'Send WhatsApp text';
const REVIEW = 'Ask the manager';

/** The example with another id, prompt and, when `reviewed` is false, the send wired to the agent directly. */
function variant(id: string, prompt: string, reviewed: boolean): WorkflowJson {
	const workflow = structuredClone(example);
	workflow.id = id;
	workflow.name = `AI agent: ${id}`;
	const request = workflow.nodes.find((node) => node.name === 'Request')!;
	(request.parameters as IDataObject).jsonOutput = JSON.stringify({ prompt });
	if (!reviewed) {
		workflow.nodes = workflow.nodes.filter((node) => node.name !== REVIEW);
		const connections = workflow.connections as Record<string, IDataObject>;
		delete connections[REVIEW];
		connections[SEND_TOOL] = { ai_tool: [[{ node: AGENT, type: 'ai_tool', index: 0 }]] };
	}
	return workflow;
}

let lookup: LookupFake;
let messaging: EvolutionFake;
let openAi: OpenAiFake;
let n8n: N8n;
let server: N8nServer;

beforeAll(async () => {
	lookup = await startLookupFake();
	messaging = await startEvolutionFake(SANDBOX_FAKE_OPTIONS.messaging);
	openAi = await startOpenAiFake();
	n8n = await N8n.start();
	n8n.credential(SANDBOX_CREDENTIALS.lookup.type, { baseUrl: lookup.url, accessToken: VALID_TOKEN }, SANDBOX_CREDENTIALS.lookup);
	n8n.credential(SANDBOX_CREDENTIALS.messaging.type, { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY }, SANDBOX_CREDENTIALS.messaging);
	n8n.credential(SANDBOX_CREDENTIALS.openAi.type, { apiKey: openAi.apiKey, url: openAi.url }, SANDBOX_CREDENTIALS.openAi);
	await n8n.importWorkflows([
		example,
		variant(DIRECT, 'Look up RUC 20131312955 and send the name to 51912345678', false),
		variant(WRONG_RUC, 'What is the taxpayer of RUC 20131312956?', false),
		variant(DECLINE, 'Look up RUC 20100070970 and send the name to 51912345679', true),
	]);
	server = await n8n.startServer();
});

afterAll(() => stopAll(server, n8n, lookup, messaging, openAi));

const NAME = 'SUPERINTENDENCIA NACIONAL DE ADUANAS Y DE ADMINISTRACION TRIBUTARIA - SUNAT';
const DIRECT = 'aiAgentDirect001';
const WRONG_RUC = 'aiAgentWrongRuc1';
const DECLINE = 'aiAgentDecline01';
const BROWSER = { 'user-agent': BROWSER_AGENT };

/** The tools as n8n describes them to the model: for each, its name, description and fields. */
const toolsOf = (request: ChatRequest) =>
	(request.tools ?? []).map(({ function: { name, description, parameters } }) => ({ name, description, parameters }));

/** What the fields of a `$fromAI()` tool look like to the model. */
const fields = (properties: Record<string, string>) => ({
	type: 'object',
	properties: Object.fromEntries(Object.entries(properties).map(([key, description]) => [key, { type: 'string', description }])),
	required: Object.keys(properties),
	additionalProperties: false,
	$schema: 'http://json-schema.org/draft-07/schema#',
});
const LOOKUP_FIELDS = fields({ ruc: "The taxpayer's RUC: 11 digits" });
const SEND_FIELDS = fields({ number: 'The WhatsApp number to send to, with its country code (51 for Peru)', text: 'The message to send' });

/** The model's requests of one execution: those whose user message is `prompt`. */
const conversation = (prompt: string) =>
	openAi.completions.filter((request) => request.messages.some((message) => message.role === 'user' && message.content === prompt));

/** The answers the tools gave the model, in order, as it read them. */
const toolAnswers = (request: ChatRequest) => request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));

/** The texts the Evolution fake was asked to send, from request `since` on. */
const sentTexts = (since: number) =>
	messaging.requests.slice(since).filter((r) => r.path === '/message/sendText/sales').map((r) => r.body as IDataObject);

/** The agent's answer in a finished execution. */
const agentAnswer = (execution: Awaited<ReturnType<N8nServer['execution']>>) =>
	execution.data.resultData.runData[AGENT]?.at(-1)?.data?.main?.[0]?.map((item) => item.json);

/**
 * The approval request the manager got (its text up to the links, and the links by label), once
 * the execution is saved as waiting: the text goes out before, and a link opened earlier finds no
 * waiting execution.
 */
async function approvalRequest(since: number, executionId: string) {
	const text = await eventually('the approval request to the manager', () => sentTexts(since).find((body) => body.number === '51987654321')?.text as string | undefined);
	await untilWaiting(server, executionId);
	return { message: text.split('\n\n*')[0], links: linksOf(text) };
}

describe('AI Agent with the package as tools, in a running n8n', () => {
	it('looks up the RUC the model chose, sends the name it read to the number it chose, and answers with the result', async () => {
		const prompt = 'Look up RUC 20131312955 and send the name to 51912345678';
		const lookupsBefore = lookup.requests.length;
		const since = messaging.requests.length;
		const finished = await server.waitForExecution(await server.runManually(DIRECT, TRIGGER));
		expect(finished.status).toBe('success');

		const requests = conversation(prompt);
		expect(requests).toHaveLength(3);
		// What the model is told: each tool's name (its node's), what it does, and its fields.
		expect(toolsOf(requests[0])).toEqual([
			{ name: 'Send_WhatsApp_text', description: 'Send text message in WhatsApp', parameters: SEND_FIELDS },
			{ name: 'Look_up_taxpayer', description: 'Get taxpayer by RUC in Peru Taxpayer Lookup', parameters: LOOKUP_FIELDS },
		]);
		expect(requests[0].model).toBe('gpt-5-mini');
		expect(requests.every((request) => request.stream !== true)).toBe(true);
		// The lookup the model asked for, exactly: one query (the quota), its RUC.
		expect(lookup.requests.slice(lookupsBefore).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v2/ruc/20131312955']);
		// The model read the simplified taxpayer (10 fields, Simplify on by default for tools)...
		const [taxpayer] = JSON.parse(toolAnswers(requests[1])[0]) as IDataObject[];
		expect(Object.keys(taxpayer)).toHaveLength(10);
		expect(taxpayer).toMatchObject({ ruc: '20131312955', nombre_o_razon_social: NAME, estado_del_contribuyente: 'ACTIVO' });
		// ...and the send it asked for went out once, with its number and the name it read.
		expect(sentTexts(since)).toEqual([{ number: '51912345678', text: NAME }]);
		const [sent] = JSON.parse(toolAnswers(requests[2])[1]) as IDataObject[];
		expect(sent).toMatchObject({ key: { remoteJid: '51912345678@s.whatsapp.net', fromMe: true }, status: 'PENDING' });
		expect(agentAnswer(finished)).toEqual([{ output: `Sent "${NAME}" (the taxpayer of RUC 20131312955) to 51912345678 on WhatsApp.` }]);
	});

	it("gives the model the node's error for a RUC with a wrong check digit, with no query spent, and the model can answer", async () => {
		const prompt = 'What is the taxpayer of RUC 20131312956?';
		let told: string | undefined;
		openAi.useModel((request) => {
			const answers = toolAnswers(request);
			if (answers.length === 0) return { toolCalls: [{ name: 'Look_up_taxpayer', arguments: { ruc: '20131312956' } }] };
			told = answers[0];
			return { content: 'That RUC is mistyped.' };
		});
		const lookupsBefore = lookup.requests.length;
		try {
			const finished = await server.waitForExecution(await server.runManually(WRONG_RUC, TRIGGER));
			expect(finished.status).toBe('success');
			expect(agentAnswer(finished)).toEqual([{ output: 'That RUC is mistyped.' }]);
		} finally {
			openAi.useModel();
		}
		expect(conversation(prompt)).toHaveLength(2);
		expect(lookup.requests.slice(lookupsBefore)).toEqual([]);
		// The value, what is wrong and what to do, as the node says it to a user.
		expect(JSON.parse(told!)).toEqual([{ error: 'RUC "20131312956" fails the check digit (the last digit should be 5). Nothing was sent. [item 0]' }]);
	});

	it('the example: asks the manager on WhatsApp before the send; the approval link lets the send happen once', async () => {
		const prompt = "Look up RUC 20131312955 and send the taxpayer's name by WhatsApp to 51912345678.";
		const since = messaging.requests.length;
		const executionId = await server.runManually(example.id, TRIGGER);
		const { message, links } = await approvalRequest(since, executionId);
		expect(message).toBe(`*El agente quiere enviar por WhatsApp*\nA: 51912345678\nTexto: ${NAME}`);
		expect(Object.keys(links)).toEqual(['✓ Aprobar', '✗ Rechazar']);
		// Nothing went to the recipient before the approval.
		expect(sentTexts(since).filter((body) => body.number === '51912345678')).toEqual([]);
		// The model was offered the send behind the review: its own fields, and the review's (none).
		const [first] = conversation(prompt);
		expect(toolsOf(first).find((tool) => tool.name === 'Send_WhatsApp_text')).toEqual({
			name: 'Send_WhatsApp_text',
			description: 'Send text message in WhatsApp',
			parameters: expect.objectContaining({
				properties: {
					toolParameters: { ...SEND_FIELDS, $schema: undefined, description: 'Input parameters for the tool' },
					hitlParameters: expect.objectContaining({ type: 'object', properties: {} }),
				},
			}),
		});

		expect((await fetch(links['✓ Aprobar'], { headers: BROWSER })).status).toBe(200);
		const finished = await server.waitForExecution(executionId);
		expect(finished.status).toBe('success');
		expect(sentTexts(since)).toEqual([
			expect.objectContaining({ number: '51987654321' }),
			{ number: '51912345678', text: NAME },
		]);
		expect(agentAnswer(finished)).toEqual([{ output: `Sent "${NAME}" (the taxpayer of RUC 20131312955) to 51912345678 on WhatsApp.` }]);
	});

	it('the example, declined: nothing is sent, and the model is told the manager refused', async () => {
		const prompt = 'Look up RUC 20100070970 and send the name to 51912345679';
		const since = messaging.requests.length;
		const executionId = await server.runManually(DECLINE, TRIGGER);
		const { message, links } = await approvalRequest(since, executionId);
		expect(message).toBe('*El agente quiere enviar por WhatsApp*\nA: 51912345679\nTexto: SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA');
		expect((await fetch(links['✗ Rechazar'], { headers: BROWSER })).status).toBe(200);
		const finished = await server.waitForExecution(executionId);
		expect(finished.status).toBe('success');
		expect(sentTexts(since).map((body) => body.number)).toEqual(['51987654321']);
		const last = conversation(prompt).at(-1)!;
		expect(JSON.parse(toolAnswers(last).at(-1)!)).toEqual([
			{ output: expect.stringMatching(/^User rejected the tool call to Send WhatsApp text \(id: call_\w+\)\. STOP /) },
		]);
		expect(agentAnswer(finished)).toEqual([
			{ output: 'The send was declined: nothing went to 51912345679. The taxpayer of RUC 20100070970 is SUPERMERCADOS PERUANOS SOCIEDAD ANONIMA.' },
		]);
	});
});
