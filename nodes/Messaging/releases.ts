// The operations whose route came with a later Evolution API release than the others: a server
// older than that answers their route 404 `Cannot <METHOD> /…` (Express's answer to a route it
// does not have), which errors.ts would otherwise read as a wrong Server URL.
import type { RequestContext } from '../shared/contract';
import { detail, type Failure } from '../shared/errors';

/** By `<resource>:<operation>`: the operation's name in the editor and the release its route came with. */
const ROUTE_SINCE: Readonly<Record<string, { name: string; since: string }>> = {
	'template:edit': { name: 'Template → Edit', since: '2.3.7' },
	'template:delete': { name: 'Template → Delete', since: '2.3.7' },
	'chat:markAsPlayed': { name: 'Chat → Mark as Played', since: '2.4.0' },
	'message:sendCarousel': { name: 'Message → Send Carousel', since: '2.4.0' },
	'message:getPollVotes': { name: 'Message → Get Poll Votes', since: '2.4.0' },
	'message:generateMessageId': { name: 'Message → Generate Message ID', since: '2.4.0' },
	'chat:findChannels': { name: 'Chat → Find Channels', since: '2.4.0' },
	'group:updateMemberAddMode': { name: 'Group → Update Member Add Mode', since: '2.4.0' },
};

/** The failure of a 404 from a server older than the operation's route, or undefined. */
export function missingRouteFailure(context: RequestContext, statusCode: number, reason: string): Failure | undefined {
	const route = ROUTE_SINCE[`${context.routeKind}:${context.operation}`];
	if (!route || statusCode !== 404 || !/^Cannot (GET|POST|PUT|DELETE) \//.test(reason)) return undefined;
	return {
		message: `the server has no route for ${route.name}: it is older than Evolution API ${route.since} ${detail(String(statusCode), reason)}`,
		description: `${route.name} came with Evolution API ${route.since}. Update the server to ${route.since} or later (GET / on the server names its version).`,
		httpCode: String(statusCode),
	};
}
