// The group routes (the node's group resource) that read groups: fetchAllGroups and findGroupInfos,
// over the groups the fake was given (each instance sees those it is a member of); and what every
// group route shares: groupValidate's front (the group from the body or the query), WhatsApp's
// refusals of a group query, and Baileys' group metadata. groupAdmin.ts and groupInvite.ts change them.
import { badRequest, CONNECTION_CLOSED, groupSchemaFailure, internalError, notFound } from './answers.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import { isOpen } from './state.ts';
import type { CannedAnswer, FakeGroup, FakeInstance, FakeState } from './types.ts';

const SCHEMAS = {
	groupJid: {
		type: 'object',
		properties: { groupJid: { type: 'string', pattern: '^[\\d-]+@g.us$' } },
		required: ['groupJid'],
		...isNotEmpty('groupJid'),
	},
	getParticipants: {
		type: 'object',
		properties: { getParticipants: { type: 'string', enum: ['true', 'false'] } },
		required: ['getParticipants'],
		...isNotEmpty('getParticipants'),
	},
} satisfies Record<string, JsonSchema>;

/** groupJidSchema of src/validate/group.schema.ts (findGroupInfos, participants, inviteCode, revokeInviteCode). */
export const GROUP_JID_SCHEMA = SCHEMAS.groupJid;

/** A group route's body once groupValidate passed it: its `groupJid` is there. */
export type GroupBody = Record<string, unknown> & { groupJid: string };

/**
 * groupValidate: the group from the body's `groupJid`, else the query's, `@g.us` added to bare
 * digits, copied into the body, which is then checked against the route's schema. Gives the body,
 * or the 400 to answer (no group; a schema's `{property, message}` list).
 */
export function groupValidate(body: Record<string, unknown>, query: URLSearchParams, schema: JsonSchema): { fields: GroupBody } | { answer: CannedAnswer } {
	let groupJid = body.groupJid || query.get('groupJid');
	if (!groupJid) return { answer: badRequest(['The group id needs to be informed in the query', 'ex: "groupJid=120362@g.us"']) };
	// A number in the body reaches `.endsWith`: the global handler's 500 with the TypeError.
	if (typeof groupJid !== 'string') return { answer: internalError('groupJid.endsWith is not a function') };
	if (!groupJid.endsWith('@g.us')) groupJid += '@g.us';
	const fields = { ...body, groupJid };
	const invalid = groupSchemaFailure(fields, schema);
	return invalid ? { answer: invalid } : { fields };
}

/** What a group query may need of the instance's number: be in the group, be an admin, or edit its info (admins only when locked). */
export type GroupRight = 'member' | 'admin' | 'edit';

/**
 * A group query as WhatsApp answers it: the group, or the refusal Baileys throws, as the
 * service's catch reads it (`error.toString()`): a closed connection, `item-not-found` (no such
 * group), `forbidden` (not a participant), `not-authorized` (not an admin).
 */
export function groupQuery(state: FakeState, instance: FakeInstance, groupJid: string, right: GroupRight): FakeGroup | string {
	if (!isOpen(instance)) return `Error: ${CONNECTION_CLOSED}`;
	const group = state.fake.groups.get(groupJid);
	if (!group) return 'Error: item-not-found';
	if (group.instances && !group.instances.includes(instance.name)) return 'Error: forbidden';
	const isAdmin = group.participants.some((participant) => participant.id === instance.ownerJid && participant.admin !== null);
	if (!isAdmin && (right === 'admin' || (right === 'edit' && group.restrict))) return 'Error: not-authorized';
	return group;
}

/** Baileys' GroupMetadata (extractGroupMetadata) as JSON: undefined keys drop out. */
export function groupMetadata(state: FakeState, group: FakeGroup, participants = group.participants): Record<string, unknown> {
	return {
		id: group.id,
		addressingMode: 'pn',
		subject: group.subject,
		subjectOwner: group.owner,
		subjectTime: group.subjectTime ?? 1_700_000_000,
		size: group.participants.length,
		creation: group.creation ?? 1_690_000_000,
		owner: group.owner,
		desc: group.desc,
		descId: descIdOf(group),
		restrict: group.restrict === true,
		announce: group.announce === true,
		isCommunity: false,
		isCommunityAnnounce: false,
		joinApprovalMode: false,
		memberAddMode: group.memberAddMode === true,
		participants: participants.map(({ id, admin }) => ({ id, admin })),
		ephemeralDuration: group.ephemeralDuration || undefined,
	};
}

const descIdOf = (group: FakeGroup) => (group.desc === undefined ? undefined : `${group.id.split('@')[0].slice(-8)}DESC`);

function groupsOf(state: FakeState, instance: FakeInstance): FakeGroup[] {
	return [...state.fake.groups.values()].filter((group) => !group.instances || group.instances.includes(instance.name));
}

/** The service's group object; undefined values drop out of the JSON as they do on the server. */
function groupAnswer(state: FakeState, group: FakeGroup, withParticipants: boolean): Record<string, unknown> {
	const answer: Record<string, unknown> = {
		id: group.id,
		subject: group.subject,
		subjectOwner: group.owner,
		subjectTime: group.subjectTime ?? 1_700_000_000,
		pictureUrl: state.fake.profilePictures.get(group.id.split('@')[0]) ?? null,
		size: group.participants.length,
		creation: group.creation ?? 1_690_000_000,
		owner: group.owner,
		desc: group.desc,
		descId: descIdOf(group),
		restrict: group.restrict === true,
		announce: group.announce === true,
	};
	if (withParticipants) answer.participants = group.participants.map(({ id, admin }) => ({ id, admin }));
	answer.isCommunity = false;
	answer.isCommunityAnnounce = false;
	return answer;
}

export function fetchAllGroups(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const getParticipants = query.get('getParticipants');
	if (!getParticipants) return badRequest(['The getParticipants needs to be informed in the query']);
	const invalid = groupSchemaFailure({ ...body, ...Object.fromEntries(query) }, SCHEMAS.getParticipants);
	if (invalid) return invalid;
	// Nothing catches the closed socket here: the global handler's 500 with a string message.
	if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
	return { status: 200, body: groupsOf(state, instance).map((group) => groupAnswer(state, group, getParticipants === 'true')) };
}

export function findGroupInfos(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const checked = groupValidate(body, query, SCHEMAS.groupJid);
	if ('answer' in checked) return checked.answer;
	// findGroup catches every groupMetadata failure, a closed socket's too, as this 404.
	const group = groupQuery(state, instance, checked.fields.groupJid, 'member');
	if (typeof group === 'string') return notFound(['Error fetching group', group]);
	return { status: 200, body: groupAnswer(state, group, true) };
}
