// The three ways of making the same N GETs that the bench compares: (a) this package's Taxpayer
// Lookup node, (b) n8n's HTTP Request node as a user would set it up for the same API, (c) a plain
// `fetch` loop with the engine's concurrency, the physical floor. Each returns its output items.
import { get } from 'node:http';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { TAXPAYERS, VALID_TOKEN } from '../test/fakes/lookupApi';
import { HTTP_REQUEST, PROGRAMMATIC_LOOKUP, loadHttpRequestNode, runWorkflow } from './workflow';

export type Implementation = 'ours' | 'oursWide' | 'oursProgrammatic' | 'httpRequest' | 'fetch' | 'nodeHttp';

const RUCS = Object.keys(TAXPAYERS);

/** N input items, each with a known RUC (the fake answers 200 for all of them). */
export function inputItems(n: number): INodeExecutionData[] {
	return Array.from({ length: n }, (_, i) => ({ json: { ruc: RUCS[i % RUCS.length], row: i } }));
}

/** The headers the Taxpayer Lookup credential and request defaults send; the others send the same. */
export const HEADERS = { Authorization: `Bearer ${VALID_TOKEN}`, Accept: 'application/json' };

export async function runOurs(
	baseUrl: string,
	items: INodeExecutionData[],
	type = 'n8n-nodes-taxpayer-messaging.taxpayerLookup',
	options: INodeParameters = {},
) {
	const { items: output } = await runWorkflow({
		type,
		typeVersion: 1,
		parameters: { resource: 'taxpayer', operation: 'get', ruc: '={{ $json.ruc }}', options },
		credentials: { taxpayerLookupApi: { baseUrl, accessToken: VALID_TOKEN } },
		items,
	});
	return output;
}

/** HTTP Request at the version the editor adds today, no credential, the two headers as parameters. */
export async function runHttpRequest(baseUrl: string, items: INodeExecutionData[]) {
	const typeVersion = loadHttpRequestNode().description.defaultVersion as number;
	const { items: output } = await runWorkflow({
		type: HTTP_REQUEST,
		typeVersion,
		parameters: {
			method: 'GET',
			url: `=${baseUrl}/api/v2/ruc/{{ $json.ruc }}`,
			authentication: 'none',
			sendHeaders: true,
			headerParameters: {
				parameters: Object.entries(HEADERS).map(([name, value]) => ({ name, value })),
			},
			options: {},
		},
		items,
	});
	return output;
}

/**
 * The floor: the same GETs and headers with Node's fetch, all items' requests started at once (as
 * both nodes do: RoutingNode and HTTP Request v3/v4 start every item's request before awaiting any),
 * bodies parsed as JSON and wrapped as items.
 */
export async function runFetch(baseUrl: string, items: INodeExecutionData[]) {
	return await Promise.all(
		items.map(async (item, index): Promise<INodeExecutionData> => {
			const response = await fetch(`${baseUrl}/api/v2/ruc/${String(item.json.ruc)}`, { headers: HEADERS });
			if (!response.ok) throw new Error(`item ${index}: HTTP ${response.status}`);
			const { success: _success, ...record } = (await response.json()) as INodeExecutionData['json'];
			return { json: record, pairedItem: { item: index } };
		}),
	);
}

/**
 * The same floor with node:http (the client n8n's axios sits on) and its default agent: undici's
 * fetch picks a free connection by scanning its pool, which grows costly with thousands in flight.
 */
export async function runNodeHttp(baseUrl: string, items: INodeExecutionData[]) {
	return await Promise.all(
		items.map(
			async (item, index) =>
				await new Promise<INodeExecutionData>((resolve, reject) => {
					get(`${baseUrl}/api/v2/ruc/${String(item.json.ruc)}`, { headers: HEADERS }, (response) => {
						const chunks: Buffer[] = [];
						response.on('data', (chunk: Buffer) => chunks.push(chunk));
						response.on('end', () => {
							if (response.statusCode !== 200) return reject(new Error(`item ${index}: HTTP ${response.statusCode}`));
							const { success: _success, ...record } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as INodeExecutionData['json'];
							resolve({ json: record, pairedItem: { item: index } });
						});
						response.on('error', reject);
					}).on('error', reject);
				}),
		),
	);
}

export const implementations: Record<Implementation, (baseUrl: string, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>> = {
	ours: async (baseUrl, items) => await runOurs(baseUrl, items),
	// The same node with its cap raised to the most it allows: what the cap of 5 costs.
	oursWide: async (baseUrl, items) => await runOurs(baseUrl, items, undefined, { maxConcurrentRequests: 50 }),
	oursProgrammatic: async (baseUrl, items) => await runOurs(baseUrl, items, PROGRAMMATIC_LOOKUP),
	httpRequest: runHttpRequest,
	fetch: runFetch,
	nodeHttp: runNodeHttp,
};
