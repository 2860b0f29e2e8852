// Fills the Instance list: every instance the API key can see, with its connection state; the
// connected ones first (they can send and receive), each group by name.
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

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
	const body = await listRequest(this, '/instance/fetchInstances', undefined, { operation: 'listInstances', subject: 'the instances', routeKind: 'server' });
	const entries = (Array.isArray(body) ? body : [body]) as IDataObject[];
	const needle = filter?.trim().toLowerCase() ?? '';
	const instances = entries
		.map(describeInstance)
		.filter((instance) => instance !== undefined && (!needle || instance.name.toLowerCase().includes(needle))) as Array<{ name: string; state: string }>;
	const connectedFirst = (a: { state: string }, b: { state: string }) => Number(b.state === 'open') - Number(a.state === 'open');
	instances.sort((a, b) => connectedFirst(a, b) || a.name.localeCompare(b.name));
	const results: INodeListSearchItems[] = instances.map(({ name, state }) => ({ name: `${name} (${STATE_LABELS[state] ?? state})`, value: name }));
	return { results };
}
