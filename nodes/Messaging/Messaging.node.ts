import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties } from '../shared/operation';
import { getInstances } from './listSearch/getInstances';
import { chat } from './resources/chat';
import { message } from './resources/message';
import { messagingApi, messagingRequestDefaults } from './transport';

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
		properties: nodeProperties(messagingApi, [chat, message], 'message'),
	};

	methods = {
		listSearch: { getInstances },
	};
}
