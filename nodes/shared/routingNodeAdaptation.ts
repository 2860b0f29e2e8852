// The one place that depends on how RoutingNode works inside, proven against the n8n releases of
// PROVEN_RELEASES (n8nReleases.ts; the n8n-core RoutingNode of each: the compatibility stage runs its
// tests with each release's engine, scripts/compat.sh): check it first when a release joins the matrix. RoutingNode has no
// hook around the request but its custom-pagination hook, so an operation's runner (runner.ts) is
// installed as that hook and makes the request itself through `makeRoutingRequest`; a no-op
// postReceive hands it n8n's full response. It is the one place that sees input checks, error answers and failures with no
// answer alike, and where an error item keeps its pairedItem (n8n drops it for errors thrown
// before the hook). The request defaults hold no expression: RoutingNode evaluates them, and the
// base URL again for its credential-domain check, for every item; the runner sets the base URL it
// read from the credential once per run, with the domains the credential allows (server.ts), as
// RoutingNode would have derived them. Without Continue On Fail, RoutingNode stops the run on a
// failed item's error unchanged only if it is a NodeApiError and makes any other an API error
// with the code "none"; so an input error (nothing sent) that stops the run goes through it in a
// NodeApiError carrier that n8n records as the operation error it is (`stoppingError`). What the
// tests pin of it: test/nodes/shared/routingNodeAdaptation.test.ts.
import {
	NodeApiError,
	NodeOperationError,
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type INodePropertyRouting,
	type JsonObject,
} from 'n8n-workflow';

import type { Api, Operation, Resource } from './contract';
import { planOf } from './plan';
import { runItem } from './runner';

/**
 * The error an item stops the run on, as RoutingNode will pass it on. RoutingNode (runNode, the loop
 * over the items' settled requests) rethrows a NodeApiError unchanged but wraps any other error into
 * `new NodeApiError(node, error, { httpCode: 'none' })`, which n8n's editor shows as an API error:
 * "Error code: none" under "From <node>". No hook of a declarative node runs before the request's
 * (RoutingNode's per-item preparation only evaluates expressions), and input checks must stay in it
 * anyway, where an error item under Continue On Fail keeps its pairedItem. So an operation error
 * (input that fails its check, no credential: nothing was sent) travels in a NodeApiError with no
 * HTTP code nor raw messages, named NodeOperationError, and keeping the message, description, level,
 * context (item index) and stack: n8n records it, and the editor shows it, as the operation error
 * it is. API errors (an answer, or none) pass as they are.
 */
export function stoppingError(error: unknown): unknown {
	if (!(error instanceof NodeOperationError)) return error;
	const carrier = new NodeApiError(error.node, error as unknown as JsonObject, {
		message: error.message,
		description: error.description ?? undefined,
		itemIndex: error.context.itemIndex as number | undefined,
		level: error.level,
	});
	// What NodeApiError reads from the error it wraps: no HTTP code, no message other than the one shown.
	carrier.httpCode = null;
	carrier.messages = [...error.messages];
	carrier.message = error.message;
	carrier.description = error.description;
	carrier.context = error.context;
	carrier.functionality = error.functionality;
	carrier.stack = error.stack;
	carrier.name = error.name;
	return carrier;
}

/** Passes n8n's full response to the runner, which knows the item's checked values. */
async function passResponse(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return [{ json: response as unknown as IDataObject }];
}

/** The declarative routing of one operation: its route, and the runner as its request hook. */
export function operationRouting(api: Api, resource: Pick<Resource, 'name' | 'value'>, op: Operation): INodePropertyRouting {
	// Made once per operation, not once per item.
	const plan = planOf(api, resource, op);
	async function runOperation(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		try {
			return await runItem(this, plan, requestData);
		} catch (error) {
			// runItem throws only when the item stops the run (no Continue On Fail).
			throw stoppingError(error);
		}
	}
	return {
		request: op.request ? { method: op.request.method, url: op.request.path } : {},
		send: { paginate: true },
		operations: { pagination: runOperation },
		output: { postReceive: [passResponse] },
	};
}
