// The route table: which handler answers which route. A route of an instance is
// `<METHOD> <group>/<action>/<instance>`: the instance must exist (even with a bad key), then the
// key must be the global one or the instance's token, then its handler runs. Teaching the fake a
// new endpoint: its handler (with its schema) in its group's file, and one line here.
import type { IncomingHttpHeaders } from 'node:http';

import { notFound, wrapped } from './answers.ts';
import {
	archiveChat,
	deleteMessageForEveryone,
	fetchProfilePictureUrl,
	findChats,
	findContacts,
	findMessages,
	findStatusMessage,
	getBase64FromMediaMessage,
	markChatUnread,
	markMessageAsRead,
	sendPresence,
	updateBlockStatus,
	updateMessage,
	whatsappNumbers,
} from './chat.ts';
import { CONTROL_DELIVER, CONTROL_SENT, controlDeliver, sentSoFar } from './control.ts';
import { fetchAllGroups, findGroupInfos } from './group.ts';
import {
	createGroup,
	leaveGroup,
	participants,
	toggleEphemeral,
	updateGroupDescription,
	updateGroupPicture,
	updateGroupSubject,
	updateParticipant,
	updateSetting,
} from './groupAdmin.ts';
import { acceptInviteCode, inviteCode, inviteInfo, revokeInviteCode, sendInvite } from './groupInvite.ts';
import { sendButtons, sendList } from './interactive.ts';
import { connect, connectionState, createInstance, deleteInstance, fetchInstances, logout, restart, setPresence } from './instance.ts';
import {
	sendContact,
	sendLocation,
	sendMedia,
	sendPoll,
	sendPtv,
	sendReaction,
	sendStatus,
	sendSticker,
	sendText,
	sendWhatsAppAudio,
} from './message.ts';
import {
	fetchBusinessProfile,
	fetchPrivacySettings,
	fetchProfile,
	removeProfilePicture,
	updatePrivacySettings,
	updateProfileName,
	updateProfilePicture,
	updateProfileStatus,
} from './profile.ts';
import { findSettings, setSettings } from './settings.ts';
import type { CannedAnswer, FakeState, Handler } from './types.ts';
import { findWebhook, setWebhook } from './webhook.ts';

/** The routes of an instance, by `<METHOD> <group>/<action>`. */
const routes: Record<string, Handler> = {
	'POST message/sendText': sendText,
	'POST message/sendMedia': sendMedia,
	'POST message/sendWhatsAppAudio': sendWhatsAppAudio,
	'POST message/sendPtv': sendPtv,
	'POST message/sendStatus': sendStatus,
	'POST message/sendSticker': sendSticker,
	'POST message/sendLocation': sendLocation,
	'POST message/sendContact': sendContact,
	'POST message/sendReaction': sendReaction,
	'POST message/sendPoll': sendPoll,
	'POST message/sendList': sendList,
	'POST message/sendButtons': sendButtons,
	'POST chat/whatsappNumbers': whatsappNumbers,
	'POST chat/markMessageAsRead': markMessageAsRead,
	'POST chat/sendPresence': sendPresence,
	'POST chat/getBase64FromMediaMessage': getBase64FromMediaMessage,
	'POST chat/fetchProfilePictureUrl': fetchProfilePictureUrl,
	'POST chat/updateMessage': updateMessage,
	'DELETE chat/deleteMessageForEveryone': deleteMessageForEveryone,
	'POST chat/findMessages': findMessages,
	'POST chat/findStatusMessage': findStatusMessage,
	'POST chat/findContacts': findContacts,
	'POST chat/findChats': findChats,
	'POST chat/archiveChat': archiveChat,
	'POST chat/markChatUnread': markChatUnread,
	'POST chat/updateBlockStatus': updateBlockStatus,
	'POST chat/fetchProfile': fetchProfile,
	'POST chat/fetchBusinessProfile': fetchBusinessProfile,
	'POST chat/updateProfileName': updateProfileName,
	'POST chat/updateProfileStatus': updateProfileStatus,
	'POST chat/updateProfilePicture': updateProfilePicture,
	'DELETE chat/removeProfilePicture': removeProfilePicture,
	'GET chat/fetchPrivacySettings': fetchPrivacySettings,
	'POST chat/updatePrivacySettings': updatePrivacySettings,
	'GET group/fetchAllGroups': fetchAllGroups,
	'GET group/findGroupInfos': findGroupInfos,
	'POST group/create': createGroup,
	'POST group/updateGroupSubject': updateGroupSubject,
	'POST group/updateGroupDescription': updateGroupDescription,
	'POST group/updateGroupPicture': updateGroupPicture,
	'GET group/participants': participants,
	'POST group/updateParticipant': updateParticipant,
	'POST group/updateSetting': updateSetting,
	'POST group/toggleEphemeral': toggleEphemeral,
	'DELETE group/leaveGroup': leaveGroup,
	'GET group/inviteCode': inviteCode,
	'GET group/inviteInfo': inviteInfo,
	'GET group/acceptInviteCode': acceptInviteCode,
	'POST group/sendInvite': sendInvite,
	'POST group/revokeInviteCode': revokeInviteCode,
	'GET instance/connectionState': connectionState,
	'GET instance/connect': connect,
	'POST instance/restart': restart,
	'DELETE instance/logout': logout,
	'DELETE instance/delete': deleteInstance,
	'POST instance/setPresence': setPresence,
	'GET settings/find': findSettings,
	'POST settings/set': setSettings,
	'POST webhook/set': setWebhook,
	'GET webhook/find': findWebhook,
};

type ServerRoute = (state: FakeState, headers: IncomingHttpHeaders, query: URLSearchParams, body: unknown) => CannedAnswer | Promise<CannedAnswer>;

/** The routes without an instance in their path (no guard), by `<METHOD> <path>`. */
const serverRoutes: Record<string, ServerRoute> = {
	'GET /instance/fetchInstances': (state, headers, query) => fetchInstances(state, headers, query),
	'POST /instance/create': (state, headers, _query, body) => createInstance(state, headers, body),
	[`POST ${CONTROL_DELIVER}`]: (state, _headers, _query, body) => controlDeliver(state, body),
	[`GET ${CONTROL_SENT}`]: (state) => sentSoFar(state),
};

function queryOf(path: string): URLSearchParams {
	const index = path.indexOf('?');
	return new URLSearchParams(index >= 0 ? path.slice(index + 1) : '');
}

/** The answer to a request (its path still percent-encoded, its body parsed). */
export function route(state: FakeState, method: string, path: string, headers: IncomingHttpHeaders, body: unknown): CannedAnswer | Promise<CannedAnswer> {
	const pathname = path.split('?')[0];
	const query = queryOf(path);
	const serverRoute = serverRoutes[`${method} ${pathname}`];
	if (serverRoute) return serverRoute(state, headers, query, body);
	const match = /^\/([^/]+\/[^/]+)\/([^/]+)$/.exec(pathname);
	const handler = match ? routes[`${method} ${match[1]}`] : undefined;
	if (!match || !handler) return notFound([`Cannot ${method} ${pathname}`]);
	let name: string;
	try {
		name = decodeURIComponent(match[2]);
	} catch {
		name = match[2];
	}
	// Guard order: the instance must exist (even with a bad key), then the key must fit it.
	const instance = state.fake.instances.get(name);
	if (!instance) return notFound([`The "${name}" instance does not exist`]);
	if (headers.apikey !== state.fake.apiKey && headers.apikey !== instance.token) return wrapped(401, 'Unauthorized', 'Unauthorized');
	// The server copies the parsed body onto a fresh DTO (Object.assign), so anything that is not
	// an object contributes nothing (or its indices) and the schema then reports what is missing.
	const fields: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
	return handler(state, instance, fields, query);
}
