// The release the fake plays (2.3.6, 2.3.7, 2.4.0-rc2) and what differs between them, each read in
// that release's source (github.com/evolution-foundation/evolution-api, docs/evolution-api.md,
// "Versions"): what `GET /` names, the 2.4 licence gate, the event names a webhook or transport may
// subscribe to, where a direct chat's `@lid` and phone JIDs go in `messages.upsert`, and 2.4's
// delivery headers.
import type { IncomingHttpHeaders } from 'node:http';

import type { CannedAnswer, FakeState } from './types.ts';

export const RELEASES = ['2.3.6', '2.3.7', '2.4.0-rc2'] as const;
export type EvolutionRelease = (typeof RELEASES)[number];
export const DEFAULT_RELEASE: EvolutionRelease = '2.3.6';

/** The control route that sets the release and the 2.4 licence (`{release?, activated?}`); answers both. */
export const CONTROL_RELEASE = '/_fake/release';

const is24 = (release: EvolutionRelease) => release.startsWith('2.4');

/**
 * The routes of an instance a release after 2.3.6 brought (`<METHOD> <group>/<action>`, as routes.ts
 * keys them), with the first release the fake plays that has them: an older release answers them
 * 404 `Cannot <METHOD> /…`, as Express does a route it does not have (read with `git show
 * <tag>:src/api/routes/*.router.ts`; docs/evolution-api.md, "Client routes by release").
 */
const ROUTE_SINCE: Readonly<Record<string, EvolutionRelease>> = {
	'POST template/edit': '2.3.7',
	'DELETE template/delete': '2.3.7',
	'POST chat/markMessageAsPlayed': '2.4.0-rc2',
	'POST chat/getPollVote': '2.4.0-rc2',
	'POST chat/findChannels': '2.4.0-rc2',
	'POST group/updateMemberAddMode': '2.4.0-rc2',
	'POST message/sendCarousel': '2.4.0-rc2',
	'GET baileys/generateMessageID': '2.4.0-rc2',
};

/** Whether the release has the route (`<METHOD> <group>/<action>`): every route 2.3.6 has, and the later ones from their release on. */
export function hasRoute(release: EvolutionRelease, route: string): boolean {
	const since = ROUTE_SINCE[route];
	return since === undefined || RELEASES.indexOf(release) >= RELEASES.indexOf(since);
}

/** `GET /`'s `version` is package.json's: 2.4.0-rc2's says `2.4.0`. */
export const versionOf = (release: EvolutionRelease) => (release === '2.4.0-rc2' ? '2.4.0' : release);

/** EventController.events of 2.3.x; 2.4.0 adds MESSAGING_HISTORY_SET before REMOVE_INSTANCE. */
const EVENTS_2_3 = [
	'APPLICATION_STARTUP',
	'QRCODE_UPDATED',
	'MESSAGES_SET',
	'MESSAGES_UPSERT',
	'MESSAGES_EDITED',
	'MESSAGES_UPDATE',
	'MESSAGES_DELETE',
	'SEND_MESSAGE',
	'SEND_MESSAGE_UPDATE',
	'CONTACTS_SET',
	'CONTACTS_UPSERT',
	'CONTACTS_UPDATE',
	'PRESENCE_UPDATE',
	'CHATS_SET',
	'CHATS_UPSERT',
	'CHATS_UPDATE',
	'CHATS_DELETE',
	'GROUPS_UPSERT',
	'GROUP_UPDATE',
	'GROUP_PARTICIPANTS_UPDATE',
	'CONNECTION_UPDATE',
	'LABELS_EDIT',
	'LABELS_ASSOCIATION',
	'CALL',
	'TYPEBOT_START',
	'TYPEBOT_CHANGE_STATUS',
	'REMOVE_INSTANCE',
	'LOGOUT_INSTANCE',
	'INSTANCE_CREATE',
	'INSTANCE_DELETE',
	'STATUS_INSTANCE',
];
const EVENTS_2_4 = [...EVENTS_2_3.slice(0, EVENTS_2_3.indexOf('REMOVE_INSTANCE')), 'MESSAGING_HISTORY_SET', ...EVENTS_2_3.slice(EVENTS_2_3.indexOf('REMOVE_INSTANCE'))];

/** What a webhook or event transport of the release may subscribe to (its schemas' enum, and what an empty list becomes). */
export const eventsOf = (release: EvolutionRelease): string[] => (is24(release) ? EVENTS_2_4 : EVENTS_2_3);

/** 2.4's licensing module (`src/licensing/runtime.ts`). */
export const LICENCE_DOCS_URL = 'https://docs.evolutionfoundation.com.br/licensing';
/** The fake's instance id at the licensing server (the real one is derived from the hardware). */
export const FAKE_LICENCE_INSTANCE_ID = '7b0c6f2e-4d1a-4f3b-9a51-2c8e0d6b9f10';

/** What 2.4's gateMiddleware lets through unactivated: these paths, the manager, assets, and the licence routes. */
function passesGate(pathname: string): boolean {
	return (
		['/', '/health', '/server/ok', '/favicon.ico', '/license/status', '/license/register', '/license/activate', '/ws'].includes(pathname) ||
		/^\/(manager|assets|store)/.test(pathname) ||
		/\.(svg|css|js|png|ico|woff2?|ttf|map)$/i.test(pathname) ||
		// The fake's own control routes are not Evolution's.
		pathname.startsWith('/_fake/')
	);
}

/** 2.4.0's 503 for a business route while the server is not activated; undefined when the request passes. */
export function licenceGate(state: FakeState, pathname: string, headers: IncomingHttpHeaders): CannedAnswer | undefined {
	if (!is24(state.fake.release) || state.fake.activated || passesGate(pathname)) return undefined;
	const scheme = (headers['x-forwarded-proto'] as string | undefined) ?? 'http';
	const managerUrl = `${scheme}://${headers.host ?? `127.0.0.1:${state.fake.port}`}/manager/login`;
	return {
		status: 503,
		body: {
			error: 'service not activated',
			code: 'LICENSE_REQUIRED',
			register_url: managerUrl,
			instance_id: FAKE_LICENCE_INSTANCE_ID,
			docs_url: LICENCE_DOCS_URL,
			message: `This Evolution API instance is not activated. Open ${managerUrl} to activate, or set AUTHENTICATION_API_KEY in your .env with a valid licensing key. Docs: ${LICENCE_DOCS_URL}`,
		},
	};
}

/**
 * 2.4's `GET /license/status` (no key, past the gate): whether the server is activated, and its
 * instance id at the licensing server. Earlier releases have no such route.
 */
export function licenceStatus(state: FakeState): CannedAnswer | undefined {
	if (!is24(state.fake.release)) return undefined;
	return { status: 200, body: { status: state.fake.activated ? 'active' : 'inactive', instance_id: FAKE_LICENCE_INSTANCE_ID } };
}

/** `POST /_fake/release {release?, activated?}`: plays another release, or activates (or deactivates) 2.4's licence. */
export function controlRelease(state: FakeState, raw: unknown): CannedAnswer {
	const body = (typeof raw === 'object' && raw !== null ? raw : {}) as { release?: unknown; activated?: unknown };
	if (body.release !== undefined) {
		if (!RELEASES.includes(body.release as EvolutionRelease)) {
			return { status: 400, body: { status: 400, error: 'Bad Request', response: { message: [`release is one of ${RELEASES.join(', ')}`] } } };
		}
		state.fake.release = body.release as EvolutionRelease;
	}
	if (body.activated !== undefined) state.fake.activated = body.activated === true;
	return { status: 200, body: { release: state.fake.release, activated: state.fake.activated } };
}

/**
 * A direct chat's key as the release delivers `messages.upsert` (Baileys gives `remoteJid` the
 * `@lid` and `remoteJidAlt` the phone JID when WhatsApp addresses the contact by `@lid`): 2.3.6
 * passes it as given; 2.3.7 puts the phone in `remoteJid` too (the `@lid` is gone); 2.4.0 swaps the
 * two and sets `addressingMode: "pn"`.
 */
export function upsertAsDelivered(release: EvolutionRelease, data: unknown): unknown {
	const key = (data as { key?: Record<string, unknown> } | null)?.key;
	if (!key || typeof key.remoteJid !== 'string' || !key.remoteJid.includes('@lid') || typeof key.remoteJidAlt !== 'string') return data;
	if (release === '2.3.6') return data;
	const lid = key.remoteJid;
	const swapped = is24(release) ? { remoteJid: key.remoteJidAlt, remoteJidAlt: lid, addressingMode: 'pn' } : { remoteJid: key.remoteJidAlt };
	return { ...(data as object), key: { ...key, ...swapped } };
}

/** 2.4.0's headers on every webhook delivery (its User-Agent names 2.3.7, as the source has it). */
export function deliveryHeaders(state: FakeState, instanceName: string, event: string): Record<string, string> {
	if (!is24(state.fake.release)) return {};
	return {
		'X-Instance-ID': state.idOf(instanceName),
		'X-Instance-Name': instanceName,
		'X-Event-Type': event,
		'X-Timestamp': Date.now().toString(),
		'User-Agent': 'EvolutionAPI-Webhook/2.3.7',
	};
}

/** `messages.set`'s `isLatest` and `progress` (a history sync's state), at the envelope's top level from 2.3.7 on. */
export const hasHistoryProgress = (release: EvolutionRelease) => release !== '2.3.6';
