import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { customOperationsOf } from '../shared/customOperation';
import { nodeProperties, operationSubtitle } from '../shared/editor';
import { REQUEST_OPTIONS } from '../shared/requestOptions';
import { readmeSection } from '../shared/documentation';
import { messagingApiTest } from './credentialTest';
import { RECIPIENT_VERSION } from './fields';
import { getChatbots, getOpenAiCredentials } from './listSearch/getChatbots';
import { getGroups } from './listSearch/getGroups';
import { getInstances } from './listSearch/getInstances';
import { getLabels } from './listSearch/getLabels';
import { MESSAGING_RESOURCES as resources } from './resources';
import { SEND_AND_WAIT_TOOLTIP, SEND_AND_WAIT_WEBHOOKS, sendAndWaitWebhook } from './sendAndWait/webhook';
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
		// As a tool, n8n names the node and describes it to the model as "<action> in <defaults.name>"
		// ("Send text message in WhatsApp"); as a node, it takes the action alone.
		defaults: { name: 'WhatsApp' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingApi', required: true, testedBy: 'messagingApiTest' }],
		// Send and Wait for Response: the links of its message reach the node here while the execution waits.
		webhooks: SEND_AND_WAIT_WEBHOOKS,
		waitingNodeTooltip: SEND_AND_WAIT_TOOLTIP,
		requestDefaults: messagingRequestDefaults,
		// n8n's loader adds Request Options to a declarative node without a `webhook` method only.
		properties: [...nodeProperties(messagingApi, resources, 'message'), REQUEST_OPTIONS],
	};

	webhook = sendAndWaitWebhook;

	// Operations n8n runs as execute functions instead of RoutingNode (Send and Wait for Response).
	customOperations = customOperationsOf(messagingApi, resources, messagingRequestDefaults);

	methods = {
		listSearch: { getChatbots, getGroups, getInstances, getLabels, getOpenAiCredentials },
		credentialTest: { messagingApiTest },
	};
}
