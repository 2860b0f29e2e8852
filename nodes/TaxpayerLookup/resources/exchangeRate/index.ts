import type { INodeProperties } from 'n8n-workflow';

import { getByDateFields, getByDateOperation } from './getByDate';
import { getHistoryFields, getHistoryOperation } from './getHistory';
import { getLatestFields, getLatestOperation } from './getLatest';

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
	...getLatestFields,
	...getHistoryFields,
];
