// The editor's view of a node's resources: n8n's properties (Resource, one Operation per resource
// with each option's routing, the operations' notices, then the fields, each shown for the
// operations that use it) and the canvas subtitle. Nothing here runs per item.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { apiFieldsOf, apiOf, type Api, type Field, type Operation, type Resource } from './contract';
import { operationRouting } from './routingNodeAdaptation';
import { ownFieldsOf } from './simplify';

/**
 * A resource's operations as the dropdown and the node creator's action list show them: its
 * default (the most used: Send Text, Get) first, where a newcomer looks, then the others by name.
 */
const defaultFirst =
	(defaultOperation: string) =>
	(a: { name: string; value: unknown }, b: { name: string; value: unknown }) =>
		Number(b.value === defaultOperation) - Number(a.value === defaultOperation) || a.name.localeCompare(b.name);

/**
 * The lists in an order that shows each operation's fields in the order it lists them, though a
 * list shared by several resources has one place (Group → Update Picture: the group, then the
 * file, whose parameters Send Media introduced): the first that appeared among those whose
 * predecessors are placed, or, in a cycle, the first that appeared.
 */
function inOperationOrder(lists: INodeProperties[][], sequences: INodeProperties[][][]): INodeProperties[][] {
	const before = new Map<INodeProperties[], Set<INodeProperties[]>>(lists.map((list) => [list, new Set()]));
	for (const sequence of sequences) sequence.forEach((list, i) => i > 0 && before.get(list)?.add(sequence[i - 1]));
	const placed = new Set<INodeProperties[]>();
	const order: INodeProperties[][] = [];
	while (order.length < lists.length) {
		const ready = (list: INodeProperties[]) => !placed.has(list) && [...before.get(list)!].every((earlier) => placed.has(earlier));
		const next = lists.find(ready) ?? lists.find((list) => !placed.has(list))!;
		placed.add(next);
		order.push(next);
	}
	return order;
}

/**
 * Which operations of which resources use each list of parameters, in the order the editor shows
 * them: fields built on the same parameters (a value placed in the query by one route, in the body
 * by another) share them.
 */
function usesOfParameters(api: Api, resources: Resource[]): Map<INodeProperties[], Map<Resource, string[]>> {
	const uses = new Map<INodeProperties[], Map<Resource, string[]>>();
	const use = (field: Field, resource: Resource, op: Operation) => {
		const byResource = uses.get(field.properties) ?? new Map<Resource, string[]>();
		const ops = byResource.get(resource) ?? [];
		if (!ops.includes(op.value)) ops.push(op.value);
		byResource.set(resource, ops);
		uses.set(field.properties, byResource);
	};
	const withParameters = (fields: readonly Field[]) => fields.filter((field) => field.properties.length > 0);
	const sequences: INodeProperties[][][] = [];
	for (const resource of resources) {
		for (const op of resource.operations) {
			const own = withParameters(ownFieldsOf(op));
			for (const field of own) use(field, resource, op);
			sequences.push(own.map((field) => field.properties));
		}
	}
	const ownLists = [...uses.keys()];
	// Then the API's fields (Options): these come last whichever operation is picked.
	for (const resource of resources) {
		for (const op of resource.operations) for (const field of withParameters(apiFieldsOf(apiOf(resource, api), op))) use(field, resource, op);
	}
	const apiLists = [...uses.keys()].filter((list) => !ownLists.includes(list));
	return new Map([...inOperationOrder(ownLists, sequences), ...apiLists].map((list) => [list, uses.get(list)!]));
}

const union = (a: string[], b: string[]) => [...a, ...b.filter((value) => !a.includes(value))];

/**
 * Where parameters show, as few properties as can say it (n8n evaluates every property for every
 * item): one for the resources whose every operation uses them, then one for each set of other
 * resources whose operations shown (resources × operations) are exactly those that use them (Profile
 * and Group → Update Picture share one), else one per resource.
 */
function showsOf(byResource: Map<Resource, string[]>): Array<Record<string, string[]>> {
	const usedBy = (resource: Resource, value: string) => byResource.get(resource)?.includes(value) ?? false;
	const exact = (resources: Resource[], operations: string[]) =>
		resources.every((resource) => resource.operations.every((op) => !operations.includes(op.value) || usedBy(resource, op.value)));
	const everywhere: Resource[] = [];
	const groups: Array<{ resources: Resource[]; operations: string[] }> = [];
	for (const [resource, ops] of byResource) {
		if (ops.length === resource.operations.length) {
			everywhere.push(resource);
			continue;
		}
		const group = groups.find((candidate) => exact([...candidate.resources, resource], union(candidate.operations, ops)));
		if (!group) groups.push({ resources: [resource], operations: [...ops] });
		else {
			group.resources.push(resource);
			group.operations = union(group.operations, ops);
		}
	}
	// A resource whose every operation uses them joins a group when that stays exact (Business's
	// Profile Of with Profile's): one property fewer.
	for (const resource of [...everywhere]) {
		const all = resource.operations.map((op) => op.value);
		const group = groups.find((candidate) => exact([...candidate.resources, resource], union(candidate.operations, all)));
		if (!group) continue;
		group.resources.push(resource);
		group.operations = union(group.operations, all);
		everywhere.splice(everywhere.indexOf(resource), 1);
	}
	return [
		...(everywhere.length ? [{ resource: everywhere.map((resource) => resource.value) }] : []),
		...groups.map((group) => ({ resource: group.resources.map((resource) => resource.value), operation: group.operations })),
	];
}

/** Parameters, shown for the operations that use them. */
const shownWhereUsed = (properties: INodeProperties[], byResource: Map<Resource, string[]>): INodeProperties[] =>
	showsOf(byResource).flatMap((show) =>
		properties.map((property) => ({
			...property,
			displayOptions: { ...property.displayOptions, show: { ...show, ...property.displayOptions?.show } },
		})),
	);

/** Whether two options are the same but for the operations that show them. */
function sameBesidesOperations(a: INodeProperties, b: INodeProperties): boolean {
	const rest = (option: INodeProperties) => {
		const show = { ...option.displayOptions?.show };
		delete show['/operation'];
		return JSON.stringify({ ...option, displayOptions: { ...option.displayOptions, show } });
	};
	return rest(a) === rest(b);
}

/**
 * The operations' Options collections of one resource as one property (n8n evaluates every
 * property for every item, a collection's options only when set): each option shown for the
 * operations that have it, by the root's `/operation`; an option alike in several is one.
 */
function oneOptionsPerResource(fields: INodeProperties[]): INodeProperties[] {
	const isOwnOptions = (property: INodeProperties) =>
		property.name === 'options' && property.type === 'collection' && property.displayOptions?.show?.resource?.length === 1 && Array.isArray(property.displayOptions.show.operation);
	const merged = new Map<string, INodeProperties>();
	const result: INodeProperties[] = [];
	for (const property of fields) {
		if (!isOwnOptions(property)) {
			result.push(property);
			continue;
		}
		const show = property.displayOptions!.show!;
		const resource = String(show.resource![0]);
		const operations = show.operation as string[];
		const children = (property.options as INodeProperties[]).map((option) => ({
			...option,
			displayOptions: { ...option.displayOptions, show: { '/operation': operations, ...option.displayOptions?.show } },
		}));
		const into = merged.get(resource);
		if (!into) {
			const first: INodeProperties = { ...property, options: children, displayOptions: { ...property.displayOptions, show: { ...show, operation: [...operations] } } };
			merged.set(resource, first);
			result.push(first);
			continue;
		}
		into.displayOptions!.show!.operation = union(into.displayOptions!.show!.operation as string[], operations);
		const options = into.options as INodeProperties[];
		for (const child of children) {
			const alike = options.find((option) => option.name === child.name && sameBesidesOperations(option, child));
			if (alike) alike.displayOptions!.show!['/operation'] = union(alike.displayOptions!.show!['/operation'] as string[], operations);
			else options.push(child);
		}
	}
	for (const [resource, options] of merged) {
		result.splice(result.indexOf(options), 1);
		result.splice(lastOwnFieldOf(result, resource, options.displayOptions!.show!.operation as string[]) + 1, 0, options);
	}
	return result;
}

/**
 * Where a resource's Options go: after the last parameter that is not a collection and shows for
 * one of its operations, so that every operation shows its own fields first and Options after them
 * (placed where its first operation's Options were, Send Text's came before its Text).
 */
function lastOwnFieldOf(properties: INodeProperties[], resource: string, operations: string[]): number {
	const showsFor = ({ displayOptions }: INodeProperties) => {
		const show = displayOptions?.show ?? {};
		return (show.resource?.includes(resource) ?? true) && (!show.operation || (show.operation as string[]).some((operation) => operations.includes(operation)));
	};
	let last = -1;
	properties.forEach((property, index) => {
		if (property.type !== 'collection' && showsFor(property)) last = index;
	});
	return last;
}

/**
 * A node's properties: Resource, one Operation per resource (each option with its routing), then the
 * fields. `api` is the node's; a resource may name its own (`Resource.api`).
 */
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
						// n8n runs a custom operation's execute function (customOperation.ts), never its routing.
						...(op.custom ? {} : { routing: operationRouting(apiOf(resource, api), resource, op) }),
					}),
				)
				.sort(defaultFirst(defaultOperation)),
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
	const fields = oneOptionsPerResource([...usesOfParameters(api, resources)].flatMap(([properties, byResource]) => shownWhereUsed(properties, byResource)));
	return [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			// In the node's order, the most used first: the node creator lists the actions by resource.
			options: resources.map((resource) => ({ name: resource.name, value: resource.value })),
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
