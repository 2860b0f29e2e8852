import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties, operationSubtitle } from '../shared/editor';
import { readmeSection } from '../shared/documentation';
import { messagingApiTest } from './credentialTest';
import { RECIPIENT_VERSION } from './fields';
import { getGroups } from './listSearch/getGroups';
import { getInstances } from './listSearch/getInstances';
import { getLabels } from './listSearch/getLabels';
import { MESSAGING_RESOURCES as resources } from './resources';
import { messagingApi, messagingRequestDefaults } from './transport';

export class Messaging implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging',
		name: 'messaging',
		icon: { light: 'file:messaging.svg', dark: 'file:messaging.dark.svg' },
		group: ['output'],
		// 1.1: the recipient can be a group picked from a list (fields.ts); version 1 keeps a text field.
		version: [1, RECIPIENT_VERSION],
		defaultVersion: RECIPIENT_VERSION,
		subtitle: operationSubtitle(resources),
		description: 'Send WhatsApp messages, files, polls and reactions, read chats and groups, through your Evolution API server',
		documentationUrl: readmeSection('messaging'),
		defaults: { name: 'Messaging' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingApi', required: true, testedBy: 'messagingApiTest' }],
		requestDefaults: messagingRequestDefaults,
		properties: nodeProperties(messagingApi, resources, 'message'),
	};

	methods = {
		listSearch: { getGroups, getInstances, getLabels },
		credentialTest: { messagingApiTest },
	};
}
