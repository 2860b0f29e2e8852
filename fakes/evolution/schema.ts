// JSON Schema, as the server's jsonschema@1.x checks it: keywords in the schema's own key order,
// every error kept, messages `<path> <text>` with the first `instance.` cut, or the failing
// sub-schema's `description` instead. Each route group's file holds its routes' schemas: ports of
// src/validate/*.schema.ts with their keys in the same order, since that order is the order of the
// messages.

export interface JsonSchema {
	type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
	description?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	minItems?: number;
	maxItems?: number;
	uniqueItems?: boolean;
	minLength?: number;
	pattern?: string;
	enum?: unknown[];
	minimum?: number;
	maximum?: number;
	propertyNames?: JsonSchema;
	if?: JsonSchema;
	then?: JsonSchema;
	oneOf?: JsonSchema[];
}

export interface SchemaError {
	/** `instance`, or the path without its `instance.` prefix (`groupJid`, `contact[0].phoneNumber`). */
	property: string;
	message: string;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export function hasType(value: unknown, type: NonNullable<JsonSchema['type']>): boolean {
	switch (type) {
		case 'object':
			return isObject(value);
		case 'array':
			return Array.isArray(value);
		case 'number':
			return typeof value === 'number' && Number.isFinite(value);
		case 'integer':
			return typeof value === 'number' && value % 1 === 0;
		default:
			return typeof value === type;
	}
}

export function deepEqual(a: unknown, b: unknown): boolean {
	if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
	if (isObject(a) && isObject(b)) {
		const keys = Object.keys(a);
		return keys.length === Object.keys(b).length && keys.every((key) => deepEqual(a[key], b[key]));
	}
	return a === b;
}

export function validateSchema(value: unknown, schema: JsonSchema, path = 'instance'): SchemaError[] {
	const errors: SchemaError[] = [];
	const fail = (text: string) =>
		errors.push({ property: path.replace('instance.', ''), message: schema.description ?? `${path} ${text}`.replace('instance.', '') });
	for (const keyword of Object.keys(schema) as Array<keyof JsonSchema>) {
		switch (keyword) {
			case 'type':
				if (value !== undefined && !hasType(value, schema.type!)) fail(`is not of a type(s) ${schema.type}`);
				break;
			case 'properties':
				if (isObject(value))
					for (const [name, sub] of Object.entries(schema.properties!)) errors.push(...validateSchema(value[name], sub, `${path}.${name}`));
				break;
			case 'required':
				if (isObject(value))
					for (const name of schema.required!) if (value[name] === undefined) fail(`requires property ${JSON.stringify(name)}`);
				break;
			case 'items':
				if (Array.isArray(value)) value.forEach((item, i) => errors.push(...validateSchema(item, schema.items!, `${path}[${i}]`)));
				break;
			case 'minItems':
				if (Array.isArray(value) && value.length < schema.minItems!) fail(`does not meet minimum length of ${schema.minItems}`);
				break;
			case 'maxItems':
				if (Array.isArray(value) && value.length > schema.maxItems!) fail(`does not meet maximum length of ${schema.maxItems}`);
				break;
			case 'uniqueItems':
				if (schema.uniqueItems && Array.isArray(value) && value.some((item, i) => value.slice(i + 1).some((other) => deepEqual(item, other))))
					fail('contains duplicate item');
				break;
			case 'minLength':
				// Counted in code points, as jsonschema does.
				if (typeof value === 'string' && [...value].length < schema.minLength!) fail(`does not meet minimum length of ${schema.minLength}`);
				break;
			case 'pattern':
				if (typeof value === 'string' && !new RegExp(schema.pattern!, 'u').test(value))
					fail(`does not match pattern ${JSON.stringify(schema.pattern)}`);
				break;
			case 'enum':
				if (value !== undefined && !schema.enum!.some((option) => deepEqual(option, value)))
					fail(`is not one of enum values: ${schema.enum!.map(String).join(',')}`);
				break;
			case 'minimum':
				if (hasType(value, 'number') && (value as number) < schema.minimum!) fail(`must be greater than or equal to ${schema.minimum}`);
				break;
			case 'maximum':
				if (hasType(value, 'number') && (value as number) > schema.maximum!) fail(`must be less than or equal to ${schema.maximum}`);
				break;
			case 'propertyNames':
				if (isObject(value))
					for (const [name, item] of Object.entries(value))
						if (item !== undefined) errors.push(...validateSchema(name, schema.propertyNames!, path));
				break;
			case 'oneOf': {
				// jsonschema 1.4's validateOneOf: exactly one subschema must hold; it names them by place.
				const holding = value === undefined ? 1 : schema.oneOf!.filter((sub) => validateSchema(value, sub, path).length === 0).length;
				if (holding !== 1) fail(`is not exactly one from ${schema.oneOf!.map((_, i) => `[subschema ${i}]`).join(',')}`);
				break;
			}
			case 'if':
				if (value !== undefined && validateSchema(value, schema.if!, path).length === 0 && schema.then)
					errors.push(...validateSchema(value, schema.then, path));
				break;
		}
	}
	return errors;
}

/**
 * Evolution's `isNotEmpty(...)`: the `then` applies only when every key of the object is one of
 * these, so it rarely does (`{id: '', remoteJid: 'x', fromMe: true}` passes).
 */
export function isNotEmpty(...names: string[]): Pick<JsonSchema, 'if' | 'then'> {
	const properties: Record<string, JsonSchema> = {};
	for (const name of names) properties[name] = { minLength: 1, description: `The "${name}" cannot be empty` };
	return { if: { propertyNames: { enum: [...names] } }, then: { properties } };
}

/** A message's `number`, as every send schema has it. */
export const numberSchema: JsonSchema = { type: 'string', description: 'Invalid format' };
