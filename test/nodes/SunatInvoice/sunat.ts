// Shared setup of the SUNAT Invoice node tests: one SUNAT fake per test file, and a runner.
import { afterAll, beforeAll, beforeEach } from 'vitest';

import { SANDBOX_CLIENT, startSunatFake, type SunatFake, type SunatFakeOptions } from '../../../fakes/sunat';
import { runNode, type NodeRunResult } from '../../harness/engine';

export function useSunatFake(options: SunatFakeOptions = {}) {
	const state = {} as { fake: SunatFake };
	beforeAll(async () => {
		state.fake = await startSunatFake({ ...options });
	});
	beforeEach(() => {
		state.fake.reset();
		for (const key of Object.keys(state.fake.options)) delete state.fake.options[key as keyof SunatFakeOptions];
		Object.assign(state.fake.options, options);
	});
	afterAll(async () => {
		await state.fake.close();
	});
	return state;
}

export interface InvoiceRun {
	parameters: Record<string, unknown>;
	items?: Array<{ json: Record<string, unknown> }>;
	continueOnFail?: boolean;
	/** Changes to the credential (a token already stored, another secret). */
	credential?: Record<string, unknown>;
}

/** The sandbox client's credential, pointed at the fake; the store a run keeps its token in. */
export function sunatCredential(fake: SunatFake, changes: Record<string, unknown> = {}) {
	return {
		clientId: SANDBOX_CLIENT.clientId,
		clientSecret: SANDBOX_CLIENT.clientSecret,
		ruc: SANDBOX_CLIENT.ruc,
		tokenUrl: `${fake.url}/`,
		apiUrl: fake.url,
		accessToken: '',
		...changes,
	};
}

export async function runInvoice(fake: SunatFake, run: InvoiceRun, store = { sunatApi: sunatCredential(fake, run.credential) }): Promise<NodeRunResult> {
	return await runNode({
		type: 'sunatInvoice',
		parameters: { resource: 'invoice', operation: 'validate', ...run.parameters } as never,
		items: run.items as never,
		continueOnFail: run.continueOnFail,
		credentials: store as never,
	});
}

/** Parameters that read each invoice from its item. */
export const FROM_ITEM = {
	issuerRuc: '={{ $json.ruc }}',
	receiptType: '={{ $json.type }}',
	series: '={{ $json.series }}',
	receiptNumber: '={{ $json.number }}',
	issueDate: '={{ $json.date }}',
	amount: '={{ $json.amount }}',
};

export const jsonOf = (result: NodeRunResult) => result.items.map((item) => item.json);
