import { operation } from '../../../shared/operation';
import { ruc } from '../../fields';

export const getCoactiveDebt = operation({
	name: 'Get Coactive Debt',
	value: 'getCoactiveDebt',
	action: "Get a taxpayer's coactive debt",
	description:
		'Asks SUNAT live (slower, may fail). One item per debt in coactive collection: amount, tax period, start date and entity. No items when there is none.',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}/deuda-coactiva' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// Asked of SUNAT live.
	routeKind: 'liveTaxpayer',
});
