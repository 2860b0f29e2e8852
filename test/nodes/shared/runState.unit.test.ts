// What a node run shares (nodes/shared/runState.ts): one state per run, found by n8n's execute data
// of the run (every item of a run is given the same, each run a new one); the engine tests (pacing,
// Group → Create, the release check, SUNAT's token) show what the nodes make of it.
import type { IExecuteData } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { RunSlot, runStateOf, type RunStateFunctions } from '../../../nodes/shared/runState';

const itemOf = (run: IExecuteData | undefined): RunStateFunctions => ({
	getExecuteData: () => run as IExecuteData,
	getExecutionCancelSignal: () => undefined,
});
const newRun = (): IExecuteData => ({ data: { main: [[{ json: {} }]] }, node: { name: 'Messaging' }, source: null }) as unknown as IExecuteData;

describe('runStateOf', () => {
	it('finds one state for every item of a run, and another for the next run', () => {
		const run = newRun();
		const state = runStateOf(itemOf(run));
		expect(runStateOf(itemOf(run))).toBe(state);
		expect(runStateOf(itemOf(run)).pacing).toBe(state.pacing);
		expect(runStateOf(itemOf(newRun()))).not.toBe(state);
	});

	it('gives an item with no execute data a state of its own', () => {
		expect(runStateOf(itemOf(undefined))).not.toBe(runStateOf(itemOf(undefined)));
	});
});

describe('RunState', () => {
	it('reads the server once for the run, for every item', async () => {
		const state = runStateOf(itemOf(newRun()));
		let reads = 0;
		const read = async () => ({ baseURL: `http://127.0.0.1/${++reads}` });
		const [first, second] = await Promise.all([state.server(read), state.server(read)]);
		expect([first.baseURL, second.baseURL, reads]).toEqual(['http://127.0.0.1/1', 'http://127.0.0.1/1', 1]);
	});

	it('lets the first item claim an operation made once per run, and no other', () => {
		const run = newRun();
		expect(runStateOf(itemOf(run)).claimOncePerRun()).toBe(true);
		expect(runStateOf(itemOf(run)).claimOncePerRun()).toBe(false);
		expect(runStateOf(itemOf(newRun())).claimOncePerRun()).toBe(true);
	});

	it('keeps what a service makes once per run under its own key, apart from another key of the same name', () => {
		const state = runStateOf(itemOf(newRun()));
		const release = new RunSlot<string>('release');
		const other = new RunSlot<string>('release');
		let made = 0;
		expect(state.slot(release, () => `2.3.${++made}`)).toBe('2.3.1');
		expect(state.slot(release, () => `2.3.${++made}`)).toBe('2.3.1');
		expect(state.slot(other, () => 'another')).toBe('another');
		expect(runStateOf(itemOf(newRun())).slot(release, () => 'next run')).toBe('next run');
	});
});
