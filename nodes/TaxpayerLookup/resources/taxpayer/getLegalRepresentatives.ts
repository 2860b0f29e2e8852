import type { INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute } from '../../../shared/lookup/transport';
import { withRuc } from '../../shared/inputs';

export const getLegalRepresentativesOperation: INodePropertyOptions = {
	name: 'Get Legal Representatives',
	value: 'getLegalRepresentatives',
	action: "Get a taxpayer's legal representatives",
	description:
		'Asks SUNAT live (slower, may fail). One item per representative: document, name, position and since when.',
	routing: lookupRoute('/api/v2/ruc/{ruc}/representantes-legales', [withRuc]),
};
