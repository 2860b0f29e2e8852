// A fake of OpenAI's Chat Completions API on 127.0.0.1, for n8n's OpenAI Chat Model (with "Use
// Responses API" off) and any client of `POST /v1/chat/completions`. It answers as the real API
// does (docs/openai-api.md): the completion and chunk shapes, tool calls, streaming (server-sent
// events, `[DONE]`), usage, and OpenAI's error bodies for a missing or wrong key, an unknown model,
// a missing field and a conversation whose tool calls and tool answers do not pair up. What the
// assistant says is a `Model`: a function of the request, which each test scripts; the default is
// the sandbox's stand-in (./model.ts). It records every request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { standInModel } from './model.ts';
import { type ChatMessage, type ChatRequest, type Model, type ModelTurn } from './types.ts';

export { standInModel } from './model.ts';
export * from './types.ts';

/** The key the fake accepts unless told another (an OpenAI project key's shape). */
export const FAKE_OPENAI_KEY = 'sk-proj-fake-openai-key-for-tests';
/** The models the fake serves (n8n 2.41's OpenAI Chat Model defaults to gpt-5-mini). */
export const FAKE_MODELS = ['gpt-5-mini', 'gpt-4.1-mini', 'gpt-4o-mini'];

export interface RecordedChatRequest {
	method: string;
	path: string;
	headers: Record<string, string | string[] | undefined>;
	body: ChatRequest;
}

export interface OpenAiFakeOptions {
	port?: number;
	apiKey?: string;
	model?: Model;
}

export interface OpenAiFake {
	/** The base URL as OpenAI's credential takes it: `http://127.0.0.1:<port>/v1`. */
	url: string;
	apiKey: string;
	/** Every chat completion request with a JSON body, refused ones included, in arrival order. */
	requests: RecordedChatRequest[];
	/** The chat completion requests only. */
	readonly completions: ChatRequest[];
	/** Scripts the assistant from now on (the stand-in model again with no argument). */
	useModel(model?: Model): void;
	close(): Promise<void>;
}

/** OpenAI's error body. */
const openAiError = (message: string, type: string, param: string | null = null, code: string | null = null) => ({
	error: { message, type, param, code },
});

/**
 * Why OpenAI would refuse these messages, if it would: each must be an object with a role, every
 * assistant tool call must be answered by a tool message before the next turn (or the end), and
 * every tool message must answer one.
 */
function conversationProblem(messages: ChatMessage[]): { message: string; param: string } | undefined {
	let open: string[] = [];
	const unanswered = () => ({
		message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(', ')}`,
		param: 'messages',
	});
	for (const [index, message] of messages.entries()) {
		if (typeof message !== 'object' || message === null || typeof message.role !== 'string') {
			return { message: `Invalid type for 'messages[${index}]': expected an object, but got ${message === null ? 'null' : typeof message} instead.`, param: `messages[${index}]` };
		}
		if (message.role === 'tool') {
			if (!message.tool_call_id || !open.includes(message.tool_call_id)) {
				return {
					message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
					param: `messages.[${index}].role`,
				};
			}
			open = open.filter((id) => id !== message.tool_call_id);
			continue;
		}
		if (open.length > 0) return unanswered();
		if (message.role === 'assistant') open = (message.tool_calls ?? []).map((call) => call.id);
	}
	return open.length > 0 ? unanswered() : undefined;
}

/** Rough token counts (4 characters a token), for `usage`. */
const tokens = (value: unknown) => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

export async function startOpenAiFake(options: OpenAiFakeOptions = {}): Promise<OpenAiFake> {
	const apiKey = options.apiKey ?? FAKE_OPENAI_KEY;
	let model: Model = options.model ?? standInModel;
	const requests: RecordedChatRequest[] = [];
	let sequence = 0;

	const send = (res: ServerResponse, status: number, body: unknown) => {
		res.writeHead(status, { 'content-type': 'application/json', 'openai-version': '2020-10-01', 'x-request-id': `req_fake${++sequence}` });
		res.end(JSON.stringify(body));
	};

	const readBody = async (req: IncomingMessage) => {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		return Buffer.concat(chunks).toString('utf8');
	};

	const authorised = (req: IncomingMessage, res: ServerResponse) => {
		const header = req.headers.authorization;
		if (!header || !/^Bearer\s+\S/i.test(header)) {
			send(res, 401, openAiError("You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", 'invalid_request_error'));
			return false;
		}
		const given = header.replace(/^Bearer\s+/i, '');
		if (given !== apiKey) {
			const shown = given.length > 8 ? `${given.slice(0, 3)}*****${given.slice(-4)}` : given;
			send(res, 401, openAiError(`Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', null, 'invalid_api_key'));
			return false;
		}
		return true;
	};

	const completion = (request: ChatRequest, turn: ModelTurn, res: ServerResponse) => {
		const id = `chatcmpl-fake${++sequence}`;
		const created = Math.floor(Date.now() / 1000);
		const toolCalls =
			'toolCalls' in turn
				? turn.toolCalls.map((call) => ({ id: `call_fake${++sequence}`, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.arguments) } }))
				: undefined;
		const content = 'content' in turn ? turn.content : null;
		const finishReason = toolCalls ? 'tool_calls' : 'stop';
		const promptTokens = tokens(request.messages) + tokens(request.tools);
		const completionTokens = tokens(content ?? toolCalls);
		const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
		if (!request.stream) {
			send(res, 200, {
				id,
				object: 'chat.completion',
				created,
				model: request.model,
				choices: [{ index: 0, message: { role: 'assistant', content, ...(toolCalls ? { tool_calls: toolCalls } : {}), refusal: null, annotations: [] }, logprobs: null, finish_reason: finishReason }],
				usage,
				service_tier: 'default',
				system_fingerprint: 'fp_fake',
			});
			return;
		}
		// Streaming: the role first, then the content or each tool call (name, then its arguments), then the finish.
		res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
		// With include_usage, every chunk carries `usage: null` until the last one, which has it.
		const withUsage = request.stream_options?.include_usage === true;
		const chunk = (delta: object, finish: string | null = null) =>
			res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, system_fingerprint: 'fp_fake', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...(withUsage ? { usage: null } : {}) })}\n\n`);
		chunk({ role: 'assistant', content: toolCalls ? null : '', refusal: null });
		if (toolCalls) {
			toolCalls.forEach((call, index) => {
				chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
				chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments } }] });
			});
		} else chunk({ content });
		chunk({}, finishReason);
		if (withUsage) {
			res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage })}\n\n`);
		}
		res.end('data: [DONE]\n\n');
	};

	const server = createServer((req, res) => {
		void (async () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const text = await readBody(req);
			if (url.pathname === '/v1/models' && req.method === 'GET') {
				if (!authorised(req, res)) return;
				send(res, 200, { object: 'list', data: FAKE_MODELS.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'system' })) });
				return;
			}
			if (url.pathname !== '/v1/chat/completions' || req.method !== 'POST') {
				send(res, 404, openAiError(`Invalid URL (${req.method} ${url.pathname})`, 'invalid_request_error'));
				return;
			}
			let body: ChatRequest;
			try {
				body = JSON.parse(text) as ChatRequest;
				if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
			} catch {
				send(res, 400, openAiError("We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)", 'invalid_request_error'));
				return;
			}
			requests.push({ method: req.method, path: url.pathname, headers: req.headers, body });
			if (!authorised(req, res)) return;
			if (!body.model) {
				send(res, 400, openAiError("you must provide a model parameter", 'invalid_request_error'));
				return;
			}
			if (!Array.isArray(body.messages)) {
				send(res, 400, openAiError("Missing required parameter: 'messages'.", 'invalid_request_error', 'messages', 'missing_required_parameter'));
				return;
			}
			if (body.messages.length === 0) {
				send(res, 400, openAiError("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'invalid_request_error', 'messages', 'empty_array'));
				return;
			}
			if (!FAKE_MODELS.includes(body.model)) {
				send(res, 404, openAiError(`The model \`${body.model}\` does not exist or you do not have access to it.`, 'invalid_request_error', null, 'model_not_found'));
				return;
			}
			const problem = conversationProblem(body.messages);
			if (problem) {
				send(res, 400, openAiError(problem.message, 'invalid_request_error', problem.param));
				return;
			}
			let turn: ModelTurn;
			try {
				turn = model(body);
			} catch (error) {
				send(res, 500, openAiError(`The fake's model failed: ${error instanceof Error ? error.message : String(error)}`, 'server_error'));
				return;
			}
			completion(body, turn, res);
		})();
	});
	const sockets = new Set<Socket>();
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		apiKey,
		requests,
		get completions() {
			return requests.filter((request) => request.path === '/v1/chat/completions').map((request) => request.body);
		},
		useModel(next) {
			model = next ?? standInModel;
		},
		async close() {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
