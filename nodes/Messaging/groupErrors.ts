// What the group routes' errors mean: WhatsApp's refusals of a group query, which Evolution passes
// on as Baileys threw them (`Error: not-authorized`...) inside its own message ("Error updating
// group subject", "No invite code"...), whatever the status; and the invite routes' errors, some
// of which drop the reason. Other answers go to the table in errors.ts.
import { detail, type Failure } from '../shared/errors';
import type { RequestContext } from '../shared/contract';

const groupOf = (context: RequestContext) => (context.about.group ? `group ${context.about.group}` : 'the group');

/** The failure a group route's answer means, or undefined to let the general table say it. */
export function groupAnswerFailure(context: RequestContext, instance: string, statusCode: number, reason: string): Failure | undefined {
	// Group → Get's own 404 is in errors.ts.
	if (/^Error fetching group/.test(reason)) return undefined;
	const httpCode = String(statusCode);
	const said = detail(httpCode, reason);
	if (/Connection Closed/i.test(reason)) {
		return {
			message: `the WhatsApp connection of ${instance} is closed ${said}`,
			description: 'Open the Evolution API manager and connect the instance (scan the QR code again), then run again.',
			httpCode,
		};
	}
	if (/\bError: not-authorized\b/.test(reason)) {
		return {
			message: `the number of ${instance} may not do this in ${groupOf(context)}: it is not an admin ${said}`,
			description:
				'Only admins change participants, settings and the invite link, and, in a group where only admins edit the group info, its name, description, picture and disappearing messages. Ask an admin to promote this number, or use an instance that is admin.',
			httpCode,
		};
	}
	if (/\bError: forbidden\b/.test(reason)) {
		return {
			message: `the number of ${instance} is not in ${groupOf(context)} ${said}`,
			description: 'Pick the group from the list (it shows the groups of this instance), or join it first with Accept Invite.',
			httpCode,
		};
	}
	if (/\bError: item-not-found\b/.test(reason)) {
		return {
			message: `${groupOf(context)} does not exist ${said}`,
			description: 'Pick the group from the list, or check its address with Group → Get Many.',
			httpCode,
		};
	}
	if (/^No invite info\b|\bError: (gone|not-acceptable)\b/.test(reason)) {
		const revoked = /\bError: gone\b/.test(reason);
		return {
			message: `${context.subject || 'the invite code'} ${revoked ? 'was revoked' : /^No invite info/.test(reason) ? 'is not valid, or was revoked' : 'is not valid'} ${said}`,
			description: 'Ask a group admin for the current link (Get Invite Code gives it; Revoke Invite Code makes the old one stop working).',
			httpCode,
		};
	}
	// sendInvite's catch drops the reason: the link was refused, or a number could not be sent to.
	if (/^No send invite$/.test(reason)) {
		return {
			message: `the invite to ${groupOf(context)} was not sent to every number ${said}`,
			description:
				'The server does not say why: the number of the instance must be an admin of the group (Get Invite Code tells), and every number on WhatsApp (Check Numbers tells). The numbers before the one that failed got the invite already.',
			httpCode,
		};
	}
	return undefined;
}
