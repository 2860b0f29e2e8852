import type { INodeProperties } from 'n8n-workflow';

import { instanceNameField } from '../../shared/descriptions';
import { sendMediaFields, sendMediaOperation } from './sendMedia';
import { sendTextFields, sendTextOperation } from './sendText';

export const messageDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		options: [sendMediaOperation, sendTextOperation],
		default: 'sendText',
	},
	instanceNameField(['message']),
	...sendTextFields,
	...sendMediaFields,
];
