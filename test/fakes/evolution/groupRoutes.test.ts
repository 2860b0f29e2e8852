// The fake's group administration and invite routes, as Evolution 2.3.6's group router, schemas and
// Baileys service answer them (docs/evolution-api.md, Groups): the validators' envelopes, the
// service's answers and its errors for what WhatsApp refuses.
import { describe, expect, it } from 'vitest';

import { callFake } from './call';
import { useEvolutionFake } from '../../harness/evolutionFake';

const state = useEvolutionFake({ unregistered: ['51911111111'], groupAddRefused: ['51922222222'], contacts: { '51912345678': 'Luis Rojas' } });

const call = (method: string, path: string, body?: unknown, apikey?: string) => callFake(state.fake, method, path, body, apikey);
/** Ventas Lima: the instances' number is a plain member. Soporte Clientes: its superadmin. */
const VENTAS = '120363025246125486@g.us';
const SOPORTE = '120363111111111111@g.us';
const q = (jid: string) => `groupJid=${encodeURIComponent(jid)}`;

describe('Evolution fake: group/create', () => {
	it('makes the group with the instance as superadmin, leaves out numbers not on WhatsApp, and answers 201 with its metadata', async () => {
		const { status, body } = await call('POST', '/group/create/sales', {
			subject: 'Clientes VIP',
			description: 'Ofertas',
			participants: ['51987654321', '51911111111', '51912345678@s.whatsapp.net'],
		});
		expect(status).toBe(201);
		expect(body).toMatchObject({
			subject: 'Clientes VIP',
			owner: '51900000001@s.whatsapp.net',
			desc: 'Ofertas',
			size: 3,
			announce: false,
			restrict: false,
			participants: [
				{ id: '51900000001@s.whatsapp.net', admin: 'superadmin' },
				{ id: '51987654321@s.whatsapp.net', admin: null },
				{ id: '51912345678@s.whatsapp.net', admin: null },
			],
		});
		expect(body.id).toMatch(/^\d{18}@g\.us$/);
		expect(state.fake.groups.get(body.id)?.instances).toEqual(['sales']);
	});

	it('answers dataValidate’s nested 400s, and a closed connection as the service’s 500', async () => {
		expect(await call('POST', '/group/create/sales', { subject: 'X', participants: ['519876'] })).toEqual({
			status: 400,
			body: { status: 400, error: 'Bad Request', response: { message: [['"participants" must be an array of numeric strings']] } },
		});
		expect((await call('POST', '/group/create/sales', { participants: [] })).body.response.message).toEqual([
			['participants does not meet minimum length of 1', 'instance requires property "subject"'],
		]);
		expect(await call('POST', '/group/create/offline', { subject: 'X', participants: ['51987654321'] })).toEqual({
			status: 500,
			body: { status: 500, error: 'Internal Server Error', response: { message: ['Error creating group', 'Error: Connection Closed'] } },
		});
	});
});

describe('Evolution fake: changing a group', () => {
	it('lets any member edit an unlocked group, only admins a locked one, and no one outside it', async () => {
		expect(await call('POST', `/group/updateGroupSubject/sales?${q(VENTAS)}`, { subject: 'Ventas Lima Norte' })).toEqual({ status: 201, body: { update: 'success' } });
		expect(state.fake.groups.get(VENTAS)?.subject).toBe('Ventas Lima Norte');
		state.fake.groups.get(VENTAS)!.restrict = true;
		expect((await call('POST', `/group/updateGroupDescription/sales?${q(VENTAS)}`, { description: 'X' })).body).toEqual({
			status: 500,
			error: 'Internal Server Error',
			response: { message: ['Error updating group description', 'Error: not-authorized'] },
		});
		state.fake.groups.get(VENTAS)!.instances = ['Support Team'];
		expect((await call('POST', `/group/updateGroupSubject/sales?${q(VENTAS)}`, { subject: 'X' })).body.response.message).toEqual([
			'Error updating group subject',
			'Error: forbidden',
		]);
		expect((await call('POST', `/group/updateGroupSubject/sales?${q('120363999999999999@g.us')}`, { subject: 'X' })).body.response.message).toEqual([
			'Error updating group subject',
			'Error: item-not-found',
		]);
	});

	it("answers groupValidate's flat 400s: no group, an empty value, a value off the schema's list", async () => {
		expect((await call('POST', '/group/updateGroupSubject/sales', { subject: 'X' })).body.response.message).toEqual([
			'The group id needs to be informed in the query',
			'ex: "groupJid=120362@g.us"',
		]);
		expect((await call('POST', `/group/updateGroupSubject/sales?${q(VENTAS)}`, { subject: '' })).body.response.message).toEqual([
			{ property: 'subject', message: 'The "subject" cannot be empty' },
		]);
		expect((await call('POST', `/group/toggleEphemeral/sales?${q(SOPORTE)}`, { expiration: 3600 })).body.response.message).toEqual([
			{ property: 'expiration', message: 'expiration is not one of enum values: 0,86400,604800,7776000' },
		]);
	});

	it('takes a picture by URL or base64 only; anything else is the "[object Object]" 500', async () => {
		expect(await call('POST', `/group/updateGroupPicture/sales?${q(SOPORTE)}`, { image: 'https://example.com/logo.png' })).toEqual({
			status: 201,
			body: { update: 'success' },
		});
		expect(state.fake.profilePictures.get('120363111111111111')).toMatch(/^https:\/\/pps\.whatsapp\.net\//);
		expect((await call('POST', `/group/updateGroupPicture/sales?${q(SOPORTE)}`, { image: 'http://localhost/logo.png' })).body.response.message).toEqual([
			'Error update group picture',
			'[object Object]',
		]);
	});

	it('sets the group settings and disappearing messages (admins only), answering {} and {success: true}', async () => {
		expect(await call('POST', `/group/updateSetting/sales?${q(SOPORTE)}`, { action: 'announcement' })).toEqual({ status: 201, body: {} });
		expect(await call('POST', `/group/toggleEphemeral/sales?${q(SOPORTE)}`, { expiration: 604800 })).toEqual({ status: 201, body: { success: true } });
		expect(state.fake.groups.get(SOPORTE)).toMatchObject({ announce: true, ephemeralDuration: 604800 });
		expect((await call('POST', `/group/updateSetting/sales?${q(VENTAS)}`, { action: 'locked' })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: { message: ['Error updating setting', 'Error: not-authorized'] },
		});
	});

	it('leaves a group (200) and then is no longer in it', async () => {
		expect(await call('DELETE', `/group/leaveGroup/sales?${q(VENTAS)}`)).toEqual({ status: 200, body: { groupJid: VENTAS, leave: true } });
		expect((await call('DELETE', `/group/leaveGroup/sales?${q(VENTAS)}`)).body.response.message).toEqual(['Unable to leave the group', 'Error: forbidden']);
		expect((await call('GET', '/group/fetchAllGroups/sales?getParticipants=false')).body.map((group: { id: string }) => group.id)).toEqual([SOPORTE]);
	});
});

describe('Evolution fake: participants', () => {
	it('lists the participants with the names and pictures the server knows', async () => {
		expect(await call('GET', `/group/participants/sales?${q(VENTAS)}`)).toEqual({
			status: 200,
			body: {
				participants: [
					{ id: '51987654321@s.whatsapp.net', admin: 'superadmin', imgUrl: 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg' },
					{ id: '51912345678@s.whatsapp.net', admin: 'admin', name: 'Luis Rojas' },
					{ id: '51900000001@s.whatsapp.net', admin: null },
				],
			},
		});
		expect((await call('GET', `/group/participants/offline?${q(VENTAS)}`)).body.response.message).toEqual(['No participants', 'Error: Connection Closed']);
	});

	it("answers WhatsApp's status for each participant: added, already in, refused by privacy, not on WhatsApp, not in the group", async () => {
		const added = await call('POST', `/group/updateParticipant/sales?${q(SOPORTE)}`, {
			action: 'add',
			participants: ['51987654321', '51912345678', '51922222222', '51911111111'],
		});
		expect(added.status).toBe(201);
		expect(added.body.updateParticipants.map((entry: { status: string; jid: string }) => [entry.status, entry.jid])).toEqual([
			['200', '51987654321@s.whatsapp.net'],
			['409', '51912345678@s.whatsapp.net'],
			['403', '51922222222@s.whatsapp.net'],
			['404', '51911111111@s.whatsapp.net'],
		]);
		expect(added.body.updateParticipants[0].content).toEqual({ tag: 'participant', attrs: { jid: '51987654321@s.whatsapp.net' } });
		expect(added.body.updateParticipants[2].content).toMatchObject({
			tag: 'participant',
			attrs: { jid: '51922222222@s.whatsapp.net', error: '403' },
			content: [{ tag: 'add_request', attrs: { code: expect.any(String), expiration: expect.any(String) } }],
		});
		const promoted = await call('POST', `/group/updateParticipant/sales?${q(SOPORTE)}`, { action: 'promote', participants: ['51987654321', '51933333333'] });
		expect(promoted.body.updateParticipants.map((entry: { status: string }) => entry.status)).toEqual(['200', '404']);
		expect(state.fake.groups.get(SOPORTE)?.participants.find((p) => p.id === '51987654321@s.whatsapp.net')?.admin).toBe('admin');
	});

	it('refuses a member who is not an admin as the service does (400)', async () => {
		expect((await call('POST', `/group/updateParticipant/sales?${q(VENTAS)}`, { action: 'remove', participants: ['51912345678'] })).body).toEqual({
			status: 400,
			error: 'Bad Request',
			response: { message: ['Error updating participants', 'Error: not-authorized'] },
		});
	});
});

describe('Evolution fake: invites', () => {
	it('gives the link to admins, revokes it (201, a new code), and the old code is then gone', async () => {
		expect(await call('GET', `/group/inviteCode/sales?${q(SOPORTE)}`)).toEqual({
			status: 200,
			body: { inviteUrl: 'https://chat.whatsapp.com/Sp0rT3cL13nT3sAbCdEfGh', inviteCode: 'Sp0rT3cL13nT3sAbCdEfGh' },
		});
		expect((await call('GET', `/group/inviteCode/sales?${q(VENTAS)}`)).body.response.message).toEqual(['No invite code', 'Error: not-authorized']);
		const revoked = await call('POST', `/group/revokeInviteCode/sales?${q(SOPORTE)}`);
		expect(revoked).toMatchObject({ status: 201, body: { revoked: true } });
		expect(revoked.body.inviteCode).toMatch(/^[A-Za-z0-9]{22}$/);
		expect(await call('GET', '/group/acceptInviteCode/sales?inviteCode=Sp0rT3cL13nT3sAbCdEfGh')).toEqual({
			status: 404,
			body: { status: 404, error: 'Not Found', response: { message: ['Accept invite error', 'Error: gone'] } },
		});
	});

	it('shows what a code opens, 404 naming the code when unknown, and 400s for a missing or malformed code', async () => {
		const info = await call('GET', '/group/inviteInfo/sales?inviteCode=K1nGsR2dXlT7zQe9kP4mWv');
		expect(info).toMatchObject({ status: 200, body: { id: VENTAS, subject: 'Ventas Lima', size: 3, participants: [] } });
		expect((await call('GET', '/group/inviteInfo/sales?inviteCode=AAAAAAAAAAAAAAAAAAAAAA')).body).toEqual({
			status: 404,
			error: 'Not Found',
			response: { message: ['No invite info', 'AAAAAAAAAAAAAAAAAAAAAA'] },
		});
		expect((await call('GET', '/group/inviteInfo/sales')).body.response.message).toEqual([
			'The group invite code id needs to be informed in the query',
			'ex: "inviteCode=F1EX5QZxO181L3TMVP31gY" (Obtained from group join link)',
		]);
		expect((await call('GET', '/group/acceptInviteCode/sales?inviteCode=abc')).body.response.message).toEqual([
			{ property: 'inviteCode', message: 'inviteCode does not match pattern "^[a-zA-Z0-9]{22}$"' },
		]);
	});

	it('joins by a code: the instance is then a member', async () => {
		state.fake.groups.get(SOPORTE)!.instances = ['Support Team'];
		expect(await call('GET', '/group/acceptInviteCode/sales?inviteCode=Sp0rT3cL13nT3sAbCdEfGh')).toEqual({ status: 200, body: { accepted: true, groupJid: SOPORTE } });
		expect(state.fake.groups.get(SOPORTE)?.instances).toEqual(['Support Team', 'sales']);
	});

	it('sends the link with the description to each number as a text (groupJid from the body only)', async () => {
		const answer = await call('POST', '/group/sendInvite/sales', { groupJid: SOPORTE, description: 'Únete', numbers: ['51987654321', '51912345678'] });
		expect(answer).toEqual({ status: 200, body: { send: true, inviteUrl: 'https://chat.whatsapp.com/Sp0rT3cL13nT3sAbCdEfGh' } });
		const texts = [...state.fake.messages.values()].filter((message) => message.text?.startsWith('Únete'));
		expect(texts.map((message) => [message.key.remoteJid, message.text])).toEqual([
			['51987654321@s.whatsapp.net', 'Únete\n\nhttps://chat.whatsapp.com/Sp0rT3cL13nT3sAbCdEfGh'],
			['51912345678@s.whatsapp.net', 'Únete\n\nhttps://chat.whatsapp.com/Sp0rT3cL13nT3sAbCdEfGh'],
		]);
		expect((await call('POST', `/group/sendInvite/sales?${q(SOPORTE)}`, { description: 'X', numbers: ['51987654321'] })).body.response.message).toEqual([
			{ property: 'instance', message: 'instance requires property "groupJid"' },
		]);
		expect(await call('POST', '/group/sendInvite/sales', { groupJid: SOPORTE, description: 'X', numbers: ['51911111111'] })).toEqual({
			status: 404,
			body: { status: 404, error: 'Not Found', response: { message: ['No send invite'] } },
		});
	});
});
