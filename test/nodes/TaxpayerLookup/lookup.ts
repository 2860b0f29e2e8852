// Shared setup of the Taxpayer Lookup node tests: one fake per test file, and a runner.
import { afterAll, beforeAll, beforeEach } from 'vitest';

import { startLookupFake, VALID_TOKEN, type LookupFake, type LookupFakeOptions } from '../../../fakes/lookup';
import { runNode, type NodeRunResult } from '../../harness/engine';

export const TODAY = '2026-11-20';

export function useLookupFake(options: LookupFakeOptions = {}) {
	const state = {} as { fake: LookupFake };
	beforeAll(async () => {
		state.fake = await startLookupFake({ today: TODAY, ...options });
	});
	beforeEach(() => {
		state.fake.reset();
		// Options a test changed (a quota, a latency) do not carry over to the next test.
		for (const key of Object.keys(state.fake.options)) delete state.fake.options[key as keyof LookupFakeOptions];
		Object.assign(state.fake.options, { today: TODAY, ...options });
	});
	afterAll(async () => {
		await state.fake.close();
	});
	return state;
}

export interface LookupRun {
	parameters: Record<string, unknown>;
	items?: Array<{ json: Record<string, unknown> }>;
	continueOnFail?: boolean;
	token?: string;
}

export async function runLookup(fake: LookupFake, run: LookupRun): Promise<NodeRunResult> {
	return await runNode({
		type: 'taxpayerLookup',
		parameters: run.parameters as never,
		items: run.items as never,
		continueOnFail: run.continueOnFail,
		credentials: { taxpayerLookupApi: { baseUrl: `${fake.url}/`, accessToken: run.token ?? VALID_TOKEN } },
	});
}

/** A Taxpayer operation for one RUC, with Simplify on or off. */
export const runTaxpayer = async (fake: LookupFake, operation: string, ruc: string, simplify: boolean) =>
	await runLookup(fake, { parameters: { resource: 'taxpayer', operation, ruc, simplify } });

/** The JSON of the produced items. */
export const jsonOf = (result: NodeRunResult) => result.items.map((item) => item.json);
