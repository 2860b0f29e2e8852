// Simplify: an operation whose answer has more than 10 fields (its `simplify`) gets one switch that
// keeps the fields it names, flattened, in every item it makes. Off in the node, on in n8n's AI-tool
// variant of it, where a model reads every field of every item it is given.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { valueOf, type Field, type KeptField, type Operation, type Simplified, type Values } from './contract';

/** n8n's wording for a Simplify switch (its lint rules ask it of a `simple` parameter). */
export const SIMPLIFY_DESCRIPTION = 'Whether to return a simplified version of the response instead of the raw data';

/**
 * The switch, one property per default: n8n shows a property with `@tool: [true]` only in the
 * tool variant of a `usableAsTool` node (the node type named `<name>Tool`), and fills a parameter
 * left unset with the default of the property shown. One name, so a value set stays set.
 */
const simplifyProperties: INodeProperties[] = [
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		// Off in the node: workflows saved before it keep the items they had.
		default: false,
		description: SIMPLIFY_DESCRIPTION,
		displayOptions: { show: { '@tool': [false] } },
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: SIMPLIFY_DESCRIPTION,
		displayOptions: { show: { '@tool': [true] } },
	},
];

export const simplify: Field<'simplify', boolean> = {
	name: 'simplify',
	properties: simplifyProperties,
	read: (item) => item.parameter('simplify', false) === true,
};

/** An optional collection (Options, Filters): the editor shows those after the fields one fills. */
const isCollection = (field: Field) => field.properties.some((property) => property.type === 'collection');

/** The fields an operation reads itself, in order: those it lists, with Simplify when it has one, after them but before its collections (Filters, Options). */
export function ownFieldsOf(op: Operation): readonly Field[] {
	if (!op.simplify) return op.fields;
	const options = op.fields.findIndex(isCollection);
	const at = options < 0 ? op.fields.length : options;
	return [...op.fields.slice(0, at), simplify, ...op.fields.slice(at)];
}

/** Fields kept as they are, under their own names: `keep('ruc', 'direccion')`. */
export const keep = (...names: string[]): Simplified => Object.fromEntries(names.map((name) => [name, name]));

/** The value at a dotted path; a number step indexes a list. */
function valueAt(json: unknown, path: string): unknown {
	let value = json;
	for (const step of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as Record<string, unknown>)[step];
	}
	return value;
}

function keptValue(json: IDataObject, from: KeptField): unknown {
	if (typeof from === 'function') return from(json);
	const paths = typeof from === 'string' ? [from] : from;
	for (const path of paths) {
		const value = valueAt(json, path);
		if (value !== undefined && value !== null) return value;
	}
	return undefined;
}

/** One item's simplified JSON: exactly the kept fields, in their order, `null` where the item has none. */
export function simplified(json: IDataObject, kept: Simplified): IDataObject {
	const result: IDataObject = {};
	for (const [name, from] of Object.entries(kept)) result[name] = (keptValue(json, from) ?? null) as IDataObject[string];
	return result;
}

/** The items' JSON as the item's Simplify says: simplified when it is on, else as they are. */
export function simplifiedItems(op: Operation, values: Values, items: IDataObject[]): IDataObject[] {
	const kept = op.simplify;
	if (!kept || valueOf(values, simplify) !== true) return items;
	return items.map((json) => simplified(json, kept));
}
