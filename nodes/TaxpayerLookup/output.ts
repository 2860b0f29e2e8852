// One place that shapes what the lookup API returns into the items users see.
import type { IDataObject } from 'n8n-workflow';

export interface OutputOptions {
	/** Turn the registry's "-" (no value) placeholders into null. */
	placeholdersToNull?: boolean;
	/** Turn price and amount strings ("3.612", "1500.00") into numbers. */
	numbersAsNumbers?: boolean;
}

/** Fields that hold decimal numbers as strings. */
export const NUMERIC_FIELDS = ['precio_compra', 'precio_venta', 'monto_deuda'];

const DECIMAL = /^-?\d+(\.\d+)?$/;

function placeholderToNull(value: unknown): unknown {
	if (value === '-') return null;
	if (Array.isArray(value)) return value.map(placeholderToNull);
	if (value && typeof value === 'object') {
		const result: IDataObject = {};
		for (const [key, inner] of Object.entries(value)) result[key] = placeholderToNull(inner) as IDataObject[string];
		return result;
	}
	return value;
}

/**
 * A record as users get it: the `success` envelope flag dropped, keys published with a stray
 * trailing quote (`sistema_contabilidad"`) repaired, and the chosen conversions applied.
 */
export function normaliseRecord(record: IDataObject, options: OutputOptions = {}): IDataObject {
	let result: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		if (key === 'success') continue;
		result[key.replace(/"+$/, '')] = value;
	}
	if (options.placeholdersToNull) result = placeholderToNull(result) as IDataObject;
	if (options.numbersAsNumbers) {
		for (const field of NUMERIC_FIELDS) {
			const value = result[field];
			if (typeof value === 'string' && DECIMAL.test(value.trim())) result[field] = Number(value);
		}
	}
	return result;
}

/** The records in a response body: the `data` list of list routes, or the body itself. */
export function recordsOf(body: IDataObject): IDataObject[] {
	if (Array.isArray(body.data)) return body.data as IDataObject[];
	return [body];
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * A DNI answer as items show it, whichever shape the API used: `nombre` (surnames first, as the
 * registry writes it) always; given names and each surname when the API splits them, else null.
 */
export function personRecord(body: unknown, requestedDni: string): IDataObject {
	const { dni, nombre, nombres, apellido_paterno, apellido_materno, ...rest } = body as IDataObject;
	const split = [apellido_paterno, apellido_materno, nombres].map(textOrNull).filter((part) => part !== null);
	return {
		dni: textOrNull(dni) ?? requestedDni,
		nombre: textOrNull(nombre) ?? (split.length ? split.join(' ') : null),
		nombres: textOrNull(nombres),
		apellido_paterno: textOrNull(apellido_paterno),
		apellido_materno: textOrNull(apellido_materno),
		...rest,
	};
}
