// The server's release, when an operation needs it: read from `GET /` (no key, open even behind 2.4's
// licence gate) once per node run, for every item of the run: the run's state keeps it
// (shared/runState.ts; an operation's hooks get it as `SharedRun`).
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { RunSlot, type SharedRun } from '../shared/sharedRun';
import { readServer } from '../shared/server';
import { messagingApi } from './transport';

type ReleaseFunctions = Pick<IExecuteSingleFunctions, 'getCredentials' | 'getNode' | 'helpers'>;

/** Negative, zero or positive as release `a` (`2.3.7`) is before, the same as, or after `b`. */
export function compareReleases(a: number[], b: number[]): number {
	return a.reduce((order, part, i) => order || part - (b[i] ?? 0), 0);
}

/** The numbers of a release as `GET /` names it (`2.4.0`, `2.4.0-rc2`), or undefined for anything else. */
export function releaseParts(version: unknown): number[] | undefined {
	const match = typeof version === 'string' ? /^(\d{1,3})\.(\d{1,3})\.(\d{1,4})(-[\w.]{1,20})?$/.exec(version.trim()) : null;
	return match ? match.slice(1, 4).map(Number) : undefined;
}

/** The release `GET /` named, kept by the run's state. */
const SERVER_RELEASE = new RunSlot<Promise<string | undefined>>('Evolution API release');

/** Outside the run's pacing and error handling: a server that does not answer it fails no item. */
async function ask(fns: ReleaseFunctions, run: SharedRun): Promise<string | undefined> {
	try {
		// The run's server, as the runner read it for its requests: the credential is not read again.
		const { baseURL } = await run.server(async () => await readServer(fns, messagingApi.server));
		const root = `${baseURL}/`;
		const answer = (await fns.helpers.httpRequest({ method: 'GET', url: root, json: true, headers: { Accept: 'application/json' } })) as { version?: unknown } | null;
		return releaseParts(answer?.version) ? String(answer!.version).trim() : undefined;
	} catch {
		// A server that does not tell is sent the request as it is; its own answer then says what it refuses.
		return undefined;
	}
}

/** The server's release (`2.3.7`), or undefined when `GET /` does not name one; asked once per run. */
export function serverReleaseOfRun(fns: ReleaseFunctions, run: SharedRun): Promise<string | undefined> {
	return run.slot(SERVER_RELEASE, async () => await ask(fns, run));
}
