// Fills the Instance list: every instance the API key can see, with its connection state.
import type {
	IDataObject,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { messagingResponseError, messagingTransportError, isMessagingSuccess } from '../../shared/messaging/errors';
import { serverBaseUrl } from '../../shared/messaging/transport';

const STATE_LABELS: Record<string, string> = {
	open: 'connected',
	close: 'disconnected',
	connecting: 'connecting',
};

/** Name and state of one entry of `GET /instance/fetchInstances`, in v2's flat shape or v1's nested one. */
export function describeInstance(entry: IDataObject): { name: string; state: string } | undefined {
	const nested = (entry.instance ?? {}) as IDataObject;
	const name = entry.name ?? nested.instanceName ?? entry.instanceName;
	if (typeof name !== 'string' || name === '') return undefined;
	const state = String(entry.connectionStatus ?? nested.status ?? entry.status ?? 'unknown');
	return { name, state };
}

export async function getInstances(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const credentials = await this.getCredentials('messagingApi');
	const baseURL = serverBaseUrl(credentials.serverUrl);
	const context = { itemIndex: 0, operation: 'listInstances' as const, serverUrl: baseURL };
	const request: IHttpRequestOptions = {
		method: 'GET',
		baseURL,
		url: '/instance/fetchInstances',
		headers: { Accept: 'application/json' },
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
	};
	let response: { statusCode: number; body: unknown };
	try {
		response = await this.helpers.httpRequestWithAuthentication.call(this, 'messagingApi', request);
	} catch (error) {
		throw messagingTransportError(this.getNode(), context, error);
	}
	if (!isMessagingSuccess(response.statusCode, response.body)) {
		throw messagingResponseError(this.getNode(), context, response.statusCode, response.body);
	}
	const entries = (Array.isArray(response.body) ? response.body : [response.body]) as IDataObject[];
	const needle = filter?.trim().toLowerCase() ?? '';
	const results: INodeListSearchItems[] = [];
	for (const entry of entries) {
		const instance = describeInstance(entry);
		if (!instance || (needle && !instance.name.toLowerCase().includes(needle))) continue;
		results.push({ name: `${instance.name} (${STATE_LABELS[instance.state] ?? instance.state})`, value: instance.name });
	}
	results.sort((a, b) => String(a.value).localeCompare(String(b.value)));
	return { results };
}
