// Shared setup of the SUNAT node's Register (SIRE) tests: one SIRE fake per test file, the sandbox
// taxpayer's credential pointed at it, and a runner of the node's register operations.
import { afterAll, beforeAll, beforeEach } from 'vitest';

import { SANDBOX_SIRE_CLIENT, startSireFake, type SireFake, type SireFakeOptions } from '../../../../fakes/sire';
import { thisPeriod } from '../../../../nodes/SunatInvoice/sire/books';
import { runNode, type NodeRunResult } from '../../../harness/engine';

export function useSireFake(options: SireFakeOptions = {}) {
	const state = {} as { fake: SireFake };
	beforeAll(async () => {
		state.fake = await startSireFake({ ...options });
	});
	beforeEach(() => {
		state.fake.reset();
	});
	afterAll(async () => {
		await state.fake.close();
	});
	return state;
}

/** The sandbox taxpayer's SIRE credential, pointed at the fake. */
export function sireCredential(fake: SireFake, changes: Record<string, unknown> = {}) {
	return {
		clientId: SANDBOX_SIRE_CLIENT.clientId,
		clientSecret: SANDBOX_SIRE_CLIENT.clientSecret,
		ruc: SANDBOX_SIRE_CLIENT.ruc,
		solUser: SANDBOX_SIRE_CLIENT.solUser,
		solPassword: SANDBOX_SIRE_CLIENT.solPassword,
		tokenUrl: `${fake.url}/`,
		apiUrl: fake.url,
		accessToken: '',
		...changes,
	};
}

export interface RegisterRun {
	operation: string;
	parameters?: Record<string, unknown>;
	items?: Array<{ json: Record<string, unknown> }>;
	continueOnFail?: boolean;
	/** Changes to the credential (another secret, a token already stored). */
	credential?: Record<string, unknown>;
	/** The node type: `sunatInvoiceTool` for the AI-tool variant. */
	type?: string;
}

export async function runRegister(fake: SireFake, run: RegisterRun, store: Record<string, Record<string, unknown>> = { sunatSireApi: sireCredential(fake, run.credential) }): Promise<NodeRunResult> {
	return await runNode({
		type: run.type ?? 'sunatInvoice',
		parameters: { resource: 'register', operation: run.operation, ...run.parameters } as never,
		items: run.items as never,
		continueOnFail: run.continueOnFail,
		credentials: store as never,
	});
}

/** The fake's API requests as method, path and query: what the node sent, in order. */
export const sent = (fake: SireFake) => fake.apiRequests().map((request) => ({ method: request.method, path: request.path.replace('/v1/contribuyente/migeigv/libros', ''), query: request.query }));

export const jsonOf = (result: NodeRunResult) => result.items.map((item) => item.json);

/** The month after this one in Lima, YYYYMM: a period SUNAT has no register for yet. */
export function nextMonth(): string {
	const [year, month] = thisPeriod().match(/^(\d{4})(\d{2})$/)!.slice(1).map(Number);
	return month === 12 ? `${year + 1}01` : `${year}${String(month + 1).padStart(2, '0')}`;
}

/** This month in Lima as errors show it: 2026-12. */
export const thisMonthShown = () => `${thisPeriod().slice(0, 4)}-${thisPeriod().slice(4)}`;

/** The ticket query the node sends for `numTicket` of `period`. */
export const ticketQuery = (numTicket: string, period = '202503') => ({
	method: 'GET',
	path: '/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets',
	query: { perIni: period, perFin: period, page: '1', perPage: '20', numTicket },
});
