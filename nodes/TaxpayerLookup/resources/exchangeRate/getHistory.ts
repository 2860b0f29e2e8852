import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { lookupRoute, sendInYearChunks } from '../../../shared/lookup/transport';
import { rateDateField } from '../../shared/descriptions';
import { withCurrency, withDateRange } from '../../shared/inputs';

export const getHistoryOperation: INodePropertyOptions = {
	name: 'Get History',
	value: 'getHistory',
	action: 'Get exchange rates for a date range',
	description:
		'One item per business day in the range, in date order. Ranges longer than a year are fetched a year at a time (one request each).',
	routing: lookupRoute(
		'/api/v2/tipo-cambio/sbs/historico',
		[withDateRange, withCurrency],
		sendInYearChunks,
	),
};

export const getHistoryFields: INodeProperties[] = [
	rateDateField('startDate', 'Start Date', 'The first day of the range.', ['getHistory']),
	rateDateField('endDate', 'End Date', 'The last day of the range (included).', ['getHistory']),
];
