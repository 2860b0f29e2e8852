// The OpenAI Chat Completions fake must answer as OpenAI's API does (the error bodies, the completion
// and chunk shapes, streaming, usage) and its stand-in model must do the one task of the AI agent
// example, step by step, from what the tools answered. These checks pin both.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
	FAKE_MODELS,
	FAKE_OPENAI_KEY,
	standInModel,
	startOpenAiFake,
	type ChatMessage,
	type ChatRequest,
	type JsonSchema,
	type OpenAiFake,
	type ToolDefinition,
} from '../../../fakes/openai';

const RUC = '20131312955';
const PHONE = '51987654321';
const PROMPT = `Look up RUC ${RUC} and send the name to 51 987 654 321`;
const LOOKED_UP = `[{"ruc":"${RUC}","nombre_o_razon_social":"SUNAT"}]`;
const EXPLANATION =
	"I am the sandbox's stand-in model and know one task: ask me to look up a RUC and send the taxpayer's name by WhatsApp to a number, " +
	'for example "Look up RUC 20131312955 and send the name to 51987654321". Give the OpenAI Chat Model a real OpenAI credential for anything else.';
const NEEDS_TOOLS =
	'To do that I need a tool with a RUC field (Taxpayer Lookup) and one with a number and a text field (Messaging → Send Text).';

const stringSchema: JsonSchema = { type: 'string' };
const tool = (name: string, properties: Record<string, JsonSchema>): ToolDefinition => ({
	type: 'function',
	function: { name, description: `The ${name} tool`, parameters: { type: 'object', properties, required: Object.keys(properties) } },
});
/** The same tool as n8n's human-review layer offers it: its own fields under `toolParameters`. */
const reviewed = (name: string, properties: Record<string, JsonSchema>): ToolDefinition => ({
	type: 'function',
	function: {
		name,
		parameters: {
			type: 'object',
			properties: { toolParameters: { type: 'object', properties }, hitlParameters: { type: 'object', properties: {} } },
		},
	},
});
const calculator = tool('Calculator', { input: stringSchema });
const lookupTool = tool('Taxpayer_Lookup', { ruc: stringSchema });
const sendTool = tool('Send_Text', { number: stringSchema, text: stringSchema });
// The send tool before the lookup and an unrelated tool first: the model must pick tools by their fields.
const TOOLS = [calculator, sendTool, lookupTool];

const user = (content: ChatMessage['content']): ChatMessage => ({ role: 'user', content });
const calls = (...list: Array<[id: string, name: string, args: object]>): ChatMessage => ({
	role: 'assistant',
	content: null,
	tool_calls: list.map(([id, name, args]) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } })),
});
const answer = (id: string, content: ChatMessage['content']): ChatMessage => ({ role: 'tool', tool_call_id: id, content });

const afterLookup = (looked: ChatMessage['content'] = LOOKED_UP): ChatMessage[] => [
	user(PROMPT),
	calls(['call_1', 'Taxpayer_Lookup', { ruc: RUC }]),
	answer('call_1', looked),
];
const afterSend = (sent: string): ChatMessage[] => [
	...afterLookup(),
	calls(['call_2', 'Send_Text', { number: PHONE, text: 'SUNAT' }]),
	answer('call_2', sent),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = any;

/** One request as the OpenAI SDK sends it: the key as a Bearer token, a JSON body. */
async function call(fake: OpenAiFake, method: string, path: string, body?: unknown, key: string | null = fake.apiKey) {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (key !== null) headers.authorization = `Bearer ${key}`;
	const response = await fetch(`${fake.url}${path}`, {
		method,
		headers,
		body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
}

const openAiError = (message: string, type = 'invalid_request_error', param: string | null = null, code: string | null = null) => ({
	error: { message, type, param, code },
});

/** One OpenAI fake for the describe block, back to the stand-in model after each test. */
function useOpenAiFake() {
	const state = {} as { fake: OpenAiFake };
	beforeAll(async () => {
		state.fake = await startOpenAiFake();
	});
	afterAll(async () => {
		await state.fake.close();
	});
	afterEach(() => {
		state.fake.useModel();
	});
	return state;
}

describe('OpenAI fake: errors as OpenAI sends them', () => {
	const state = useOpenAiFake();
	const complete = (body: unknown, key?: string | null) => call(state.fake, 'POST', '/chat/completions', body, key);
	const valid = { model: 'gpt-5-mini', messages: [user('Hi')] };

	it('serves on 127.0.0.1 under /v1 and accepts the project-shaped default key', () => {
		expect(state.fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
		expect(state.fake.apiKey).toBe(FAKE_OPENAI_KEY);
		expect(FAKE_OPENAI_KEY).toMatch(/^sk-proj-/);
	});

	it('answers 401 with code null when no Bearer key is given', async () => {
		const noKey = openAiError(
			"You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
		);
		const missing = await complete(valid, null);
		expect({ status: missing.status, body: missing.body }).toEqual({ status: 401, body: noKey });
		expect(missing.headers.get('content-type')).toBe('application/json');
		expect(missing.headers.get('x-request-id')).toMatch(/^req_fake\d+$/);
		for (const authorization of ['Bearer ', 'Basic c2stcHJvag==', FAKE_OPENAI_KEY]) {
			const response = await fetch(`${state.fake.url}/chat/completions`, {
				method: 'POST',
				headers: { authorization },
				body: JSON.stringify(valid),
			});
			expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body: noKey });
		}
	});

	it('answers 401 invalid_api_key to a wrong key, showing it masked (first 3 and last 4 characters)', async () => {
		expect(await complete(valid, 'sk-wrong-key-1234').then(({ status, body }) => ({ status, body }))).toEqual({
			status: 401,
			body: openAiError(
				'Incorrect API key provided: sk-*****1234. You can find your API key at https://platform.openai.com/account/api-keys.',
				'invalid_request_error',
				null,
				'invalid_api_key',
			),
		});
		// A key of 8 characters or fewer is shown as given.
		expect((await complete(valid, 'sk-short')).body.error.message).toBe(
			'Incorrect API key provided: sk-short. You can find your API key at https://platform.openai.com/account/api-keys.',
		);
		// The key is compared whole: the right key with a suffix is wrong.
		expect((await complete(valid, `${FAKE_OPENAI_KEY}x`)).body.error.code).toBe('invalid_api_key');
	});

	it('answers 400 to a body that is not JSON', async () => {
		const response = await complete('{"model": "gpt-5-mini", ');
		expect({ status: response.status, body: response.body }).toEqual({
			status: 400,
			body: openAiError(
				"We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
			),
		});
	});

	it('answers 400 to a request without a model', async () => {
		const response = await complete({ messages: [user('Hi')] });
		expect({ status: response.status, body: response.body }).toEqual({
			status: 400,
			body: openAiError('you must provide a model parameter'),
		});
	});

	it('answers 400 missing_required_parameter, param messages, to a request without messages', async () => {
		const response = await complete({ model: 'gpt-5-mini' });
		expect({ status: response.status, body: response.body }).toEqual({
			status: 400,
			body: openAiError("Missing required parameter: 'messages'.", 'invalid_request_error', 'messages', 'missing_required_parameter'),
		});
	});

	it('answers 400 empty_array to an empty messages list', async () => {
		const response = await complete({ model: 'gpt-5-mini', messages: [] });
		expect({ status: response.status, body: response.body }).toEqual({
			status: 400,
			body: openAiError(
				"Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
				'invalid_request_error',
				'messages',
				'empty_array',
			),
		});
	});

	it('answers 400, never hangs, to a JSON body or a message that is not an object', async () => {
		for (const body of ['null', '[]', '"text"']) {
			expect((await complete(body)).status).toBe(400);
		}
		const response = await complete({ model: 'gpt-5-mini', messages: [user('Hi'), null] });
		expect({ status: response.status, body: response.body }).toEqual({
			status: 400,
			body: openAiError("Invalid type for 'messages[1]': expected an object, but got null instead.", 'invalid_request_error', 'messages[1]'),
		});
	});

	it('answers 404 model_not_found to a model it does not serve, and 200 to each one it does', async () => {
		const response = await complete({ model: 'gpt-nope', messages: [user('Hi')] });
		expect({ status: response.status, body: response.body }).toEqual({
			status: 404,
			body: openAiError(
				'The model `gpt-nope` does not exist or you do not have access to it.',
				'invalid_request_error',
				null,
				'model_not_found',
			),
		});
		for (const model of FAKE_MODELS) {
			const served = await complete({ model, messages: [user('Hi')] });
			expect([served.status, served.body.model]).toEqual([200, model]);
		}
	});

	it('answers 400 to a tool message that answers no open tool call, naming the message', async () => {
		const notAnAnswer = openAiError(
			"Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
			'invalid_request_error',
			'messages.[1].role',
		);
		const stray = await complete({ model: 'gpt-5-mini', messages: [user('Hi'), answer('call_x', 'x')] });
		expect({ status: stray.status, body: stray.body }).toEqual({ status: 400, body: notAnAnswer });
		const withoutId = await complete({ model: 'gpt-5-mini', messages: [user('Hi'), { role: 'tool', content: 'x' }] });
		expect({ status: withoutId.status, body: withoutId.body }).toEqual({ status: 400, body: notAnAnswer });
		// A call answered twice: the second answer answers nothing.
		const twice = await complete({
			model: 'gpt-5-mini',
			messages: [user('Hi'), calls(['call_1', 'Calculator', {}]), answer('call_1', '1'), answer('call_1', '1')],
		});
		expect([twice.status, twice.body.error.param]).toEqual([400, 'messages.[3].role']);
		// An answer to another call than the open one.
		const other = await complete({
			model: 'gpt-5-mini',
			messages: [user('Hi'), calls(['call_1', 'Calculator', {}]), answer('call_2', '2')],
		});
		expect([other.status, other.body.error.param]).toEqual([400, 'messages.[2].role']);
	});

	it('answers 400 when tool calls are not all answered before the next message, listing the unanswered ids', async () => {
		const unanswered = (ids: string) =>
			openAiError(
				`An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${ids}`,
				'invalid_request_error',
				'messages',
			);
		const open = calls(['call_a', 'Calculator', { input: '1' }], ['call_b', 'Calculator', { input: '2' }]);
		const none = await complete({ model: 'gpt-5-mini', messages: [user('Hi'), open, user('And?')] });
		expect({ status: none.status, body: none.body }).toEqual({ status: 400, body: unanswered('call_a, call_b') });
		const one = await complete({ model: 'gpt-5-mini', messages: [user('Hi'), open, answer('call_a', '1'), user('And?')] });
		expect({ status: one.status, body: one.body }).toEqual({ status: 400, body: unanswered('call_b') });
		// Tool calls at the end, unanswered: refused as well.
		const last = await complete({ model: 'gpt-5-mini', messages: [user('Hi'), open] });
		expect({ status: last.status, body: last.body }).toEqual({ status: 400, body: unanswered('call_a, call_b') });
		// Answered in any order, the conversation is accepted.
		const all = await complete({
			model: 'gpt-5-mini',
			messages: [user('Hi'), open, answer('call_b', '2'), answer('call_a', '1'), user('And?')],
		});
		expect(all.status).toBe(200);
	});

	it('answers 404 Invalid URL to a route it does not serve, key or not', async () => {
		expect(await call(state.fake, 'GET', '/chat/completions').then(({ status, body }) => ({ status, body }))).toEqual({
			status: 404,
			body: openAiError('Invalid URL (GET /v1/chat/completions)'),
		});
		expect(await call(state.fake, 'POST', '/responses', valid, null).then(({ status, body }) => ({ status, body }))).toEqual({
			status: 404,
			body: openAiError('Invalid URL (POST /v1/responses)'),
		});
	});
});

describe('OpenAI fake: GET /v1/models', () => {
	const state = useOpenAiFake();

	it('lists the models it serves, gpt-5-mini among them', async () => {
		const listed = await call(state.fake, 'GET', '/models');
		expect(listed.status).toBe(200);
		expect(listed.body).toEqual({
			object: 'list',
			data: FAKE_MODELS.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'system' })),
		});
		expect(listed.body.data.map((model: { id: string }) => model.id)).toEqual(['gpt-5-mini', 'gpt-4.1-mini', 'gpt-4o-mini']);
	});

	it('needs the key', async () => {
		const missing = await call(state.fake, 'GET', '/models', undefined, null);
		expect([missing.status, missing.body.error.code, missing.body.error.type]).toEqual([401, null, 'invalid_request_error']);
		const wrong = await call(state.fake, 'GET', '/models', undefined, 'sk-wrong-key-1234');
		expect([wrong.status, wrong.body.error.code]).toEqual([401, 'invalid_api_key']);
	});
});

describe('OpenAI fake: options', () => {
	let fake: OpenAiFake | undefined;
	afterEach(async () => {
		await fake?.close();
		fake = undefined;
	});

	it('accepts only the key it is given', async () => {
		fake = await startOpenAiFake({ apiKey: 'sk-proj-another-key-0000' });
		expect(fake.apiKey).toBe('sk-proj-another-key-0000');
		const body = { model: 'gpt-5-mini', messages: [user('Hi')] };
		expect((await call(fake, 'POST', '/chat/completions', body)).status).toBe(200);
		const defaultKey = await call(fake, 'POST', '/chat/completions', body, FAKE_OPENAI_KEY);
		expect([defaultKey.status, defaultKey.body.error.message]).toEqual([
			401,
			'Incorrect API key provided: sk-*****ests. You can find your API key at https://platform.openai.com/account/api-keys.',
		]);
	});

	it('answers with the model it is started with', async () => {
		fake = await startOpenAiFake({ model: () => ({ content: 'From the option.' }) });
		const response = await call(fake, 'POST', '/chat/completions', { model: 'gpt-5-mini', messages: [user(PROMPT)], tools: TOOLS });
		expect(response.body.choices[0].message.content).toBe('From the option.');
	});
});

describe('OpenAI fake: a completion, not streamed', () => {
	const state = useOpenAiFake();
	const complete = (body: object) => call(state.fake, 'POST', '/chat/completions', { model: 'gpt-4.1-mini', ...body });

	it('answers tool calls with content null, each call an id and its arguments as a JSON string, finish_reason tool_calls', async () => {
		state.fake.useModel(() => ({
			toolCalls: [
				{ name: 'Taxpayer_Lookup', arguments: { ruc: RUC } },
				{ name: 'Send_Text', arguments: { number: PHONE, text: 'SUNAT', options: { delay: 1 } } },
			],
		}));
		const before = Math.floor(Date.now() / 1000);
		const response = await complete({ messages: [user(PROMPT)], tools: TOOLS });
		const after = Math.floor(Date.now() / 1000);
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/json');
		expect(response.body).toEqual({
			id: expect.stringMatching(/^chatcmpl-fake\d+$/),
			object: 'chat.completion',
			created: expect.any(Number),
			model: 'gpt-4.1-mini',
			choices: [
				{
					index: 0,
					message: {
						role: 'assistant',
						content: null,
						tool_calls: [
							{
								id: expect.stringMatching(/^call_fake\d+$/),
								type: 'function',
								function: { name: 'Taxpayer_Lookup', arguments: '{"ruc":"20131312955"}' },
							},
							{
								id: expect.stringMatching(/^call_fake\d+$/),
								type: 'function',
								function: { name: 'Send_Text', arguments: '{"number":"51987654321","text":"SUNAT","options":{"delay":1}}' },
							},
						],
						refusal: null,
						annotations: [],
					},
					logprobs: null,
					finish_reason: 'tool_calls',
				},
			],
			usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
			service_tier: 'default',
			system_fingerprint: 'fp_fake',
		});
		expect(response.body.created).toBeGreaterThanOrEqual(before);
		expect(response.body.created).toBeLessThanOrEqual(after);
		const [first, second] = response.body.choices[0].message.tool_calls;
		expect(first.id).not.toBe(second.id);
	});

	it('answers a text turn with its content, no tool_calls, finish_reason stop', async () => {
		state.fake.useModel(() => ({ content: 'The taxpayer is SUNAT.' }));
		const response = await complete({ messages: [user('Who is 20131312955?')] });
		expect(response.status).toBe(200);
		expect(response.body.choices).toEqual([
			{
				index: 0,
				message: { role: 'assistant', content: 'The taxpayer is SUNAT.', refusal: null, annotations: [] },
				logprobs: null,
				finish_reason: 'stop',
			},
		]);
		expect(Object.keys(response.body.choices[0].message)).toEqual(['role', 'content', 'refusal', 'annotations']);
	});

	it('gives each completion its own id', async () => {
		const first = await complete({ messages: [user('Hi')] });
		const second = await complete({ messages: [user('Hi')] });
		expect(first.body.id).not.toBe(second.body.id);
	});

	it('hands the model the request body as sent', async () => {
		const seen: ChatRequest[] = [];
		state.fake.useModel((request) => {
			seen.push(request);
			return { content: 'ok' };
		});
		const body = { model: 'gpt-4o-mini', messages: [user(PROMPT)], tools: TOOLS, temperature: 0.2, tool_choice: 'auto' };
		await call(state.fake, 'POST', '/chat/completions', body);
		expect(seen).toEqual([body]);
	});

	it('counts usage: prompt and completion tokens that add up to the total, and grow with the prompt and the answer', async () => {
		const usageOf = async (prompt: string, content: string) => {
			state.fake.useModel(() => ({ content }));
			const { usage } = (await complete({ messages: [user(prompt)] })).body;
			expect(Number.isInteger(usage.prompt_tokens) && usage.prompt_tokens > 0).toBe(true);
			expect(Number.isInteger(usage.completion_tokens) && usage.completion_tokens > 0).toBe(true);
			expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
			return usage as { prompt_tokens: number; completion_tokens: number };
		};
		const short = await usageOf('Hi', 'Hello.');
		const longPrompt = await usageOf('Hi '.repeat(200), 'Hello.');
		const longAnswer = await usageOf('Hi', 'Hello. '.repeat(200));
		expect(longPrompt.prompt_tokens).toBeGreaterThan(short.prompt_tokens);
		expect(longPrompt.completion_tokens).toBe(short.completion_tokens);
		expect(longAnswer.completion_tokens).toBeGreaterThan(short.completion_tokens);
		expect(longAnswer.prompt_tokens).toBe(short.prompt_tokens);
	});

	it('answers with the stand-in model by default, the scripted one after useModel, and the stand-in again after useModel()', async () => {
		const lookupCall = async () => {
			const { message } = (await complete({ messages: [user(PROMPT)], tools: TOOLS })).body.choices[0];
			return message.tool_calls?.map((toolCall: { function: object }) => toolCall.function) ?? message.content;
		};
		expect(await lookupCall()).toEqual([{ name: 'Taxpayer_Lookup', arguments: '{"ruc":"20131312955"}' }]);
		state.fake.useModel(() => ({ content: 'Scripted.' }));
		expect(await lookupCall()).toBe('Scripted.');
		state.fake.useModel();
		expect(await lookupCall()).toEqual([{ name: 'Taxpayer_Lookup', arguments: '{"ruc":"20131312955"}' }]);
	});

	it('lets a client run the stand-in task with the ids it gave: lookup, send, then the final answer', async () => {
		const messages: ChatMessage[] = [user(PROMPT)];
		const step = async () => {
			const response = await complete({ messages, tools: TOOLS });
			expect(response.status).toBe(200);
			const { message } = response.body.choices[0];
			messages.push(message);
			return message as ChatMessage;
		};
		const lookup = await step();
		expect(lookup.tool_calls?.map((toolCall) => toolCall.function)).toEqual([
			{ name: 'Taxpayer_Lookup', arguments: '{"ruc":"20131312955"}' },
		]);
		messages.push(answer(lookup.tool_calls?.[0].id ?? '', LOOKED_UP));
		const send = await step();
		expect(send.tool_calls?.map((toolCall) => toolCall.function)).toEqual([
			{ name: 'Send_Text', arguments: '{"number":"51987654321","text":"SUNAT"}' },
		]);
		messages.push(answer(send.tool_calls?.[0].id ?? '', '[{"key":{"id":"3EB0"},"status":"PENDING"}]'));
		const done = await step();
		expect(done.content).toBe('Sent "SUNAT" (the taxpayer of RUC 20131312955) to 51987654321 on WhatsApp.');
		expect(done.tool_calls).toBeUndefined();
	});
});

interface StreamedToolCall {
	id: string;
	type: string;
	function: { name: string; arguments: string };
}

/** The `data:` lines of a server-sent event stream, each event separated by a blank line. */
async function dataLines(response: Response): Promise<string[]> {
	const text = await response.text();
	expect(text.endsWith('\n\n')).toBe(true);
	const events = text.slice(0, -2).split('\n\n');
	for (const event of events) expect(event).toMatch(/^data: /);
	return events.map((event) => event.slice('data: '.length));
}

/** The streamed message put back together as the OpenAI SDK does: content appended, tool calls by index. */
function reassemble(chunks: Json[]) {
	let content = '';
	let finishReason: string | null = null;
	const toolCalls: StreamedToolCall[] = [];
	for (const chunk of chunks) {
		for (const choice of chunk.choices) {
			if (typeof choice.delta.content === 'string') content += choice.delta.content;
			for (const part of choice.delta.tool_calls ?? []) {
				const toolCall = (toolCalls[part.index] ??= { id: '', type: '', function: { name: '', arguments: '' } });
				if (part.id) toolCall.id = part.id;
				if (part.type) toolCall.type = part.type;
				toolCall.function.name += part.function?.name ?? '';
				toolCall.function.arguments += part.function?.arguments ?? '';
			}
			if (choice.finish_reason) finishReason = choice.finish_reason;
		}
	}
	return { content, toolCalls, finishReason };
}

describe('OpenAI fake: streaming', () => {
	const state = useOpenAiFake();
	const TWO_CALLS = {
		toolCalls: [
			{ name: 'Taxpayer_Lookup', arguments: { ruc: RUC } },
			{ name: 'Send_Text', arguments: { number: PHONE, text: 'SUNAT' } },
		],
	};
	const body = { model: 'gpt-5-mini', messages: [user(PROMPT)], tools: TOOLS };
	const stream = async (extra: object = {}) => {
		const response = await fetch(`${state.fake.url}/chat/completions`, {
			method: 'POST',
			headers: { authorization: `Bearer ${state.fake.apiKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ ...body, stream: true, ...extra }),
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
		const lines = await dataLines(response);
		expect(lines.at(-1)).toBe('[DONE]');
		expect(lines.slice(0, -1)).not.toContain('[DONE]');
		return lines.slice(0, -1).map((line) => JSON.parse(line) as Json);
	};
	const notStreamed = async () => (await call(state.fake, 'POST', '/chat/completions', body)).body;
	const withoutIds = (toolCalls: StreamedToolCall[]) => toolCalls.map(({ id: _id, ...rest }) => rest);

	it('streams tool calls that reassemble into the non-streamed ones, then [DONE]', async () => {
		state.fake.useModel(() => TWO_CALLS);
		const chunks = await stream();
		const { id } = chunks[0];
		expect(id).toMatch(/^chatcmpl-fake\d+$/);
		for (const chunk of chunks) {
			expect(chunk).toMatchObject({ id, object: 'chat.completion.chunk', model: 'gpt-5-mini', system_fingerprint: 'fp_fake' });
			expect(chunk.choices).toHaveLength(1);
			expect(chunk).not.toHaveProperty('usage');
		}
		expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: null, refusal: null });
		expect(chunks.map((chunk) => chunk.choices[0].finish_reason)).toEqual([...Array(chunks.length - 1).fill(null), 'tool_calls']);
		expect(chunks.at(-1).choices[0].delta).toEqual({});
		const streamed = reassemble(chunks);
		expect(streamed).toEqual({
			content: '',
			finishReason: 'tool_calls',
			toolCalls: [
				{
					id: expect.stringMatching(/^call_fake\d+$/),
					type: 'function',
					function: { name: 'Taxpayer_Lookup', arguments: '{"ruc":"20131312955"}' },
				},
				{
					id: expect.stringMatching(/^call_fake\d+$/),
					type: 'function',
					function: { name: 'Send_Text', arguments: '{"number":"51987654321","text":"SUNAT"}' },
				},
			],
		});
		expect(streamed.toolCalls[0].id).not.toBe(streamed.toolCalls[1].id);
		const { message, finish_reason } = (await notStreamed()).choices[0];
		expect(withoutIds(streamed.toolCalls)).toEqual(withoutIds(message.tool_calls));
		expect(finish_reason).toBe(streamed.finishReason);
	});

	it('streams a text answer that reassembles into the non-streamed content, finish_reason stop', async () => {
		state.fake.useModel(() => ({ content: 'The taxpayer of RUC 20131312955 is SUNAT.' }));
		const chunks = await stream();
		expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '', refusal: null });
		const streamed = reassemble(chunks);
		expect(streamed).toEqual({ content: 'The taxpayer of RUC 20131312955 is SUNAT.', toolCalls: [], finishReason: 'stop' });
		const { message, finish_reason } = (await notStreamed()).choices[0];
		expect([message.content, finish_reason]).toEqual([streamed.content, streamed.finishReason]);
	});

	it('sends a usage chunk with empty choices before [DONE] only when stream_options.include_usage is set', async () => {
		state.fake.useModel(() => TWO_CALLS);
		const chunks = await stream({ stream_options: { include_usage: true } });
		const last = chunks.at(-1);
		expect(last).toEqual({
			id: chunks[0].id,
			object: 'chat.completion.chunk',
			created: chunks[0].created,
			model: 'gpt-5-mini',
			choices: [],
			usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
		});
		expect(last.usage.total_tokens).toBe(last.usage.prompt_tokens + last.usage.completion_tokens);
		// Every chunk before it carries `usage: null` and its one choice.
		expect(chunks.slice(0, -1).filter((chunk) => chunk.usage !== null || chunk.choices.length !== 1)).toEqual([]);
		expect(reassemble(chunks).toolCalls.map((toolCall) => toolCall.function.name)).toEqual(['Taxpayer_Lookup', 'Send_Text']);
		// The same counts as the completion not streamed.
		expect(last.usage).toEqual((await notStreamed()).usage);
		for (const options of [{}, { stream_options: { include_usage: false } }]) {
			const without = await stream(options);
			expect(without.filter((chunk) => 'usage' in chunk || chunk.choices.length === 0)).toEqual([]);
		}
	});

	it('streams nothing but answers a JSON error when the request is refused', async () => {
		const response = await call(state.fake, 'POST', '/chat/completions', { ...body, model: 'gpt-nope', stream: true });
		expect(response.status).toBe(404);
		expect(response.headers.get('content-type')).toBe('application/json');
		expect(response.body.error.code).toBe('model_not_found');
	});
});

describe('OpenAI fake: what it records', () => {
	let fake: OpenAiFake;
	beforeEach(async () => {
		fake = await startOpenAiFake();
	});
	afterEach(async () => {
		await fake.close();
	});
	const complete = (body: unknown, key?: string | null) => call(fake, 'POST', '/chat/completions', body, key);

	it('records every parsed chat completion request in order, with method, path, headers and body, refused ones too', async () => {
		const ok = { model: 'gpt-5-mini', messages: [user(PROMPT)], tools: TOOLS };
		const wrongKey = { model: 'gpt-5-mini', messages: [user('wrong key')] };
		const noKey = { model: 'gpt-5-mini', messages: [user('no key')] };
		const noMessages = { model: 'gpt-5-mini' };
		expect((await complete(ok)).status).toBe(200);
		expect((await complete(wrongKey, 'sk-wrong-key-1234')).status).toBe(401);
		expect((await complete(noKey, null)).status).toBe(401);
		expect((await complete(noMessages)).status).toBe(400);
		const recorded = (body: object, authorization: string | undefined) => ({
			method: 'POST',
			path: '/v1/chat/completions',
			headers: expect.objectContaining({ ...(authorization ? { authorization } : {}), 'content-type': 'application/json' }),
			body,
		});
		expect(fake.requests).toEqual([
			recorded(ok, `Bearer ${FAKE_OPENAI_KEY}`),
			recorded(wrongKey, 'Bearer sk-wrong-key-1234'),
			recorded(noKey, undefined),
			recorded(noMessages, `Bearer ${FAKE_OPENAI_KEY}`),
		]);
		expect(fake.requests[2].headers).not.toHaveProperty('authorization');
		expect(fake.completions).toEqual([ok, wrongKey, noKey, noMessages]);
	});

	it('records no request whose body is not JSON, nor one to a route it does not serve', async () => {
		expect((await complete('not json')).status).toBe(400);
		expect((await call(fake, 'POST', '/responses', { model: 'gpt-5-mini' })).status).toBe(404);
		expect(fake.requests).toEqual([]);
		expect(fake.completions).toEqual([]);
		expect((await complete({ model: 'gpt-5-mini', messages: [user('Hi')] })).status).toBe(200);
		expect(fake.completions).toEqual([{ model: 'gpt-5-mini', messages: [user('Hi')] }]);
	});

	it('records the path without the query string', async () => {
		const response = await fetch(`${fake.url}/chat/completions?api-version=2024-10-21`, {
			method: 'POST',
			headers: { authorization: `Bearer ${fake.apiKey}` },
			body: JSON.stringify({ model: 'gpt-5-mini', messages: [user('Hi')] }),
		});
		expect(response.status).toBe(200);
		expect(fake.requests.map((request) => request.path)).toEqual(['/v1/chat/completions']);
	});
});

describe('OpenAI fake: a model that throws', () => {
	const state = useOpenAiFake();

	it('answers 500 server_error with the model’s message, streamed or not, and answers again once the model works', async () => {
		state.fake.useModel(() => {
			throw new Error('no scripted turn for this request');
		});
		const failed = openAiError("The fake's model failed: no scripted turn for this request", 'server_error');
		for (const stream of [false, true]) {
			const response = await call(state.fake, 'POST', '/chat/completions', { model: 'gpt-5-mini', messages: [user('Hi')], stream });
			expect({ status: response.status, body: response.body }).toEqual({ status: 500, body: failed });
			expect(response.headers.get('content-type')).toBe('application/json');
		}
		expect(state.fake.completions).toHaveLength(2);
		// A model that throws something else than an Error: its value is the message.
		state.fake.useModel(() => {
			throw 'out of script';
		});
		const thrown = await call(state.fake, 'POST', '/chat/completions', { model: 'gpt-5-mini', messages: [user('Hi')] });
		expect(thrown.body).toEqual(openAiError("The fake's model failed: out of script", 'server_error'));
		state.fake.useModel();
		const response = await call(state.fake, 'POST', '/chat/completions', { model: 'gpt-5-mini', messages: [user('Hi')] });
		expect([response.status, response.body.choices[0].message.content]).toEqual([200, EXPLANATION]);
	});
});

describe('standInModel', () => {
	const ask = (messages: ChatMessage[], tools: ToolDefinition[] = TOOLS) => standInModel({ model: 'gpt-5-mini', messages, tools });

	it('explains its one task when the last user message lacks a RUC or a phone number', () => {
		expect(ask([user('Hello, who are you?')])).toEqual({ content: EXPLANATION });
		expect(ask([user(`Look up RUC ${RUC}`)])).toEqual({ content: EXPLANATION });
		expect(ask([user(`Send hello to ${PHONE}`)])).toEqual({ content: EXPLANATION });
		// Not a RUC: 11 digits starting 30.
		expect(ask([user(`Look up RUC 30131312955 and send the name to ${PHONE}`)])).toEqual({ content: EXPLANATION });
		// Only the last user message counts.
		expect(ask([user(PROMPT), { role: 'assistant', content: 'Done.' }, user('Thanks!')])).toEqual({ content: EXPLANATION });
		expect(ask([])).toEqual({ content: EXPLANATION });
	});

	it('names the tools it needs when the request lacks a RUC tool or a number-and-text tool', () => {
		expect(standInModel({ model: 'gpt-5-mini', messages: [user(PROMPT)] })).toEqual({ content: NEEDS_TOOLS });
		expect(ask([user(PROMPT)], [])).toEqual({ content: NEEDS_TOOLS });
		expect(ask([user(PROMPT)], [calculator, lookupTool])).toEqual({ content: NEEDS_TOOLS });
		expect(ask([user(PROMPT)], [calculator, sendTool])).toEqual({ content: NEEDS_TOOLS });
		// A number without a text field is not a send tool.
		expect(ask([user(PROMPT)], [lookupTool, tool('Check_Number', { number: stringSchema })])).toEqual({ content: NEEDS_TOOLS });
	});

	it('first calls the tool with a RUC field, with the RUC from the prompt', () => {
		expect(ask([user(PROMPT)])).toEqual({ toolCalls: [{ name: 'Taxpayer_Lookup', arguments: { ruc: RUC } }] });
		// The field is found by its name, in any case, and only the fields it knows are filled.
		const byName = tool('Consulta', { numeroRUC: stringSchema, token: stringSchema });
		expect(ask([user(PROMPT)], [sendTool, byName])).toEqual({ toolCalls: [{ name: 'Consulta', arguments: { numeroRUC: RUC } }] });
	});

	it('reads the prompt from text parts and finds the phone with or without spaces', () => {
		const parts = [
			{ type: 'text', text: `Look up RUC ${RUC} ` },
			{ type: 'image_url' },
			{ type: 'text', text: 'and send the name to 51987654321' },
		];
		expect(ask([user(parts), calls(['call_1', 'Taxpayer_Lookup', { ruc: RUC }]), answer('call_1', LOOKED_UP)])).toEqual({
			toolCalls: [{ name: 'Send_Text', arguments: { number: PHONE, text: 'SUNAT' } }],
		});
		const spaced = [user('RUC 10456789012, send to +51 912 345 678'), calls(['c', 'Taxpayer_Lookup', {}]), answer('c', LOOKED_UP)];
		expect(ask(spaced)).toEqual({
			toolCalls: [{ name: 'Send_Text', arguments: { number: '51912345678', text: 'SUNAT' } }],
		});
	});

	it('calls the lookup again while no tool message answers a lookup call', () => {
		const lookupAgain = { toolCalls: [{ name: 'Taxpayer_Lookup', arguments: { ruc: RUC } }] };
		// The tool message answers another call than the lookup's.
		expect(ask([user(PROMPT), calls(['call_1', 'Taxpayer_Lookup', { ruc: RUC }]), answer('call_9', LOOKED_UP)])).toEqual(lookupAgain);
		// The answered call was of another tool.
		expect(ask([user(PROMPT), calls(['call_1', 'Calculator', { input: '1' }]), answer('call_1', LOOKED_UP)])).toEqual(lookupAgain);
	});

	it('after the lookup’s answer calls the tool with number and text fields, with the phone without spaces and the name', () => {
		expect(ask(afterLookup())).toEqual({ toolCalls: [{ name: 'Send_Text', arguments: { number: PHONE, text: 'SUNAT' } }] });
		// One item instead of a list, and `name` instead of nombre_o_razon_social.
		expect(ask(afterLookup('{"ruc":"20131312955","name":"ACME S.A.C."}'))).toEqual({
			toolCalls: [{ name: 'Send_Text', arguments: { number: PHONE, text: 'ACME S.A.C.' } }],
		});
		// The answer as text parts.
		expect(ask(afterLookup([{ type: 'text', text: LOOKED_UP }]))).toEqual({
			toolCalls: [{ name: 'Send_Text', arguments: { number: PHONE, text: 'SUNAT' } }],
		});
		// Fields called phone and message are filled the same way.
		const whatsapp = tool('WhatsApp', { phone: stringSchema, message: stringSchema, instance: stringSchema });
		expect(ask(afterLookup(), [whatsapp, lookupTool])).toEqual({
			toolCalls: [{ name: 'WhatsApp', arguments: { phone: PHONE, message: 'SUNAT' } }],
		});
	});

	it('quotes the lookup’s answer when it holds no name', () => {
		const quoted = (looked: string) => ({ content: `I could not get the taxpayer of RUC ${RUC}: ${looked}` });
		const nameless = ['[{"error":"RUC not found"}]', '[]', 'Service unavailable', '[{"nombre_o_razon_social":"  "}]', '[{"name":42}]'];
		for (const looked of nameless) {
			expect(ask(afterLookup(looked))).toEqual(quoted(looked));
		}
	});

	it('after the send’s answer says what it sent, to whom', () => {
		expect(ask(afterSend('[{"key":{"id":"3EB0"},"status":"PENDING"}]'))).toEqual({
			content: 'Sent "SUNAT" (the taxpayer of RUC 20131312955) to 51987654321 on WhatsApp.',
		});
	});

	it('says the send failed, quoting the answer, when the send’s answer is a failed item', () => {
		const failedSend = '[{"error":"The number 51987654321 is not on WhatsApp. Nothing was sent. [item 0]"}]';
		expect(ask(afterSend(failedSend))).toEqual({
			content: `I could not send the name of RUC 20131312955's taxpayer to 51987654321: ${failedSend}`,
		});
	});

	it('says the send was declined when the send’s answer is a refusal', () => {
		const declined = { content: 'The send was declined: nothing went to 51987654321. The taxpayer of RUC 20131312955 is SUNAT.' };
		const refusal =
			'[{"output":"User rejected the tool call to Send_Text (id: call_1). STOP what you are doing and wait for the user to tell you how to proceed."}]';
		expect(ask(afterSend(refusal))).toEqual(declined);
		expect(ask(afterSend('The reviewer declined this action.'))).toEqual(declined);
		expect(ask(afterSend('Not approved'))).toEqual(declined);
	});

	it('wraps the arguments as toolParameters and empty hitlParameters for tools behind human review', () => {
		const reviewedLookup = reviewed('Taxpayer_Lookup', { ruc: stringSchema });
		const reviewedSend = reviewed('Send_Text', { number: stringSchema, text: stringSchema });
		const tools = [calculator, reviewedSend, reviewedLookup];
		expect(ask([user(PROMPT)], tools)).toEqual({
			toolCalls: [{ name: 'Taxpayer_Lookup', arguments: { toolParameters: { ruc: RUC }, hitlParameters: {} } }],
		});
		expect(ask(afterLookup(), tools)).toEqual({
			toolCalls: [{ name: 'Send_Text', arguments: { toolParameters: { number: PHONE, text: 'SUNAT' }, hitlParameters: {} } }],
		});
		// Only the reviewed send: the lookup's arguments stay flat.
		expect(ask([user(PROMPT)], [reviewedSend, lookupTool])).toEqual({
			toolCalls: [{ name: 'Taxpayer_Lookup', arguments: { ruc: RUC } }],
		});
	});

	it('answers the same request the same way every time', () => {
		const request: ChatRequest = { model: 'gpt-5-mini', messages: afterLookup(), tools: TOOLS };
		expect(standInModel(request)).toEqual(standInModel(structuredClone(request)));
		expect(request).toEqual({ model: 'gpt-5-mini', messages: afterLookup(), tools: TOOLS });
	});
});
