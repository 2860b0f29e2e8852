// The contract between an operation and the runtime that runs it: what a field is (its name is
// part of its type), what an operation and an API are, and the builder that types an operation's
// values from its fields. Types only, and the builder: this file imports no other runtime code.
import type {
	DeclarativeRestApiSettings,
	IBinaryKeyData,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { Failure } from './errors';
import type { ItemReader } from './items';
import type { SharedRun } from './sharedRun';

export type { ItemFunctions, ItemReader, RunItem } from './items';
export type { SharedRun } from './sharedRun';

export type RequestOptions = DeclarativeRestApiSettings.HttpRequestOptions;

/** An item's checked field values, by field name, as the runtime holds them. */
export type Values = Record<string, unknown>;

/** Puts a checked value into the request. */
export type Placement<T> = (request: RequestOptions, value: T) => void;

/**
 * What errors name, in slots of their own: each field that carries one of these fills its slot
 * (`Field.about`), so an error table reads `about.messageId`, never a field's name.
 */
export interface About {
	/** The Evolution instance that sends or is asked. */
	instance?: string;
	/** A message's recipient as the user gave it, and as it was sent. */
	recipient?: { given: string; sent: string };
	/** The message an operation points at (its key.id). */
	messageId?: string;
	/** A group's address (…@g.us). */
	group?: string;
}

export interface Field<N extends string = string, T = unknown> {
	/** The key of the checked value among the item's values. */
	name: N;
	/** The parameters users fill in; their `displayOptions.show` gains the resources and operations that use the field. */
	properties: INodeProperties[];
	/** Reads and checks the item's value, knowing the values of the fields before it; throws the invalid-input error, so nothing is sent. */
	read(item: ItemReader, before: Values): T | Promise<T>;
	/** Where the value goes; leave out for values only the items or the errors use. */
	to?(request: RequestOptions, value: T): void;
	/** The error slots this value fills. */
	about?(value: T): About;
}

/** The checked value a field reads. */
export type ValueOf<F> = F extends Field<string, infer T> ? Awaited<T> : never;

/** An operation's values, typed by its fields' names and values. */
export type ValuesOf<Fields extends readonly Field[]> = { [F in Fields[number] as F['name']]: ValueOf<F> };

/** The value of `field` among values read before (or at the API level): typed by the field, found by its name. */
export const valueOf = <N extends string, T>(values: Values, field: Field<N, T>): Awaited<T> => values[field.name] as Awaited<T>;

/** What a send resolves to when the API answers 404 with `notFoundIsAnswer`, and when `refusedIf` picks the answer. */
export const NOT_FOUND = Symbol('not found');
export const REFUSED = Symbol('refused');

/**
 * Sends the operation's request once, with `change` applied; resolves to a successful answer's body.
 * With `notFoundIsAnswer`, a 404 resolves to NOT_FOUND instead of failing (and stopping the run); with
 * `refusedIf`, an answer it picks (the request's form refused, nothing done) resolves to REFUSED, for
 * an operation that then asks or sends otherwise; with `nullIsAnswer`, a 2xx JSON `null` resolves to null.
 */
export type SendRequest = (
	change?: Partial<RequestOptions>,
	subject?: string,
	options?: { notFoundIsAnswer?: boolean; nullIsAnswer?: boolean; refusedIf?: (answer: Answer) => boolean },
) => Promise<unknown>;

/**
 * Where a simplified item's field comes from in the full item: a dotted path (`lastMessage.key.id`,
 * `actividades_economicas.0`), several paths tried in order (the first that holds a value), or the
 * value made from the item. Nothing there: `null`.
 */
export type KeptField = string | readonly string[] | ((json: IDataObject) => unknown);

/** A simplified item: its fields in order (10 at most), each with where its value comes from. */
export type Simplified = Readonly<Record<string, KeptField>>;

/** A release of an API as its server names it: `2.4.0`. */
export type Release = `${number}.${number}.${number}`;

/**
 * An operation as the runtime and the editor see it; its callbacks take the values its fields read.
 * Its hooks run in this order for each item (`runOne` in runner.ts calls them in it; where each is
 * called: docs/architecture.md's hook table, which test/hookTable.test.ts holds to this list):
 * 1. `oncePerRun`: whether this item makes the operation for every input item of the run;
 * 2. its fields' `read`, `to` and `about` (then its API's fields'), each in the order listed;
 * 3. `adjustRequest`: a last change to the request once every field is in it; `answersWithFile`: the answer asked as a stream;
 * 4. `subject`, `routeKindOf`: what errors call the request, and its case of the error table;
 * 5. `local`: the answer made on this machine, instead of 6 to 11;
 * 6. `custom.completeRequest`: what only the execution adds (a custom operation);
 * 7. `inOrder`: the send's lane and pause;
 * 8. `send`: the request sent once, or several times, each made by `requestAsSent` when it goes;
 * 9. judging each answer: its API's gate, a server older than `since`, its own `answers`, then its API's table;
 * 10. `toBinary`: the items' files, from the answer;
 * 11. `toItems` (then `simplify`): the items;
 *
 * and, for a custom operation, `custom.makeOutput` once every item ran.
 */
export interface Operation<V extends Values = Values> {
	/** The option the user picks, and the `action` sentence AI agents read. */
	name: string;
	value: string;
	action: string;
	/** Shown under the name in the dropdown, which cuts it after about 80 characters: the gist, the cost first. */
	description: string;
	/** What the dropdown has no room for, shown in a notice under the operation; the README has the rest. */
	notice?: string;
	/** The node's subtitle on the canvas, in words; default: the name. */
	subtitle?: string;
	/** The route; an operation answered on this machine (`local`) has none. */
	request?: { method: IHttpRequestMethods; path: string };
	/**
	 * The release of its API that brought the route, when later than the oldest the node is read
	 * against: an older server's answer to it (its API's `olderServerFailure`) then says so, naming it.
	 */
	since?: Release;
	/** Read, checked and placed in this order, before any request. */
	fields: readonly Field[];
	/** Which case of its API's error table the route is; default: its resource. */
	routeKind?: string;
	// Callbacks are methods: an operation typed by its fields is then one of a resource's operations.
	/**
	 * Whether the node's run makes the operation once for all its input items, as the item's
	 * parameters say (a group made of every item's number): the first item reads its fields, which
	 * may read every item through `item.runItems()`, and sends; the other items make no request and
	 * no item; what it outputs, or its error, is paired with every input item. Read before the fields.
	 */
	oncePerRun?(item: ItemReader): boolean;
	/** A last change to the request once every field is in it. */
	adjustRequest?(request: RequestOptions): void;
	/** The answer carries a file (Send Media's echoes it): asked as a stream after `adjustRequest`, read by the API's `readBody`. */
	answersWithFile?: boolean;
	/** What the request is about, for errors: "RUC 20131312955". */
	subject?(values: V): string;
	/** The case of the error table from the item's values, when it depends on them (SBS or SUNAT). */
	routeKindOf?(values: V): string;
	/**
	 * Answers on this machine, with no request: no credential, no quota and none of its API's
	 * fields (their Options are about requests). Resolves to what items are made of.
	 */
	local?(values: V): unknown;
	/**
	 * For sends: the lane (an instance) whose messages go one at a time in item order, and the
	 * pause before this one, counted from the start of the one before it in the lane.
	 */
	inOrder?(values: V): { lane: string; pauseMs: number };
	/**
	 * Sends the request (or several); default: once. Resolves to the answer items are made of;
	 * `fns` names the item in an error about what an earlier answer held; `run` is what the node's
	 * run shares (a fact about the server asked once for all its items).
	 */
	send?(send: SendRequest, values: V, fns: IExecuteSingleFunctions, run: SharedRun): Promise<unknown>;
	/**
	 * The request as it goes out, made anew for each time it is sent (a refusal for quota sends it
	 * again): for a body that can be read only once, a file streamed from n8n's binary store.
	 */
	requestAsSent?(request: RequestOptions, values: V, item: ItemReader): Promise<RequestOptions>;
	/**
	 * What the operation's own answers mean (a chatbot's "Trigger already exists", a logout's "not
	 * connected"), asked for every answer (a success too: a 2xx can report a failure) after its API's
	 * gate and before its API's table: the failure, or undefined to leave the answer to the API (a
	 * success, or a case the API's table says).
	 */
	answers?(answer: Answer, context: RequestContext, values: V): Failure | undefined;
	/** The items' JSON from the answer; default: the API's. */
	toItems?(answer: unknown, values: V): IDataObject[];
	/**
	 * For an answer of more than 10 fields: the fields a simplified item keeps, flattened. The
	 * operation then has the Simplify switch (after its own fields, before its Options), made from its items.
	 */
	simplify?: Simplified;
	/** Files the items carry, made from the answer (a downloaded media message); none when it holds no file. */
	toBinary?(answer: unknown, values: V, fns: IExecuteSingleFunctions): Promise<IBinaryKeyData | undefined>;
	/**
	 * Run as n8n's custom operation (`customOperations[resource][operation]`, an execute function)
	 * instead of through RoutingNode, for what only the execution's own functions do (a signed resume
	 * URL, putting the execution to wait). The runner still reads and checks the fields, sends through
	 * the run's pacing, names the item in errors and keeps Continue On Fail; such an operation sends
	 * its request once (no `send`, `toBinary`, `local` or `oncePerRun`).
	 */
	custom?: CustomRun<V>;
}

/** How an operation run as n8n's custom operation differs from a routed one. */
export interface CustomRun<V extends Values = Values> {
	/** Only the first input item is run (one message, one wait, as n8n's send-and-wait nodes); default: every item. */
	firstItemOnly?: boolean;
	/** Completes the request, once every field is in it and its base URL set, with what only the execution has. */
	completeRequest?(request: RequestOptions, values: V, fns: IExecuteFunctions): void;
	/**
	 * What the node outputs once the items ran: `output` holds each run item's items (error items
	 * under Continue On Fail), `sent` the values of the items whose request succeeded, in item order.
	 */
	makeOutput(fns: IExecuteFunctions, output: INodeExecutionData[], sent: V[]): Promise<INodeExecutionData[][]>;
}

/** An operation's definition: its callbacks' values are inferred from its fields. */
export function operation<const Fields extends readonly Field[]>(
	definition: Operation<ValuesOf<Fields>> & { fields: Fields },
): Operation<ValuesOf<Fields>> {
	return definition;
}

/** How an answer arrived, as the runner and the quota rules see it. */
export interface Answer {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

/** What an error names: the operation, its route's kind, the subject, and the slots the item's fields filled. */
export interface RequestContext {
	operation: string;
	routeKind: string;
	subject: string;
	about: About;
	/** The base URL, to name the server when it cannot be reached. */
	serverUrl: string;
	/** The operation's own facts, which the runner asks before its API's table; none outside an operation. */
	own?: OwnFacts;
	/** The item's checked values, for the operation's own answers; none outside an operation. */
	values?: Values;
}

/** What an operation knows of its answers, made once per operation (never per item): its title, the release of its route, its own answers. */
export interface OwnFacts {
	/** How errors name the operation: "Template → Edit". */
	title: string;
	since?: Release;
	answers?(answer: Answer, context: RequestContext, values: Values): Failure | undefined;
}

/** What the waiting was, for the error when it did not help. */
export interface QuotaWait {
	/** How long requests had been refused when the item gave up. */
	waitedMs: number;
	/** How much longer the API asked to wait, when that was past the bound. */
	askedMs?: number;
	maxWaitMs: number;
}

/** How one API refuses a request for quota, and what to tell when waiting did not help. */
export interface QuotaRules {
	/** Whether the answer refuses the request for quota or rate, the request not carried out, so it may be sent again. */
	isRefusal(answer: Answer): boolean;
	/** The longest blind backoff, when a refusal does not say how long to wait: the quota window. */
	backoffCapMs: number;
	exhausted(context: RequestContext, answer: Answer, wait: QuotaWait): Failure;
}

/** How many requests of one node run may be in flight at once, and how long refusals may last. */
export interface RunLimits {
	maxInFlight: number;
	maxQuotaWaitMs: number;
	/** The run's first request goes alone, the others once it is answered: the token fetched before it (preAuthentication) serves them all. */
	firstAlone?: boolean;
}

/** A credential by type and by the name users see, and what to say when none is selected. */
export interface NeededCredential {
	type: string;
	displayName: string;
	hint: string;
}

/** Where an API's server is: the credential that holds its address, and the rule that makes it a base URL. */
export interface ServerAddress {
	credentialType: string;
	baseUrl(credentials: ICredentialDataDecryptedObject): string;
}

/** What one API adds to every operation of its node. */
export interface Api {
	/** The server's address, read from the credential once per run (not an expression RoutingNode evaluates per item). */
	server: ServerAddress;
	/** Fields every operation that sends reads after its own (for example output options). */
	fields?: readonly Field[];
	/** The credential its requests need, when the node marks it optional: an item sent without one fails, saying so. */
	credential?: NeededCredential;
	/** Reads an answer's body when it is a stream: that of an operation that `answersWithFile`, or of an upload. */
	readBody?(body: unknown): Promise<unknown>;
	/**
	 * An answer every route of the API gives alike, whatever the operation (Evolution 2.4's licence
	 * gate): its failure, read before the operation's own answers, or undefined.
	 */
	gate?(statusCode: number, body: unknown, context: RequestContext): Failure | undefined;
	/**
	 * What the answer of a server older than the operation's route (its `since`) means: the failure
	 * that names the operation and the release, or undefined when the answer is not a missing route's.
	 */
	olderServerFailure?(title: string, since: Release, statusCode: number, body: unknown): Failure | undefined;
	/** Whether an answer is a success; `context` tells which request it answers (a 2xx can still report a failure). */
	isSuccess(statusCode: number, body: unknown, context: RequestContext): boolean;
	/** The API's table of what an answer that is not a success means. */
	answerFailure(context: RequestContext, statusCode: number, body: unknown): Failure;
	/** What a request that got no answer (refused, dropped, timed out) means. */
	noAnswerFailure(context: RequestContext, error: unknown): Failure;
	toItems(answer: unknown, values: Values): IDataObject[];
	/** How the API refuses a request for quota, so that it can be waited out; without it, a refusal is an error. */
	quota?: QuotaRules;
	/** The run's requests in flight at once and how long quota refusals may last, from an item's values. */
	limits?(values: Values): RunLimits;
	/** Which requests a refusal of the credential for its scope covers (Failure.refuses): those of the same scope. Default: all. */
	refusalScope?(context: RequestContext): string;
	/** A token the credential holds, which the run renews (SUNAT's). */
	token?: CredentialToken;
}

/**
 * A token in the credential's expirable field, which n8n fetches through the credential's
 * preAuthentication when the field is empty. A run's requests go with the run's own copy of the
 * credential, so one token serves them all; an answer that says it expired makes the run empty the
 * field once, the next request alone fetching the new one, and send each request that met it again, once.
 */
export interface CredentialToken {
	field: string;
	expired(answer: Answer): boolean;
}

export interface Resource {
	name: string;
	value: string;
	operations: Operation[];
	/** The operation picked when the resource is. */
	default: string;
	/** The API its operations talk to when not the node's (SUNAT's registers): `authentication` picks its credential. */
	api?: Api;
}

export const apiOf = (resource: Pick<Resource, 'api'>, nodeApi: Api): Api => resource.api ?? nodeApi;

/** The API's fields an operation reads after its own: none for one that sends nothing (`local`). */
export const apiFieldsOf = (api: Api, op: Operation): readonly Field[] => (op.local ? [] : (api.fields ?? []));
