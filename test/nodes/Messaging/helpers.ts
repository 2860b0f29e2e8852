// Shared set-up of the Messaging node tests: the fake server, credentials pointing at it, and
// short ways to run the node and read what it produced.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runNode, type NodeRunResult, type RunNodeOptions } from '../../harness/engine';
import type { EvolutionFake } from '../../fakes/evolutionApi';

export function credentialsFor(fake: EvolutionFake, overrides: Partial<{ serverUrl: string; apiKey: string }> = {}) {
	return { messagingApi: { serverUrl: fake.url, apiKey: fake.apiKey, ...overrides } };
}

export const instance = (value: string, mode: 'list' | 'name' = 'list') => ({ __rl: true, mode, value });

export interface RunMessagingOptions {
	parameters: Record<string, unknown>;
	items?: Array<Pick<INodeExecutionData, 'json' | 'binary'>>;
	continueOnFail?: boolean;
	credentials?: Partial<{ serverUrl: string; apiKey: string }>;
}

export async function runMessaging(fake: EvolutionFake, options: RunMessagingOptions): Promise<NodeRunResult> {
	return await runNode({
		type: 'messaging',
		parameters: options.parameters as RunNodeOptions['parameters'],
		items: options.items,
		credentials: credentialsFor(fake, options.credentials),
		continueOnFail: options.continueOnFail,
	});
}

/** The message and description of the error that stopped the run. */
export function stopError(result: NodeRunResult): { message: string; description: string } {
	const error = result.error as { message?: string; description?: string } | undefined;
	if (!error) throw new Error(`expected the run to fail, it produced ${JSON.stringify(result.items.map((i) => i.json))}`);
	return { message: String(error.message), description: String(error.description ?? '') };
}

/** Everything an error shows a user, to check that the API key is never in it. */
export function visibleText(result: NodeRunResult): string {
	return JSON.stringify({ error: result.error, items: result.items, run: result.run.data.resultData });
}

/** Input items, one per JSON entry. */
export const itemsOf = (...entries: IDataObject[]) => entries.map((json) => ({ json }));
