// The group invite routes (the node's Group → Get Invite Code, Get Invite Info, Accept Invite, Send
// Invite, Revoke Invite Code), as Evolution 2.3.6's group router, schemas and Baileys service answer
// them: a group's link is https://chat.whatsapp.com/<code>, the code 22 letters and digits.
import { randomInt } from 'node:crypto';

import { badRequest, CONNECTION_CLOSED, groupSchemaFailure, notFound, wrapped } from './answers.ts';
import { GROUP_JID_SCHEMA, groupMetadata, groupQuery, groupValidate } from './group.ts';
import { cannotSend, sent } from './message.ts';
import { createJid } from './numbers.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import { isOpen } from './state.ts';
import type { CannedAnswer, FakeGroup, FakeInstance, FakeState } from './types.ts';

const INVITE_CODE: JsonSchema = {
	type: 'object',
	properties: { inviteCode: { type: 'string', pattern: '^[a-zA-Z0-9]{22}$' } },
	required: ['inviteCode'],
	...isNotEmpty('inviteCode'),
};

/** groupSendInviteSchema: `groupJid` has no pattern here, and is never completed with @g.us. */
const SEND_INVITE: JsonSchema = {
	type: 'object',
	properties: {
		groupJid: { type: 'string' },
		description: { type: 'string' },
		numbers: {
			type: 'array',
			minItems: 1,
			uniqueItems: true,
			items: { type: 'string', minLength: 10, pattern: '\\d+', description: '"numbers" must be an array of numeric strings' },
		},
	},
	required: ['groupJid', 'description', 'numbers'],
	...isNotEmpty('groupJid', 'description', 'numbers'),
};

export const INVITE_URL = 'https://chat.whatsapp.com/';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newInviteCode = () => Array.from({ length: 22 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The group's invite code, made the first time it is asked for (WhatsApp keeps one per group). */
function codeOf(group: FakeGroup): string {
	group.inviteCode ??= newInviteCode();
	return group.inviteCode;
}

/** Baileys' groupInviteCode through the service: the link and the code, or the service's error text. */
function inviteLink(state: FakeState, instance: FakeInstance, groupJid: string): { inviteUrl: string; inviteCode: string } | string {
	const group = groupQuery(state, instance, groupJid, 'admin');
	if (typeof group === 'string') return group;
	const inviteCode = codeOf(group);
	return { inviteUrl: `${INVITE_URL}${inviteCode}`, inviteCode };
}

/** GET /group/inviteCode?groupJid= (200 `{inviteUrl, inviteCode}`): admins only; failures 404 `["No invite code", "<error>"]`. */
export function inviteCode(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const checked = groupValidate(body, query, GROUP_JID_SCHEMA);
	if ('answer' in checked) return checked.answer;
	const link = inviteLink(state, instance, checked.fields.groupJid);
	if (typeof link === 'string') return wrapped(404, 'Not Found', ['No invite code', link]);
	return { status: 200, body: link };
}

/**
 * inviteCodeValidate: the code from the query (required), copied into the body, checked against
 * the schema (22 letters and digits). Gives the code, or the 400.
 */
function inviteCodeValidate(body: Record<string, unknown>, query: URLSearchParams): { code: string } | { answer: CannedAnswer } {
	const code = query.get('inviteCode');
	if (!code) {
		return {
			answer: badRequest([
				'The group invite code id needs to be informed in the query',
				'ex: "inviteCode=F1EX5QZxO181L3TMVP31gY" (Obtained from group join link)',
			]),
		};
	}
	const invalid = groupSchemaFailure({ ...body, inviteCode: code }, INVITE_CODE);
	return invalid ? { answer: invalid } : { code };
}

/** The group a code opens, or WhatsApp's refusal: revoked codes are `gone`, unknown ones `not-acceptable` (the fake's reading of both). */
function groupOfCode(state: FakeState, instance: FakeInstance, code: string): FakeGroup | string {
	if (!isOpen(instance)) return `Error: ${CONNECTION_CLOSED}`;
	const groups = [...state.fake.groups.values()];
	const group = groups.find((candidate) => candidate.inviteCode === code);
	if (group) return group;
	return groups.some((candidate) => candidate.revokedInviteCodes?.includes(code)) ? 'Error: gone' : 'Error: not-acceptable';
}

/**
 * GET /group/inviteInfo?inviteCode= (200): Baileys' metadata of the group the link opens, as
 * WhatsApp shows it before joining (the fake lists no participants, only the size). Any failure:
 * 404 `["No invite info", "<the code>"]` (the service drops the error).
 */
export function inviteInfo(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const checked = inviteCodeValidate(body, query);
	if ('answer' in checked) return checked.answer;
	const group = groupOfCode(state, instance, checked.code);
	if (typeof group === 'string') return notFound(['No invite info', checked.code]);
	return { status: 200, body: groupMetadata(state, group, []) };
}

/** GET /group/acceptInviteCode?inviteCode= (200 `{accepted: true, groupJid}`): the instance joins; failures 404 `["Accept invite error", "<error>"]`. */
export function acceptInviteCode(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const checked = inviteCodeValidate(body, query);
	if ('answer' in checked) return checked.answer;
	const group = groupOfCode(state, instance, checked.code);
	if (typeof group === 'string') return wrapped(404, 'Not Found', ['Accept invite error', group]);
	if (group.instances && !group.instances.includes(instance.name)) group.instances.push(instance.name);
	if (instance.ownerJid && !group.participants.some((participant) => participant.id === instance.ownerJid))
		group.participants.push({ id: instance.ownerJid, admin: null });
	return { status: 200, body: { accepted: true, groupJid: group.id } };
}

/**
 * POST /group/sendInvite (200 `{send: true, inviteUrl}`): groupNoValidate, so `groupJid` is read
 * from the body only; the link is asked for (admins only), then `"<description>\n\n<link>"` is sent
 * to each number in turn as a text. Any failure, a number not on WhatsApp included, and the
 * numbers before it already sent: 404 `["No send invite"]`.
 */
export function sendInvite(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = groupSchemaFailure(body, SEND_INVITE);
	if (invalid) return invalid;
	const failure = notFound(['No send invite']);
	const link = inviteLink(state, instance, body.groupJid as string);
	if (typeof link === 'string') return failure;
	const text = `${(body.description as string | undefined) ?? ''}\n\n${link.inviteUrl}`;
	for (const number of body.numbers as string[]) {
		const jid = createJid(number);
		if (cannotSend(state, instance, jid)) return failure;
		sent(state, instance, jid, 'conversation', { conversation: text });
	}
	return { status: 200, body: { send: true, inviteUrl: link.inviteUrl } };
}

/** POST /group/revokeInviteCode?groupJid= (201 `{revoked: true, inviteCode}`, the new code): admins only; failures 404 `["Revoke error", "<error>"]`. */
export function revokeInviteCode(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, query: URLSearchParams): CannedAnswer {
	const checked = groupValidate(body, query, GROUP_JID_SCHEMA);
	if ('answer' in checked) return checked.answer;
	const group = groupQuery(state, instance, checked.fields.groupJid, 'admin');
	if (typeof group === 'string') return wrapped(404, 'Not Found', ['Revoke error', group]);
	group.revokedInviteCodes = [...(group.revokedInviteCodes ?? []), codeOf(group)];
	group.inviteCode = newInviteCode();
	return { status: 201, body: { revoked: true, inviteCode: group.inviteCode } };
}
