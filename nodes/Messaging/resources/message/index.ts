import type { INodeProperties } from 'n8n-workflow';

import { numberField } from '../../shared/descriptions';
import { sendMediaFields, sendMediaOperation } from './sendMedia';
import { sendTextFields, sendTextOperation } from './sendText';

export const messageOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['message'] } },
	options: [sendMediaOperation, sendTextOperation],
	default: 'sendText',
};

export const messageFields: INodeProperties[] = [
	// One field for both sends: n8n evaluates every property for every item.
	numberField(['sendMedia', 'sendText']),
	...sendTextFields,
	...sendMediaFields,
];
