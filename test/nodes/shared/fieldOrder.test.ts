// The editor's order, operation by operation: what the user must fill (the subject, the recipient,
// the content) first, the optional collections (Options, the API's Request Options) after every one
// of the operation's own fields, as n8n's own nodes show them.
import type { INodeProperties, INodeType } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import { SunatInvoice } from '../../../nodes/TaxpayerLookup/SunatInvoice/SunatInvoice.node';
import { TaxpayerLookup } from '../../../nodes/TaxpayerLookup/TaxpayerLookup.node';

const nodes: Array<[string, INodeType]> = [
	['Taxpayer Lookup', new TaxpayerLookup()],
	['Messaging', new Messaging()],
	['SUNAT Invoice', new SunatInvoice()],
];

/** Whether a property may show for the resource and operation: conditions on other parameters are taken as met. */
function mayShow(property: INodeProperties, resource: string, operation: string): boolean {
	const { show, hide } = property.displayOptions ?? {};
	const has = (values: unknown, value: string) => !Array.isArray(values) || values.includes(value);
	if (show && (!has(show.resource, resource) || !has(show.operation, operation))) return false;
	if (hide?.resource?.includes(resource) || hide?.operation?.includes(operation)) return false;
	return true;
}

/** Each operation with the properties it may show, in the editor's order (Resource, Operation and notices left out). */
function operationsOf(node: INodeType): Array<{ operation: string; shown: INodeProperties[] }> {
	const properties = node.description.properties;
	const resources = (properties.find((property) => property.name === 'resource')?.options ?? []) as Array<{ value: string }>;
	return resources.flatMap(({ value: resource }) => {
		const operationProperty = properties.find((property) => property.name === 'operation' && mayShow(property, resource, ''));
		return ((operationProperty?.options ?? []) as Array<{ value: string }>).map(({ value: operation }) => ({
			operation: `${resource} → ${operation}`,
			shown: properties.filter((property) => !['resource', 'operation'].includes(property.name) && property.type !== 'notice' && mayShow(property, resource, operation)),
		}));
	});
}

/** The fields an operation shows after an optional collection that are not collections themselves. */
function fieldsAfterACollection(shown: INodeProperties[]): string[] {
	const first = shown.findIndex((property) => property.type === 'collection');
	return first < 0 ? [] : shown.slice(first + 1).filter((property) => property.type !== 'collection').map((property) => `${shown[first].displayName} before ${property.displayName}`);
}

describe.each(nodes)('%s: fields in the order users fill them', (_name, node) => {
	it('shows no optional collection (Options, Request Options) before one of an operation\'s own fields', () => {
		const misplaced = operationsOf(node)
			.map(({ operation, shown }) => ({ operation, misplaced: fieldsAfterACollection(shown) }))
			.filter(({ misplaced }) => misplaced.length > 0);
		expect(misplaced).toEqual([]);
	});
});
