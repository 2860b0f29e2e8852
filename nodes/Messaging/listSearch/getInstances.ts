// Fills the Instance list: every instance the API key can see, with its connection state.
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { LIST_INSTANCES } from '../errors';
import { listRequest } from '../transport';

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
	const body = await listRequest(this, '/instance/fetchInstances', undefined, { operation: LIST_INSTANCES, subject: 'the instances' });
	const entries = (Array.isArray(body) ? body : [body]) as IDataObject[];
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
