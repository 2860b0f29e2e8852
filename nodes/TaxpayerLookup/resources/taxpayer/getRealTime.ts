import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { ruc } from '../../fields';

export const getRealTime = operation({
	name: 'Get in Real Time',
	value: 'getRealTime',
	action: 'Get taxpayer in real time from SUNAT',
	description: '1 query, asked of SUNAT live: slower, and fails while SUNAT is down',
	notice:
		'Use it when Get returns stale data. Gives the commercial name, registration dates, electronic invoicing, activities and registers.',
	subtitle: 'Get Taxpayer in Real Time',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}/sunat' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// Asked of SUNAT live.
	routeKind: 'liveTaxpayer',
	// 20 fields: the address's parts, invoicing systems, books and registers left out.
	simplify: {
		...keep('ruc', 'nombre_o_razon_social', 'nombre_comercial', 'tipo_contribuyente', 'estado_del_contribuyente', 'condicion_de_domicilio'),
		...keep('direccion', 'fecha_inicio_actividades'),
		// SUNAT lists the principal activity first.
		actividad_economica_principal: 'actividades_economicas.0',
		...keep('emisor_electronico_desde'),
	},
});
