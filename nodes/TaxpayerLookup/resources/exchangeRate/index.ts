import type { INodeProperties } from 'n8n-workflow';

import { currencyField } from '../../shared/descriptions';
import { getByDateFields, getByDateOperation } from './getByDate';
import { getHistoryFields, getHistoryOperation } from './getHistory';
import { getLatestOperation } from './getLatest';

export const exchangeRateDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['exchangeRate'] } },
		options: [getByDateOperation, getHistoryOperation, getLatestOperation],
		default: 'getLatest',
	},
	...getByDateFields,
	...getHistoryFields,
	// One field for the three operations (n8n evaluates every property for every item).
	currencyField(['getByDate', 'getHistory', 'getLatest']),
];
