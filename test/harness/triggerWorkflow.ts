// The workflow a trigger harness runs: one trigger node of this package in a stored, active
// workflow, its credentials, and its static data kept the way n8n persists it. The poll harness
// (poll.ts) and the webhook harness (webhook.ts) build on it.
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type NodeParameterValueType,
} from 'n8n-workflow';

import { additionalDataFor, nodeTypesRegistry } from './engine';

export const PACKAGE = 'n8n-nodes-taxpayer-messaging';

export interface TriggerWorkflowSetup {
	/** Node type name without the package prefix, e.g. `exchangeRateTrigger`. */
	type: string;
	parameters: Record<string, NodeParameterValueType | object>;
	credentials: Record<string, ICredentialDataDecryptedObject>;
}

/** What differs between the harnesses' stored workflows. */
export interface StoredWorkflow {
	id: string;
	name: string;
	node: { id: string; name: string; webhookId?: string };
	/** Static data as the database holds it (JSON). */
	saved?: string;
}

export class TriggerWorkflow {
	/** The workflow's static data as last saved to the database (JSON). */
	saved: string;

	readonly node: INode;

	protected readonly workflowData: IWorkflowBase;

	protected additionalData: IWorkflowExecuteAdditionalData;

	constructor(setup: TriggerWorkflowSetup, stored: StoredWorkflow) {
		this.saved = stored.saved ?? '{}';
		this.node = {
			...stored.node,
			type: `${PACKAGE}.${setup.type}`,
			typeVersion: 1,
			position: [0, 0],
			parameters: setup.parameters as INode['parameters'],
			credentials: Object.fromEntries(Object.keys(setup.credentials).map((type) => [type, { id: `${type}-id`, name: type }])),
		};
		this.workflowData = {
			id: stored.id,
			name: stored.name,
			active: true,
			isArchived: false,
			createdAt: new Date(),
			updatedAt: new Date(),
			nodes: [this.node],
			connections: {},
			settings: { executionOrder: 'v1' },
			activeVersionId: null,
		} as unknown as IWorkflowBase;
		this.additionalData = additionalDataFor(setup.credentials, this.workflowData);
	}

	/** The Workflow n8n builds from the stored workflow: parameters with defaults, and this static data (by default the saved one). */
	protected loadWorkflow(staticData: IDataObject = JSON.parse(this.saved) as IDataObject): Workflow {
		return new Workflow({
			id: this.workflowData.id,
			name: this.workflowData.name,
			nodes: [structuredClone(this.node)],
			connections: {},
			active: true,
			nodeTypes: nodeTypesRegistry,
			staticData,
			settings: this.workflowData.settings,
		});
	}

	/** WorkflowStaticDataService.saveStaticData: only when something changed; the flag is cleared once saved. */
	protected saveStaticData(workflow: Workflow) {
		if (workflow.staticData.__dataChanged === true) {
			this.saved = JSON.stringify(workflow.staticData);
			workflow.staticData.__dataChanged = false;
		}
	}

	/** The trigger's part of the saved static data. */
	savedNodeStaticData(): IDataObject | undefined {
		return (JSON.parse(this.saved) as Record<string, IDataObject>)[`node:${this.node.name}`];
	}
}
