import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { ruc } from '../../fields';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get taxpayer by RUC',
	description: "1 query: the register's data (name, state, domicile condition, address)",
	notice:
		"From the provider's database, refreshed daily from SUNAT: the fastest and cheapest lookup. Use Get in Real Time when the data looks stale.",
	subtitle: 'Get Taxpayer',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// 21 fields: the address's parts (street, number, zone, lot…) are all in `direccion`.
	simplify: keep(
		'ruc',
		'nombre_o_razon_social',
		'estado_del_contribuyente',
		'condicion_de_domicilio',
		'direccion',
		'distrito',
		'provincia',
		'departamento',
		'ubigeo',
		'actualizado_en',
	),
});
