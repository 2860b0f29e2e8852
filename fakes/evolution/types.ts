// The fake Evolution API's types: what tests, the sandbox and the bench see of it (the fake, its
// options, what it stores and records), and what its route handlers share (FakeState, Handler).
import type { IncomingHttpHeaders } from 'node:http';
import type { UploadedFile, UploadedPart } from './multipart.ts';

import type { EvolutionRelease } from './release.ts';

export type ConnectionStatus = 'open' | 'close' | 'connecting';

export interface FakeInstance {
	name: string;
	/** The instance's own token, accepted as `apikey` for this instance only. */
	token: string;
	connectionStatus: ConnectionStatus;
	ownerJid: string | null;
	profileName: string | null;
	/** `WHATSAPP-BAILEYS` (default) or `WHATSAPP-BUSINESS`, as `instance/create` was given it. */
	integration?: string;
	/** The QR code the instance shows while `connecting` (made by `instance/create` and `instance/connect`). */
	qrcode?: FakeQrCode;
	/** A Cloud API instance's Meta business ID (`instance/create`'s `businessId`). */
	businessId?: string;
	/**
	 * False for a Baileys instance created without a QR code and never connected since: the server
	 * holds no WhatsApp socket for it, and the sends fail with JavaScript's own TypeErrors (recorded
	 * from the real 2.3.7). Absent: a socket that was opened, open or closed ("Connection Closed").
	 */
	socket?: false;
	/**
	 * False for an instance `instance/create` made: it has no Typebot settings row (the fake serves no
	 * `/typebot/settings`), and `/typebot/start` fails on it as the real startBot does (500).
	 */
	typebotSettings?: false;
}

/** A WhatsApp Business label as the server stores it (the Label row; `findLabels` answers it). */
export interface FakeLabel {
	id: string;
	name: string;
	/** WhatsApp's color index, as text ("0" to "19"). */
	color: string;
	/** The WhatsApp Business default label it is ("1" to "5"), or null for one the business added. */
	predefinedId: string | null;
}

/** A product of a WhatsApp Business catalog, as Baileys' getCatalog parses it. */
export type FakeProduct = Record<string, unknown> & { id: string; name: string };

/** A catalog collection, as Baileys' getCollections parses it. */
export interface FakeCollection {
	id: string;
	name: string;
	products: FakeProduct[];
	status: { status: string; canAppeal: boolean };
}

/** A message template as Meta's Graph API lists it (`GET /<business>/message_templates`). */
export type FakeTemplate = Record<string, unknown> & { id: string; name: string; language: string; status: string; category: string };

/** One call `call/offer` placed (Evolution 2.2 only: 2.3 places none). */
export interface FakeCall {
	instance: string;
	jid: string;
	isVideo: boolean;
	callDuration: number;
}

/** An instance's QR code as Baileys' `qrCode` getter answers it. */
export interface FakeQrCode {
	/** The 8-character code to type in WhatsApp, when a number was given; else null. */
	pairingCode: string | null;
	/** The QR code's text. */
	code: string;
	/** `data:image/png;base64,...` */
	base64: string;
	count: number;
}

export interface FakeGroupParticipant {
	/** `<digits>@s.whatsapp.net` (or `@lid`). */
	id: string;
	admin: 'superadmin' | 'admin' | null;
}

export interface FakeGroup {
	/** `<digits>@g.us`. */
	id: string;
	subject: string;
	/** The creator's JID; omitted from answers when absent, as the server does. */
	owner?: string;
	desc?: string;
	participants: FakeGroupParticipant[];
	/** The instances that are members; default every instance. */
	instances?: string[];
	/** Only admins send messages (the `announcement` setting); default off. */
	announce?: boolean;
	/** Only admins edit the group's info and disappearing messages (the `locked` setting); default off. */
	restrict?: boolean;
	/** Disappearing messages, in seconds (0 or none: off). */
	ephemeralDuration?: number;
	/** All members may add people (2.4's updateMemberAddMode `all_member_add`); default off (admins only). */
	memberAddMode?: boolean;
	/** The code of the invite link (22 letters and digits); made when first asked for, replaced by a revoke. */
	inviteCode?: string;
	/** Codes revoked: WhatsApp answers `gone` to them. */
	revokedInviteCodes?: string[];
	/** Seconds since 1970 (WhatsApp's `creation`, `s_t`); default fixed times for the seeds. */
	creation?: number;
	subjectTime?: number;
}

/** `ptv`: a video note (ptvMessage). */
export type StoredMediaType = 'image' | 'video' | 'ptv' | 'audio' | 'document' | 'sticker';

export interface StoredMedia {
	bytes: Buffer;
	mimetype: string;
	fileName?: string;
	caption?: string;
	height?: number;
	width?: number;
}

/** A message the server holds in its database (sent through it, or received). */
export interface StoredMessage {
	instance: string;
	/** `participant`: the member who wrote it, in a group. */
	key: { remoteJid: string; fromMe: boolean; id: string; participant?: string };
	/** The proto key, as the server names it: `conversation`, `imageMessage`, `reactionMessage`... */
	messageType: string;
	media?: StoredMedia;
	/** A text's content (sendText); `chat/updateMessage` changes it. */
	text?: string;
	/** Set by `chat/updateMessage` (EDITED) and `chat/deleteMessageForEveryone` (DELETED, kept as DATABASE_DELETE_MESSAGE=true keeps it). */
	status?: 'EDITED' | 'DELETED';
	/** Seconds since 1970, as the Message row's `messageTimestamp`; the seeds have none (0). */
	messageTimestamp?: number;
	/** The sender's WhatsApp name, as the Message row's `pushName`. */
	pushName?: string;
	/** Its status updates, oldest first (MessageUpdate rows: SERVER_ACK, DELIVERY_ACK, READ...). */
	statuses?: string[];
	/** The ID of the message it quotes (its row's `contextInfo.stanzaId`). */
	quotedId?: string;
	/** A poll's question and options (sendPoll's pollCreationMessage). */
	poll?: { name: string; options: string[] };
	/** A vote (a `pollUpdateMessage` row): the poll's key and the options picked, as the server decrypts them. */
	pollVote?: { pollId: string; pollChat: string; selected: string[] };
	/** Its Media row, written when the server put its file in the bucket (S3 on; a video only with S3_SAVE_VIDEO; storage.ts). */
	s3Row?: MediaRow;
}

/** A Media row (the file the server put in its S3 bucket), as `s3/getMedia` selects it. */
export interface MediaRow {
	id: string;
	fileName: string;
	type: string;
	mimetype: string;
	createdAt: string;
}

/** A vote on a poll to store as received (`storePollVote`), for chat/getPollVote. */
export interface StorePollVoteInput {
	instance?: string;
	/** The poll's key.id and chat (its key.remoteJid). */
	pollId: string;
	pollChat: string;
	/** Who voted: a person's JID (in a group, the member; the vote's `key.participant`). */
	voter: string;
	/** The options picked; none: the vote withdrawn. */
	selected: string[];
	messageTimestamp?: number;
}

/** A text message to store as received or sent (`storeText`), for the find routes. */
export interface StoreTextInput {
	instance?: string;
	remoteJid?: string;
	fromMe?: boolean;
	text?: string;
	id?: string;
	messageTimestamp?: number;
	pushName?: string;
	statuses?: string[];
	/** The group member who wrote it, when `remoteJid` is a group's. */
	participant?: string;
	quotedId?: string;
}

/** An instance's settings as `settings/find` answers them (the Setting row). */
export interface FakeSettings {
	rejectCall: boolean;
	msgCall: string;
	groupsIgnore: boolean;
	alwaysOnline: boolean;
	readMessages: boolean;
	readStatus: boolean;
	syncFullHistory: boolean;
	wavoipToken: string;
}

/** An instance's privacy settings as `chat/fetchPrivacySettings` answers them (Baileys' six keys). */
export interface FakePrivacy {
	readreceipts: string;
	profile: string;
	status: string;
	online: string;
	last: string;
	groupadd: string;
}

/** An instance's own WhatsApp profile: its About text, picture and privacy (the name is the instance's `profileName`). */
export interface FakeProfile {
	/** The About text `chat/updateProfileStatus` sets. */
	status: string;
	/** The picture's URL, or null when it has none (`chat/removeProfilePicture`). */
	picture: string | null;
	privacy: FakePrivacy;
}

/** A received media message to store: its file, and where it was received. */
export interface StoreMediaInput extends StoredMedia {
	/** Default `sales`. */
	instance?: string;
	/** Default a random id. */
	id?: string;
	/** The sender; default `51987654321@s.whatsapp.net`. */
	remoteJid?: string;
	mediaType: StoredMediaType;
}

export interface EvolutionFakeOptions {
	/** Port to listen on; default 0 (a free port). */
	port?: number;
	/** The server's global API key; default `global-test-key`. */
	apiKey?: string;
	/** Instances; default: `sales` (open), `Support Team` (open), `offline` (close), tokens `<name>-token`. */
	instances?: Array<Partial<FakeInstance> & { name: string }>;
	/** Numbers (digits, as the server normalises them) that are not on WhatsApp. */
	unregistered?: string[];
	/** Names the server knows for numbers (whatsappNumbers answers them as `name`). */
	contacts?: Record<string, string>;
	/** The limit on decoded base64 media; default 15 MB (15 × 1024 × 1024 bytes). */
	mediaLimitBytes?: number;
	/** Groups the instances belong to; default `DEFAULT_GROUPS`. */
	groups?: FakeGroup[];
	/**
	 * Numbers (digits) whose privacy lets only their contacts add them to groups: `group/updateParticipant`
	 * answers them status 403 with an `add_request` (an invitation WhatsApp makes instead).
	 */
	groupAddRefused?: string[];
	/** Profile picture URLs by digits (a number's or a group's); default `DEFAULT_PROFILE_PICTURES`. Others have none. */
	profilePictures?: Record<string, string>;
	/** Contacts' About texts by digits (`chat/fetchProfile` answers them as `status`); default `DEFAULT_ABOUTS`. */
	abouts?: Record<string, string>;
	/** Business profiles by digits, as Baileys' getBusinessProfile gives them; default `DEFAULT_BUSINESS_PROFILES`. */
	businessProfiles?: Record<string, Record<string, unknown>>;
	/**
	 * Which release's webhook routes to play: `2.3` (default: nested body, custom headers, retries),
	 * `2.1.0` (nested body, no headers kept), `2.0` (flat body).
	 */
	webhookRelease?: '2.3' | '2.1.0' | '2.0';
	/** Delivery retries as 2.3's retryWebhookRequest, scaled down: attempts (default 10) and the first delay (default 50 ms, doubling, at most 1 s). */
	webhookRetry?: { maxAttempts?: number; initialDelayMs?: number };
	/** The server's SERVER_URL, sent in every delivery; default the fake's own URL. */
	serverUrl?: string;
	/**
	 * The instance the control route `POST /_fake/deliver` makes receive when its body names none;
	 * default `sales`. The sandbox sets `playground`, an instance no example workflow listens on.
	 */
	deliverTo?: string;
	/** WhatsApp Business labels by instance name; default `DEFAULT_LABELS` (on `sales` only). */
	labels?: Record<string, FakeLabel[]>;
	/** Catalogs by the business's digits; default `DEFAULT_CATALOGS`. */
	catalogs?: Record<string, FakeProduct[]>;
	/** Catalog collections by the business's digits; default `DEFAULT_COLLECTIONS`. */
	collections?: Record<string, FakeCollection[]>;
	/** Meta's templates of each Cloud API instance, by instance name; default none. */
	templates?: Record<string, FakeTemplate[]>;
	/** The release `GET /` names; default the release's own (before 2.3.0 it has no `whatsappWebVersion`; from 2.3.7 findContacts and findChats refuse an empty `where.remoteJid`). */
	serverVersion?: string;
	/**
	 * The release the fake plays (release.ts): `2.3.6` (default), `2.3.7` or `2.4.0-rc2`: its `GET /`,
	 * event names, `messages.upsert` keys and delivery headers, and 2.4's licence gate.
	 */
	release?: EvolutionRelease;
	/** 2.4: whether the server is activated; default true. False: every business route answers 503 `LICENSE_REQUIRED`. */
	activated?: boolean;
	/** How `call/offer` answers: `2.3` (default: a fixed answer, no call) or `2.2` (rings, `{id, to}`). */
	callRelease?: '2.3' | '2.2';
	/** Integrations the server has turned off in its .env, by route segment (`rabbitmq`, `chatwoot`, `typebot`…); default none. */
	integrationsOff?: string[];
	/** The server's S3_ENABLED: media stored get a Media row and `s3/getMediaUrl` makes links (storage.ts); default false, as the server's default. */
	s3?: boolean;
	/** The server's S3_SAVE_VIDEO: with S3 on, videos (videoMessage) go to the bucket too (storage.ts); default false, as the server's default. */
	s3SaveVideo?: boolean;
	/**
	 * The server's DATABASE_SAVE_DATA_NEW_MESSAGE: a message received (`storeMedia`) or sent through
	 * the API is written to its database (`messages`), where getBase64FromMediaMessage, findMessages
	 * and the S3 rows find it; off, none of it is, and no file goes to the bucket. Default true: the
	 * server's own default is off (env.config.ts reads `=== 'true'`), but Evolution's .env.example
	 * turns it on, and the fake plays a server set up from it (docs/evolution-api.md, "Media").
	 */
	saveNewMessages?: boolean;
}

/** An instance's webhook as Evolution stores it (the Prisma row `webhook/set` and `webhook/find` answer). */
export interface FakeWebhook {
	id: string;
	url: string;
	headers?: Record<string, string> | null;
	enabled: boolean;
	events: string[];
	webhookByEvents: boolean;
	webhookBase64: boolean;
	createdAt: string;
	updatedAt: string;
	instanceId: string;
}

/** A row of an integration as Prisma returns it (an event transport, the proxy, Chatwoot). */
export type FakeRow = Record<string, unknown>;

/** A contact's session with a chatbot (the IntegrationSession row). */
export interface FakeBotSession {
	id: string;
	sessionId: string;
	remoteJid: string;
	pushName: string | null;
	status: 'opened' | 'paused' | 'closed';
	awaitUser: boolean;
	context: unknown;
	/** The integration: `typebot`, `evolution`, `dify`, `flowise`, `n8n`, `evoai`, `openai`. */
	type: string;
	createdAt: string;
	updatedAt: string;
	instanceId: string;
	parameters: unknown;
	botId: string | null;
}

/** A session to store (`storeBotSession`); the bot is made when its ID is new. */
export interface StoreBotSessionInput {
	/** Default `sales`. */
	instance?: string;
	/** The route segment: `typebot` (default), `evolutionBot`, `dify`, `flowise`, `n8n`, `evoai`, `openai`. */
	bot?: string;
	/** Default `51987654321@s.whatsapp.net`. */
	remoteJid?: string;
	status?: FakeBotSession['status'];
	botId?: string;
	pushName?: string;
}

/** The server's integrations: event transports other than the webhook, proxies, Chatwoot, chatbots. */
export interface FakeIntegrations {
	/** Each instance's event transports (websocket, rabbitmq, nats, sqs, kafka, pusher), by instance name, then route segment. */
	transports: Map<string, Map<string, FakeRow>>;
	/** Each instance's proxy row, by instance name. */
	proxies: Map<string, FakeRow>;
	/** Each instance's Chatwoot row, by instance name. */
	chatwoot: Map<string, FakeRow>;
	/** Chatbots by ID, each with its route segment and instance; those made through `/{bot}/create` with their row. */
	bots: Map<string, { bot: string; instance: string; url?: string; typebot?: string; row?: FakeRow }>;
	/** Each instance's settings row per kind of bot, by `<instance> <bot segment>` (`/{bot}/settings`). */
	botSettings: Map<string, FakeRow>;
	/** OpenAI credentials stored on the server, by ID (`/openai/creds`). */
	openaiCreds: Map<string, FakeRow>;
	/** Every chatbot session, of every instance, oldest first. */
	sessions: FakeBotSession[];
	/** `<instance> <bot segment>` whose bot settings keep closed sessions (keepOpen). */
	keepOpen: Set<string>;
	/** What the server has turned off (the `integrationsOff` option, until `reset()`). */
	off: Set<string>;
}

/** One POST the fake made to a webhook. */
export interface WebhookAttempt {
	instance: string;
	event: string;
	url: string;
	headers: Record<string, string>;
	body: Record<string, unknown>;
	/** The receiver's status, or undefined when the request failed (refused, timed out). */
	status?: number;
	error?: string;
}

export interface DeliveryOutcome {
	/** Whether a 2xx answer came back. */
	delivered: boolean;
	/** Every attempt's status (undefined: no answer), in order. */
	statuses: Array<number | undefined>;
	/** What was posted (the same body on every attempt). */
	envelope: Record<string, unknown>;
	/** Why nothing was posted (no webhook, disabled, event not subscribed). */
	skipped?: string;
}

export interface RecordedRequest {
	method: string;
	/** The path and query exactly as received (still percent-encoded). */
	path: string;
	headers: IncomingHttpHeaders;
	/** The parsed JSON body, or the raw text when it is not JSON; undefined when empty. */
	body: unknown;
	/** Size of the body in bytes. */
	bodyBytes: number;
	/** A multipart/form-data body's parts as received, in order (`body` is then the form's fields, as multer gives them). */
	parts?: UploadedPart[];
	/** When the request arrived (its headers were read): ms on the `performance.now()` clock. */
	at: number;
}

export interface CannedAnswer {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

export type RequestFilter = (request: RecordedRequest) => boolean;

/** A canned answer or a drop waiting for its request (failNext, dropNext). */
export interface Pending {
	/** An answer, or undefined to drop the connection. */
	answer?: CannedAnswer;
	when?: RequestFilter;
}

/** One instance's chat state: the JIDs of its archived and unread chats and of the contacts it blocked. */
export interface FakeChatState {
	archived: Set<string>;
	unread: Set<string>;
	blocked: Set<string>;
}

export interface EvolutionFake {
	url: string;
	/** The release played (the `release` option; `POST /_fake/release` or a test may change it). */
	release: EvolutionRelease;
	/** 2.4: whether the licence is active (the `activated` option); the gate answers 503 while false. */
	activated: boolean;
	/** Whether S3 storage is on (the `s3` option); turned off, the rows stay and no link is made. */
	s3: boolean;
	/** Whether videos go to the bucket with S3 on (the `s3SaveVideo` option, S3_SAVE_VIDEO), until `reset()`. */
	s3SaveVideo: boolean;
	/** Whether the server stores new messages (the `saveNewMessages` option, DATABASE_SAVE_DATA_NEW_MESSAGE), until `reset()`. */
	saveNewMessages: boolean;
	/** The bucket answers every presigned link 403 "Request has expired", as MinIO does past X-Amz-Expires (until `reset()`). */
	s3LinksExpired: boolean;
	/** Holds every answer of the bucket this long (ms), until `reset()`. */
	s3DelayMs: number;
	/** The bucket announces a file whole, sends this many bytes of it and drops the connection (0: off), until `reset()`. */
	s3CutAfterBytes: number;
	port: number;
	apiKey: string;
	requests: RecordedRequest[];
	instances: Map<string, FakeInstance>;
	unregistered: Set<string>;
	contacts: Map<string, string>;
	mediaLimitBytes: number;
	/** Groups by id: the seeds, changed by the group routes until `reset()`. */
	groups: Map<string, FakeGroup>;
	/** Numbers (digits) whose privacy refuses being added to groups (see the option). */
	groupAddRefused: Set<string>;
	/** Profile picture URLs by digits. */
	profilePictures: Map<string, string>;
	/** Contacts' About texts by digits. */
	abouts: Map<string, string>;
	/** Business profiles by digits (an instance's own number too). */
	businessProfiles: Map<string, Record<string, unknown>>;
	/** Each instance's own profile (About, picture, privacy), by instance name; made with the defaults when first used, forgotten by `reset()`. */
	profiles: Map<string, FakeProfile>;
	/** The server's message store by message id: the seeds, then every message received (`storeMedia`) or sent while `saveNewMessages` is on. */
	messages: Map<string, StoredMessage>;
	/** Each instance's settings, by instance name (default every flag off); delete one to make `settings/find` answer null. */
	settings: Map<string, FakeSettings>;
	/** Each instance's webhook, by instance name (`webhook/set` writes it, `webhook/find` reads it). */
	webhooks: Map<string, FakeWebhook>;
	/** Every POST made to a webhook, in order. */
	webhookAttempts: WebhookAttempt[];
	/** Event transports, proxies, Chatwoot and chatbot sessions, per instance; emptied by `reset()`. */
	integrations: FakeIntegrations;
	/** Stores a chatbot session (and its bot), until `reset()`; returns it. */
	storeBotSession(input?: StoreBotSessionInput): FakeBotSession;
	/**
	 * Delivers an event (`messages.upsert`...) of an instance to its webhook, as Evolution does: only
	 * when enabled and subscribed, the envelope with the API key, the stored headers, retried on
	 * failure except 400, 401, 403, 404 and 422. `envelope` re-sends a previous delivery's body as is.
	 */
	deliver(instance: string, event: string, data: unknown, options?: { envelope?: Record<string, unknown> }): Promise<DeliveryOutcome>;
	/** Deliveries started by the fake itself (send.message after a send), to await in tests. */
	pendingDeliveries(): Promise<void>;
	/** The keys markMessageAsRead (and, marked `played`, 2.4's markMessageAsPlayed) passed on to WhatsApp (`@lid` ones are dropped), in order. */
	readKeys: Array<{ instance: string; remoteJid: string; fromMe: boolean; id: string; played?: true }>;
	/** Each instance's archived, unread and blocked chats (JIDs), by instance name, as archiveChat, markChatUnread and updateBlockStatus leave them. */
	chatStates: Map<string, FakeChatState>;
	/** Each instance's WhatsApp Business labels, by instance name (none: a personal account). */
	labels: Map<string, FakeLabel[]>;
	/** The labels on each chat, by instance name, then chat JID (`label/handleLabel` changes them). */
	chatLabels: Map<string, Map<string, Set<string>>>;
	/** Catalogs and collections by the business's digits. */
	catalogs: Map<string, FakeProduct[]>;
	collections: Map<string, FakeCollection[]>;
	/** Meta's templates of each Cloud API instance, by instance name. */
	templates: Map<string, FakeTemplate[]>;
	/** The server's Template rows (`template/create`), names unique across instances as in its database. */
	templateRows: Array<Record<string, unknown> & { name: string; instanceId: string }>;
	/** Calls placed through `call/offer` (2.2 only), in order. */
	calls: FakeCall[];
	/** Seeds an incoming media message (kept across `reset()`); returns its id. With `saveNewMessages` off the server does not store it: only a delivery with the webhook's Base64 has its file. */
	storeMedia(input: StoreMediaInput): string;
	/** Stores a text message (default: received on `sales` from `SEEDED_SENDER`, now), until `reset()`; returns its id. */
	storeText(input?: StoreTextInput): string;
	/** Stores a vote on a poll (a `pollUpdateMessage` row, received), until `reset()`; returns its id. */
	storePollVote(input: StorePollVoteInput): string;
	/**
	 * Answers the next `times` requests (those `when` accepts, if given) with this status and body,
	 * after recording them. A string body is sent as HTML.
	 */
	failNext(status: number, body: unknown, times?: number, when?: RequestFilter, headers?: Record<string, string>): void;
	/** Closes the connection of the next `times` requests (those `when` accepts) without an answer. */
	dropNext(times?: number, when?: RequestFilter): void;
	/** Holds every answer this long (ms). */
	delayMs: number;
	/** Requests waiting for their answer now, and the most there were at once. */
	inFlight: number;
	peakInFlight: number;
	/** The sends (message/*) each chat received, by the number or JID they named, in order of arrival. */
	chats(): Map<string, RecordedRequest[]>;
	/** Forgets recorded requests, pending canned answers, read keys, chat states and sent messages (seeds stay); instances and groups come back as seeded, the settings to the defaults, the release and licence to the options'. */
	reset(): void;
	close(): Promise<void>;
}

/** What every route handler is given: the fake (what tests see and steer) and the server's own state. */
export interface FakeState {
	fake: EvolutionFake;
	options: EvolutionFakeOptions;
	/** Canned answers and drops waiting for their request. */
	pending: Pending[];
	/** Seeded messages, restored by reset() after sends have been dropped. */
	seededMessages: Map<string, StoredMessage>;
	/**
	 * Media messages received (`storeMedia`) while `saveNewMessages` was off: on WhatsApp, not in the
	 * server's database. Kept, as storeMedia's others, only for a delivery with the webhook's Base64,
	 * which the server downloads from WhatsApp, not from its database.
	 */
	receivedUnsaved: Map<string, StoredMessage>;
	/** Deliveries started by the fake itself (send.message after a send). */
	inFlightDeliveries: Set<Promise<unknown>>;
	/** An instance's id (a UUID, made the first time it is asked for). */
	idOf(instanceName: string): string;
}

/**
 * A route of an instance (`<METHOD> <group>/<action>/<instance>`): the instance exists and the key
 * fits it; `body` is the parsed body copied onto a fresh object, `query` the query string.
 */
export type Handler = (
	state: FakeState,
	instance: FakeInstance,
	body: Record<string, unknown>,
	query: URLSearchParams,
	/** The path's parameter between the action and the instance (`/typebot/fetchSessions/{botId}/{instance}`), decoded. */
	pathParam?: string,
	/** A media route's uploaded `file` part (multer's `req.file`). */
	file?: UploadedFile,
) => CannedAnswer | Promise<CannedAnswer>;
