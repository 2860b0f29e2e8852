// The one place that builds the errors users see: which item, the value or the server's reason,
// and what to do. Each API keeps only its table of what an answer means (its errors.ts).
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

import { valueAndProblem, type Checked } from './checks';

/** What went wrong and what to do about it, before it names an item. */
export interface Failure {
	message: string;
	description: string;
	httpCode?: string;
	/**
	 * The server refused the credential itself, so the run's later requests with it would be refused
	 * too: all of them ('credential'), or those of the request's scope ('scope': Api.refusalScope).
	 */
	refuses?: 'credential' | 'scope';
}

/** "(404: No se encontró el RUC)": the status and the server's own words. */
export const detail = (status: string, reason: string) => `(${reason ? `${status}: ${reason}` : status})`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A sentence as n8n's own nodes show it: capitalised, then the item it is about, if any, at the end
 * ("The item has no binary field 'data' [item 0]"); the item index also stays in the error's context.
 */
export const forItem = (sentence: string, itemIndex: number | undefined) =>
	itemIndex === undefined ? capitalised(sentence) : `${capitalised(sentence)} [item ${itemIndex}]`;

/**
 * The error of a request: "No taxpayer found ... [item 3]" for an item, or the sentence alone where
 * there is none (a trigger's poll, a list in the editor).
 */
export function apiError(node: INode, itemIndex: number | undefined, { message, description, httpCode }: Failure): NodeApiError {
	const text = forItem(message, itemIndex);
	const error = new NodeApiError(node, { message, description, httpCode: httpCode ?? null } as unknown as JsonObject, {
		message: text,
		description,
		httpCode,
		itemIndex,
	});
	// NodeApiError swaps messages naming a connection error code (ECONNREFUSED...) for a generic
	// sentence; ours already says what happened and where.
	error.message = text;
	error.description = description;
	if (itemIndex === undefined) delete error.context.itemIndex;
	return error;
}

/** The failure of an item not sent because item `position`'s request was refused with the same credential. */
export const refusedEarlier = ({ message, description, httpCode }: Failure, position: number): Failure => ({
	message: `not sent: item ${position}'s request was refused with the same credential: ${message}`,
	description,
	httpCode,
});

/** An error about an item where nothing was sent: its sentence, and (as the description) what to do. */
export function nothingSentError(node: INode, itemIndex: number, sentence: string, hint: string): NodeOperationError {
	const text = forItem(`${sentence} Nothing was sent.`, itemIndex);
	const error = new NodeOperationError(node, text, { itemIndex, description: hint, level: 'warning' });
	// n8n swaps a message naming a system error code (a value such as "sleepermode" holds EPERM) for
	// a generic sentence; ours quotes the user's value.
	error.message = text;
	return error;
}

/** The error for input that fails its check: item, field, value, the rule it breaks, and (as the description) what to do. */
export const invalidInputError = (node: INode, itemIndex: number, label: string, raw: unknown, problem: string, hint: string) =>
	nothingSentError(node, itemIndex, `${label} ${valueAndProblem(raw, problem)}.`, hint);

/** The error for an item that would be sent with no credential selected (the node marks it optional). */
export const missingCredentialError = (node: INode, itemIndex: number, credential: { displayName: string; hint: string }) =>
	nothingSentError(node, itemIndex, `No ${credential.displayName} credential is selected.`, credential.hint);

/** The error for a request n8n refused because the credential's allowed domains do not list its host. */
export function refusedDomainError(node: INode, itemIndex: number | undefined, host: string, allowedDomains: string): NodeOperationError {
	const text = forItem(
		`The credential's Allowed HTTP Request Domains (${allowedDomains}) do not list ${host}, so n8n refused to send to it. Nothing was sent.`,
		itemIndex,
	);
	const error = new NodeOperationError(node, text, {
		itemIndex,
		description: `This n8n release applies a credential's domain restriction to the node's own server too. Add ${host} to the credential's Allowed Domains, or set Allowed HTTP Request Domains to All.`,
	});
	error.message = text;
	return error;
}

/** The value of a check, or the invalid-input error for it. */
export function requireValid<T>(node: INode, itemIndex: number, label: string, raw: unknown, checked: Checked<T>): T {
	if (checked.valid) return checked.value;
	throw invalidInputError(node, itemIndex, label, raw, checked.problem, checked.hint);
}

/** Node errors pass as they are; anything else is wrapped as one. */
export function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error);
}

/** The human part of a text (non-JSON) answer: an HTML page's title, or the text itself, cut short. */
export function textReason(body: string, limit = 200): string {
	const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
	if (title) return `an HTML page titled "${title}"`;
	const text = body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, limit);
	if (/^\s*</.test(body)) return text ? `an HTML page saying "${text}"` : 'an HTML page';
	return text;
}
