// What the Group operations' tests share: the seeded groups (the instances' number is a plain
// member of Ventas Lima and the superadmin of Soporte Clientes), the group locator's value, and
// the requests the fake received.
import type { EvolutionFake } from '../../../../fakes/evolution';
import { instance } from '../helpers';

export const VENTAS = '120363025246125486@g.us';
export const SOPORTE = '120363111111111111@g.us';
export const VENTAS_CODE = 'K1nGsR2dXlT7zQe9kP4mWv';
export const SOPORTE_CODE = 'Sp0rT3cL13nT3sAbCdEfGh';

/** Ventas Lima as Simplify keeps it: 10 fields under names that say them. */
export const simplifiedVentas = (participants: unknown) => ({
	groupJid: VENTAS,
	subject: 'Ventas Lima',
	description: 'Pedidos y cotizaciones',
	owner: '51987654321@s.whatsapp.net',
	size: 3,
	creation: 1_690_000_000,
	onlyAdminsSend: false,
	onlyAdminsEditInfo: false,
	isCommunity: false,
	participants,
});

/** Ventas Lima as the server gives it (Simplify off): the fields both Get Many's and Get Invite Info's answers hold. */
export const VENTAS_AS_GIVEN = {
	id: VENTAS,
	subject: 'Ventas Lima',
	subjectOwner: '51987654321@s.whatsapp.net',
	subjectTime: 1_700_000_000,
	size: 3,
	creation: 1_690_000_000,
	owner: '51987654321@s.whatsapp.net',
	desc: 'Pedidos y cotizaciones',
	descId: '46125486DESC',
	restrict: false,
	announce: false,
	isCommunity: false,
	isCommunityAnnounce: false,
};

export const groupLocator = (value: string, mode: 'list' | 'id' = 'list') => ({ __rl: true, mode, value });

/** A Group operation's parameters on instance `sales`. */
export const groupParameters = (operation: string, parameters: Record<string, unknown> = {}) => ({
	resource: 'group',
	operation,
	instanceName: instance('sales'),
	...parameters,
});

/** Method, path (with its query) and body of every request the fake received. */
export const requestsOf = (fake: EvolutionFake) => fake.requests.map((request) => [request.method, request.path, request.body]);

export const query = (jid: string) => `groupJid=${encodeURIComponent(jid)}`;
