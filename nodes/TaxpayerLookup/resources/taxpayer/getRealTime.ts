import { operation } from '../../../shared/operation';
import { ruc } from '../../fields';

export const getRealTime = operation({
	name: 'Get in Real Time',
	value: 'getRealTime',
	action: 'Get a taxpayer in real time from SUNAT',
	description:
		'Asks SUNAT live: slower and may fail when SUNAT is down. Use it when Get returns stale data; gives commercial name, registration dates, electronic invoicing, activities and registers.',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}/sunat' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// Asked of SUNAT live.
	routeKind: 'liveTaxpayer',
});
