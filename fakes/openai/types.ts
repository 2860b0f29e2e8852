// The shapes of OpenAI's Chat Completions API that the fake and its models read and write.

export interface ToolCallSpec {
	name: string;
	arguments: Record<string, unknown>;
}

/** One assistant turn: a final answer, or tool calls for the client to run. */
export type ModelTurn = { content: string } | { toolCalls: ToolCallSpec[] };

export interface ChatMessage {
	role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
	content?: string | Array<{ type: string; text?: string }> | null;
	tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
	name?: string;
}

export interface ToolDefinition {
	type: 'function';
	function: { name: string; description?: string; parameters?: JsonSchema; strict?: boolean };
}

export interface JsonSchema {
	type?: string;
	description?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	[key: string]: unknown;
}

/** The body of `POST /v1/chat/completions`, as far as the fake reads it. */
export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ToolDefinition[];
	stream?: boolean;
	stream_options?: { include_usage?: boolean };
	[key: string]: unknown;
}

/** What the assistant answers to a request. Throwing makes the fake answer 500 with the message. */
export type Model = (request: ChatRequest) => ModelTurn;

/** The text of a message's content (a string, or text parts). */
export function textOf(content: ChatMessage['content']): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => part.text ?? '').join('');
	return '';
}
