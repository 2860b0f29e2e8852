// The route table: which handler answers which route. A route of an instance is
// `<METHOD> <group>/<action>/<instance>`: the instance must exist (even with a bad key), then the
// key must be the global one or the instance's token, then its handler runs. Teaching the fake a
// new endpoint: its handler (with its schema) in its group's file, and one line here.
import type { IncomingHttpHeaders } from 'node:http';

import { notFound, wrapped } from './answers.ts';
import { getCatalog, getCollections } from './business.ts';
import { offerCall } from './call.ts';
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
	markMessageAsPlayed,
	markMessageAsRead,
	sendPresence,
	updateBlockStatus,
	updateMessage,
	whatsappNumbers,
} from './chat.ts';
import {
	botSettingsRoute,
	createBot,
	createOpenAiCreds,
	deleteBot,
	deleteOpenAiCreds,
	fetchBot,
	fetchBotSettings,
	findBots,
	findOpenAiCreds,
	getOpenAiModels,
	ignoreJid,
	updateBot,
} from './chatbotConfig.ts';
import { BOT_KINDS, changeBotStatus, fetchBotSessions, findChatwoot, setChatwoot, startTypebot } from './chatbots.ts';
import { findChannels, findChatByRemoteJid } from './chatRows.ts';
import { CONTROL_DELIVER, CONTROL_SENT, controlDeliver, sentSoFar } from './control.ts';
import { fetchAllGroups, findGroupInfos } from './group.ts';
import { findLabels, handleLabel } from './labels.ts';
import {
	createGroup,
	leaveGroup,
	participants,
	toggleEphemeral,
	updateGroupDescription,
	updateGroupPicture,
	updateGroupSubject,
	updateParticipant,
	updateMemberAddMode,
	updateSetting,
} from './groupAdmin.ts';
import { getPollVote } from './polls.ts';
import { acceptInviteCode, inviteCode, inviteInfo, revokeInviteCode, sendInvite } from './groupInvite.ts';
import { sendButtons, sendCarousel, sendList } from './interactive.ts';
import { connect, connectionState, createInstance, deleteInstance, fetchInstances, logout, restart, setPresence } from './instance.ts';
import { findEventTransport, findProxy, setEventTransport, setProxy } from './integrations.ts';
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
import { CONTROL_RELEASE, controlRelease, hasRoute, licenceGate, licenceStatus } from './release.ts';
import { serverInfo } from './server.ts';
import { findSettings, setSettings } from './settings.ts';
import { generateMessageId, getMedia, getMediaUrl } from './storage.ts';
import { createTemplate, deleteTemplate, editTemplate, findTemplates, sendTemplate } from './templates.ts';
import type { UploadedFile } from './multipart.ts';
import type { CannedAnswer, FakeState, Handler } from './types.ts';
import { findWebhook, setWebhook } from './webhook.ts';

/** The routes of an instance, by `<METHOD> <group>/<action>` (`/:id`: a path parameter before the instance). */
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
	'POST message/sendCarousel': sendCarousel,
	'POST message/sendTemplate': sendTemplate,
	'POST chat/whatsappNumbers': whatsappNumbers,
	'POST chat/markMessageAsRead': markMessageAsRead,
	'POST chat/markMessageAsPlayed': markMessageAsPlayed,
	'POST chat/sendPresence': sendPresence,
	'POST chat/getBase64FromMediaMessage': getBase64FromMediaMessage,
	'POST chat/fetchProfilePictureUrl': fetchProfilePictureUrl,
	'POST chat/updateMessage': updateMessage,
	'DELETE chat/deleteMessageForEveryone': deleteMessageForEveryone,
	'POST chat/findMessages': findMessages,
	'POST chat/findStatusMessage': findStatusMessage,
	'POST chat/findContacts': findContacts,
	'POST chat/findChats': findChats,
	'GET chat/findChatByRemoteJid': findChatByRemoteJid,
	'POST chat/findChannels': findChannels,
	'POST chat/getPollVote': getPollVote,
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
	'POST group/updateMemberAddMode': updateMemberAddMode,
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
	'GET label/findLabels': findLabels,
	'POST label/handleLabel': handleLabel,
	'POST business/getCatalog': getCatalog,
	'POST business/getCollections': getCollections,
	'GET template/find': findTemplates,
	'POST template/create': createTemplate,
	'POST template/edit': editTemplate,
	'DELETE template/delete': deleteTemplate,
	'POST call/offer': offerCall,
	'POST s3/getMedia': getMedia,
	'POST s3/getMediaUrl': getMediaUrl,
	'GET baileys/generateMessageID': generateMessageId,
	'POST websocket/set': setEventTransport('websocket'),
	'GET websocket/find': findEventTransport('websocket'),
	'POST rabbitmq/set': setEventTransport('rabbitmq'),
	'GET rabbitmq/find': findEventTransport('rabbitmq'),
	'POST nats/set': setEventTransport('nats'),
	'GET nats/find': findEventTransport('nats'),
	'POST sqs/set': setEventTransport('sqs'),
	'GET sqs/find': findEventTransport('sqs'),
	'POST kafka/set': setEventTransport('kafka'),
	'GET kafka/find': findEventTransport('kafka'),
	'POST pusher/set': setEventTransport('pusher'),
	'GET pusher/find': findEventTransport('pusher'),
	'POST proxy/set': setProxy,
	'GET proxy/find': findProxy,
	'POST chatwoot/set': setChatwoot,
	'GET chatwoot/find': findChatwoot,
	'POST typebot/start': startTypebot,
	'POST openai/creds': createOpenAiCreds,
	'GET openai/creds': findOpenAiCreds,
	'DELETE openai/creds/:id': deleteOpenAiCreds,
	'GET openai/getModels': getOpenAiModels,
	// Every bot's sessions and configuration: `/{bot}/<action>[/{id}]/{instance}`.
	...Object.fromEntries(
		Object.keys(BOT_KINDS).flatMap((bot) => [
			[`POST ${bot}/changeStatus`, changeBotStatus(bot)],
			[`GET ${bot}/fetchSessions/:id`, fetchBotSessions(bot)],
			[`POST ${bot}/create`, createBot(bot)],
			[`GET ${bot}/find`, findBots(bot)],
			[`GET ${bot}/fetch/:id`, fetchBot(bot)],
			[`PUT ${bot}/update/:id`, updateBot(bot)],
			[`DELETE ${bot}/delete/:id`, deleteBot(bot)],
			[`POST ${bot}/settings`, botSettingsRoute(bot)],
			[`GET ${bot}/fetchSettings`, fetchBotSettings(bot)],
			[`POST ${bot}/ignoreJid`, ignoreJid(bot)],
		]),
	),
};

type ServerRoute = (state: FakeState, headers: IncomingHttpHeaders, query: URLSearchParams, body: unknown) => CannedAnswer | Promise<CannedAnswer>;

/** The routes without an instance in their path (no guard), by `<METHOD> <path>`. */
const serverRoutes: Record<string, ServerRoute> = {
	'GET /': (state, headers) => serverInfo(state, headers),
	'GET /instance/fetchInstances': (state, headers, query) => fetchInstances(state, headers, query),
	'POST /instance/create': (state, headers, _query, body) => createInstance(state, headers, body),
	[`POST ${CONTROL_DELIVER}`]: (state, _headers, _query, body) => controlDeliver(state, body),
	[`GET ${CONTROL_SENT}`]: (state) => sentSoFar(state),
	[`POST ${CONTROL_RELEASE}`]: (state, _headers, _query, body) => controlRelease(state, body),
};

function queryOf(path: string): URLSearchParams {
	const index = path.indexOf('?');
	return new URLSearchParams(index >= 0 ? path.slice(index + 1) : '');
}

/** The answer to a request (its path still percent-encoded, its body parsed). */
export function route(
	state: FakeState,
	method: string,
	path: string,
	headers: IncomingHttpHeaders,
	body: unknown,
	file?: UploadedFile,
): CannedAnswer | Promise<CannedAnswer> {
	const pathname = path.split('?')[0];
	const query = queryOf(path);
	const gated = licenceGate(state, pathname, headers);
	if (gated) return gated;
	const serverRoute = serverRoutes[`${method} ${pathname}`];
	if (serverRoute) return serverRoute(state, headers, query, body);
	const licence = method === 'GET' && pathname === '/license/status' ? licenceStatus(state) : undefined;
	if (licence) return licence;
	// `/<group>/<action>/<instance>`, or with one parameter before the instance (`…/:id/<instance>`).
	const match = /^\/([^/]+\/[^/]+)(?:\/([^/]+))?\/([^/]+)$/.exec(pathname);
	const key = match ? `${method} ${match[1]}${match[2] === undefined ? '' : '/:id'}` : '';
	const handler = match && hasRoute(state.fake.release, key) ? routes[key] : undefined;
	if (!match || !handler) return notFound([`Cannot ${method} ${pathname}`]);
	const decoded = (segment: string) => {
		try {
			return decodeURIComponent(segment);
		} catch {
			return segment;
		}
	};
	const name = decoded(match[3]);
	// Guard order: the instance must exist (even with a bad key), then the key must fit it.
	const instance = state.fake.instances.get(name);
	if (!instance) return notFound([`The "${name}" instance does not exist`]);
	if (headers.apikey !== state.fake.apiKey && headers.apikey !== instance.token) return wrapped(401, 'Unauthorized', 'Unauthorized');
	// The server copies the parsed body onto a fresh DTO (Object.assign), so anything that is not
	// an object contributes nothing (or its indices) and the schema then reports what is missing.
	const fields: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
	return handler(state, instance, fields, query, match[2] === undefined ? undefined : decoded(match[2]), file);
}
