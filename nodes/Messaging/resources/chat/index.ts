import type { INodeProperties } from 'n8n-workflow';

import { checkNumbersFields, checkNumbersOperation } from './checkNumbers';

export const chatOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['chat'] } },
	options: [checkNumbersOperation],
	default: 'checkNumbers',
};

export const chatFields: INodeProperties[] = checkNumbersFields;
