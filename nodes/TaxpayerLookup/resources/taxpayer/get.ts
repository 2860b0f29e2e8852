import { operation } from '../../../shared/operation';
import { ruc } from '../../fields';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a taxpayer by RUC',
	description:
		'Registry data (name, state, domicile condition, address) from the database, refreshed daily from SUNAT. The cheapest lookup: 1 query.',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
});
