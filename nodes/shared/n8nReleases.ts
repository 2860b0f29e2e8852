// What differs between the n8n releases the package supports (1.123.x and 2.0 onwards), where the
// nodes call n8n rather than n8n calling them. A community package runs with the n8n-workflow and
// n8n-core of the n8n it is loaded into, so a name n8n-workflow added later is not imported by
// name (the import would be undefined there, and the call a TypeError): it is looked up here and
// used only when present, with what each release does written beside it. It relies on RoutingNode's
// insides too: the releases its RoutingNode was checked against (PROVEN_RELEASES), and what it refuses
// for a credential's domains in each (`routingNodeDomainRefusal`); docs/architecture.md lists every
// file that relies on them. test/nodes/shared/n8nReleases.test.ts
// pins each branch; test/nodes/shared/runtimeImports.test.ts fails when the built package imports
// from n8n-workflow a name the oldest supported releases lack.
import * as workflow from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

/**
 * The releases whose RoutingNode and execution functions this file and routingNodeAdaptation.ts
 * were checked against (test/n8n-releases/ holds one folder each): a release joins the matrix here
 * once checked, and test/nodes/shared/routingNodeAdaptation.test.ts fails until it does.
 */
export const PROVEN_RELEASES: readonly string[] = ['1.123.81', '2.0.3', '2.33.7', '2.41.1'];

/** n8n-workflow's `getCredentialAllowedDomains`, in any of its three forms, when the release has it. */
type AllowedDomainsFunction = (first: unknown, second?: unknown) => string | undefined;

/**
 * How the release's getCredentialAllowedDomains takes its arguments, found by asking it once
 * about a credential restricted to one domain: the positional form (n8n-workflow 1.120 with
 * `(credentialData, nodeEndpointUrl)`, 2.20 with `(credentialData)`) reads the restriction from its
 * first argument, the options form (2.25 on: `{ node, credentialData, ... }`) finds none there.
 */
let argumentForm: 'positional' | 'options' | undefined;

function formOf(allowedDomains: AllowedDomainsFunction): 'positional' | 'options' {
	if (argumentForm) return argumentForm;
	const probe = { allowedHttpRequestDomains: 'domains', allowedDomains: 'probe.invalid' };
	let answer: string | undefined;
	try {
		answer = allowedDomains(probe, 'https://probe.invalid');
	} catch {
		answer = undefined;
	}
	argumentForm = answer === undefined ? 'options' : 'positional';
	return argumentForm;
}

/**
 * The domains a credential lets the node's own requests reach, as the release's RoutingNode would
 * have derived them had the node's base URL been in its request defaults (the runner sets it per
 * run instead; server.ts). `undefined`: no restriction.
 * - 2.0 to 2.17, and 1.123's first patches (1.123.0): n8n-workflow has no such function and
 *   RoutingNode restricts nothing.
 * - 1.123's later patches (1.123.81, n8n-workflow 1.120.31): the credential's list, with the node's
 *   own host added.
 * - 2.20: the credential's list as written.
 * - 2.25 to 2.35: the list, without the node's own host: a credential restricted to other domains
 *   makes n8n refuse every request (`domainRefusal`); one set to None makes RoutingNode itself throw
 *   "This credential is configured to prevent use within an HTTP Request node" for every item.
 * - 2.36 on: the list with the node's own host, which the credential owns (`credentialOwnedSurface`).
 */
export function credentialAllowedDomains(node: INode, credentialData: ICredentialDataDecryptedObject, nodeEndpointUrl: string): string | undefined {
	if (!('getCredentialAllowedDomains' in workflow)) return undefined;
	const allowedDomains = (workflow as unknown as { getCredentialAllowedDomains: AllowedDomainsFunction }).getCredentialAllowedDomains;
	if (formOf(allowedDomains) === 'positional') return allowedDomains(credentialData, nodeEndpointUrl);
	return allowedDomains({ node, credentialData, credentialOwnedSurface: true, nodeEndpointUrl });
}

/** RoutingNode's words for a credential restricted to listed domains with none listed (every release that checks it). */
const NO_ALLOWED_DOMAINS = 'No allowed domains specified. Configure allowed domains or change restriction setting.';

/**
 * What the release's RoutingNode refuses, before any request, for the credential's restriction, as
 * it asks for a node whose request defaults hold no base URL (the runner sets it per run): its own
 * error, for an operation that runs outside RoutingNode (a custom operation) to refuse alike.
 * `undefined`: RoutingNode lets the request go.
 * - 2.0 to 2.17: no such function, no refusal.
 * - 1.123.81 (n8n-core 1.122.48): asks `(credentials, baseURL)` and refuses "No allowed domains
 *   specified" itself when the credential is restricted to domains and the answer is empty.
 * - 2.33 (n8n-core 2.33.2): asks `{ node, credentialData }`, which throws for None ("configured to
 *   prevent use within an HTTP Request node") and for domains with none listed.
 * - 2.41: asks with `credentialOwnedSurface` (its base URL, none, is the node's own): None passes,
 *   domains with none listed throws.
 */
export function routingNodeDomainRefusal(node: INode, credentialData: ICredentialDataDecryptedObject): Error | undefined {
	if (!('getCredentialAllowedDomains' in workflow)) return undefined;
	const allowedDomains = (workflow as unknown as { getCredentialAllowedDomains: AllowedDomainsFunction }).getCredentialAllowedDomains;
	try {
		if (formOf(allowedDomains) === 'positional') {
			const allowed = allowedDomains(credentialData, undefined);
			return credentialData.allowedHttpRequestDomains === 'domains' && !allowed ? new workflow.NodeOperationError(node, NO_ALLOWED_DOMAINS) : undefined;
		}
		allowedDomains({ node, credentialData, credentialOwnedSurface: true, nodeEndpointUrl: undefined });
		return undefined;
	} catch (error) {
		return error instanceof Error ? error : new workflow.NodeOperationError(node, String(error));
	}
}

/** What a node's execute functions offer to make n8n check a resume link's signature. */
interface SignatureSwitch {
	setSignatureValidationRequired?: () => void;
}

/**
 * Makes n8n refuse a resume link that is not the one it signed (Send and Wait for Response).
 * n8n 1.123 and 2.0 to 2.13 (n8n-core up to 2.11.x) check a waiting execution's link signature
 * only when the node asked for it with `setSignatureValidationRequired()`, which sets the
 * execution's `validateSignature`; from n8n-core 2.14 on every signed link is checked and the
 * function is gone.
 */
export function requireSignedResumeLinks(fns: object): void {
	(fns as SignatureSwitch).setSignatureValidationRequired?.();
}

/** What a node's functions offer to read the workflow's settings. */
interface WorkflowSettingsReader {
	getWorkflowSettings?: () => { binaryMode?: string };
}

/**
 * Whether the workflow keeps binary data in the items' JSON (binary mode "combined", n8n 2.x's later
 * releases). n8n 2.0's execution functions have no `getWorkflowSettings` (1.123's and later 2.x's
 * do), and no such mode: there it is false.
 */
export function keepsBinaryInJson(fns: object): boolean {
	const reader = fns as WorkflowSettingsReader;
	return typeof reader.getWorkflowSettings === 'function' && reader.getWorkflowSettings().binaryMode === 'combined';
}

/**
 * How long a poll may take. n8n 2.41 gives each poll a budget (`getPollBudgetMs`); 1.123 and 2.0
 * give none, and the caller's own limit applies.
 */
export function pollBudgetMs(fns: object, fallbackMs: number): number {
	const budget = (fns as { getPollBudgetMs?: () => number }).getPollBudgetMs;
	return typeof budget === 'function' ? budget.call(fns) : fallbackMs;
}

/**
 * The texts a failure carries: its own message and its causes', and the `messages` n8n keeps. Before
 * n8n-workflow 2.36 a wrapped error's own message survives only among the wrapper's `messages`.
 */
export function failureTexts(error: unknown): string[] {
	const texts: string[] = [];
	const seen = new Set<unknown>();
	let current = error as { message?: unknown; messages?: unknown; cause?: unknown } | undefined;
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current);
		texts.push(String(current.message ?? ''), ...(Array.isArray(current.messages) ? current.messages.map(String) : []));
		current = current.cause as typeof current;
	}
	return texts;
}

/** n8n's refusal of a host a credential's Allowed HTTP Request Domains do not list. */
export interface DomainRefusal {
	host: string;
	allowedDomains: string;
}

/** The host of what n8n's refusal names: the whole URL (2.33) or its host and port (2.41). */
function hostOf(named: string): string {
	try {
		return new URL(/^[a-z]+:\/\//i.test(named) ? named : `http://${named}`).hostname;
	} catch {
		return named;
	}
}

/**
 * n8n's own refusal, before any request, of a URL outside the credential's allowed domains
 * (@n8n/backend-network's `Domain not allowed: …`, which n8n-workflow's `assertUrlAllowed` words).
 * n8n 2.25 to 2.35 apply the list to the node's own server too (2.36 exempts the server the
 * credential owns, 1.123's later patches add the node's own host): there a credential restricted to
 * other domains refuses every request of the node. The refusal is not an error with a socket code:
 * read as a request with no answer it would be taken for an unreachable server.
 */
export function domainRefusal(error: unknown): DomainRefusal | undefined {
	for (const text of failureTexts(error)) {
		const refused = /Domain not allowed: This credential is restricted from accessing (\S+?)\.? Only the following domains are allowed: (.*)$/.exec(text);
		if (refused) return { host: hostOf(refused[1]), allowedDomains: refused[2] };
	}
	return undefined;
}
