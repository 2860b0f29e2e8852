// What one node run shares among its items, in one object found once per item: the run's pacing,
// where its requests go (the server, read from the credential once), the claim of an operation made
// once for all the items, and what a service keeps per run under keys of its own (the Messaging
// service's server release). n8n gives every item of a run the same execute data, and a new one to
// each run, so nothing is shared across runs, executions or processes. This is the one module-level
// map under nodes/ keyed on n8n's objects (test/nodes/structure.test.ts).
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import type { RunSlot, SharedRun } from './sharedRun';
import { RunPacing } from './pacing';
import type { RunServer } from './server';

export { RunSlot } from './sharedRun';

export class RunState implements SharedRun {
	readonly pacing: RunPacing;
	private knownServer: Promise<RunServer> | undefined;
	private claimed = false;
	private slots: Map<RunSlot<unknown>, unknown> | undefined;

	constructor(cancelSignal?: AbortSignal) {
		this.pacing = new RunPacing(cancelSignal);
	}

	/** Where the run's requests go: `read` (the credential) runs for the run's first item, the others share its answer. */
	server(read: () => Promise<RunServer>): Promise<RunServer> {
		return (this.knownServer ??= read());
	}

	/** True for the first item that claims the run for an operation made once for all its items; false after. */
	claimOncePerRun(): boolean {
		if (this.claimed) return false;
		this.claimed = true;
		return true;
	}

	/** What the run keeps under `key`: made by `make` the first time it is asked for, shared after. */
	slot<T>(key: RunSlot<T>, make: () => T): T {
		this.slots ??= new Map();
		if (this.slots.has(key)) return this.slots.get(key) as T;
		const made = make();
		this.slots.set(key, made);
		return made;
	}
}

/** What finding a run's state needs of n8n's functions: the run's execute data, its cancel signal. */
export type RunStateFunctions = Pick<IExecuteSingleFunctions, 'getExecuteData' | 'getExecutionCancelSignal'>;

const states = new WeakMap<object, RunState>();

/** The state of the node run `fns` belong to; without execute data (no run to key on), a state of its own. */
export function runStateOf(fns: RunStateFunctions): RunState {
	const run = fns.getExecuteData?.();
	if (!run) return new RunState(fns.getExecutionCancelSignal?.());
	let state = states.get(run);
	if (!state) {
		state = new RunState(fns.getExecutionCancelSignal?.());
		states.set(run, state);
	}
	return state;
}
