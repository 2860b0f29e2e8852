import type { INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute } from '../../../shared/lookup/transport';
import { withRuc } from '../../shared/inputs';

export const getOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a taxpayer by RUC',
	description:
		'Registry data (name, state, domicile condition, address) from the database, refreshed daily from SUNAT. The cheapest lookup: 1 query.',
	routing: lookupRoute('/api/v2/ruc/{ruc}', [withRuc]),
};
