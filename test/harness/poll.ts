// Runs a polling trigger of this package the way an n8n main instance does, with n8n-core's real
// PollContext and TriggersAndPollers, and keeps the trigger's static data the way n8n persists it:
//
// - Activation (ActiveWorkflowManager.add) builds a Workflow from the stored workflow (its saved
//   static data), runs one poll at once (`executePollTrigger(true)`: its error fails the
//   activation), then saves the static data.
// - A scheduled poll that returns items emits them: n8n runs the workflow, and the run saves the
//   static data. A poll that returns null commits nothing (`__commitCursor`, a no-op unless n8n's
//   durable poll cursors are on): its changes live only in the in-memory Workflow. A poll that
//   throws goes to `__emitError`.
// - Stopping n8n drops the in-memory Workflow; a restart activates again (mode `init`) from what
//   was saved.
//
// Static data is saved as n8n saves it: the whole `workflow.staticData`, as JSON, when its
// `__dataChanged` flag is set; the node's part sits under `node:<node name>`.
import { DirectoryLoader, PollContext, TriggersAndPollers, WorkflowExecute, commitStagedCursor, runPollInStagingScope } from 'n8n-core';
import {
	createRunExecutionData,
	type IDataObject,
	type IExecuteData,
	type INodeExecutionData,
	type INodeType,
	type Workflow,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { nodeTypesRegistry } from './engine';
import { PACKAGE, TriggerWorkflow, type TriggerWorkflowSetup } from './triggerWorkflow';

/** n8n's loader adds the Poll Times parameter to polling nodes; apply it once per node type. */
const loaded = new WeakSet<INodeType>();
function asLoaded(nodeType: INodeType): INodeType {
	if (!loaded.has(nodeType)) {
		const loader = DirectoryLoader.prototype as unknown as { applySpecialNodeParameters(type: INodeType): void };
		loader.applySpecialNodeParameters(nodeType);
		loaded.add(nodeType);
	}
	return nodeType;
}

export interface PollTriggerSetup extends TriggerWorkflowSetup {
	/** The node's name, which keys its static data. */
	nodeName?: string;
	/** Static data as the database holds it (JSON), e.g. another instance's `saved`. */
	saved?: string;
	/** What `getPollBudgetMs()` answers (n8n's default: 5 minutes). */
	pollBudgetMs?: number;
}

/** What one poll did. */
export interface PollOutcome {
	/** The items the poll emitted (output 0), or null when it emitted nothing. */
	items: INodeExecutionData[] | null;
	/** The error the poll raised (activation: it failed; scheduled poll: sent to `__emitError`). */
	error?: Error;
}

export class PollTriggerHarness extends TriggerWorkflow {
	/** Every emission so far, in order: one list of items per emitting poll. */
	readonly emissions: INodeExecutionData[][] = [];

	/** Every error a poll raised, in order. */
	readonly errors: Error[] = [];

	private active?: { workflow: Workflow; context: PollContext };

	private readonly triggersAndPollers = new TriggersAndPollers();

	private readonly pollBudgetMs?: number;

	constructor(setup: PollTriggerSetup) {
		super(setup, { id: 'poll-workflow', name: 'Poll test', node: { id: 'poll-trigger', name: setup.nodeName ?? 'Poll Trigger' }, saved: setup.saved });
		this.pollBudgetMs = setup.pollBudgetMs;
		asLoaded(nodeTypesRegistry.getByName(`${PACKAGE}.${setup.type}`) as INodeType);
	}

	get isActive(): boolean {
		return this.active !== undefined;
	}

	/** The trigger's static data in memory right now (what the next poll will see). */
	nodeStaticData(): IDataObject {
		if (!this.active) throw new Error('The trigger is not active');
		return JSON.parse(JSON.stringify(this.active.workflow.getStaticData('node', this.active.workflow.getNode(this.node.name)!))) as IDataObject;
	}

	/** Runs one poll like PollTriggerExecutor does; `testingTrigger` is the activation poll. */
	private async runPoll(testingTrigger: boolean): Promise<PollOutcome> {
		const { workflow, context } = this.active!;
		const node = workflow.getNode(this.node.name)!;
		let items: INodeExecutionData[] | null = null;
		try {
			await runPollInStagingScope(context, async () => {
				const response = await this.triggersAndPollers.runPollFunction(workflow, node, context);
				if (response !== null) context.__emit(response);
				else if (!testingTrigger) await commitStagedCursor(context);
			});
			// __emit ran the workflow; that run saved the static data.
			items = this.lastEmitted ?? null;
			return { items };
		} catch (error) {
			if (testingTrigger) throw error;
			context.__emitError(error as Error);
			return { items: null, error: error as Error };
		} finally {
			this.lastEmitted = undefined;
		}
	}

	private lastEmitted?: INodeExecutionData[];

	/** Activates the workflow (n8n's ActiveWorkflowManager.add) and runs the activation poll. */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<PollOutcome> {
		if (this.active) throw new Error('Already active; stop() first');
		const workflow = this.loadWorkflow();
		const node = workflow.getNode(this.node.name)!;
		const context = new PollContext(
			workflow,
			node,
			this.additionalData,
			'trigger',
			activation,
			(data) => {
				const items = data[0] ?? [];
				this.emissions.push(items);
				this.lastEmitted = items;
				this.saveStaticData(workflow);
			},
			(error) => {
				this.errors.push(error);
			},
			undefined,
			undefined,
			undefined,
			this.pollBudgetMs === undefined ? undefined : () => this.pollBudgetMs!,
		);
		this.active = { workflow, context };
		try {
			const outcome = await this.runPoll(true);
			// "If for example webhooks get created it sometimes has to save the id of them in the
			// static data. So make sure that data gets persisted."
			this.saveStaticData(workflow);
			return outcome;
		} catch (error) {
			// The activation failed: nothing was saved, the workflow is not active.
			this.active = undefined;
			this.errors.push(error as Error);
			return { items: null, error: error as Error };
		}
	}

	/** One scheduled poll (a Poll Times tick). */
	async poll(): Promise<PollOutcome> {
		if (!this.active) throw new Error('The trigger is not active');
		return await this.runPoll(false);
	}

	/** n8n stops (shut down or crashed): whatever was not saved is gone. */
	stop(): void {
		this.active = undefined;
	}

	/** n8n starts again and activates the workflow from the database (activation mode `init`). */
	async restart(): Promise<PollOutcome> {
		this.stop();
		return await this.activate('init');
	}

	/**
	 * "Fetch Test Event" in the editor: a manual execution of the workflow with the trigger as
	 * start node, through WorkflowExecute. Returns the items and the static data after the run.
	 */
	async runManually(): Promise<{ items: INodeExecutionData[]; error?: Error; staticData: IDataObject }> {
		const workflow = this.active?.workflow ?? this.loadWorkflow();
		const node = workflow.getNode(this.node.name)!;
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node, data: { main: [[{ json: {} }]] }, source: null } as IExecuteData],
			},
		});
		const mode: WorkflowExecuteMode = 'manual';
		const run = await new WorkflowExecute(this.additionalData, mode, runExecutionData).processRunExecutionData(workflow);
		const taskData = run.data.resultData.runData[node.name]?.[0];
		return {
			items: taskData?.data?.main?.[0] ?? [],
			error: run.data.resultData.error as Error | undefined,
			staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
		};
	}
}
