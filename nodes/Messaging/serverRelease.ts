// The server's release, when an operation needs it: read from `GET /` (no key, open even behind 2.4's
// licence gate) once per node run, for every item of the run, as server.ts reads the credential
// (n8n gives every item of a run the same execute data, and each run a new one).
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { serverOfRun } from '../shared/server';
import { messagingApi } from './transport';

type ReleaseFunctions = Pick<IExecuteSingleFunctions, 'getExecuteData' | 'getCredentials' | 'getNode' | 'helpers'>;

/** Negative, zero or positive as release `a` (`2.3.7`) is before, the same as, or after `b`. */
export function compareReleases(a: number[], b: number[]): number {
	return a.reduce((order, part, i) => order || part - (b[i] ?? 0), 0);
}

/** The numbers of a release as `GET /` names it (`2.4.0`, `2.4.0-rc2`), or undefined for anything else. */
export function releaseParts(version: unknown): number[] | undefined {
	const match = typeof version === 'string' ? /^(\d{1,3})\.(\d{1,3})\.(\d{1,4})(-[\w.]{1,20})?$/.exec(version.trim()) : null;
	return match ? match.slice(1, 4).map(Number) : undefined;
}

const releases = new WeakMap<object, Promise<string | undefined>>();

/** Outside the run's pacing and error handling: a server that does not answer it fails no item. */
async function ask(fns: ReleaseFunctions): Promise<string | undefined> {
	try {
		const { baseURL } = await serverOfRun(fns, messagingApi.server);
		const root = `${baseURL}/`;
		const answer = (await fns.helpers.httpRequest({ method: 'GET', url: root, json: true, headers: { Accept: 'application/json' } })) as { version?: unknown } | null;
		return releaseParts(answer?.version) ? String(answer!.version).trim() : undefined;
	} catch {
		// A server that does not tell is sent the request as it is; its own answer then says what it refuses.
		return undefined;
	}
}

/** The server's release (`2.3.7`), or undefined when `GET /` does not name one; asked once per run. */
export function serverReleaseOfRun(fns: ReleaseFunctions): Promise<string | undefined> {
	const run = fns.getExecuteData?.();
	if (!run) return ask(fns);
	let known = releases.get(run);
	if (!known) {
		known = ask(fns);
		releases.set(run, known);
	}
	return known;
}
