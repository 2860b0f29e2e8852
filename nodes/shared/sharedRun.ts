// What an operation's hooks see of the node run their item is in: what the run keeps for all its
// items under keys a service makes (the Messaging server's release), and where its requests go. runState.ts's RunState is it;
// this file stands beside the contract, below the runtime, so that operations can name it.

/** A key for what a service keeps per run, typed by what it keeps (`new RunSlot<Promise<string>>('…')`). */
export class RunSlot<T> {
	declare private readonly kept: T;
	constructor(readonly name: string) {}
}

/** What an operation's hooks see of the node run their item is in (runState.ts's RunState): what it keeps for all its items. */
export interface SharedRun {
	/** What the run keeps under `key`: made by `make` the first time it is asked for, shared after. */
	slot<T>(key: RunSlot<T>, make: () => T): T;
	/** Where the run's requests go, read once for the run (the runner reads it before any hook sends); `read` serves the first asker. */
	server(read: () => Promise<{ baseURL: string }>): Promise<{ baseURL: string }>;
}
