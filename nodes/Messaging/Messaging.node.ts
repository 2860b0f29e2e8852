import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties, operationSubtitle } from '../shared/operation';
import { messagingApiTest } from './credentialTest';
import { getInstances } from './listSearch/getInstances';
import { chat } from './resources/chat';
import { message } from './resources/message';
import { messagingApi, messagingRequestDefaults } from './transport';

const resources = [chat, message];

export class Messaging implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging',
		name: 'messaging',
		icon: { light: 'file:messaging.svg', dark: 'file:messaging.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: operationSubtitle(resources),
		description: 'Send WhatsApp texts and files and check numbers through your Evolution API server',
		defaults: { name: 'Messaging' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingApi', required: true, testedBy: 'messagingApiTest' }],
		requestDefaults: messagingRequestDefaults,
		properties: nodeProperties(messagingApi, resources, 'message'),
	};

	methods = {
		listSearch: { getInstances },
		credentialTest: { messagingApiTest },
	};
}
