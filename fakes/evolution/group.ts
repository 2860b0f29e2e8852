// The group routes (the node's group resource): fetchAllGroups and findGroupInfos, over the groups
// the fake was given (each instance sees those it is a member of).
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

function groupsOf(state: FakeState, instance: FakeInstance): FakeGroup[] {
	return [...state.fake.groups.values()].filter((group) => !group.instances || group.instances.includes(instance.name));
}

/** The service's group object; undefined values drop out of the JSON as they do on the server. */
function groupAnswer(state: FakeState, group: FakeGroup, withParticipants: boolean): Record<string, unknown> {
	const answer: Record<string, unknown> = {
		id: group.id,
		subject: group.subject,
		subjectOwner: group.owner,
		subjectTime: 1_700_000_000,
		pictureUrl: state.fake.profilePictures.get(group.id.split('@')[0]) ?? null,
		size: group.participants.length,
		creation: 1_690_000_000,
		owner: group.owner,
		desc: group.desc,
		descId: group.desc === undefined ? undefined : `${group.id.split('@')[0].slice(-8)}DESC`,
		restrict: false,
		announce: false,
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
	let groupJid = (body.groupJid || query.get('groupJid')) as string | null;
	if (!groupJid) return badRequest(['The group id needs to be informed in the query', 'ex: "groupJid=120362@g.us"']);
	if (!groupJid.endsWith('@g.us')) groupJid += '@g.us';
	const invalid = groupSchemaFailure({ ...body, groupJid }, SCHEMAS.groupJid);
	if (invalid) return invalid;
	// findGroup catches every groupMetadata failure, a closed socket's too, as this 404.
	if (!isOpen(instance)) return notFound(['Error fetching group', `Error: ${CONNECTION_CLOSED}`]);
	const group = groupsOf(state, instance).find((candidate) => candidate.id === groupJid);
	if (!group) return notFound(['Error fetching group', 'Error: item-not-found']);
	return { status: 200, body: groupAnswer(state, group, true) };
}
