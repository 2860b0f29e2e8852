import type { INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute } from '../../../shared/lookup/transport';
import { withRuc } from '../../shared/inputs';

export const getEconomicActivityOperation: INodePropertyOptions = {
	name: 'Get Economic Activity',
	value: 'getEconomicActivity',
	action: "Get a taxpayer's economic activity",
	description:
		'Economic activities (CIIU rev3 and rev4), company type, workers, invoicing and accounting type, foreign trade, with the period they refer to',
	routing: lookupRoute('/api/v2/ruc/{ruc}/actividad-economica', [withRuc]),
};
