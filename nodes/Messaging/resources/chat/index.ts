import type { INodeProperties } from 'n8n-workflow';

import { instanceNameField } from '../../shared/descriptions';
import { checkNumbersFields, checkNumbersOperation } from './checkNumbers';

export const chatDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['chat'] } },
		options: [checkNumbersOperation],
		default: 'checkNumbers',
	},
	instanceNameField(['chat']),
	...checkNumbersFields,
];
