import type { INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute } from '../../../shared/lookup/transport';
import { withRuc } from '../../shared/inputs';

export const getWithActivityOperation: INodePropertyOptions = {
	name: 'Get With Economic Activity',
	value: 'getWithActivity',
	action: 'Get a taxpayer with economic activity',
	description:
		'Registry data and economic activity in one call, from the database. Counts as 2 queries against your quota.',
	routing: lookupRoute('/api/v2/ruc-actividad/{ruc}', [withRuc]),
};
