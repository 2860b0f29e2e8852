// The one place that depends on how RoutingNode works inside, proven against n8n 2.41.1 (n8n-core's
// RoutingNode): check it first on every n8n upgrade. RoutingNode has no hook around the request
// but its custom-pagination hook, so an operation's runner (runner.ts) is installed as that hook
// and makes the request itself through `makeRoutingRequest`; a no-op postReceive hands it n8n's
// full response. It is the one place that sees input checks, error answers and failures with no
// answer alike, and where an error item keeps its pairedItem (n8n drops it for errors thrown
// before the hook). The request defaults hold no expression: RoutingNode evaluates them, and the
// base URL again for its credential-domain check, for every item; the runner sets the base URL it
// read from the credential once per run, with the domains the credential allows (server.ts), as
// RoutingNode would have derived them. What the tests pin of it:
// test/nodes/shared/routingNodeAdaptation.test.ts.
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';

import type { Api, Operation } from './contract';
import { fieldsOf, runItem } from './runner';

/** Passes n8n's full response to the runner, which knows the item's checked values. */
async function passResponse(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return [{ json: response as unknown as IDataObject }];
}

/** The declarative routing of one operation: its route, and the runner as its request hook. */
export function operationRouting(api: Api, resource: string, op: Operation): INodePropertyRouting {
	// Listed once per operation, not once per item.
	const fields = fieldsOf(api, op);
	async function runOperation(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		return await runItem(this, api, resource, op, fields, requestData);
	}
	return {
		request: op.request ? { method: op.request.method, url: op.request.path } : {},
		send: { paginate: true },
		operations: { pagination: runOperation },
		output: { postReceive: [passResponse] },
	};
}
