// Field helpers both nodes build their fields with: one parameter read through one check, an
// option of an Options collection, and where a value goes in the request (path, query, body).
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { checkNumberInRange, pickerCheck, type Checked, type PickerOption, type PickerRefusal } from './checks';
import type { About, Field, ItemReader, Placement, RequestOptions } from './contract';

/** A parameter whose name is known to the type system, so the field built on it is named by it. */
export type NamedProperty<N extends string> = INodeProperties & { name: N };

/** A field of one parameter whose raw value one check turns into the clean value. */
export function checkedField<N extends string, T>(
	property: NamedProperty<N>,
	check: (raw: unknown) => Checked<T>,
	to?: Placement<T>,
	options: { extractValue?: boolean; about?: (value: T) => About } = {},
): Field<N, T> {
	return {
		name: property.name,
		properties: [property],
		read(item) {
			const raw = item.parameter(property.name, property.default, options);
			return item.require(property.displayName, raw, check(raw));
		},
		to,
		about: options.about,
	};
}

/**
 * A picker: one options parameter, and the check that its value is one of the options, derived
 * from them (so a new option is accepted where it is listed, and nowhere else).
 */
export function pickerField<N extends string, T extends string | number>(
	property: NamedProperty<N> & { type: 'options'; options: Array<PickerOption<T>> },
	refusal: PickerRefusal,
	to?: Placement<T>,
	options: { about?: (value: T) => About } = {},
): Field<N, T> {
	return checkedField(property, pickerCheck(property.options, refusal), to, options);
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

/** An operation's Filters collection (a Find's, Get Media's), as the editor shows it. */
export const filtersCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options,
});

/** A number option of an Options collection: checked when set; left out, undefined (its default applies). */
export function optionNumber(item: ItemReader, label: string, raw: unknown, [min, max]: [number, number], unit: string, whole = false): number | undefined {
	return raw === undefined ? undefined : item.require(label, raw, checkNumberInRange(raw, min, max, unit, whole));
}

/** A field of one boolean option in the operation's Options: true only when set on. */
export function optionFlag<N extends string>(option: NamedProperty<N>, to: Placement<boolean>): Field<N, boolean> {
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
