// Group administration inside the real n8n, against the Evolution API fake on loopback: a sheet of
// customers (several input items) makes ONE group, one of them is promoted to admin, and the
// group's invite link goes out by Send Text; and Send Invite to every customer of a sheet in one
// request. Each chain runs node after node, so the requests' order within it is fixed; the checks
// read each scenario's requests by route, never the order of two scenarios.
import type { IDataObject } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEFAULT_API_KEY, startEvolutionFake, type EvolutionFake, type RecordedRequest } from '../../fakes/evolution';
import { N8n, messagingNode, type CredentialRef, type NodeSpec, type ScenarioResult } from './n8n';
import { stopAll } from './sandbox';

const SOPORTE = '120363111111111111@g.us';
const SOPORTE_CODE = 'Sp0rT3cL13nT3sAbCdEfGh';
const CUSTOMERS = [
	{ name: 'Bodega Rosa', phone: '+51 987 654 321' },
	{ name: 'Minimarket Sol', phone: 51912345678 },
	{ name: 'Abarrotes Luz', phone: '51 933 333 333' },
];

let fake: EvolutionFake;
let n8n: N8n;
let results: Record<string, ScenarioResult>;

// A failure stops the chain, so what a later node sent never hides an earlier error.
const group = (credential: CredentialRef, operation: string, parameters: IDataObject): NodeSpec => messagingNode(credential, 'group', operation, parameters, { onError: 'stopWorkflow' });

beforeAll(async () => {
	fake = await startEvolutionFake();
	n8n = await N8n.start();
	const evolution = n8n.credential('messagingApi', { serverUrl: fake.url, apiKey: DEFAULT_API_KEY }, 'Evolution fake');
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	results = await n8n.runScenarios({
		'customers → one group → promote → invite link by text': {
			input: CUSTOMERS,
			node: [
				group(evolution, 'create', {
					groupSubject: 'Clientes Bodega Lima',
					participantsFrom: 'allItems',
					participants: '={{ $json.phone }}',
					groupDescription: 'Ofertas de la semana',
				}),
				group(evolution, 'updateParticipants', { groupJid: byId('={{ $json.id }}'), participantAction: 'promote', participants: '51912345678' }),
				group(evolution, 'getInviteCode', { groupJid: byId('={{ $json.groupJid }}') }),
				messagingNode(
					evolution,
					'message',
					'sendText',
					{ number: { __rl: true, mode: 'number', value: '51944444444' }, text: '=Únete al grupo de clientes: {{ $json.inviteUrl }}' },
					{ onError: 'stopWorkflow' },
				),
			],
		},
		'Send Invite to every customer of the sheet at once': {
			input: CUSTOMERS.slice(0, 2),
			node: group(evolution, 'sendInvite', {
				groupJid: byId(SOPORTE),
				participantsFrom: 'allItems',
				participants: '={{ $json.phone }}',
				text: 'Soporte de la bodega',
			}),
		},
	});
}, 300_000);

afterAll(() => stopAll(undefined, n8n, fake));

const route = (prefix: string) => fake.requests.filter((request) => request.path.startsWith(prefix));
const summary = (request: RecordedRequest) => [request.method, request.path, request.body];

describe('Group administration in a running n8n', () => {
	it('makes one group of the three customers: one create request, one item paired with all three', () => {
		const chain = results['customers → one group → promote → invite link by text'];
		expect(chain.error).toBeUndefined();
		expect(route('/group/create/').map(summary)).toEqual([
			[
				'POST',
				'/group/create/sales',
				{ subject: 'Clientes Bodega Lima', participants: ['51987654321', '51912345678', '51933333333'], description: 'Ofertas de la semana' },
			],
		]);
		const created = chain.byNode['customers → one group → promote → invite link by text · 1'];
		expect(created).toHaveLength(1);
		expect(created[0]).toMatchObject({
			subject: 'Clientes Bodega Lima',
			desc: 'Ofertas de la semana',
			owner: '51900000001@s.whatsapp.net',
			size: 4,
			participants: [
				{ id: '51900000001@s.whatsapp.net', admin: 'superadmin' },
				{ id: '51987654321@s.whatsapp.net', admin: null },
				{ id: '51912345678@s.whatsapp.net', admin: null },
				{ id: '51933333333@s.whatsapp.net', admin: null },
			],
		});
	});

	it('promotes one participant, reads the invite link, and sends it by text, each request with its body', () => {
		const chain = results['customers → one group → promote → invite link by text'];
		const groupJid = chain.byNode['customers → one group → promote → invite link by text · 1'][0].id as string;
		expect(groupJid).toMatch(/^\d{18}@g\.us$/);
		const inGroup = `groupJid=${encodeURIComponent(groupJid)}`;
		expect(route('/group/updateParticipant/').map(summary)).toEqual([['POST', `/group/updateParticipant/sales?${inGroup}`, { action: 'promote', participants: ['51912345678'] }]]);
		expect(chain.byNode['customers → one group → promote → invite link by text · 2']).toEqual([
			{ groupJid, action: 'promote', number: '51912345678', jid: '51912345678@s.whatsapp.net', status: '200', success: true },
		]);
		expect(fake.groups.get(groupJid)?.participants.find((participant) => participant.id === '51912345678@s.whatsapp.net')?.admin).toBe('admin');

		expect(route('/group/inviteCode/').map(summary)).toEqual([['GET', `/group/inviteCode/sales?${inGroup}`, undefined]]);
		const [link] = chain.byNode['customers → one group → promote → invite link by text · 3'];
		expect(link).toEqual({ groupJid, inviteCode: expect.stringMatching(/^[A-Za-z0-9]{22}$/), inviteUrl: `https://chat.whatsapp.com/${link.inviteCode as string}` });

		expect(route('/message/sendText/').map(summary)).toEqual([
			['POST', '/message/sendText/sales', { number: '51944444444', text: `Únete al grupo de clientes: ${link.inviteUrl as string}` }],
		]);
		expect(chain.items).toHaveLength(1);
		expect(chain.items[0]).toMatchObject({ key: { remoteJid: '51944444444@s.whatsapp.net', fromMe: true }, message: { conversation: `Únete al grupo de clientes: ${link.inviteUrl as string}` } });
		// The API key went in the header of every request.
		expect(fake.requests.every((request) => request.headers.apikey === DEFAULT_API_KEY)).toBe(true);
	});

	it('sends the invite to every customer of the sheet in one request, its item paired with both', () => {
		const invite = results['Send Invite to every customer of the sheet at once'];
		expect(invite.error).toBeUndefined();
		expect(route('/group/sendInvite/').map(summary)).toEqual([
			['POST', '/group/sendInvite/sales', { groupJid: SOPORTE, numbers: ['51987654321', '51912345678'], description: 'Soporte de la bodega' }],
		]);
		const link = `https://chat.whatsapp.com/${SOPORTE_CODE}`;
		expect(invite.items).toEqual([{ groupJid: SOPORTE, send: true, inviteUrl: link, numbers: ['+51 987 654 321', '51912345678'] }]);
		expect(invite.run?.data?.main?.[0]?.[0]?.pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
		const invites = [...fake.messages.values()].filter((message) => message.text === `Soporte de la bodega\n\n${link}`).map((message) => message.key.remoteJid);
		expect(invites.sort()).toEqual(['51912345678@s.whatsapp.net', '51987654321@s.whatsapp.net']);
	});
});
