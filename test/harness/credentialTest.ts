// Tests a credential the way n8n's credential tester does when the credential type declares a
// `test` request (n8n's packages/cli/src/services/credentials-tester.service.ts, runRequestTest):
// a temporary node type whose one property routes the test request, run by a RoutingNode in an
// ExecuteContext with the credential's data; response-code rules pick the message of a failed
// answer, response-body rules judge a successful one. The result is what the editor shows.
import { ExecuteContext, RoutingNode } from 'n8n-core';
import {
	Workflow,
	createEmptyRunExecutionData,
	type ICredentialDataDecryptedObject,
	type ICredentialsDecrypted,
	type ICredentialTestRequest,
	type ICredentialType,
	type IDataObject,
	type IExecuteData,
	type INode,
	type INodeCredentialTestResult,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IWorkflowBase,
} from 'n8n-workflow';

import { additionalDataFor, registerCredentialType } from './engine';

/** The test node types, one per credential, by node type name (n8n's mockNodeTypes). */
const testNodeTypes: Record<string, INodeType> = {};

const testNodeTypesRegistry: INodeTypes = {
	getByName(name: string) {
		const found = testNodeTypes[name];
		if (!found) throw new Error(`Unknown credential test node type ${name}`);
		return found;
	},
	getByNameAndVersion(name: string) {
		return this.getByName(name) as INodeType;
	},
	getKnownTypes() {
		return {};
	},
};

/** n8n takes No Operation's description and replaces its credentials and properties. */
function registerTestNodeType(credential: ICredentialType, test: ICredentialTestRequest): INodeType {
	const nodeType = {
		description: {
			displayName: 'No Operation, do nothing',
			name: `credentialTest.${credential.name}`,
			group: ['transform'],
			version: 1,
			description: 'Sends the credential test request',
			defaults: { name: 'No Operation, do nothing' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credential.name, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: test.request }, default: '' }],
		},
	} as INodeType;
	testNodeTypes[nodeType.description.name] = nodeType;
	return nodeType;
}

/** Missing fields take the credential's defaults, as n8n's applyDefaultsAndOverwrites fills them. */
function withDefaults(credential: ICredentialType, data: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
	const defaults = Object.fromEntries(credential.properties.map((property) => [property.name, property.default]));
	return { ...defaults, ...data } as ICredentialDataDecryptedObject;
}

/** A dotted path into an object (lodash `get`, which n8n uses for responseSuccessBody rules). */
function valueAt(data: unknown, path: string): unknown {
	return path.split('.').reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], data);
}

const workflowData = { id: 'credential-test', name: 'Credential test', nodes: [], connections: {} } as unknown as IWorkflowBase;

/**
 * Tests `credential` with `credentialsData` as n8n's "Test" button does: sends its test request
 * and gives n8n's verdict, `{ status: 'OK', message: 'Connection successful!' }` or
 * `{ status: 'Error', message }` (a rule's message, the status text, or the connection error code).
 */
export async function runCredentialTest(
	credential: ICredentialType,
	credentialsData: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const test = credential.test;
	if (!test) throw new Error(`the credential ${credential.name} has no test request`);
	// The engine's credentials helper signs the request with the registered type's `authenticate`.
	registerCredentialType(credential);
	const nodeType = registerTestNodeType(credential, test);

	const data = withDefaults(credential, credentialsData);
	const credentialsDecrypted: ICredentialsDecrypted = { id: `${credential.name}-id`, name: credential.displayName, type: credential.name, data };
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [credential.name]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: testNodeTypesRegistry });
	const executeData: IExecuteData = { node, data: {}, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor({ [credential.name]: data }, workflowData),
		'internal',
		createEmptyRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		executeData,
		[],
	);
	const routingNode = new RoutingNode(context, nodeType, credentialsDecrypted);

	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await routingNode.runNode();
	} catch (caught) {
		const error = caught as { cause?: { response?: { status: number; statusText?: string }; code?: string }; message: string };
		if (error.cause?.response) {
			const { status, statusText } = error.cause.response;
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === status) return { status: 'Error', message: rule.properties.message };
			}
			if (status < 199 || status > 299) return { status: 'Error', message: statusText || `Received HTTP status code: ${status}` };
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: String(error.message) };
	}
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody' && valueAt(response?.[0]?.[0]?.json, rule.properties.key) === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
