import { operation } from '../../../shared/contract';
import { ruc } from '../../fields';

export const getCoactiveDebt = operation({
	name: 'Get Coactive Debt',
	value: 'getCoactiveDebt',
	action: 'Get coactive debt of taxpayer',
	description: '1 query, asked of SUNAT live: one item per debt in coactive collection',
	notice:
		'Each item: amount, tax period, start date and entity. No items when there is no debt. Slower than the database routes, and fails while SUNAT is down.',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}/deuda-coactiva' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// Asked of SUNAT live.
	routeKind: 'liveTaxpayer',
});
