// Runs one item of an operation: check its fields, send, make its items; any failure becomes one
// readable error, for the item (with its pairedItem) or, outside routing, of its own. The pace of
// the run (its state's, runState.ts) decides when each request goes (pacing.ts), and answers for the requests after one the
// server refused the credential for. RoutingNode calls `runItem` through the adaptation in
// routingNodeAdaptation.ts.
import {
	NodeOperationError,
	type DeclarativeRestApiSettings,
	type IAllExecuteFunctions,
	type IExecuteFunctions,
	type ICredentialDataDecryptedObject,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
} from 'n8n-workflow';

import {
	NOT_FOUND,
	REFUSED,
	type Answer,
	type Api,
	type ItemReader,
	type Operation,
	type RequestContext,
	type RequestOptions,
	type RunLimits,
	type SendRequest,
	type Values,
} from './contract';
import { apiError, asNodeError, missingCredentialError, refusedDomainError, refusedEarlier, type Failure } from './errors';
import { itemReader, runSize } from './itemReader';
import { domainRefusal } from './n8nReleases';
import type { ItemOutcome, ItemRun, OperationPlan } from './plan';
import { RunPacing, RunStopped, type Place } from './pacing';
import { askedWaitMs } from './quota';
import { readServer } from './server';
import { runStateOf } from './runState';
import { transmitted, withCredentials } from './transmission';
import { simplifiedItems } from './simplify';

/** What an API without limits of its own gets: a few requests at once, no waiting for quota. */
const DEFAULT_LIMITS: RunLimits = { maxInFlight: 5, maxQuotaWaitMs: 0 };

/** The error of a failure; a refusal of the credential is first remembered by the run, for the requests after it. */
function failed(api: Api, node: INode, itemIndex: number | undefined, context: RequestContext, failure: Failure, pace?: Pace) {
	if (failure.refuses && pace) {
		const refusal = { position: pace.place.position, failure };
		pace.pacing.refuseCredential(refusal, failure.refuses === 'scope' ? (api.refusalScope?.(context) ?? '') : undefined);
	}
	return apiError(node, itemIndex, failure);
}

/** Sends one request and reads its answer; no answer at all becomes the API's readable error. */
async function receive(
	api: Api,
	node: INode,
	itemIndex: number | undefined,
	context: RequestContext,
	request: () => Promise<IN8nHttpFullResponse>,
	pace?: Pace,
): Promise<Answer> {
	try {
		const response = await request();
		// A streamed answer is read here, so a connection lost while reading counts as no answer.
		const body = api.readBody ? await api.readBody(response.body) : response.body;
		return { statusCode: response.statusCode, headers: response.headers ?? {}, body };
	} catch (error) {
		// The request could not be made (its file unreadable): nothing went out.
		if (error instanceof NodeOperationError) throw asNodeError(node, error);
		// n8n refused the URL before sending (n8n 2.25 to 2.35 restrict the node's own server too).
		const refused = domainRefusal(error);
		if (refused) throw refusedDomainError(node, itemIndex, refused.host, refused.allowedDomains);
		throw failed(api, node, itemIndex, context, api.noAnswerFailure(context, error), pace);
	}
}

/**
 * What an answer means, asked in this order: what the API answers on every route alike (its gate),
 * a server older than the operation's route (`since`), the operation's own answers, then whether
 * the API calls it a success and, if not, the API's table. Undefined for a success.
 */
export function failureOf(api: Api, context: RequestContext, answer: Answer): Failure | undefined {
	const { statusCode, body } = answer;
	const own = context.own;
	return (
		api.gate?.(statusCode, body, context) ??
		(own?.since ? api.olderServerFailure?.(own.title, own.since, statusCode, body) : undefined) ??
		(own?.answers && context.values ? own.answers(answer, context, context.values) : undefined) ??
		(api.isSuccess(statusCode, body, context) ? undefined : api.answerFailure(context, statusCode, body))
	);
}

/** A successful answer's body; any other answer becomes the API's readable error, for the item if there is one. */
function accept(api: Api, node: INode, itemIndex: number | undefined, context: RequestContext, answer: Answer, pace?: Pace): unknown {
	const failure = failureOf(api, context, answer);
	if (failure) throw failed(api, node, itemIndex, context, failure, pace);
	return answer.body;
}

/** Where one item's requests stand in its run's pacing, and the run's limits. */
interface Pace {
	pacing: RunPacing;
	place: Place;
	limits: RunLimits;
	/** Without Continue On Fail, a failure stops the run: decided before the slot is handed on. */
	stopsRun: boolean;
	/** The run's copy of the credential, whose token the run renews (Api.token). */
	credentials?: ICredentialDataDecryptedObject;
}

/**
 * Sends one request when the run's pacing lets it; an answer that refuses it for quota (nothing
 * was done) closes the run's gate for as long as the API says, then the request goes again, ahead
 * of new ones, until the refusals last longer than the run's bound. Once the server refused the
 * credential for an earlier request, the request is not sent: that refusal is its error. An answer
 * saying the run's token expired renews it once for the run, and the request goes again, once.
 */
async function exchange(
	api: Api,
	node: INode,
	itemIndex: number | undefined,
	context: RequestContext,
	request: () => Promise<IN8nHttpFullResponse>,
	pace: Pace,
	{ notFoundIsAnswer = false, nullIsAnswer = false, refusedIf }: NonNullable<Parameters<SendRequest>[2]> = {},
): Promise<unknown> {
	const { pacing, place, limits } = pace;
	const exhausted = (answer: Answer, waitedMs: number, askedMs: number | undefined) =>
		apiError(node, itemIndex, api.quota!.exhausted(context, answer, { waitedMs, askedMs, maxWaitMs: limits.maxQuotaWaitMs }));
	let renewed = false;
	let queued: Promise<number> | undefined;
	for (let retry = false; ; retry = true) {
		const warmUp = await (queued ?? pacing.slot(place, limits.maxInFlight, retry, limits.firstAlone));
		queued = undefined;
		const sentAt = Date.now();
		const tokenGeneration = pacing.tokenGeneration;
		try {
			const refused = pacing.credentialRefusal(api.refusalScope?.(context) ?? '');
			if (refused) throw apiError(node, itemIndex, refusedEarlier(refused.failure, refused.position));
			const known = pacing.knownRefusal();
			if (known) throw exhausted(known.answer, known.waitedMs, known.askedMs);
			const answer = await receive(api, node, itemIndex, context, request, pace);
			if (api.token && pace.credentials && !renewed && api.token.expired(answer)) {
				renewed = true;
				// Emptied, the field makes n8n fetch a token (the credential's preAuthentication) for the next request.
				if (pacing.renewToken(tokenGeneration)) pace.credentials[api.token.field] = '';
				// In line before the slot is handed on: the request that met the expiry first fetches the new token.
				queued = pacing.slot(place, limits.maxInFlight, true, limits.firstAlone);
				continue;
			}
			if (!api.quota?.isRefusal(answer)) {
				pacing.answered();
				if (notFoundIsAnswer && answer.statusCode === 404) return NOT_FOUND;
				if (refusedIf?.(answer)) return REFUSED;
				if (nullIsAnswer && answer.body === null && answer.statusCode >= 200 && answer.statusCode < 300) return null;
				return accept(api, node, itemIndex, context, answer, pace);
			}
			const outcome = pacing.refused(answer, sentAt, askedWaitMs(answer.headers), api.quota.backoffCapMs, limits.maxQuotaWaitMs);
			if (!outcome.retry) throw exhausted(answer, outcome.waitedMs, outcome.askedMs);
		} catch (error) {
			if (pace.stopsRun) pacing.stop(place.position);
			throw asNodeError(node, error);
		} finally {
			pacing.release(warmUp);
		}
	}
}

/**
 * One item of an operation: its fields read and checked, its request sent through the run's pacing,
 * its items. The operation's hooks are called here, in the order the Operation type lists them.
 */
export async function runOne(run: ItemRun, plan: OperationPlan): Promise<ItemOutcome> {
	const { api, op, fields } = plan;
	const { item, request } = run;
	const itemIndex = item.fns.getItemIndex();
	const node = run.fns.getNode();
	// What the run's items share, found once per item; the item's place in the run's order is taken
	// before anything is awaited: n8n starts the items in order, and sends keep that order.
	const state = runStateOf(run.fns);
	const { pacing } = state;
	const ticket = op.inOrder ? pacing.enterInOrder(itemIndex) : undefined;
	let laneDone: (() => void) | undefined;
	const stopsRun = !run.continueOnFail;
	const values: Values = {};
	const context: RequestContext = {
		operation: op.value,
		routeKind: plan.routeKind,
		subject: '',
		about: {},
		serverUrl: '',
		own: plan.own,
		values,
	};
	// Each output item's source: this item, or every input item for an operation made once per run.
	let pairedItem: INodeExecutionData['pairedItem'] = { item: itemIndex };
	try {
		if (op.oncePerRun?.(item)) {
			// The run's other items make nothing.
			if (!state.claimOncePerRun()) {
				ticket?.leave();
				return { items: [] };
			}
			pairedItem = Array.from({ length: runSize(run.fns, itemIndex) }, (_, index) => ({ item: index }));
		}
		for (const field of fields) {
			const value = await field.read(item, values);
			values[field.name] = value;
			field.to?.(request, value);
			if (field.about) Object.assign(context.about, field.about(value));
		}
		op.adjustRequest?.(request);
		// An answer that carries a file is read as it arrives (the API's readBody), never held whole.
		if (op.answersWithFile) request.encoding = 'stream';
		context.subject = op.subject?.(values) ?? '';
		if (op.routeKindOf) context.routeKind = op.routeKindOf(values);
		// Simplify works on the items as made, never on an error item nor on their files.
		const toItems = (answer: unknown) => simplifiedItems(op, values, op.toItems ? op.toItems(answer, values) : api.toItems(answer, values));
		if (op.local) {
			const answer = await op.local(values);
			return { items: toItems(answer).map((json) => ({ json, pairedItem })), sent: values };
		}
		// The credential is optional where some operation needs none: one that sends names it here.
		if (api.credential && !node.credentials?.[api.credential.type]) throw missingCredentialError(node, itemIndex, api.credential);
		const server = await state.server(() => run.readServer());
		request.baseURL = context.serverUrl = server.baseURL;
		if (server.allowedDomains === undefined) delete request.allowedDomains;
		else request.allowedDomains = server.allowedDomains;
		if (op.custom?.completeRequest) op.custom.completeRequest(request, values, executeOf(run, op));

		const credentials = api.token ? server.credentials : undefined;
		const pace: Pace = {
			pacing,
			place: { position: itemIndex, ordered: ticket !== undefined },
			limits: api.limits?.(values) ?? DEFAULT_LIMITS,
			stopsRun,
			credentials,
		};
		const transmitWith = credentials ? (r: RequestOptions) => run.transmit(r, credentials) : run.transmit;
		const transmit = async (change: Partial<RequestOptions>) => await transmitted(node, itemIndex, { ...request, ...change }, transmitWith, op.requestAsSent && ((r) => op.requestAsSent!(r, values, item)));
		const send: SendRequest = async (change = {}, subject = context.subject, options = {}) =>
			await exchange(api, node, itemIndex, { ...context, subject }, async () => await transmit(change), pace, options);
		const lane = op.inOrder?.(values);
		if (ticket && lane) laneDone = await ticket.turn(lane.lane, lane.pauseMs);
		const answer = op.send ? await op.send(send, values, singleOf(run, op), state) : await send();
		laneDone?.();
		const binary = op.toBinary ? await op.toBinary(answer, values, singleOf(run, op)) : undefined;
		return { items: toItems(answer).map((json) => ({ json, ...(binary ? { binary } : {}), pairedItem })), sent: values };
	} catch (error) {
		// The node fails on another item: this one is not sent, and n8n keeps no output anyway.
		const stopped = error instanceof RunStopped;
		// The run stops before this item's lane is handed on, so no later message goes out.
		if (stopsRun && !stopped) pacing.stop(itemIndex);
		laneDone?.();
		ticket?.leave();
		if (stopped) return { items: [] };
		const nodeError = asNodeError(node, error);
		// RoutingNode stops the run on it; an input error stays an operation error there thanks to
		// routingNodeAdaptation.ts (`stoppingError`).
		if (stopsRun) throw nodeError;
		return { items: [{ json: { error: nodeError.message }, error: nodeError, pairedItem }] };
	}
}

/** The execution's functions, which only a custom operation's runs have. */
function executeOf(run: ItemRun, op: Operation): IExecuteFunctions {
	if (!run.execute) throw new NodeOperationError(run.fns.getNode(), `${op.name} completes its request with the execution's functions: it runs only as a custom operation`);
	return run.execute;
}

/** The item's own functions, which only RoutingNode's runs have. */
function singleOf(run: ItemRun, op: Operation): IExecuteSingleFunctions {
	if (!run.single) throw new NodeOperationError(run.fns.getNode(), `${op.name} sends more than once or makes files: it cannot run as a custom operation`);
	return run.single;
}

/** One item of an operation, run from RoutingNode's request hook with the request n8n prepared. */
export async function runItem(
	fns: IExecutePaginationFunctions,
	plan: OperationPlan,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	// n8n's own check of a value finds its property among all of the node's for every read, and
	// checks only `validateType`s, which these nodes do not use: their fields check the values.
	const parameter: ItemReader['parameter'] = (name, fallback, options) => fns.getNodeParameter(name, fallback, { skipValidation: true, ...options });
	const run: ItemRun = {
		fns,
		item: itemReader(fns, fns, parameter),
		continueOnFail: fns.continueOnFail(),
		request: requestData.options,
		readServer: async () => await readServer(fns, plan.api.server),
		transmit: async (options, credentials) => {
			if (credentials) return await withCredentials(fns, plan.api, options, credentials);
			const [carried] = await fns.makeRoutingRequest({ ...requestData, options });
			return carried.json as unknown as IN8nHttpFullResponse;
		},
		single: fns,
	};
	return (await runOne(run, plan)).items;
}

/**
 * One request outside declarative routing (a trigger's poll, a list in the editor), with the
 * node's credential; resolves to a successful answer's body, or throws the API's readable error.
 * With `maxQuotaWaitMs`, a refusal for quota is waited out as in a node run, up to that long.
 * With `notFoundIsAnswer`, a 404 resolves to NOT_FOUND, as for an operation's send.
 */
export async function requestOutsideRouting(
	fns: IAllExecuteFunctions | ILoadOptionsFunctions,
	api: Api,
	credentialType: string,
	options: IHttpRequestOptions,
	context: RequestContext,
	maxQuotaWaitMs = 0,
	{ notFoundIsAnswer = false }: { notFoundIsAnswer?: boolean } = {},
): Promise<unknown> {
	const request = async () =>
		(await fns.helpers.httpRequestWithAuthentication.call(fns, credentialType, {
			...options,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
		})) as IN8nHttpFullResponse;
	const node = fns.getNode();
	if (maxQuotaWaitMs <= 0) {
		const answer = await receive(api, node, undefined, context, request);
		return notFoundIsAnswer && answer.statusCode === 404 ? NOT_FOUND : accept(api, node, undefined, context, answer);
	}
	const cancelSignal = 'getExecutionCancelSignal' in fns ? fns.getExecutionCancelSignal?.() : undefined;
	const pace: Pace = {
		pacing: new RunPacing(cancelSignal),
		place: { position: 0, ordered: false },
		limits: { maxInFlight: 1, maxQuotaWaitMs },
		stopsRun: false,
	};
	return await exchange(api, node, undefined, context, request, pace, { notFoundIsAnswer });
}
