import { operation } from '../../../shared/contract';
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
});
