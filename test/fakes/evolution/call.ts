// One request to the Evolution fake as a client sends it (the apikey header, a JSON body), for the
// fake's own tests; the answer's body is checked field by field, so it is left untyped.
import type { EvolutionFake } from '../../../fakes/evolution';

export async function callFake(fake: EvolutionFake, method: string, path: string, body?: unknown, apikey: string = fake.apiKey) {
	const response = await fetch(`${fake.url}${path}`, {
		method,
		headers: { apikey, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
	return { status: response.status, body: (await response.json()) as any };
}
