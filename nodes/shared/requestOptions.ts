// The Request Options n8n's loader gives a declarative node (batching, Ignore SSL Issues, proxy,
// timeout; n8n-core's `commonDeclarativeNodeOptionParameters` in 2.41.1), for a declarative node
// the loader leaves them off: one with a `webhook` method (Messaging, whose Send and Wait for
// Response is answered through n8n's waiting webhooks). RoutingNode reads them by this name; an
// operation run as n8n's custom operation gets them applied here, as RoutingNode applies them
// (Batching in customOperation.ts, which starts the items).
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { RequestOptions } from './contract';

export const REQUEST_OPTIONS: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	isNodeSetting: true,
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Batching',
			name: 'batching',
			placeholder: 'Add Batching',
			type: 'fixedCollection',
			typeOptions: { multipleValues: false },
			default: { batch: {} },
			options: [
				{
					displayName: 'Batching',
					name: 'batch',
					values: [
						{
							displayName: 'Items per Batch',
							name: 'batchSize',
							type: 'number',
							typeOptions: { minValue: -1 },
							default: 50,
							description: 'Input will be split in batches to throttle requests. -1 for disabled. 0 will be treated as 1.',
						},
						{
							displayName: 'Batch Interval (Ms)',
							name: 'batchInterval',
							type: 'number',
							typeOptions: { minValue: 0 },
							default: 1000,
							description: 'Time (in milliseconds) between each batch of requests. 0 for disabled.',
						},
					],
				},
			],
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'allowUnauthorizedCerts',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description: 'Whether to connect even if SSL certificate validation is not possible',
		},
		{
			displayName: 'Proxy',
			name: 'proxy',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://myproxy:3128',
			description: 'HTTP proxy to use. If authentication is required it can be defined as follow: http://username:password@myproxy:3128.',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 10000,
			description: 'Time in ms to wait for the server to send response headers (and start the response body) before aborting the request',
		},
	],
};

/** The Request Options set on the node, applied to a request as RoutingNode applies them (no timeout: 5 minutes). */
export function applyRequestOptions(request: RequestOptions, options: IDataObject): void {
	const { proxy, allowUnauthorizedCerts, timeout } = options as { proxy?: string; allowUnauthorizedCerts?: boolean; timeout?: number };
	if (proxy) {
		const url = new URL(proxy);
		request.proxy = {
			host: url.hostname,
			port: Number.parseInt(url.port, 10),
			protocol: url.protocol.replace(/:$/, '') || undefined,
			...(url.username ? { auth: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } } : {}),
		};
	}
	if (allowUnauthorizedCerts) request.skipSslCertificateValidation = true;
	request.timeout = timeout || 300_000;
}
