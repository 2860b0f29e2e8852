// The one way to define an operation of either declarative node: what the user picks, the route,
// the fields (each with its check and where its value goes), how the answer becomes items, and
// what errors call the request. `nodeProperties` turns a node's resources into n8n's properties,
// with each field's displayOptions derived from the operations that use it.
import type {
	DeclarativeRestApiSettings,
	IBinaryKeyData,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { Checked } from './checks';
import type { Failure } from './errors';
import type { QuotaRules, RunLimits } from './quota';
import { operationRouting } from './runItem';

export type RequestOptions = DeclarativeRestApiSettings.HttpRequestOptions;

/** An item's checked field values, by field name. */
export type Values = Record<string, unknown>;

/** One input item, as a field reads it. */
export interface ItemReader {
	readonly fns: IExecuteSingleFunctions;
	/** The item's value of a parameter; `extractValue` gives a resource locator's value. */
	parameter(name: string, fallback?: unknown, options?: { extractValue?: boolean }): unknown;
	/** The clean value of a check, or throws the error that names the item, the label and the value. */
	require<T>(label: string, raw: unknown, checked: Checked<T>): T;
}

/** Puts a checked value into the request. */
export type Placement<T> = (request: RequestOptions, value: T) => void;

export interface Field<T = unknown> {
	/** The key of the checked value among the item's values. */
	name: string;
	/** The parameters users fill in; their `displayOptions.show` gains the resources and operations that use the field. */
	properties: INodeProperties[];
	/** Reads and checks the item's value, knowing the values of the fields before it; throws the invalid-input error, so nothing is sent. */
	read(item: ItemReader, before: Values): T | Promise<T>;
	/** Where the value goes; leave out for values only the items or the errors use. */
	to?(request: RequestOptions, value: T): void;
}

/** What a send with `notFoundIsAnswer` resolves to when the API answers 404. */
export const NOT_FOUND = Symbol('not found');

/**
 * Sends the operation's request once, with `change` applied; resolves to a successful answer's
 * body. With `notFoundIsAnswer`, a 404 resolves to NOT_FOUND instead of failing (and stopping the
 * run), for an operation that then asks something else.
 */
export type SendRequest = (
	change?: Partial<RequestOptions>,
	subject?: string,
	options?: { notFoundIsAnswer?: boolean },
) => Promise<unknown>;

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
	 * Answers on this machine, with no request: no credential, no quota and none of its API's
	 * fields (their Options are about requests). Resolves to what items are made of.
	 */
	local?: (values: V) => unknown;
	/** Read, checked and placed in this order, before any request. */
	fields: Field[];
	/** What the request is about, for errors: "RUC 20131312955". */
	subject?: (values: V) => string;
	/** Which case of its API's error table the route is, fixed or from the item's values; default: its resource. */
	routeKind?: string | ((values: V) => string);
	/** A last change to the request once every field is in it. */
	finish?: (request: RequestOptions) => void;
	/** Sends the request (or several); default: once. Resolves to the answer items are made of. */
	send?: (send: SendRequest, values: V) => Promise<unknown>;
	/** The items' JSON from the answer; default: the API's. */
	toItems?: (answer: unknown, values: V) => IDataObject[];
	/** Files the items carry, made from the answer (a downloaded media message). */
	toBinary?: (answer: unknown, values: V, fns: IExecuteSingleFunctions) => Promise<IBinaryKeyData>;
	/**
	 * For sends: the lane (an instance) whose messages go one at a time in item order, and the
	 * pause before this one, counted from the start of the one before it in the lane.
	 */
	inOrder?: (values: V) => { lane: string; pauseMs: number };
}

/** What an error names: the operation, its route's kind, the subject and the item's checked values. */
export interface RequestContext {
	operation: string;
	routeKind: string;
	subject: string;
	values: Values;
	/** The base URL, to name the server when it cannot be reached. */
	serverUrl: string;
}

/** A credential by type and by the name users see, and what to say when none is selected. */
export interface NeededCredential {
	type: string;
	displayName: string;
	hint: string;
}

/** What one API adds to every operation of its node. */
export interface Api {
	/** Fields every operation that sends reads after its own (for example output options). */
	fields?: Field[];
	/** The credential its requests need, when the node marks it optional: an item sent without one fails, saying so. */
	credential?: NeededCredential;
	/** Reads an answer's body, which some operations ask for as a stream. */
	readBody?: (body: unknown) => Promise<unknown>;
	isSuccess(statusCode: number, body: unknown): boolean;
	/** The API's table of what an answer that is not a success means. */
	answerFailure(context: RequestContext, statusCode: number, body: unknown): Failure;
	/** What a request that got no answer (refused, dropped, timed out) means. */
	noAnswerFailure(context: RequestContext, error: unknown): Failure;
	toItems(answer: unknown, values: Values): IDataObject[];
	/** How the API refuses a request for quota, so that it can be waited out; without it, a refusal is an error. */
	quota?: QuotaRules;
	/** The run's requests in flight at once and how long quota refusals may last, from an item's values. */
	limits?: (values: Values) => RunLimits;
}

export interface Resource {
	name: string;
	value: string;
	operations: Operation[];
	/** The operation picked when the resource is. */
	default: string;
}

/** Types an operation's definition (one per file); `V` names the types of its fields' values. */
export const operation = <V extends Values = Values>(definition: Operation<V>): Operation =>
	definition as unknown as Operation;

/** A field of one parameter whose raw value one check turns into the clean value. */
export function checkedField<T>(
	property: INodeProperties,
	check: (raw: unknown) => Checked<T>,
	to?: Placement<T>,
	options: { extractValue?: boolean } = {},
): Field<T> {
	return {
		name: property.name,
		properties: [property],
		read(item) {
			const raw = item.parameter(property.name, property.default, options);
			return item.require(property.displayName, raw, check(raw));
		},
		to,
	};
}

/** An operation's Options collection, as the editor shows it (the options in the order given). */
export const optionsCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options,
});

/** A field of one boolean option in the operation's Options: true only when set on. */
export function optionFlag(option: INodeProperties, to: Placement<boolean>): Field<boolean> {
	return {
		name: option.name,
		properties: [optionsCollection([option])],
		read: (item) => (item.parameter('options', {}) as IDataObject)[option.name] === true,
		to,
	};
}

/** Fills `{name}` in the route's path, encoded, so nothing typed can change the route. */
export const inPath =
	<T>(name: string, pick: (value: T) => string = String): Placement<T> =>
	(request, value) => {
		request.url = String(request.url).replace(`{${name}}`, encodeURIComponent(pick(value)));
	};

export const inQuery =
	<T>(key: string, pick: (value: T) => unknown = (value) => value): Placement<T> =>
	(request, value) => {
		request.qs = { ...request.qs, [key]: pick(value) } as IDataObject;
	};

/** The request's JSON body, made an object if it is not one yet. */
export function bodyOf(request: RequestOptions): IDataObject {
	if (!request.body || typeof request.body !== 'object') request.body = {};
	return request.body as IDataObject;
}

/** Sets a body key; a value of `undefined` (an option not set) leaves it out. */
export const inBody =
	<T>(key: string, pick: (value: T) => unknown = (value) => value): Placement<T> =>
	(request, value) => {
		const picked = pick(value);
		if (picked !== undefined) bodyOf(request)[key] = picked as IDataObject[string];
	};

/** Adds the keys of an object value (a field of several body keys) to the body. */
export const intoBody: Placement<IDataObject> = (request, value) => {
	Object.assign(bodyOf(request), value);
};

/** The API's fields an operation reads after its own: none for one that sends nothing (`local`). */
export const apiFieldsOf = (api: Api, op: Operation): Field[] => (op.local ? [] : (api.fields ?? []));

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Which operations of which resources use each field, in the order fields first appear. */
function usesOfFields(api: Api, resources: Resource[]): Map<Field, Map<Resource, string[]>> {
	const uses = new Map<Field, Map<Resource, string[]>>();
	const use = (field: Field, resource: Resource, op: Operation) => {
		const byResource = uses.get(field) ?? new Map<Resource, string[]>();
		byResource.set(resource, [...(byResource.get(resource) ?? []), op.value]);
		uses.set(field, byResource);
	};
	// Every operation's own fields first, then the API's (Options): these come last whichever
	// operation is picked.
	for (const fieldsOfOp of [(op: Operation) => op.fields, (op: Operation) => apiFieldsOf(api, op)]) {
		for (const resource of resources) {
			for (const op of resource.operations) for (const field of fieldsOfOp(op)) use(field, resource, op);
		}
	}
	return uses;
}

/**
 * A field's parameters, shown for the operations that use it: one property for the resources whose
 * every operation uses it, one per other resource (n8n evaluates every property for every item).
 */
function fieldProperties(field: Field, byResource: Map<Resource, string[]>): INodeProperties[] {
	const uses = [...byResource];
	const everywhere = uses.filter(([resource, ops]) => ops.length === resource.operations.length);
	const shows: Array<Record<string, string[]>> = everywhere.length
		? [{ resource: everywhere.map(([resource]) => resource.value) }]
		: [];
	for (const [resource, ops] of uses) {
		if (ops.length < resource.operations.length) shows.push({ resource: [resource.value], operation: ops });
	}
	return shows.flatMap((show) =>
		field.properties.map((property) => ({
			...property,
			displayOptions: { ...property.displayOptions, show: { ...show, ...property.displayOptions?.show } },
		})),
	);
}

/** A node's properties: Resource, one Operation per resource (each option with its routing), then the fields. */
export function nodeProperties(api: Api, resources: Resource[], defaultResource: string): INodeProperties[] {
	const operationProperties = resources.map(
		({ default: defaultOperation, ...resource }): INodeProperties => ({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: resource.operations
				.map(
					(op): INodePropertyOptions => ({
						name: op.name,
						value: op.value,
						action: op.action,
						description: op.description,
						routing: operationRouting(api, resource.value, op),
					}),
				)
				.sort(byName),
			default: defaultOperation,
		}),
	);
	const notices = resources.flatMap((resource) =>
		resource.operations
			.filter((op) => op.notice)
			.map(
				(op): INodeProperties => ({
					displayName: op.notice as string,
					name: `${resource.value}${op.value.charAt(0).toUpperCase()}${op.value.slice(1)}Notice`,
					type: 'notice',
					default: '',
					displayOptions: { show: { resource: [resource.value], operation: [op.value] } },
				}),
			),
	);
	const fields = [...usesOfFields(api, resources)].flatMap(([field, byResource]) => fieldProperties(field, byResource));
	return [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map((resource) => ({ name: resource.name, value: resource.value })).sort(byName),
			default: defaultResource,
		},
		...operationProperties,
		...notices,
		...fields,
	];
}

/** The node's subtitle: the picked operation in words ("Send Text"), as an n8n expression. */
export function operationSubtitle(resources: Resource[]): string {
	const words = Object.fromEntries(
		resources.flatMap((resource) => resource.operations.map((op) => [`${resource.value}:${op.value}`, op.subtitle ?? op.name])),
	);
	return `={{ ${JSON.stringify(words)}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}
