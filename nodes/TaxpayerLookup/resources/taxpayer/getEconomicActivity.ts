import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { ruc } from '../../fields';

export const getEconomicActivity = operation({
	name: 'Get Economic Activity',
	value: 'getEconomicActivity',
	action: 'Get economic activity of taxpayer',
	description: '1 query: CIIU activities, company type, workers, invoicing, trade',
	notice:
		'Economic activities (CIIU rev3 and rev4), company type, workers, invoicing and accounting type, foreign trade, with the period they refer to.',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}/actividad-economica' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// 12 fields: the CIIU rev3 activities (rev4 replaced them) left out.
	simplify: keep(
		'ruc',
		'estado',
		'condicion',
		'tipo',
		'actividad_economica_rev4_principal',
		'numero_trabajadores',
		'tipo_facturacion',
		'tipo_contabilidad',
		'comercio_exterior',
		'periodo',
	),
});
