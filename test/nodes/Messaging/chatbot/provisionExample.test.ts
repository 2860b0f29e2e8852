// examples/provision-customer-whatsapp.json through n8n's engine against the fake: the instance
// made, its webhook set, the Typebot attached, the QR code as the last node's file. n8n's own nodes
// are not installed here: its Manual Trigger and Set (raw JSON) are played by stand-ins; the e2e
// examples test runs the file in real n8n.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	Workflow,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IWorkflowBase,
} from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { additionalDataFor, nodeTypesRegistry } from '../../../harness/engine';
import { credentialsFor, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const example = JSON.parse(readFileSync(path.join(__dirname, '../../../../examples/provision-customer-whatsapp.json'), 'utf8')) as IWorkflowBase;

/** A node's parameters as the file has them (the stand-ins declare none, so n8n hands them none). */
const rawParameters = (name: string) => ((example.nodes as INode[]).find((node) => node.name === name)?.parameters ?? {}) as IDataObject;

/** n8n's Manual Trigger and Set in raw mode, as far as the example uses them. */
const standIn = (name: string, run: (fns: IExecuteFunctions) => INodeExecutionData[]): INodeType =>
	({
		description: { displayName: name, name, group: ['transform'], version: [1, 3.4], defaults: { name }, inputs: ['main'], outputs: ['main'], properties: [] },
		async execute(this: IExecuteFunctions) {
			return [run(this)];
		},
	}) as unknown as INodeType;

const standIns: Record<string, INodeType> = {
	'n8n-nodes-base.manualTrigger': standIn('manualTrigger', () => [{ json: {} }]),
	'n8n-nodes-base.set': standIn('set', (fns) => [{ json: JSON.parse(String(rawParameters(fns.getNode().name).jsonOutput)) as IDataObject, pairedItem: { item: 0 } }]),
};

const nodeTypes: INodeTypes = {
	getByName: (name) => standIns[name] ?? nodeTypesRegistry.getByName(name),
	getByNameAndVersion: (name, version) => standIns[name] ?? nodeTypesRegistry.getByNameAndVersion(name, version),
	getKnownTypes: () => ({}),
};

describe('examples/provision-customer-whatsapp.json', () => {
	it('creates the instance, sets its webhook, attaches the Typebot and ends with the QR code to scan', async () => {
		const { fake } = state;
		// A copy: Workflow keeps only the parameters a node type declares, in the objects it is given.
		const nodes = structuredClone(example.nodes as INode[]).filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
		const workflow = new Workflow({ id: example.id, name: example.name, nodes, connections: example.connections, active: false, nodeTypes, settings: example.settings });
		const trigger = nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger')!;
		const runData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: trigger, data: { main: [[{ json: {} }]] }, source: null }] } });
		const run = await new WorkflowExecute(additionalDataFor(credentialsFor(fake), example), 'manual', runData).processRunExecutionData(workflow);
		expect(run.data.resultData.error).toBeUndefined();
		const customer = JSON.parse(String(rawParameters('Customer').jsonOutput)) as IDataObject;
		const name = String(customer.instanceName);
		expect(fake.requests.map((request) => [request.method, request.path])).toEqual([
			['POST', '/instance/create'],
			['GET', `/webhook/find/${name}`],
			['POST', `/webhook/set/${name}`],
			['POST', `/typebot/create/${name}`],
			['GET', `/instance/connect/${name}`],
		]);
		expect(fake.requests[2].body).toMatchObject({ webhook: { enabled: true, url: customer.webhookUrl, events: ['MESSAGES_UPSERT', 'CONNECTION_UPDATE'] } });
		expect(fake.requests[3].body).toEqual({
			url: customer.typebotUrl,
			typebot: customer.typebotPublicId,
			triggerType: 'keyword',
			triggerOperator: 'equals',
			triggerValue: customer.keyword,
			enabled: true,
			description: 'Ventas',
			expire: 30,
			keywordFinish: '#salir',
		});
		const qr = run.data.resultData.runData['QR code to scan']?.at(-1)?.data?.main?.[0] ?? [];
		expect(qr).toHaveLength(1);
		expect(qr[0].binary?.data).toMatchObject({ mimeType: 'image/png', fileName: `${name}-qr.png` });
	});
});
