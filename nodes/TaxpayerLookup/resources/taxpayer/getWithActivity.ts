import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { ruc } from '../../fields';

export const getWithActivity = operation({
	name: 'Get with Economic Activity',
	value: 'getWithActivity',
	action: 'Get taxpayer with economic activity',
	description: "2 queries: the register's data and the economic activity in one call",
	subtitle: 'Get Taxpayer with Activity',
	request: { method: 'GET', path: '/api/v2/ruc-actividad/{ruc}' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// Get's 21 fields and an `actividad_economica` object of 11: the register's essentials and the activity's, flattened.
	simplify: {
		...keep('ruc', 'nombre_o_razon_social', 'estado_del_contribuyente', 'condicion_de_domicilio', 'direccion', 'actualizado_en'),
		tipo: 'actividad_economica.tipo',
		actividad_economica_rev4_principal: 'actividad_economica.actividad_economica_rev4_principal',
		numero_trabajadores: 'actividad_economica.numero_trabajadores',
		comercio_exterior: 'actividad_economica.comercio_exterior',
	},
});
