// The sandbox's stand-in for a language model: it knows one task, the one the AI agent example
// asks for ("look up RUC X and send the taxpayer's name by WhatsApp to Y"), and does it with the
// tools the request offers, picked by their fields as a model would: the one with a RUC field,
// then the one with a number and a text field. It reads the tool answers it got (the taxpayer's
// name, a refusal, an error) and says what happened. Anything else gets an answer saying what it
// understands. Deterministic, so that tests can assert every request it causes.
import { textOf, type ChatMessage, type ChatRequest, type JsonSchema, type ModelTurn, type ToolDefinition } from './types.ts';

/** A Peruvian RUC: 11 digits starting 10, 15, 17 or 20. */
const RUC = /\b(?:10|15|17|20)\d{9}\b/;
/** A Peruvian mobile number with its country code. */
const PHONE = /\b51\s?9\d{2}\s?\d{3}\s?\d{3}\b/;

/** A tool's own fields: those of `toolParameters` when a human-review tool wraps it. */
function fieldsOf(tool: ToolDefinition): { names: string[]; wrapped: boolean } {
	const schema: JsonSchema = tool.function.parameters ?? {};
	const inner = schema.properties?.toolParameters;
	if (inner?.properties) return { names: Object.keys(inner.properties), wrapped: true };
	return { names: Object.keys(schema.properties ?? {}), wrapped: false };
}

/** A call of `tool` with its fields filled from `values` (by the first pattern each field matches). */
function call(tool: ToolDefinition, values: Array<[RegExp, string]>) {
	const { names, wrapped } = fieldsOf(tool);
	const args: Record<string, string> = {};
	for (const name of names) {
		const value = values.find(([pattern]) => pattern.test(name))?.[1];
		if (value !== undefined) args[name] = value;
	}
	return { name: tool.function.name, arguments: wrapped ? { toolParameters: args, hitlParameters: {} } : args };
}

const findTool = (tools: ToolDefinition[], ...patterns: RegExp[]) =>
	tools.find((tool) => patterns.every((pattern) => fieldsOf(tool).names.some((name) => pattern.test(name))));

/** The answer the tool call `name` got, if it was called. */
function answerOf(messages: ChatMessage[], name: string | undefined): string | undefined {
	if (!name) return undefined;
	const ids = messages.flatMap((message) => (message.tool_calls ?? []).filter((toolCall) => toolCall.function.name === name).map((toolCall) => toolCall.id));
	const answer = [...messages].reverse().find((message) => message.role === 'tool' && ids.includes(message.tool_call_id ?? ''));
	return answer ? textOf(answer.content) : undefined;
}

/** The taxpayer's name in a lookup tool's answer (JSON of the items, or of one item). */
function taxpayerName(answer: string): string | undefined {
	try {
		const parsed = JSON.parse(answer) as unknown;
		const first = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown> | undefined;
		const name = first?.nombre_o_razon_social ?? first?.name;
		return typeof name === 'string' && name.trim() ? name : undefined;
	} catch {
		return undefined;
	}
}

const refused = (answer: string) => /rejected the tool call|declined|not approved/i.test(answer);
/** An answer made of failed items (`[{"error": …}]`), as n8n gives a tool's errors to the model. */
const failed = (answer: string) => /^\s*\[\s*\{\s*"error"\s*:/.test(answer);

export function standInModel(request: ChatRequest): ModelTurn {
	const prompt = textOf([...request.messages].reverse().find((message) => message.role === 'user')?.content);
	const tools = request.tools ?? [];
	const ruc = RUC.exec(prompt)?.[0];
	const phone = PHONE.exec(prompt)?.[0].replace(/\s/g, '');
	if (!ruc || !phone) {
		return {
			content:
				"I am the sandbox's stand-in model and know one task: ask me to look up a RUC and send the taxpayer's name by WhatsApp to a number, " +
				'for example "Look up RUC 20131312955 and send the name to 51987654321". Give the OpenAI Chat Model a real OpenAI credential for anything else.',
		};
	}
	const lookup = findTool(tools, /ruc/i);
	const send = findTool(tools, /number|phone/i, /text|message/i);
	if (!lookup || !send) {
		return { content: 'To do that I need a tool with a RUC field (Taxpayer Lookup) and one with a number and a text field (Messaging → Send Text).' };
	}
	const looked = answerOf(request.messages, lookup.function.name);
	if (looked === undefined) return { toolCalls: [call(lookup, [[/ruc/i, ruc]])] };
	const name = taxpayerName(looked);
	if (!name) return { content: `I could not get the taxpayer of RUC ${ruc}: ${looked}` };
	const sent = answerOf(request.messages, send.function.name);
	if (sent === undefined) return { toolCalls: [call(send, [[/number|phone/i, phone], [/text|message/i, name]])] };
	if (refused(sent)) return { content: `The send was declined: nothing went to ${phone}. The taxpayer of RUC ${ruc} is ${name}.` };
	if (failed(sent)) return { content: `I could not send the name of RUC ${ruc}'s taxpayer to ${phone}: ${sent}` };
	return { content: `Sent "${name}" (the taxpayer of RUC ${ruc}) to ${phone} on WhatsApp.` };
}
