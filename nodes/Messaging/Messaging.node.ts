import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { messagingRequestDefaults } from '../shared/messaging/transport';
import { getInstances } from './listSearch/getInstances';
import { chatFields, chatOperations } from './resources/chat';
import { messageFields, messageOperations } from './resources/message';
import { instanceNameField } from './shared/descriptions';

export class Messaging implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging',
		name: 'messaging',
		icon: { light: 'file:messaging.svg', dark: 'file:messaging.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Send WhatsApp texts and files and check numbers through your Evolution API server',
		defaults: { name: 'Messaging' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingApi', required: true }],
		requestDefaults: messagingRequestDefaults,
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Chat', value: 'chat' },
					{ name: 'Message', value: 'message' },
				],
				default: 'message',
			},
			messageOperations,
			chatOperations,
			instanceNameField(['chat', 'message']),
			...messageFields,
			...chatFields,
		],
	};

	methods = {
		listSearch: { getInstances },
	};
}
