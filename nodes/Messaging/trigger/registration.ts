// The webhook's lifecycle at Evolution (n8n's webhook methods): activation points the instance's one
// webhook at this node with a secret header, deactivation puts back what was there before. What
// was there, and the secret, live in the workflow's static data (n8n keeps test and production
// registrations apart, so "Listen for test event" restores the production webhook after it).
import { NodeOperationError, randomString, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { showValue, valueAndProblem } from '../../shared/checks';
import { asNodeError } from '../../shared/errors';
import { evolutionRequest } from '../transport';
import { checkInstanceName } from '../validation/recipients';
import { compareReleases, releaseParts } from '../serverRelease';
import { ALL_EVOLUTION_EVENTS, needsRelease, subscriptionFor, type TriggerEvent } from './events';
import { parseSenders } from './filters';

/** The header Evolution sends back on every delivery; a delivery without this workflow's secret is refused. */
export const VERIFICATION_HEADER = 'x-n8n-messaging-secret';

/**
 * Kept with the webhook at Evolution: which workflow of this n8n receives the instance's events
 * (its id, then its name URI-encoded: header values are ASCII), so that another trigger wanting
 * the same instance can say which workflow has it.
 */
export const WORKFLOW_HEADER = 'x-n8n-messaging-workflow';

function workflowLabel(fns: IHookFunctions): string {
	const { id, name } = fns.getWorkflow();
	return `${id ?? ''} ${encodeURIComponent(name ?? '')}`;
}

/** The name of the workflow of this n8n a found webhook delivers to, when one of our triggers set it. */
function workflowNameOf(found: FoundWebhook): string | undefined {
	const label = found.headers?.[WORKFLOW_HEADER];
	if (typeof label !== 'string' || !label.includes(' ')) return undefined;
	try {
		return decodeURIComponent(label.slice(label.indexOf(' ') + 1)) || undefined;
	} catch {
		return undefined;
	}
}

/** Whether a URL is a webhook of this n8n (same address as this node's, under /webhook or /webhook-test). */
function isOnThisN8n(url: string, ownUrl: string): boolean {
	try {
		return new URL(url).origin === new URL(ownUrl).origin && /^\/webhook(-test)?\//.test(new URL(url).pathname);
	} catch {
		return false;
	}
}

/**
 * The error when the instance already delivers elsewhere. n8n shows only the message of an
 * activation error (not its description), so the message itself says what to do.
 */
function webhookInUseError(fns: IHookFunctions, instanceName: string, found: FoundWebhook, ownUrl: string): NodeOperationError {
	const workflow = workflowNameOf(found);
	const own = workflow !== undefined || isOnThisN8n(found.url ?? '', ownUrl);
	const where = workflow !== undefined ? `the workflow "${workflow}" of this n8n` : own ? `another workflow of this n8n (${found.url})` : found.url;
	const way = own
		? `To listen here, turn on Options → Replace Existing Webhook (that workflow gets its webhook back when this one stops), unpublish ${workflow !== undefined ? `"${workflow}"` : 'that workflow'}, or pick another instance.`
		: 'To listen here, turn on Options → Replace Existing Webhook (that receiver gets its webhook back when this workflow stops), or remove the webhook in the Evolution API manager.';
	return new NodeOperationError(fns.getNode(), `Instance "${instanceName}" already sends its events to ${where}. ${way}`, {
		description: `Evolution API keeps one webhook per instance (now ${found.url}), so listening here would cut that receiver off.`,
	});
}

/** What the node keeps in the workflow's static data. */
export interface Registration extends IDataObject {
	secret?: string;
	/** The URL this node registered. */
	url?: string;
	/** The instance's webhook before this node replaced it (null: there was none). */
	previous?: IDataObject | null;
	/** Recent deliveries' keys, to start the workflow once per message (delivery.ts). */
	recent?: string[];
}

/** A webhook as `GET /webhook/find` answers it (2.1+: `webhookByEvents`, `webhookBase64`, `headers` from 2.1.1). */
interface FoundWebhook extends IDataObject {
	url?: string;
	enabled?: boolean;
	events?: string[];
	headers?: IDataObject | null;
	webhookByEvents?: boolean;
	webhookBase64?: boolean;
}

function instanceNameOf(fns: IHookFunctions): string {
	const raw = fns.getNodeParameter('instanceName', '', { extractValue: true });
	const checked = checkInstanceName(raw);
	if (!checked.valid) throw new NodeOperationError(fns.getNode(), `Instance ${valueAndProblem(raw, checked.problem)}`, { description: checked.hint });
	return checked.value;
}

function optionsOf(fns: IHookFunctions): IDataObject {
	return fns.getNodeParameter('options', {}) as IDataObject;
}

/**
 * The server's release from `GET /` (no key, open behind 2.4's licence gate), or undefined when it
 * does not say: then the webhook subscribes only to what every release from 2.1 has.
 */
async function serverReleaseOf(fns: IHookFunctions): Promise<number[] | undefined> {
	try {
		const answer = await evolutionRequest(fns, { method: 'GET', url: '/' }, { operation: 'serverInfo', subject: 'the server' });
		return releaseParts((answer as { version?: unknown } | null)?.version);
	} catch {
		return undefined;
	}
}

/** What the node's parameters ask for (checked before any request): the events chosen and whether deliveries carry files as base64. */
function wanted(fns: IHookFunctions) {
	const events = fns.getNodeParameter('events', []) as TriggerEvent[];
	if (events.length === 0) {
		throw new NodeOperationError(fns.getNode(), 'No event is chosen', { description: 'Pick at least one event in Trigger On, for example Message Received.' });
	}
	const options = optionsOf(fns);
	const { invalid } = parseSenders(options.senders);
	if (invalid.length > 0) {
		throw new NodeOperationError(fns.getNode(), `Only From Senders holds ${invalid.map((entry) => showValue(entry)).join(', ')}, which is not a phone number or WhatsApp address`, {
			description: 'Give numbers with country code (e.g. +51 987 654 321) or addresses like 51987654321@s.whatsapp.net, separated by commas.',
		});
	}
	// Files in deliveries only when asked: n8n refuses a webhook body over its payload limit, so a big
	// file would lose its message; otherwise each file is fetched after its delivery (trigger/media.ts).
	return { events, base64: options.includeMedia === true && options.mediaFrom === 'delivery' };
}

/** The Evolution events to subscribe to; the release is asked only for an event a later one brought (Message Edited's SEND_MESSAGE_UPDATE, 2.3.0). */
async function subscription(fns: IHookFunctions, events: TriggerEvent[]): Promise<string[]> {
	const release = needsRelease(events) ? await serverReleaseOf(fns) : undefined;
	return subscriptionFor(events, (since) => release !== undefined && compareReleases(release, releaseParts(since)!) >= 0);
}

async function findWebhook(fns: IHookFunctions, instanceName: string): Promise<FoundWebhook | null> {
	const found = await evolutionRequest(
		fns,
		{ method: 'GET', url: `/webhook/find/${encodeURIComponent(instanceName)}` },
		{ operation: 'findWebhook', subject: 'the webhook', about: { instance: instanceName } },
		{ acceptNull: true },
	);
	return found && typeof found === 'object' && typeof (found as FoundWebhook).url === 'string' ? (found as FoundWebhook) : null;
}

async function setWebhook(fns: IHookFunctions, instanceName: string, webhook: IDataObject): Promise<IDataObject> {
	try {
		return (await evolutionRequest(
			fns,
			{ method: 'POST', url: `/webhook/set/${encodeURIComponent(instanceName)}`, body: { webhook } },
			{ operation: 'setWebhook', subject: 'the webhook', about: { instance: instanceName } },
			{ acceptNull: true },
		)) as IDataObject;
	} catch (error) {
		// 2.0.x validates a flat body and reports the nested one as missing these.
		if (/requires property \\?"enabled\\?"/.test((error as Error).message)) {
			throw new NodeOperationError(fns.getNode(), `The Evolution API server of instance "${instanceName}" is older than 2.1.1, which the Messaging Trigger needs`, {
				description: 'The trigger sets a webhook with a secret header, which Evolution API sends from version 2.1.1 on. Update the server.',
			});
		}
		throw asNodeError(fns.getNode(), error);
	}
}

/** The body that puts a found webhook back as it was. */
function restoring(found: FoundWebhook): IDataObject {
	return {
		enabled: found.enabled === true,
		url: found.url,
		events: Array.isArray(found.events) ? found.events : [],
		byEvents: found.webhookByEvents === true,
		base64: found.webhookBase64 === true,
		// An empty object clears this node's secret header; the server keeps headers left out.
		headers: found.headers && typeof found.headers === 'object' ? found.headers : {},
	};
}

/** Whether a URL is one of this node's (its production or test URL). */
const isThisNodes = (fns: IHookFunctions, url: string | undefined) => {
	const webhookId = fns.getNode().webhookId;
	return url !== undefined && webhookId !== undefined && webhookId !== '' && url.includes(`/${webhookId}/`);
};

/** Whether a found list is what was asked: the same names, or for All Events (an empty list, saved expanded) every name of 2.1 on. */
const sameEvents = (found: unknown, want: string[]) =>
	Array.isArray(found) &&
	(want.length === 0 ? ALL_EVOLUTION_EVENTS.every((name) => (found as string[]).includes(name)) : [...(found as string[])].sort().join() === want.join());

export const webhookLifecycle = {
	/** True when the instance already delivers what this node wants, to it, with its secret. */
	async checkExists(this: IHookFunctions): Promise<boolean> {
		const instanceName = instanceNameOf(this);
		const want = wanted(this);
		const registration = this.getWorkflowStaticData('node') as Registration;
		const found = await findWebhook(this, instanceName);
		const url = this.getNodeWebhookUrl('default');
		const inPlace =
			found !== null &&
			registration.secret !== undefined &&
			found.enabled === true &&
			found.url === url &&
			found.headers?.[VERIFICATION_HEADER] === registration.secret &&
			found.webhookBase64 === want.base64 &&
			found.webhookByEvents !== true;
		// The events last: only then may the server's release be asked.
		return inPlace && sameEvents(found.events, await subscription(this, want.events));
	},

	async create(this: IHookFunctions): Promise<boolean> {
		const instanceName = instanceNameOf(this);
		const want = wanted(this);
		const url = this.getNodeWebhookUrl('default') as string;
		const registration = this.getWorkflowStaticData('node') as Registration;
		const found = await findWebhook(this, instanceName);
		const inUse = found !== null && found.enabled === true && /^https?:\/\//.test(found.url ?? '');
		if (inUse && !isThisNodes(this, found.url) && optionsOf(this).replaceExistingWebhook !== true) {
			throw webhookInUseError(this, instanceName, found, url);
		}
		// Keep the webhook to restore: the one found, unless it is this very URL (a re-activation).
		if (found === null) registration.previous ??= null;
		else if (found.url !== url) registration.previous = restoring(found);
		const secret = registration.secret ?? randomString(40);
		const saved = await setWebhook(this, instanceName, {
			enabled: true,
			url,
			headers: { [VERIFICATION_HEADER]: secret, [WORKFLOW_HEADER]: workflowLabel(this) },
			byEvents: false,
			base64: want.base64,
			events: await subscription(this, want.events),
		});
		// 2.1.0 stores no headers: deliveries would come without the secret and all be refused.
		const savedHeaders = saved.headers as IDataObject | undefined;
		if (!savedHeaders || savedHeaders[VERIFICATION_HEADER] !== secret) {
			if (registration.previous) await setWebhook(this, instanceName, registration.previous);
			throw new NodeOperationError(this.getNode(), `The Evolution API server of instance "${instanceName}" did not keep the webhook's headers`, {
				description: 'The trigger checks a secret header on every delivery, which Evolution API sends from version 2.1.1 on. Update the server.',
			});
		}
		registration.secret = secret;
		registration.url = url;
		return true;
	},

	/** Puts back the webhook found at activation, or turns the instance's webhook off; leaves a webhook someone set since alone. */
	async delete(this: IHookFunctions): Promise<boolean> {
		const instanceName = instanceNameOf(this);
		const registration = this.getWorkflowStaticData('node') as Registration;
		const url = registration.url ?? (this.getNodeWebhookUrl('default') as string);
		const found = await findWebhook(this, instanceName);
		if (found !== null && found.url === url) {
			const previous = registration.previous;
			await setWebhook(this, instanceName, previous ? previous : { enabled: false, url, events: [] });
		}
		delete registration.secret;
		delete registration.url;
		delete registration.previous;
		delete registration.recent;
		return true;
	},
};
