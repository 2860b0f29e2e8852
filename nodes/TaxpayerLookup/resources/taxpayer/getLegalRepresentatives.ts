import { operation } from '../../../shared/operation';
import { ruc } from '../../fields';

export const getLegalRepresentatives = operation({
	name: 'Get Legal Representatives',
	value: 'getLegalRepresentatives',
	action: "Get a taxpayer's legal representatives",
	description:
		'Asks SUNAT live (slower, may fail). One item per representative: document, name, position and since when.',
	request: { method: 'GET', path: '/api/v2/ruc/{ruc}/representantes-legales' },
	fields: [ruc],
	subject: ({ ruc }) => `RUC ${ruc}`,
	// Asked of SUNAT live.
	routeKind: 'liveTaxpayer',
});
