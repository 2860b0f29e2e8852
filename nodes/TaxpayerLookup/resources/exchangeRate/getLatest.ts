import type { INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute } from '../../../shared/lookup/transport';
import { withCurrency } from '../../shared/inputs';

export const getLatestOperation: INodePropertyOptions = {
	name: 'Get Latest',
	value: 'getLatest',
	action: 'Get the latest exchange rate',
	description:
		'The most recently published SBS rate. New rates appear on business days between 00:00 and 06:00 Lima time.',
	routing: lookupRoute('/api/v2/tipo-cambio/sbs/ultimo', [withCurrency]),
};
