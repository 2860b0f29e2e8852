// Operations run as n8n's custom operations (`Operation.custom`): n8n calls an execute function for
// them (`customOperations[resource][operation]`) instead of running RoutingNode, which gives what
// routing has not, the execution's own functions (a signed resume URL, putting it to wait). Each
// item still runs through the runner (runner.ts): fields read and checked, the request sent with the
// node's credential through the run's pacing, errors naming the item, Continue On Fail. What
// RoutingNode itself applies before the runner's hook holds here too: the credential's own domain
// restriction (its refusal, in its words) and Request Options → Batching.
import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
} from 'n8n-workflow';

import { apiOf, type Api, type Operation, type RequestOptions, type Resource } from './contract';
import { routingNodeDomainRefusal } from './n8nReleases';
import { applyRequestOptions } from './requestOptions';
import { itemReader, type ItemReaderFunctions, type RunFunctions } from './itemReader';
import { planOf, type ItemOutcome, type ItemRun, type OperationPlan } from './plan';
import { runOne } from './runner';
import { readServer } from './server';
import { withCredentials } from './transmission';

/** An item's request before its fields fill it: the route, the node's request defaults and Request Options. */
function requestOf(fns: IExecuteFunctions, op: Operation, itemIndex: number, requestDefaults: Partial<RequestOptions>): RequestOptions {
	const request: RequestOptions = { ...structuredClone(requestDefaults), method: op.request!.method, url: op.request!.path };
	applyRequestOptions(request, fns.getNodeParameter('requestOptions', itemIndex, {}, { skipValidation: true }) as IDataObject);
	return request;
}

/** One item of a custom operation, with the node's execute functions. */
function customItemRun(fns: IExecuteFunctions, api: Api, op: Operation, itemIndex: number, requestDefaults: Partial<RequestOptions>): ItemRun {
	const input = fns.getInputData();
	const run: RunFunctions = {
		getExecuteData: () => fns.getExecuteData(),
		getExecutionCancelSignal: () => fns.getExecutionCancelSignal(),
		getNode: () => fns.getNode(),
		evaluateExpression: (expression, index) => fns.evaluateExpression(expression, index),
	};
	const itemFns: ItemReaderFunctions = {
		getNode: () => fns.getNode(),
		getItemIndex: () => itemIndex,
		getInputData: () => input[itemIndex] ?? { json: {} },
		helpers: {
			getBinaryDataBuffer: async (property) => await fns.helpers.getBinaryDataBuffer(itemIndex, property),
			getBinaryStream: async (id) => await fns.helpers.getBinaryStream(id),
			getBinaryMetadata: async (id) => await fns.helpers.getBinaryMetadata(id),
		},
	};
	return {
		fns: run,
		// Read as RoutingNode's items read them: without n8n's value check (see runItem).
		item: itemReader(run, itemFns, (name, fallback, options) => fns.getNodeParameter(name, itemIndex, fallback, { skipValidation: true, ...options })),
		continueOnFail: fns.continueOnFail(),
		request: requestOf(fns, op, itemIndex, requestDefaults),
		readServer: async () => await readServer(fns, api.server),
		transmit: async (request, credentials) =>
			credentials
				? await withCredentials(fns, api, request, credentials)
				: ((await fns.helpers.httpRequestWithAuthentication.call(fns, api.server.credentialType, {
						...(request as IHttpRequestOptions),
						ignoreHttpStatusErrors: true,
						returnFullResponse: true,
					})) as IN8nHttpFullResponse),
		execute: fns,
	};
}

/** Request Options → Batching as RoutingNode reads it: items per batch (1 unless above 0), and the interval. */
function batchingOf(fns: IExecuteFunctions): { size: number; intervalMs: number } {
	const { batching } = fns.getNodeParameter('requestOptions', 0, {}, { skipValidation: true }) as { batching?: { batch?: { batchSize?: number; batchInterval?: number } } };
	const size = Number(batching?.batch?.batchSize);
	return { size: size > 0 ? size : 1, intervalMs: Number(batching?.batch?.batchInterval) || 0 };
}

/** RoutingNode's refusal of the credential's domain restriction, where it would refuse it (n8nReleases.ts). */
async function domainRefusalOf(fns: IExecuteFunctions, api: Api): Promise<Error | undefined> {
	let credentials;
	try {
		credentials = await fns.getCredentials(api.server.credentialType);
	} catch {
		// No credential to read: each item fails as the runner says.
		return undefined;
	}
	return routingNodeDomainRefusal(fns.getNode(), credentials);
}

/** Each item refused, nothing sent: the run stops on the first, or (Continue On Fail) each gets its error item. */
function refusedItems(fns: IExecuteFunctions, indexes: number[], refusal: Error): INodeExecutionData[] {
	// RoutingNode's words, in an error of each item's own.
	const errorOf = (itemIndex: number) => new NodeOperationError(fns.getNode(), refusal.message, { itemIndex });
	if (!fns.continueOnFail()) throw errorOf(indexes[0]);
	return indexes.map((itemIndex) => {
		const error = errorOf(itemIndex);
		return { json: { error: error.message }, error, pairedItem: { item: itemIndex } };
	});
}

/**
 * Runs a custom operation: each input item (or only the first) as a routed item runs, then the
 * operation's `makeOutput` says what the node outputs (or puts the execution to wait).
 */
export async function runCustomOperation(
	fns: IExecuteFunctions,
	plan: OperationPlan,
	requestDefaults: Partial<RequestOptions> = {},
): Promise<INodeExecutionData[][]> {
	const { api, op } = plan;
	const custom = op.custom;
	if (!custom || !op.request) throw new NodeOperationError(fns.getNode(), `${op.name} is not a custom operation with a route`);
	const count = fns.getInputData().length;
	const indexes = custom.firstItemOnly ? [0] : Array.from({ length: count }, (_, index) => index);
	const refused = await domainRefusalOf(fns, api);
	if (refused) return await custom.makeOutput(fns, refusedItems(fns, indexes, refused), []);
	// Started in item order, as RoutingNode starts its items, in Batching's batches: the run's pacing
	// spaces and orders them. All are settled before the first failure (in item order) stops the
	// node, as RoutingNode does: the items before it still go, none after it. Each item is run once.
	const { size, intervalMs } = batchingOf(fns);
	const settled: Array<PromiseSettledResult<ItemOutcome>> = [];
	const runs: Array<Promise<void>> = [];
	for (const [position, itemIndex] of indexes.entries()) {
		if (position > 0 && intervalMs > 0 && position % size === 0) {
			// A failure that stops the run: later batches would not be sent, so none is started.
			if (!fns.continueOnFail() && settled.some((outcome) => outcome?.status === 'rejected')) break;
			await sleep(intervalMs, fns.getExecutionCancelSignal());
		}
		runs.push(
			runOne(customItemRun(fns, api, op, itemIndex, requestDefaults), plan).then(
				(value) => void (settled[position] = { status: 'fulfilled', value }),
				(reason: unknown) => void (settled[position] = { status: 'rejected', reason }),
			),
		);
	}
	await Promise.all(runs);
	const failed = settled.find((outcome) => outcome?.status === 'rejected');
	if (failed) throw failed.reason;
	const outcomes = settled.filter(Boolean).map((outcome) => (outcome as PromiseFulfilledResult<ItemOutcome>).value);
	const output = outcomes.flatMap((outcome) => outcome.items);
	const sent = outcomes.flatMap((outcome) => (outcome.sent ? [outcome.sent] : []));
	return await custom.makeOutput(fns, output, sent);
}

type CustomOperationFunction = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/**
 * The node's `customOperations`: one execute function per operation with `custom`, by resource and
 * operation value, as n8n looks them up. `requestDefaults` are the node's (RoutingNode adds them to
 * routed requests).
 */
export function customOperationsOf(
	api: Api,
	resources: Resource[],
	requestDefaults: Partial<RequestOptions> = {},
): Record<string, Record<string, CustomOperationFunction>> {
	const operations: Record<string, Record<string, CustomOperationFunction>> = {};
	for (const resource of resources) {
		for (const op of resource.operations) {
			if (!op.custom) continue;
			if (op.send || op.toBinary || op.local || op.oncePerRun) {
				throw new Error(`${op.name}: a custom operation sends its request once (no send, toBinary, local or oncePerRun)`);
			}
			operations[resource.value] ??= {};
			const plan = planOf(apiOf(resource, api), resource, op);
			operations[resource.value][op.value] = async function (this: IExecuteFunctions) {
				return await runCustomOperation(this, plan, requestDefaults);
			};
		}
	}
	return operations;
}
