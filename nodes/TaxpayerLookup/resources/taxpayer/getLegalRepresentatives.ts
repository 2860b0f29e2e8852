import { operation } from '../../../shared/contract';
import { ruc } from '../../fields';

export const getLegalRepresentatives = operation({
	name: 'Get Legal Representatives',
	value: 'getLegalRepresentatives',
	action: 'Get legal representatives of taxpayer',
	description: '1 query, asked of SUNAT live: one item per legal representative',
	notice:
		'Each item: document, name, position and since when. Slower than the database routes, and fails while SUNAT is down.',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}/representantes-legales' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// Asked of SUNAT live.
	routeKind: 'liveTaxpayer',
});
