// What each way an Evolution API call can fail means for the user, naming the number or instance:
// what is common to every operation (the two error envelopes, the statuses, the server's words),
// the resources' own tables, and failures with no answer. An operation's own answers and the
// release of its route live with it (`answers`, `since`), asked by the runner before this table.
// The errors themselves are built in ../shared/errors.ts; the API key never appears (it is only
// in a request header, which nothing here reads).
import { detail, textReason, type Failure } from '../shared/errors';
import { noAnswer } from '../shared/noAnswer';
import type { QuotaRules, RequestContext, RunLimits } from '../shared/contract';
import { askedFor, duration, waitedFor } from '../shared/quota';
import { businessAnswerFailure, isBusinessFailure } from './businessErrors';
import { groupAnswerFailure } from './groupErrors';
import { integrationFailure } from './integrationErrors';
import { nullAnswerFailure } from './nullAnswers';

/** Numbers the server reported as not on WhatsApp: the 400 whose message lists `{exists: false}` objects. */
export function numbersNotOnWhatsApp(body: unknown): string[] {
	return messageEntries(body)
		.filter((entry): entry is { exists: false; number?: unknown; jid?: unknown } =>
			!!entry && typeof entry === 'object' && (entry as { exists?: unknown }).exists === false,
		)
		.map((entry) => String(entry.number ?? entry.jid ?? '').trim())
		.filter(Boolean);
}

/**
 * The message list of either error envelope: `{status, error, response: {message}}` (message
 * routes) or `{status, error, message}` (whatsappNumbers, not wrapped). A single message becomes a
 * one-entry list.
 */
function messageEntries(body: unknown): unknown[] {
	if (!body || typeof body !== 'object') return [];
	const envelope = body as { response?: { message?: unknown }; message?: unknown };
	const message =
		envelope.response && typeof envelope.response === 'object' && 'message' in envelope.response
			? envelope.response.message
			: envelope.message;
	if (message === undefined || message === null) return [];
	// Schema failures nest the list: {"message": [["instance requires property \"number\"", ...]]}.
	return Array.isArray(message) ? message.flat() : [message];
}

/** The human part of an error body, in either envelope, whatever the message's shape. */
export function serverReason(body: unknown): string {
	if (typeof body === 'string') return textReason(body, 300);
	const parts = messageEntries(body).map((entry) => {
		if (typeof entry === 'string') return entry.trim();
		if (entry && typeof entry === 'object') {
			const { exists, number, jid, message } = entry as Record<string, unknown>;
			if (exists === false) return `${String(number ?? jid)} is not on WhatsApp`;
			if (typeof message === 'string') return message;
			// archiveChat, markChatUnread: [{archived: false, message: [what failed, the error]}].
			if (Array.isArray(message) && message.every((part) => typeof part === 'string')) return message.join('; ');
		}
		try {
			return JSON.stringify(entry);
		} catch {
			return String(entry);
		}
	});
	const reason = parts.filter(Boolean).join('; ');
	if (reason) return reason.slice(0, 500);
	const error = (body as { error?: unknown } | null)?.error;
	return typeof error === 'string' ? error : '';
}

/** The instance as errors name it: `instance "sales"`, or the server for a request about it. */
export function instanceOf(context: RequestContext): string {
	const instanceName = context.about.instance;
	if (instanceName !== undefined) return `instance "${instanceName}"`;
	return context.routeKind === 'server' ? 'the server' : 'the instance';
}

/** The recipient as the user gave it and, when it differs, as it was sent. */
export function recipientOf(context: RequestContext, sent?: string): string {
	const recipient = context.about.recipient;
	if (recipient) return recipient.given === recipient.sent ? recipient.given : `${recipient.given} (sent as ${recipient.sent})`;
	return sent ?? 'the number';
}

/**
 * A 2xx answer whose body is JSON (an object or a list), except `{error: true, message}`: what
 * Connect and Restart answer, with 200, when the controller caught an error; and the business
 * routes' 2xx failures (businessErrors.ts).
 */
export function isMessagingSuccess(statusCode: number, body: unknown, context?: RequestContext): boolean {
	return (
		statusCode >= 200 &&
		statusCode < 300 &&
		body !== null &&
		typeof body === 'object' &&
		(body as { error?: unknown }).error !== true &&
		!isBusinessFailure(context, body)
	);
}

/** What a 200 `{error: true, message}` (the controller caught an error) says; "[object Object]" for Evolution's own exceptions. */
export function caughtReason(body: unknown): string {
	const said = String((body as { message?: unknown }).message ?? '');
	return said && said !== '[object Object]' ? said : 'an error without a reason';
}

/** Connect's 200 `{error: true, message}` (Restart's own is with it). */
function caughtError(instance: string, httpCode: string, body: unknown): Failure {
	const reason = caughtReason(body);
	return {
		message: `the server could not start the WhatsApp connection of ${instance} ${detail(httpCode, reason)}`,
		description: 'The server has the instance but could not load or connect it. Check the Evolution API log, restart the server if needed, then try again.',
		httpCode,
	};
}

/** What an answer that is not a success (see isMessagingSuccess) means. */
export function messagingAnswerFailure(context: RequestContext, statusCode: number, body: unknown): Failure {
	const reason = serverReason(body);
	const httpCode = String(statusCode);
	const instance = instanceOf(context);
	const instanceName = context.about.instance;
	// The cases of a resource's own routes first; a group route's refusals (not a 2xx) by groupErrors.ts.
	const ownCase =
		integrationFailure(context, statusCode, body, reason, instance) ??
		businessAnswerFailure(context, statusCode, body, { instance, recipient: recipientOf(context), reason }) ??
		(context.routeKind === 'group' && statusCode >= 300 ? groupAnswerFailure(context, instance, statusCode, reason) : undefined);
	if (ownCase) return ownCase;
	if (statusCode >= 200 && statusCode < 300 && (body as { error?: unknown } | null)?.error === true) {
		return caughtError(instance, httpCode, body);
	}
	const nothingStored = statusCode >= 200 && statusCode < 300 && body === null ? nullAnswerFailure(context, instance, httpCode) : undefined;
	if (nothingStored) return nothingStored;
	if (statusCode >= 200 && statusCode < 300) {
		return {
			message: `the server answered with something that is not JSON ${detail(httpCode, reason)}`,
			description:
				'The Server URL may point at a web page instead of the Evolution API. In the Messaging API credential use the address the API answers on, without /manager.',
			httpCode,
		};
	}

	switch (statusCode) {
		case 400: {
			const missing = numbersNotOnWhatsApp(body);
			if (missing.length) {
				return {
					message: `${recipientOf(context, missing.join(', '))} is not on WhatsApp (400)`,
					description:
						'No WhatsApp account uses this number, so sending again will not help. Check the number and its country code, or run Check Numbers first to skip such numbers.',
					httpCode,
				};
			}
			if (/^Message not found$/im.test(reason)) {
				return {
					message: `${instance} has no stored message with ID ${context.about.messageId ?? ''} ${detail(httpCode, reason)}`,
					description:
						"Evolution API finds a message in its database: the ID must be a message this instance received or sent (its key.id), and the server must store messages (DATABASE_SAVE_DATA_NEW_MESSAGE=true).",
					httpCode,
				};
			}
			// updateMessage: the ID is unknown, or the message is not a text, image or video.
			if (/^Message not compatible$/im.test(reason)) {
				return {
					message: `${instance} has no stored text, image or video message with ID ${context.about.messageId ?? ''} ${detail(httpCode, reason)}`,
					description:
						'Evolution API finds the message in its database by ID: it must be a text (or captioned image or video) this instance sent, and the server must store messages (DATABASE_SAVE_DATA_NEW_MESSAGE=true).',
					httpCode,
				};
			}
			if (/^RemoteJid does not match$/im.test(reason)) {
				return {
					message: `message ${context.about.messageId ?? ''} is in another chat than the key says ${detail(httpCode, reason)}`,
					description: "Give the message's key as the send or the trigger output it (key.remoteJid is the chat the server stored).",
					httpCode,
				};
			}
			if (/not of the media type|messageContextInfo|does not contain a supported media/i.test(reason)) {
				return {
					message: `message ${context.about.messageId ?? ''} holds no image, audio, video, sticker or document ${detail(httpCode, reason)}`,
					description: 'Download Media only works on media messages. Check the message type (the trigger\'s messageType) before this node.',
					httpCode,
				};
			}
			if (/^(Invalid integration|token is required|number is required)$/im.test(reason)) {
				return {
					message: `the server refused to create ${instance} ${detail(httpCode, reason)}`,
					description: 'For WhatsApp Business Cloud API give the access token and the phone number ID; otherwise pick Baileys.',
					httpCode,
				};
			}
			// whatsappNumbers reports internal failures as 400s too.
			if (/connection closed|not connected/i.test(reason)) {
				return {
					message: `the WhatsApp connection of ${instance} is closed ${detail(httpCode, reason)}`,
					description: 'Open the Evolution API manager and connect the instance (scan the QR code again), then run again.',
					httpCode,
				};
			}
			return {
				message: `the server rejected the request to ${instance} ${detail(httpCode, reason || 'Bad Request')}`,
				description: 'Correct what the server names and run again.',
				httpCode,
			};
		}
		case 401:
			return {
				message: `the API key was rejected by ${instance} ${detail(httpCode, reason)}`,
				description:
					"Open the Messaging API credential and paste the server's global API key (AUTHENTICATION_API_KEY) or this instance's own token.",
				httpCode,
			};
		case 403:
			if (/already in use/i.test(reason)) {
				return {
					message: `the name of ${instance} is already in use on the server ${detail(httpCode, reason)}`,
					description: 'Pick another name, or use the existing instance (Connect gives its QR code). Names are case-sensitive.',
					httpCode,
				};
			}
			return {
				message: `the API key may not use ${instance} ${detail(httpCode, reason)}`,
				description: "An instance token only works for its own instance. Use that instance's token or the server's global API key.",
				httpCode,
			};
		case 404:
			if (/Error fetching group/i.test(reason)) {
				return {
					message: `the group ${context.about.group ?? ''} was not found, or the number of ${instance} is not in it ${detail(httpCode, reason)}`,
					description: 'Pick the group from the list (it shows the groups of this instance), or check its address with Group → Get Many.',
					httpCode,
				};
			}
			if (instanceName !== undefined && /instance|not\s*found/i.test(reason || 'not found')) {
				return {
					message: `the instance "${instanceName}" does not exist on the server ${detail(httpCode, reason)}`,
					description:
						'Pick the instance from the list, or check its name (spelling and case) in the Evolution API manager. Create it there if it is missing.',
					httpCode,
				};
			}
			return {
				message: `the server has no such route ${detail(httpCode, reason)}`,
				description: 'Check the Server URL in the Messaging API credential: use the address of the Evolution API itself, without /manager or other paths.',
				httpCode,
			};
		case 413:
			return {
				message: `the server or a proxy in front of it refused the request as too large ${detail(httpCode, reason)}`,
				description: 'Send a smaller file, or send it with Media Source "URL"; or raise the body size limit of the proxy.',
				httpCode,
			};
		case 429:
			return {
				message: `too many requests to ${instance} ${detail(httpCode, reason)}`,
				description: 'The server, or a proxy in front of it, limits how fast requests may come. Run again in a minute, or set Pause Between Messages under Options.',
				httpCode,
			};
	}
	// updateBlockStatus: the not-on-WhatsApp exception, caught inside the service, reads "[object Object]".
	if (statusCode === 500 && /^Error blocking user; \[object Object\]$/.test(reason)) {
		return {
			message: `${recipientOf(context)} is not on WhatsApp, so it cannot be blocked or unblocked ${detail(httpCode, reason)}`,
			description: 'No WhatsApp account uses this number. Check the number and its country code (Check Numbers tells).',
			httpCode,
		};
	}
	if (statusCode >= 500) {
		return {
			message: `the server or its WhatsApp connection failed on ${instance} ${detail(httpCode, reason)}`,
			description:
				'Check in the Evolution API manager that the instance is connected (scan the QR code again if not) and, for media sent by URL, that the server can download it. Then try again, or turn on Retry On Fail.',
			httpCode,
		};
	}
	return {
		message: `the server answered ${instance} ${detail(httpCode, reason)}`,
		description: 'Check the input and the Server URL in the Messaging API credential, then try again.',
		httpCode,
	};
}

/** What a request that got no answer (refused, unknown host, dropped, timed out) means. */
export function messagingNoAnswerFailure(context: RequestContext, error: unknown): Failure {
	const { kind, code } = noAnswer(error);
	const server = context.serverUrl ? ` at ${context.serverUrl}` : '';
	if (kind === 'timeout') {
		return {
			message: `the Evolution API server${server} did not answer in time (${code})`,
			description:
				'The server may be overloaded, or a long Delay option holds the answer. Try again later, or raise the Timeout under Request Options.',
		};
	}
	if (kind === 'dropped') {
		return {
			message: `the Evolution API server${server} closed the connection (${code})`,
			description: 'Try again in a moment (or turn on Retry On Fail). The message may or may not have been sent.',
		};
	}
	return {
		message: `cannot reach the Evolution API server${server}${code ? ` (${code})` : ''}`,
		description: 'Check the Server URL in the Messaging API credential, that the server is running, and that this n8n can reach it.',
	};
}

/** How long a run waits out 429s (a proxy's rate limit) before the item fails. */
const MAX_RATE_LIMIT_WAIT_MS = 5 * 60_000;

/**
 * Only a 429 may be sent again: the server refused the request before doing anything. Any other
 * answer, or none, after a send went out means the message may have been delivered.
 */
export const messagingQuota: QuotaRules = {
	isRefusal: ({ statusCode }) => statusCode === 429,
	backoffCapMs: 60_000,
	exhausted(context, answer, wait) {
		const httpCode = String(answer.statusCode);
		return {
			message: `too many requests to ${instanceOf(context)}, ${waitedFor(wait.waitedMs)}refused${askedFor(wait, 'the server')} ${detail(httpCode, serverReason(answer.body))}`,
			description: `The server, or a proxy in front of it, limits how fast requests may come, and the node waits at most ${duration(wait.maxWaitMs)}. Set Pause Between Messages under Options, or run fewer items at a time.`,
			httpCode,
		};
	},
};

/** Check Numbers and other reads: a few at once; sends are one at a time per instance anyway. */
export const messagingLimits = (): RunLimits => ({ maxInFlight: 5, maxQuotaWaitMs: MAX_RATE_LIMIT_WAIT_MS });
