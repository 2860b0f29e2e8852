// Evolution API 2.4's licence gate: until the server is registered with the Evolution Foundation's
// licensing, every business route answers 503 `{"error": "service not activated", "code":
// "LICENSE_REQUIRED", "register_url", "instance_id", "docs_url", "message"}` (2.4.0-rc2's
// `src/licensing/runtime.ts`, gateMiddleware). Nothing was done; the same request keeps failing until
// someone registers the server, so the node says that and never sends it again.
import type { RequestContext } from '../shared/contract';
import type { Failure } from '../shared/errors';

export interface LicenceGate {
	/** Where to register: the server's manager login page, as the server names it. */
	registerUrl?: string;
	docsUrl?: string;
}

/** An http(s) address from the answer, or undefined: the answer is the server's and could say anything. */
function webAddress(value: unknown): string | undefined {
	if (typeof value !== 'string' || value.length > 300) return undefined;
	try {
		return /^https?:$/.test(new URL(value).protocol) ? value : undefined;
	} catch {
		return undefined;
	}
}

/** The gate's answer (503 with `code: LICENSE_REQUIRED`), or undefined for any other. */
export function licenceGateOf(statusCode: number, body: unknown): LicenceGate | undefined {
	if (statusCode !== 503 || !body || typeof body !== 'object') return undefined;
	const answer = body as { code?: unknown; register_url?: unknown; docs_url?: unknown };
	if (answer.code !== 'LICENSE_REQUIRED') return undefined;
	return { registerUrl: webAddress(answer.register_url), docsUrl: webAddress(answer.docs_url) };
}

/**
 * "the Evolution API server is not activated: open https://evo.example.com/manager/login to register
 * it (503: LICENSE_REQUIRED; licensing: https://docs…)": whole in one sentence, as a trigger's
 * activation error shows only its message.
 */
export function notActivated(gate: LicenceGate, serverUrl: string): string {
	const manager = gate.registerUrl ?? (serverUrl ? `${serverUrl.replace(/\/+$/, '')}/manager` : "the server's manager (its address followed by /manager)");
	const docs = gate.docsUrl ? `; licensing: ${gate.docsUrl}` : '';
	return `the Evolution API server is not activated: open ${manager} to register it (503: LICENSE_REQUIRED${docs})`;
}

/** What to do. */
export const ACTIVATION_HINT =
	"Evolution API 2.4 refuses every request until the server is registered with the Evolution Foundation's licensing: sign in to its manager and register it, or put a licensing key as AUTHENTICATION_API_KEY in its .env and restart it. Nothing was done on the server; run again once it is activated.";

/** The error of any request the gate refused: not retried, no advice about the WhatsApp connection. */
export function licenceFailure(gate: LicenceGate, serverUrl: string): Failure {
	return { message: notActivated(gate, serverUrl), description: ACTIVATION_HINT, httpCode: '503' };
}

/** The gate's failure: every route answers it alike, so the runner reads it before an operation's own answers (`Api.gate`). */
export function messagingGate(statusCode: number, body: unknown, context: RequestContext): Failure | undefined {
	const gate = licenceGateOf(statusCode, body);
	return gate && licenceFailure(gate, context.serverUrl);
}
