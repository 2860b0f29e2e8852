import type { INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute } from '../../../shared/lookup/transport';
import { withRuc } from '../../shared/inputs';

export const getRealTimeOperation: INodePropertyOptions = {
	name: 'Get in Real Time',
	value: 'getRealTime',
	action: 'Get a taxpayer in real time from SUNAT',
	description:
		'Asks SUNAT live: slower and may fail when SUNAT is down. Use it when Get returns stale data; gives commercial name, registration dates, electronic invoicing, activities and registers.',
	routing: lookupRoute('/api/v2/ruc/{ruc}/sunat', [withRuc]),
};
