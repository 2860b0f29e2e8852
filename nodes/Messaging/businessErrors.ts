// What the answers of the WhatsApp Business routes mean (labels, catalog, templates, and the Cloud
// API's "Method not available"), before errors.ts's general table: 2xx answers that report a
// failure, and Evolution's Meta error envelope (business and template routes). Send Template's and
// Offer Call's own answers are with them (`answers`), in words of this file.
import { detail, type Failure } from '../shared/errors';
import type { RequestContext } from '../shared/contract';

/** The route kinds of this file's resources. */
const BUSINESS_ROUTES = new Set(['label', 'business', 'template']);

/** What the caller knows of the request, in words: the instance, the recipient, the server's reason. */
export interface Named {
	instance: string;
	recipient: string;
	reason: string;
}

type Body = Record<string, unknown>;
export const asBody = (body: unknown): Body => (body && typeof body === 'object' ? (body as Body) : {});

/**
 * A 2xx that reports a failure: the catalog's catch (`{wuid, name: null, isBusiness: false}`, no
 * list), an empty template list (a Baileys instance: Meta refused its token and the service answers
 * nothing).
 */
export function isBusinessFailure(context: RequestContext | undefined, body: unknown): boolean {
	if (context?.routeKind !== 'business') return false;
	const answer = asBody(body);
	return answer.isBusiness === false && !Array.isArray(answer.catalog) && !Array.isArray(answer.collections);
}

/** The Meta error envelope of the business and template routes: `{status, error, message, details: {...}}`. */
function metaDetails(body: unknown): Body | undefined {
	const details = asBody(body).details;
	return details && typeof details === 'object' ? (details as Body) : undefined;
}

export const CLOUD_ONLY = 'Templates belong to WhatsApp Business Cloud API instances (integration WHATSAPP-BUSINESS, made with Meta\'s access token and business ID).';
export const BAILEYS_ONLY = 'It works on a Baileys instance (a number linked by QR code); pick one of those, or do it in WhatsApp Business Manager.';

/** The Cloud API channel's answer to a Baileys-only method. */
export const isNotOnCloudApi = (reason: string) => /Method not available on WhatsApp Business API/i.test(reason);

/** A Cloud API instance has no `what` ("labels", "calls"). */
export function notOnCloudApi(instance: string, what: string, httpCode: string, reason: string): Failure {
	return {
		message: `${instance} is a WhatsApp Business Cloud API instance, which has no ${what} ${detail(httpCode, reason)}`,
		description: BAILEYS_ONLY,
		httpCode,
	};
}

/** The failure of a business route's answer, or undefined when errors.ts's general table applies. */
export function businessAnswerFailure(context: RequestContext, statusCode: number, body: unknown, named: Named): Failure | undefined {
	const httpCode = String(statusCode);
	const { instance, recipient, reason } = named;
	const answer = asBody(body);
	const ok = statusCode >= 200 && statusCode < 300;

	if (ok && context.routeKind === 'business') {
		return {
			message: `no catalog could be read for ${context.subject || recipient}: it is not a WhatsApp Business account with a catalog, or WhatsApp did not answer ${detail(httpCode, 'isBusiness: false')}`,
			description: 'Check with Profile → Get Business Profile that the number is a business. A catalog exists once the business adds products in the WhatsApp Business app.',
			httpCode,
		};
	}
	if (ok && context.routeKind === 'template' && (body === undefined || body === null || body === '')) {
		return {
			message: `${instance} has no template list: the server answered nothing ${detail(httpCode, 'an empty answer')}`,
			description: `${CLOUD_ONLY} On a Baileys instance Meta refuses the instance's token and Evolution answers an empty 200.`,
			httpCode,
		};
	}
	if (ok) return undefined;
	// The Cloud API channel's answer to every Baileys-only method, on any route (Offer Call's own says "calls").
	if (isNotOnCloudApi(reason)) return notOnCloudApi(instance, context.routeKind === 'label' ? 'labels' : 'this operation', httpCode, reason);
	if (!BUSINESS_ROUTES.has(context.routeKind)) return undefined;
	if (/fetch(Catalog|Collections) is not a function/.test(reason)) {
		return {
			message: `${instance} is a WhatsApp Business Cloud API instance, which has no catalog route ${detail(httpCode, reason)}`,
			description: BAILEYS_ONLY,
			httpCode,
		};
	}
	if (statusCode === 400 && /^Unable to (add|remove) label/im.test(reason)) {
		const adding = /add/i.test(reason);
		return {
			message: `${instance} could not ${adding ? 'add' : 'remove'} ${context.subject} ${adding ? 'to' : 'from'} the chat of ${recipient} ${detail(httpCode, reason)}`,
			description: 'Labels exist only on WhatsApp Business accounts, and the label must be one of the account\'s: pick it from the list (Label → Get Many lists them with their IDs).',
			httpCode,
		};
	}
	if (statusCode === 404 && /not on WhatsApp|Number not found/i.test(reason)) {
		return {
			message: `${recipient} is not on WhatsApp ${detail(httpCode, reason)}`,
			description: 'A label goes on the chat of a WhatsApp account. Check the number and its country code (Check Numbers tells).',
			httpCode,
		};
	}
	// 2.2 to 2.3.2 answered any template failure with this 500 (no Meta envelope yet).
	if (context.routeKind === 'template' && /Error to create template/.test(reason)) {
		return {
			message: `Meta refused the template, or the access token of ${instance} ${detail(httpCode, reason)}`,
			description: `${CLOUD_ONLY} Check the template against Meta's rules; the server's log has Meta's own reason.`,
			httpCode,
		};
	}
	const details = metaDetails(body);
	// No Meta envelope, or a number not on WhatsApp inside one: errors.ts's general table says it.
	const listsMissing = Array.isArray(answer.message) && answer.message.some((entry) => (entry as Body | null)?.exists === false);
	if (!details || listsMissing) return undefined;
	const said = [reason, typeof details.error_user_msg === 'string' && details.error_user_msg !== reason ? details.error_user_msg : '']
		.filter(Boolean)
		.join(': ');
	if (details.whatsapp_code === 190 || (details.error_type === 'OAuthException' && /access token/i.test(said))) {
		return {
			message: `Meta refused the access token of ${instance} ${detail(httpCode, said)}`,
			description: `${CLOUD_ONLY} A Baileys instance sends its own Evolution token, which Meta refuses; a Cloud instance needs a valid, unexpired token.`,
			httpCode,
		};
	}
	if (details.whatsapp_code === 'P2002') {
		return {
			message: `the server already stores a template named like this one ${detail(httpCode, 'Unique constraint failed on the fields: (`name`)')}`,
			description: 'Evolution API keeps template names unique across all its instances (another language of the same name included). Give the template another name.',
			httpCode,
		};
	}
	// Graph API's answer for an ID it has no object under (Template → Edit's unknown template).
	if (details.error_subcode === 33) {
		return {
			message: `Meta has no ${context.subject || 'such template'} that ${instance} may change ${detail(httpCode, said)}`,
			description: "Check the Template ID: Template → Get Many outputs each template's id, for the business of this instance.",
			httpCode,
		};
	}
	// The WhatsApp connection closed: errors.ts's general table says so.
	if (/Connection Closed/i.test(said)) return undefined;
	if (/^Connection error/i.test(said)) {
		return {
			message: `the server could not reach Meta's Graph API for ${instance} ${detail(httpCode, said)}`,
			description: "Evolution API calls graph.facebook.com (WA_BUSINESS_URL) for templates: check that the server can reach it, then try again.",
			httpCode,
		};
	}
	return {
		message: `${context.routeKind === 'template' ? 'Meta or the server' : 'the server'} rejected the request to ${instance} ${detail(httpCode, said || 'Bad Request')}`,
		description: 'Correct what the message names and run again.',
		httpCode,
	};
}
