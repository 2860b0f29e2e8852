// What the e2e files start and stop alike: n8n with the sandbox's Messaging credential on an
// Evolution fake (as `npm start` makes them), and the teardown of whatever a file started.
import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFakeOptions } from '../../fakes/evolution';
import { SANDBOX_CREDENTIALS, SANDBOX_FAKE_OPTIONS } from '../harness/n8n.mjs';
import { N8n, type N8nServer } from './n8n';

/** An Evolution fake with the sandbox's options (and `options` over them), and n8n holding the sandbox's Messaging credential for it. */
export async function n8nWithMessaging(options: EvolutionFakeOptions = {}) {
	const messaging = await startEvolutionFake({ ...SANDBOX_FAKE_OPTIONS.messaging, ...options });
	const n8n = await N8n.start();
	n8n.credential(SANDBOX_CREDENTIALS.messaging.type, { serverUrl: messaging.url, apiKey: DEFAULT_API_KEY }, SANDBOX_CREDENTIALS.messaging);
	return { messaging, n8n };
}

/** Stops what a file started, each only if it was: n8n's server, then n8n's user folder, then the fakes in order. */
export async function stopAll(server: N8nServer | undefined, n8n: N8n | undefined, ...fakes: Array<{ close(): Promise<unknown> } | undefined>) {
	await server?.stop();
	await n8n?.dispose();
	for (const fake of fakes) await fake?.close();
}
