// The group routes that make and change groups (the node's Group → Create, Update Subject,
// Description and Picture, Get and Update Participants, Update Setting, Set Disappearing Messages,
// Leave), as Evolution 2.3.6's group router, schemas (src/validate/group.schema.ts) and Baileys
// service answer them, on the fake's groups. WhatsApp's refusals: groupQuery in group.ts.
import { randomInt } from 'node:crypto';

import { schemaFailure, wrapped } from './answers.ts';
import { GROUP_JID_SCHEMA, groupMetadata, groupQuery, groupValidate, type GroupBody } from './group.ts';
import { createJid } from './numbers.ts';
import { isBase64, isUrlLike } from './profile.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import { isOpen, notOnWhatsApp } from './state.ts';
import type { CannedAnswer, FakeGroup, FakeGroupParticipant, FakeInstance, FakeState } from './types.ts';

const PARTICIPANTS: JsonSchema = {
	type: 'array',
	minItems: 1,
	uniqueItems: true,
	items: { type: 'string', minLength: 10, pattern: '\\d+', description: '"participants" must be an array of numeric strings' },
};

/** src/validate/group.schema.ts, keys in its order. */
const SCHEMAS = {
	create: {
		type: 'object',
		properties: {
			subject: { type: 'string' },
			description: { type: 'string' },
			profilePicture: { type: 'string' },
			promoteParticipants: { type: 'boolean', enum: [true, false] },
			participants: PARTICIPANTS,
		},
		required: ['subject', 'participants'],
		...isNotEmpty('subject', 'description', 'profilePicture'),
	},
	subject: {
		type: 'object',
		properties: { groupJid: { type: 'string' }, subject: { type: 'string' } },
		required: ['groupJid', 'subject'],
		...isNotEmpty('groupJid', 'subject'),
	},
	description: {
		type: 'object',
		properties: { groupJid: { type: 'string' }, description: { type: 'string' } },
		required: ['groupJid', 'description'],
		...isNotEmpty('groupJid', 'description'),
	},
	picture: {
		type: 'object',
		properties: { groupJid: { type: 'string' }, image: { type: 'string' } },
		required: ['groupJid', 'image'],
		...isNotEmpty('groupJid', 'image'),
	},
	participants: {
		type: 'object',
		properties: {
			groupJid: { type: 'string' },
			action: { type: 'string', enum: ['add', 'remove', 'promote', 'demote'] },
			participants: PARTICIPANTS,
		},
		required: ['groupJid', 'action', 'participants'],
		...isNotEmpty('groupJid', 'action'),
	},
	setting: {
		type: 'object',
		properties: { groupJid: { type: 'string' }, action: { type: 'string', enum: ['announcement', 'not_announcement', 'locked', 'unlocked'] } },
		required: ['groupJid', 'action'],
		...isNotEmpty('groupJid', 'action'),
	},
	ephemeral: {
		type: 'object',
		properties: { groupJid: { type: 'string' }, expiration: { type: 'number', enum: [0, 86400, 604800, 7776000] } },
		required: ['groupJid', 'expiration'],
		...isNotEmpty('groupJid', 'expiration'),
	},
	/** 2.4's updateMemberAddModeSchema. */
	memberAddMode: {
		type: 'object',
		properties: { groupJid: { type: 'string' }, mode: { type: 'string', enum: ['admin_add', 'all_member_add'] } },
		required: ['groupJid', 'mode'],
		...isNotEmpty('groupJid', 'mode'),
	},
	// leaveGroup is validated against `{}`: anything passes.
	leave: {},
} satisfies Record<string, JsonSchema>;

/** Evolution's exceptions thrown from a service's catch, with `error.toString()` as the second message. */
const caught = (status: 400 | 404 | 500, what: string, error: string) =>
	wrapped(status, { 400: 'Bad Request', 404: 'Not Found', 500: 'Internal Server Error' }[status], [what, error]);

/** The route's checked body, or its 400; then the group as WhatsApp lets the instance's number at it, or the service's error. */
function groupRoute(
	state: FakeState,
	instance: FakeInstance,
	body: Record<string, unknown>,
	query: URLSearchParams,
	schema: JsonSchema,
	right: 'member' | 'admin' | 'edit',
	failure: (error: string) => CannedAnswer,
): { fields: GroupBody; group: FakeGroup } | { answer: CannedAnswer } {
	const checked = groupValidate(body, query, schema);
	if ('answer' in checked) return checked;
	const group = groupQuery(state, instance, checked.fields.groupJid, right);
	return typeof group === 'string' ? { answer: failure(group) } : { fields: checked.fields, group };
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * POST /group/create (201): dataValidate's nested 400s; the participants looked up (whatsappNumber:
 * those not on WhatsApp are left out without a word), the group made with the instance's number
 * as its superadmin, the description set, everyone promoted with `promoteParticipants`; answers
 * Baileys' metadata of the new group. Any failure: 500 `["Error creating group", "<error>"]`.
 */
export function createGroup(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.create);
	if (invalid) return invalid;
	if (!isOpen(instance) || !instance.ownerJid) return caught(500, 'Error creating group', 'Error: Connection Closed');
	const jids = [...new Set((body.participants as string[]).map(createJid))].filter((jid) => notOnWhatsApp(state, jid) === undefined);
	// WhatsApp refuses a group without a name (the fake's reading; not published).
	if (body.subject === '') return caught(500, 'Error creating group', 'Error: bad-request');
	const created = now();
	const group: FakeGroup = {
		id: `1203634${String(randomInt(10 ** 10)).padStart(11, '0')}@g.us`,
		subject: body.subject as string,
		owner: instance.ownerJid,
		participants: [
			{ id: instance.ownerJid, admin: 'superadmin' },
			...jids.filter((jid) => jid !== instance.ownerJid).map((id): FakeGroupParticipant => ({ id, admin: body.promoteParticipants === true ? 'admin' : null })),
		],
		instances: [instance.name],
		creation: created,
		subjectTime: created,
		...(typeof body.description === 'string' && body.description ? { desc: body.description } : {}),
	};
	state.fake.groups.set(group.id, group);
	return { status: 201, body: groupMetadata(state, group) };
}

/** POST /group/updateGroupSubject (201 `{update: 'success'}`): admins only in a locked group; failures 500. */
export function updateGroupSubject(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const route = groupRoute(state, instance, body, query, SCHEMAS.subject, 'edit', (error) => caught(500, 'Error updating group subject', error));
	if ('answer' in route) return route.answer;
	route.group.subject = route.fields.subject as string;
	route.group.subjectTime = now();
	return { status: 201, body: { update: 'success' } };
}

/** POST /group/updateGroupDescription (201 `{update: 'success'}`); failures 500. */
export function updateGroupDescription(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const route = groupRoute(state, instance, body, query, SCHEMAS.description, 'edit', (error) => caught(500, 'Error updating group description', error));
	if ('answer' in route) return route.answer;
	route.group.desc = route.fields.description as string;
	return { status: 201, body: { update: 'success' } };
}

let pictureCount = 0;

/**
 * POST /group/updateGroupPicture (201 `{update: 'success'}`): `image` a URL the server downloads
 * (isURL: a host with a top-level domain or an IP) or raw base64; anything else is a
 * BadRequestException thrown inside the try, read as "[object Object]". Every failure is a 500.
 */
export function updateGroupPicture(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const failure = (error: string) => caught(500, 'Error update group picture', error);
	const checked = groupValidate(body, query, SCHEMAS.picture);
	if ('answer' in checked) return checked.answer;
	const image = typeof checked.fields.image === 'string' ? checked.fields.image : '';
	if (!isUrlLike(image) && !isBase64(image)) return failure('[object Object]');
	const group = groupQuery(state, instance, checked.fields.groupJid, 'edit');
	if (typeof group === 'string') return failure(group);
	pictureCount += 1;
	state.fake.profilePictures.set(group.id.split('@')[0], `https://pps.whatsapp.net/v/t61.24695-24/group-${pictureCount}.jpg`);
	return { status: 201, body: { update: 'success' } };
}

/**
 * GET /group/participants?groupJid= (200 `{participants}`): Baileys' participants, each with the
 * `name` (pushName) and `imgUrl` the server knows of its contact. Any failure: 404 `["No participants", "<error>"]`.
 */
export function participants(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const route = groupRoute(state, instance, body, query, GROUP_JID_SCHEMA, 'member', (error) => caught(404, 'No participants', error));
	if ('answer' in route) return route.answer;
	return {
		status: 200,
		body: {
			participants: route.group.participants.map(({ id, admin }) => {
				const digits = id.split('@')[0];
				return { id, admin, name: state.fake.contacts.get(digits), imgUrl: state.fake.profilePictures.get(digits) };
			}),
		},
	};
}

/** One participant's result as Baileys gives it: WhatsApp's status, the JID, and the `participant` node (with an `add_request` for a refused add). */
function participantResult(jid: string, status: string, content: unknown[] = []): Record<string, unknown> {
	const attrs = status === '200' ? { jid } : { jid, error: status };
	return { status, jid, content: { tag: 'participant', attrs, ...(content.length ? { content } : {}) } };
}

/**
 * WhatsApp's answer for each participant (the fake's reading where unpublished): add: 409 already
 * in, 403 with an `add_request` for a privacy that refuses adds (observed, issue #2011), 404 not on
 * WhatsApp; remove, promote, demote: 404 not in the group (observed, issue #1239); else 200.
 */
function changeParticipant(state: FakeState, group: FakeGroup, action: string, jid: string): Record<string, unknown> {
	const index = group.participants.findIndex((participant) => participant.id === jid);
	const digits = jid.split('@')[0];
	if (action === 'add') {
		if (index >= 0) return participantResult(jid, '409');
		if (notOnWhatsApp(state, jid)) return participantResult(jid, '404');
		if (state.fake.groupAddRefused.has(digits)) {
			const code = `Rq${digits.slice(-8)}Xq7Lm2`;
			return participantResult(jid, '403', [{ tag: 'add_request', attrs: { code, expiration: String(now() + 3 * 86400) } }]);
		}
		group.participants.push({ id: jid, admin: null });
		return participantResult(jid, '200');
	}
	if (index < 0) return participantResult(jid, '404');
	if (action === 'remove') group.participants.splice(index, 1);
	else if (group.participants[index].admin !== 'superadmin') group.participants[index].admin = action === 'promote' ? 'admin' : null;
	return participantResult(jid, '200');
}

/**
 * POST /group/updateParticipant (201 `{updateParticipants: [...]}`, one entry per participant in
 * order, each with WhatsApp's status as text); only admins: else, and on any failure, 400
 * `["Error updating participants", "<error>"]`.
 */
export function updateParticipant(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const route = groupRoute(state, instance, body, query, SCHEMAS.participants, 'admin', (error) => caught(400, 'Error updating participants', error));
	if ('answer' in route) return route.answer;
	const action = route.fields.action as string;
	const results = (route.fields.participants as string[]).map((participant) => changeParticipant(state, route.group, action, createJid(participant)));
	return { status: 201, body: { updateParticipants: results } };
}

/** POST /group/updateSetting: admins only; Baileys answers nothing, so 201 `{}` (`{updateSetting: undefined}`); failures 400. */
export function updateSetting(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const route = groupRoute(state, instance, body, query, SCHEMAS.setting, 'admin', (error) => caught(400, 'Error updating setting', error));
	if ('answer' in route) return route.answer;
	const action = route.fields.action as string;
	if (action === 'announcement' || action === 'not_announcement') route.group.announce = action === 'announcement';
	else route.group.restrict = action === 'locked';
	return { status: 201, body: {} };
}

/** POST /group/updateMemberAddMode (2.4; 201 `{update: 'success', mode}`): admins only (Baileys' groupMemberAddMode); failures 400 "Error updating member add mode". */
export function updateMemberAddMode(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const route = groupRoute(state, instance, body, query, SCHEMAS.memberAddMode, 'admin', (error) => caught(400, 'Error updating member add mode', error));
	if ('answer' in route) return route.answer;
	const mode = route.fields.mode as string;
	route.group.memberAddMode = mode === 'all_member_add';
	return { status: 201, body: { update: 'success', mode } };
}

/** POST /group/toggleEphemeral (201 `{success: true}`): admins only in a locked group; failures 400 "Error updating setting" (the service's text). */
export function toggleEphemeral(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const route = groupRoute(state, instance, body, query, SCHEMAS.ephemeral, 'edit', (error) => caught(400, 'Error updating setting', error));
	if ('answer' in route) return route.answer;
	route.group.ephemeralDuration = route.fields.expiration as number;
	return { status: 201, body: { success: true } };
}

/** DELETE /group/leaveGroup?groupJid= (200 `{groupJid, leave: true}`); not in it, and failures: 400 `["Unable to leave the group", "<error>"]`. */
export function leaveGroup(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const route = groupRoute(state, instance, body, query, SCHEMAS.leave, 'member', (error) => caught(400, 'Unable to leave the group', error));
	if ('answer' in route) return route.answer;
	const members = route.group.instances ?? [...state.fake.instances.keys()];
	route.group.instances = members.filter((name) => name !== instance.name);
	return { status: 200, body: { groupJid: route.fields.groupJid, leave: true } };
}
