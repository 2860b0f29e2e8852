// The editor's view of a node's resources: n8n's properties (Resource, one Operation per resource
// with each option's routing, the operations' notices, then the fields, each shown for the
// operations that use it) and the canvas subtitle. Nothing here runs per item.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { apiFieldsOf, type Api, type Field, type Operation, type Resource } from './contract';
import { operationRouting } from './routingNodeAdaptation';

/**
 * A resource's operations as the dropdown and the node creator's action list show them: its
 * default (the most used: Send Text, Get) first, where a newcomer looks, then the others by name.
 */
const defaultFirst =
	(defaultOperation: string) =>
	(a: { name: string; value: unknown }, b: { name: string; value: unknown }) =>
		Number(b.value === defaultOperation) - Number(a.value === defaultOperation) || a.name.localeCompare(b.name);

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
	const fields = [...usesOfFields(api, resources)].flatMap(([field, byResource]) => fieldProperties(field, byResource));
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
