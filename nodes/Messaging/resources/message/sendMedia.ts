import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { messagingRoute } from '../../../shared/messaging/transport';
import { withInstance, withMedia, withMediaBodyAsBuffer, withNumber } from '../../shared/inputs';
import { toMessageItem } from '../../shared/output';

const showOnlyForSendMedia = { resource: ['message'], operation: ['sendMedia'] };

export const sendMediaOperation: INodePropertyOptions = {
	name: 'Send Media',
	value: 'sendMedia',
	action: 'Send an image, video, audio or document',
	description: 'Send a file from a URL, from base64 text or from a previous node (up to 15 MB)',
	routing: messagingRoute(
		'sendMedia',
		{ method: 'POST', url: '/message/sendMedia/{instanceName}' },
		[withInstance, withNumber, withMedia, withMediaBodyAsBuffer],
		toMessageItem,
	),
};

export const sendMediaFields: INodeProperties[] = [
	{
		displayName: 'Media Type',
		name: 'mediaType',
		type: 'options',
		options: [
			{ name: 'Audio', value: 'audio' },
			{ name: 'Document', value: 'document' },
			{ name: 'Image', value: 'image' },
			{ name: 'Video', value: 'video' },
		],
		default: 'image',
		description: 'How WhatsApp shows the file. Images are re-encoded to JPEG by the server.',
		displayOptions: { show: showOnlyForSendMedia },
	},
	{
		displayName: 'Media Source',
		name: 'mediaSource',
		type: 'options',
		options: [
			{ name: 'Binary File', value: 'binary', description: 'A file from a previous node (HTTP Request, Read/Write Files, Google Drive...)' },
			{ name: 'Base64', value: 'base64', description: 'The file as base64 text' },
			{ name: 'URL', value: 'url', description: 'A link the Evolution API server downloads the file from' },
		],
		default: 'url',
		description: 'Where the file comes from',
		displayOptions: { show: showOnlyForSendMedia },
	},
	{
		displayName: 'Media URL',
		name: 'mediaUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/invoice.pdf',
		description: 'An http or https link to the file; the Evolution API server must be able to download it',
		displayOptions: { show: { ...showOnlyForSendMedia, mediaSource: ['url'] } },
	},
	{
		displayName: 'Media (Base64)',
		name: 'mediaBase64',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'The file as base64 text. A data:...;base64, prefix and line breaks are removed before sending.',
		displayOptions: { show: { ...showOnlyForSendMedia, mediaSource: ['base64'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the file to be sent',
		description: 'Its MIME type and file name are used unless set in Options',
		displayOptions: { show: { ...showOnlyForSendMedia, mediaSource: ['binary'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForSendMedia },
		options: [
			{
				displayName: 'Caption',
				name: 'caption',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'Text shown under the image, video or document (audio has none)',
				displayOptions: { hide: { '/mediaType': ['audio'] } },
			},
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'e.g. invoice.pdf',
				description:
					"The document's name as the recipient sees it; its extension sets the MIME type. Default: the binary file's name, the link's last part, or document.&lt;extension of the MIME type&gt;.",
				displayOptions: { show: { '/mediaType': ['document'] } },
			},
			{
				displayName: 'MIME Type',
				name: 'mimeType',
				type: 'string',
				default: '',
				placeholder: 'e.g. application/pdf',
				description: "The file's type. Default: the binary file's type, the data: prefix's type, or the one its file name's extension implies.",
			},
		],
	},
];
