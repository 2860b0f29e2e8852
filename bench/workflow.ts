// Runs one node over N items through n8n-core's WorkflowExecute with the test harness's runNode, for
// any registered node type and version: this package's nodes (from the harness's registry) and
// n8n's own HTTP Request node, loaded from the cached n8n install.
import path from 'node:path';

import {
	NodeHelpers,
	VersionedNodeType,
	type IBinaryData,
	type ICredentialDataDecryptedObject,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IVersionedNodeType,
} from 'n8n-workflow';

import { nodeTypesRegistry, runNode } from '../test/harness/engine';
import { nodeTypeFromEnvironment } from './nodeSource';
import { programmaticTaxpayerLookup } from './programmatic';

export const HTTP_REQUEST = 'n8n-nodes-base.httpRequest';
/** Taxpayer Lookup `get` as a programmatic node, a measurement prototype (bench/programmatic.ts). */
export const PROGRAMMATIC_LOOKUP = 'bench.taxpayerLookupProgrammatic';

const n8nNodesBase = path.resolve(__dirname, '../.cache/n8n/node_modules/n8n-nodes-base');

let httpRequest: IVersionedNodeType | undefined;
let programmatic: INodeType | undefined;

/** n8n's own nodes the example workflows use (bench/example.ts), by type: the file under dist/nodes and its export. */
const BASE_NODES: Record<string, [file: string, exported: string]> = {
	'n8n-nodes-base.set': ['Set/Set.node.js', 'Set'],
	'n8n-nodes-base.splitOut': ['Transform/SplitOut/SplitOut.node.js', 'SplitOut'],
	'n8n-nodes-base.if': ['If/If.node.js', 'If'],
	'n8n-nodes-base.noOp': ['NoOp/NoOp.node.js', 'NoOp'],
	'n8n-nodes-base.summarize': ['Transform/Summarize/Summarize.node.js', 'Summarize'],
};
const baseNodes: Record<string, INodeType | IVersionedNodeType> = {};

/** One of BASE_NODES from the cached n8n install, on the one n8n-workflow (bench/register.cjs pins it). */
function loadBaseNode(type: string): INodeType | IVersionedNodeType {
	if (baseNodes[type]) return baseNodes[type];
	const [file, exported] = BASE_NODES[type];
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const node = new (require(path.join(n8nNodesBase, 'dist/nodes', file))[exported])() as INodeType | IVersionedNodeType;
	if ('nodeVersions' in node && !(node instanceof VersionedNodeType)) {
		throw new Error(`${type} loaded a second copy of n8n-workflow (bench/register.cjs must pin it)`);
	}
	return (baseNodes[type] = node);
}

/** n8n's HTTP Request node as n8n 2.x ships it (all versions; `defaultVersion` is what the editor adds). */
export function loadHttpRequestNode(): IVersionedNodeType {
	if (httpRequest) return httpRequest;
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(path.join(n8nNodesBase, 'dist/nodes/HttpRequest/HttpRequest.node.js'));
	httpRequest = new HttpRequest() as IVersionedNodeType;
	// The node must have been built on the same n8n-workflow as the engine and our node: one copy.
	if (!(httpRequest instanceof VersionedNodeType)) {
		throw new Error('The HTTP Request node loaded a second copy of n8n-workflow (bench/register.cjs must pin it)');
	}
	return httpRequest;
}

/**
 * The harness's registry plus n8n-base's HTTP Request node (and the few base nodes of BASE_NODES), resolving versions as n8n does; the
 * package's nodes from another checkout or widened, when the environment asks (bench/nodeSource.ts).
 */
export const benchNodeTypes: INodeTypes = {
	getByName(name: string) {
		if (name === HTTP_REQUEST) return loadHttpRequestNode();
		if (name === PROGRAMMATIC_LOOKUP) return (programmatic ??= programmaticTaxpayerLookup());
		if (name in BASE_NODES) return loadBaseNode(name);
		return nodeTypeFromEnvironment(name) ?? nodeTypesRegistry.getByName(name);
	},
	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	},
	getKnownTypes() {
		return {};
	},
};

export interface WorkflowRun {
	/** Full node type name, e.g. `n8n-nodes-taxpayer-messaging.taxpayerLookup` or HTTP_REQUEST. */
	type: string;
	typeVersion: number;
	parameters: INode['parameters'];
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	items: INodeExecutionData[];
}

/** Items → the node, through WorkflowExecute (the test harness's runNode); returns the node's output items and the run. */
export async function runWorkflow(options: WorkflowRun): Promise<{ items: INodeExecutionData[]; run: IRun }> {
	const { items, error, run } = await runNode({
		type: options.type,
		typeVersion: options.typeVersion,
		parameters: options.parameters,
		items: options.items,
		credentials: options.credentials ?? {},
		nodeTypes: benchNodeTypes,
	});
	if (error) throw error;
	return { items, run };
}

/**
 * Sends one file with the Messaging node's Send Media from a binary property (the media cases of
 * the bench), against the Evolution fake named by BENCH_EVOLUTION_URL / BENCH_EVOLUTION_KEY. Fails
 * unless exactly one item comes out, without error and without the server's echo of the file.
 */
export async function sendMediaFromBinary(binary: IBinaryData): Promise<INodeExecutionData> {
	const { items } = await runWorkflow({
		type: 'n8n-nodes-taxpayer-messaging.messaging',
		typeVersion: 1,
		parameters: {
			resource: 'message',
			operation: 'sendMedia',
			instanceName: { __rl: true, mode: 'list', value: 'sales' },
			number: '+51 987 654 321',
			mediaType: 'document',
			mediaSource: 'binary',
			binaryPropertyName: 'data',
		},
		credentials: { messagingApi: { serverUrl: String(process.env.BENCH_EVOLUTION_URL), apiKey: String(process.env.BENCH_EVOLUTION_KEY) } },
		items: [{ json: { row: 1 }, binary: { data: binary } }],
	});
	if (items.length !== 1 || items[0].error) throw new Error(`send media failed: ${JSON.stringify(items[0]?.json)}`);
	if ('base64' in ((items[0].json.message as object | undefined) ?? {})) throw new Error('send media: the echoed base64 reached the output');
	return items[0];
}
