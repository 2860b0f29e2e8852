import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute } from '../../../shared/lookup/transport';
import { rateDateField } from '../../shared/descriptions';
import { withCurrency, withDate } from '../../shared/inputs';

export const getByDateOperation: INodePropertyOptions = {
	name: 'Get by Date',
	value: 'getByDate',
	action: 'Get the exchange rate for a date',
	description:
		'The SBS buy and sell rate of one day. Rates exist from 2010 and only for business days: a weekend or holiday has none.',
	routing: lookupRoute('/api/v2/tipo-cambio/sbs', [withDate, withCurrency]),
};

export const getByDateFields: INodeProperties[] = [
	rateDateField('date', 'Date', 'The day of the rate.', ['getByDate']),
];
