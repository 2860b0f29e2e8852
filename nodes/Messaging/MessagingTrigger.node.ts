import {
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { messagingApiTest } from './credentialTest';
import { instance } from './fields';
import { getInstances } from './listSearch/getInstances';
import { optionsCollection } from '../shared/fields';
import { readmeSection } from '../shared/documentation';
import { receiveDelivery } from './trigger/delivery';
import { TRIGGER_EVENTS } from './trigger/events';
import { MESSAGE_TYPE_OPTIONS } from './trigger/messageFields';
import { DEFAULT_EVENTS, OUTPUTS_OPTION, TRIGGER_OUTPUTS } from './trigger/outputs';
import { webhookLifecycle } from './trigger/registration';

export class MessagingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Trigger',
		name: 'messagingTrigger',
		icon: { light: 'file:messagingTrigger.svg', dark: 'file:messagingTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		// The canvas gives a resource locator's plain value; the engine, the locator itself.
		subtitle: '={{ "Instance " + (typeof $parameter["instanceName"] === "object" ? ($parameter["instanceName"] || {}).value || "" : $parameter["instanceName"] || "") }}',
		description: 'Starts the workflow when a WhatsApp message or event reaches your Evolution API instance',
		documentationUrl: readmeSection('messaging-trigger'),
		defaults: { name: 'Messaging Trigger' },
		inputs: [],
		outputs: TRIGGER_OUTPUTS,
		credentials: [{ name: 'messagingApi', required: true, testedBy: 'messagingApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			{
				displayName:
					'Publishing this workflow, or listening for a test event, points the instance\'s webhook at this trigger (Evolution keeps one per instance); unpublishing, or the end of the test, puts back the one before. Evolution must reach n8n: behind a proxy, set n8n\'s WEBHOOK_URL to its public address.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			...instance.properties,
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				options: TRIGGER_EVENTS.map(({ name, value, action, description }) => ({ name, value, action, description })),
				default: [...DEFAULT_EVENTS],
				required: true,
				description: 'The events that start the workflow. Each delivery is one item.',
			},
			optionsCollection([
				{
					displayName: 'Ignore Groups',
					name: 'ignoreGroups',
					type: 'boolean',
					default: true,
					description: 'Whether messages and status updates in groups start nothing, only direct chats do',
				},
				{
					displayName: 'Ignore Messages Sent by This Number',
					name: 'ignoreFromMe',
					type: 'boolean',
					default: true,
					description: 'Whether messages this number sent (from the phone, WhatsApp Web or the API) start nothing; keeps a bot from answering itself',
				},
				{
					displayName: 'Ignore Status Broadcasts',
					name: 'ignoreStatusBroadcasts',
					type: 'boolean',
					default: true,
					description: 'Whether status posts (stories) of contacts start nothing. On unless turned off here.',
				},
				{
					displayName: 'Include Media Files',
					name: 'includeMedia',
					type: 'boolean',
					default: false,
					description:
						'Whether an image, audio, video, sticker or document message carries its file as binary data (field "data", with MIME type and file name)',
				},
				{
					displayName: 'Media Files From',
					name: 'mediaFrom',
					type: 'options',
					options: [
						{
							name: 'Each Delivery (Base64)',
							value: 'delivery',
							description:
								"Evolution puts each file in its delivery as base64: for a server that stores no messages. n8n refuses a delivery over its payload limit (N8N_PAYLOAD_SIZE_MAX, 16 MB by default: files over about 12 MB), and that message is lost.",
						},
						{
							name: 'Store or Server',
							value: 'fetch',
							description:
								"Deliveries come without files: each is streamed from the server's S3/MinIO store when the delivery has its link, else asked of the server, which must store messages (DATABASE_SAVE_DATA_NEW_MESSAGE=true)",
						},
					],
					default: 'fetch',
					description: 'Where Include Media Files takes each file from',
				},
				{
					displayName: 'Only From Senders',
					name: 'senders',
					type: 'string',
					default: '',
					placeholder: 'e.g. +51 987 654 321, 51912345678',
					description:
						'Phone numbers (with country code) or WhatsApp addresses, separated by commas: only their messages start the workflow',
				},
				{
					displayName: 'Only Message Types',
					name: 'messageTypes',
					type: 'multiOptions',
					options: MESSAGE_TYPE_OPTIONS,
					default: [],
					description: 'Only messages of these types start the workflow; none chosen: every type',
				},
				OUTPUTS_OPTION,
				{
					displayName: 'Replace Existing Webhook',
					name: 'replaceExistingWebhook',
					type: 'boolean',
					default: false,
					description:
						'Whether publishing or listening may replace a webhook the instance already sends to another address (another workflow or app). It is put back when this trigger stops.',
				},
			]),
		],
	};

	methods = {
		listSearch: { getInstances },
		credentialTest: { messagingApiTest },
	};

	webhookMethods = { default: webhookLifecycle };

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}
