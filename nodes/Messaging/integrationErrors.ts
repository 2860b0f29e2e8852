// What the answers of Evolution's integration routes (event transports, proxy, Chatwoot, chatbot
// sessions) mean, where errors.ts's general table would mislead: an integration the server has
// turned off, routes an older server lacks, a proxy it could not use, a failure it hides.
import type { RequestContext } from '../shared/contract';
import { detail, type Failure } from '../shared/errors';
import { integrationOf } from './resources/integration/integrations';

const CHATWOOT_NEEDS = /^(url is not valid|accountId is required|token is required)$/;

/** The failure an integration route's answer means, or undefined for errors.ts's general table. */
export function integrationFailure(context: RequestContext, statusCode: number, body: unknown, reason: string, instance: string): Failure | undefined {
	const integration = integrationOf(context.routeKind);
	if (!integration) return undefined;
	const { name, serverName, env, since, segment } = integration;
	const httpCode = String(statusCode);
	const off = env ? `Set ${env}=true in the Evolution API server's .env and restart it` : "Turn it on in the server's settings";
	const empty = statusCode >= 200 && statusCode < 300 && (body === undefined || body === '');
	// A transport's set and find return nothing when it is off: Express sends an empty body.
	if (empty) {
		const sqs = segment === 'sqs' ? ' (SQS also when SQS_GLOBAL_ENABLED is on: then one set of queues serves every instance)' : '';
		return {
			message: `the server has ${name} turned off: it answered ${instance} with nothing (${httpCode})`,
			description: `Evolution answers empty when ${env ?? 'the integration'} is not true in its .env${sqs}. ${off}, or pick another transport.`,
			httpCode,
		};
	}
	// As the integration's controller says it, where the table knows its words.
	if (statusCode === 400 && (serverName ? reason === `${serverName} is disabled` : /^\S+ is disabled$/.test(reason))) {
		return { message: `the server has ${name} turned off ${detail(httpCode, reason)}`, description: `${off}.`, httpCode };
	}
	if (statusCode === 404 && since && /^Cannot (GET|POST) \//.test(reason)) {
		return {
			message: `the server has no ${name} routes ${detail(httpCode, reason)}`,
			description: `${name} came with Evolution API ${since}: update the server, or pick another.`,
			httpCode,
		};
	}
	if (statusCode === 400 && reason === 'Invalid proxy') {
		return {
			message: `the server could not use the proxy for ${instance} ${detail(httpCode, reason)}`,
			description:
				"Evolution tries the proxy first (it fetches https://icanhazip.com through it) and refuses it when that fails or shows the server's own address. Check the protocol (http or socks), host, port, username and password.",
			httpCode,
		};
	}
	if (statusCode === 400 && CHATWOOT_NEEDS.test(reason)) {
		return {
			message: `Chatwoot cannot be turned on for ${instance} without a valid URL, an account and a token ${detail(httpCode, reason)}`,
			description: 'Add URL, Account ID and Token under Settings to Change (stored ones are kept, so this is needed only the first time).',
			httpCode,
		};
	}
	if (statusCode === 500 && reason === 'Error fetching sessions') {
		return {
			message: `the server could not list the ${name} sessions of ${instance} ${detail(httpCode, reason)}`,
			description: `Evolution answers this when the Bot ID is a bot of another instance (or its database failed: its log has the cause). Check the Bot ID, or leave it empty for every ${name} session.`,
			httpCode,
		};
	}
	if (statusCode === 500 && /^Error changing .*status$/.test(reason)) {
		return {
			message: `the server could not change the ${name} session of ${instance} ${detail(httpCode, reason)}`,
			description: 'Evolution hides the cause (its log has it). Try again; check the server if it persists.',
			httpCode,
		};
	}
	return undefined;
}
