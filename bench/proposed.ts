// A prototype of a proposed change to the Taxpayer Lookup node, applied to the loaded description in
// memory so that it can be measured side by side without touching nodes/**: ONE `ruc` property shown
// for all six taxpayer operations instead of six copies with one operation each. n8n's RoutingNode
// evaluates the value of every property of the description for every item, twice (request building
// and the base-URL ownership check), whether or not it is displayed; six `ruc` copies holding
// `={{ $json.ruc }}` cost twelve expression evaluations per item where two would do.
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { nodeTypesRegistry } from '../test/harness/engine';

/** A copy of the Taxpayer Lookup node type with the one-`ruc`-property change applied. */
export function proposedTaxpayerLookup(): INodeType {
	const shipped = nodeTypesRegistry.getByName('n8n-nodes-taxpayer-messaging.taxpayerLookup') as INodeType;
	const properties: INodeProperties[] = [];
	const rucs = shipped.description.properties.filter((property) => property.name === 'ruc');
	const operations = rucs.flatMap((property) => (property.displayOptions?.show?.operation ?? []) as string[]);
	for (const property of shipped.description.properties) {
		if (property.name !== 'ruc') properties.push(property);
		else if (property === rucs[0]) {
			properties.push({ ...property, displayOptions: { show: { resource: ['taxpayer'], operation: operations } } });
		}
	}
	return Object.assign(Object.create(Object.getPrototypeOf(shipped)), shipped, {
		description: { ...shipped.description, properties },
	}) as INodeType;
}
