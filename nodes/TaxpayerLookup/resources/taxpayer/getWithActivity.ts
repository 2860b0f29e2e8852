import { operation } from '../../../shared/operation';
import { ruc } from '../../fields';

export const getWithActivity = operation({
	name: 'Get With Economic Activity',
	value: 'getWithActivity',
	action: 'Get a taxpayer with economic activity',
	description:
		'Registry data and economic activity in one call, from the database. Counts as 2 queries against your quota.',
	request: { method: 'GET', path: '/api/v2/ruc-actividad/{ruc}' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
});
