// The fake's state: the fake object tests see and steer (its store of instances, groups, messages
// and webhooks, what it recorded), built from the options with the seeds, and the checks the
// routes share about an instance and a chat.
import { randomUUID } from 'node:crypto';

import { badRequest } from './answers.ts';
import { jidOf, newMessageId } from './numbers.ts';
import { DEFAULT_RELEASE } from './release.ts';
import {
	DEFAULT_ABOUTS,
	DEFAULT_API_KEY,
	DEFAULT_BUSINESS_PROFILES,
	DEFAULT_CATALOGS,
	DEFAULT_COLLECTIONS,
	DEFAULT_GROUPS,
	DEFAULT_LABELS,
	DEFAULT_MEDIA_LIMIT_BYTES,
	DEFAULT_PROFILE_PICTURES,
	SEEDED_MESSAGES,
	SEEDED_PDF,
	SEEDED_PNG,
	SEEDED_SENDER,
} from './seeds.ts';
import type {
	CannedAnswer,
	EvolutionFake,
	EvolutionFakeOptions,
	FakeInstance,
	FakeState,
	Pending,
	RecordedRequest,
	StoredMessage,
	StoreMediaInput,
} from './types.ts';
import { storeBotSession } from './chatbots.ts';
import { emptyIntegrations } from './integrations.ts';
import { DEFAULT_SETTINGS } from './settings.ts';
import { mediaRowFor } from './storage.ts';
import { deliverEvent } from './webhook.ts';

export const isOpen = (instance: FakeInstance) => instance.connectionStatus === 'open';

/** The not-on-WhatsApp 400 for a number the fake was told is unregistered; groups and others pass. */
export function notOnWhatsApp(state: FakeState, number: string, given: string = number): CannedAnswer | undefined {
	if (number.endsWith('@g.us') || number.endsWith('@broadcast') || number.endsWith('@lid')) return undefined;
	const digits = number.split('@')[0];
	if (!state.fake.unregistered.has(digits)) return undefined;
	return badRequest([{ jid: jidOf(number), exists: false, number: given }]);
}

/**
 * The fake and its state, from the options: the instances (default `sales`, `Support Team`,
 * `offline`), groups, profile pictures and the seeded messages. `close` stops its server.
 */
export function createState(options: EvolutionFakeOptions, close: () => Promise<void>): FakeState {
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	const instances = new Map<string, FakeInstance>();
	const seeds = options.instances ?? [
		{ name: 'sales', connectionStatus: 'open' as const },
		{ name: 'Support Team', connectionStatus: 'open' as const },
		{ name: 'offline', connectionStatus: 'close' as const },
	];
	for (const seed of seeds) {
		instances.set(seed.name, {
			token: `${seed.name}-token`,
			connectionStatus: 'open',
			ownerJid: seed.connectionStatus === 'close' ? null : '51900000001@s.whatsapp.net',
			profileName: seed.name,
			...seed,
		});
	}
	// reset() brings the seeded instances back (created, deleted and logged-out ones forgotten).
	const seededInstances = [...instances.values()].map((instance) => ({ ...instance }));
	const instanceIds = new Map<string, string>();
	const pending: Pending[] = [];
	const inFlightDeliveries = new Set<Promise<unknown>>();
	const seededMessages = new Map<string, StoredMessage>();
	const receivedUnsaved = new Map<string, StoredMessage>();
	const seededLabels = () => new Map(Object.entries(options.labels ?? DEFAULT_LABELS).map(([name, labels]) => [name, structuredClone(labels)]));
	const seededTemplates = () => new Map(Object.entries(options.templates ?? {}).map(([name, templates]) => [name, structuredClone(templates)]));
	// The group routes change groups; reset() brings the seeds back.
	const seedGroups = () => {
		fake.groups.clear();
		for (const group of options.groups ?? DEFAULT_GROUPS) fake.groups.set(group.id, structuredClone(group));
	};

	/** A received media message (storeMedia); `saved`: whether the server writes it to its database. */
	const storeReceivedMedia = (input: StoreMediaInput, saved: boolean): string => {
		const id = input.id ?? newMessageId();
		const message: StoredMessage = {
			instance: input.instance ?? 'sales',
			key: { remoteJid: input.remoteJid ?? SEEDED_SENDER, fromMe: false, id },
			messageType: `${input.mediaType}Message`,
			media: {
				bytes: input.bytes,
				mimetype: input.mimetype,
				fileName: input.fileName,
				caption: input.caption,
				height: input.height,
				width: input.width,
			},
		};
		// messages.upsert writes the row, and puts the file in the bucket, only with DATABASE_SAVE_DATA_NEW_MESSAGE.
		if (!saved) {
			receivedUnsaved.set(id, message);
			return id;
		}
		message.s3Row = mediaRowFor(state, message, 'received');
		seededMessages.set(id, message);
		fake.messages.set(id, message);
		return id;
	};

	const fake: EvolutionFake = {
		url: '',
		port: 0,
		release: options.release ?? DEFAULT_RELEASE,
		activated: options.activated ?? true,
		s3: options.s3 ?? false,
		s3SaveVideo: options.s3SaveVideo ?? false,
		saveNewMessages: options.saveNewMessages ?? true,
		s3LinksExpired: false,
		s3DelayMs: 0,
		s3CutAfterBytes: 0,
		apiKey,
		requests: [],
		instances,
		unregistered: new Set(options.unregistered ?? []),
		contacts: new Map(Object.entries(options.contacts ?? {})),
		mediaLimitBytes: options.mediaLimitBytes ?? DEFAULT_MEDIA_LIMIT_BYTES,
		groups: new Map(),
		groupAddRefused: new Set(options.groupAddRefused ?? []),
		profilePictures: new Map(Object.entries(options.profilePictures ?? DEFAULT_PROFILE_PICTURES)),
		abouts: new Map(Object.entries(options.abouts ?? DEFAULT_ABOUTS)),
		businessProfiles: new Map(Object.entries(options.businessProfiles ?? DEFAULT_BUSINESS_PROFILES).map(([digits, profile]) => [digits, structuredClone(profile)])),
		profiles: new Map(),
		labels: seededLabels(),
		chatLabels: new Map(),
		catalogs: new Map(Object.entries(options.catalogs ?? DEFAULT_CATALOGS)),
		collections: new Map(Object.entries(options.collections ?? DEFAULT_COLLECTIONS)),
		templates: seededTemplates(),
		templateRows: [],
		calls: [],
		messages: new Map(),
		readKeys: [],
		chatStates: new Map(),
		settings: new Map(),
		webhooks: new Map(),
		webhookAttempts: [],
		integrations: emptyIntegrations(options.integrationsOff),
		storeBotSession: (input) => storeBotSession(state, input),
		deliver: (instance, event, data, deliverOptions) => deliverEvent(state, instance, event, data, deliverOptions?.envelope),
		async pendingDeliveries() {
			while (inFlightDeliveries.size > 0) await Promise.allSettled([...inFlightDeliveries]);
		},
		storeMedia: (input) => storeReceivedMedia(input, fake.saveNewMessages),
		storeText(input = {}) {
			const id = input.id ?? newMessageId();
			fake.messages.set(id, {
				instance: input.instance ?? 'sales',
				key: { remoteJid: input.remoteJid ?? SEEDED_SENDER, fromMe: input.fromMe ?? false, id, ...(input.participant ? { participant: input.participant } : {}) },
				messageType: 'conversation',
				text: input.text ?? 'Hola',
				messageTimestamp: input.messageTimestamp ?? Math.floor(Date.now() / 1000),
				pushName: input.pushName,
				statuses: input.statuses,
				quotedId: input.quotedId,
			});
			return id;
		},
		storePollVote(input) {
			const id = newMessageId();
			const group = input.pollChat.endsWith('@g.us');
			fake.messages.set(id, {
				instance: input.instance ?? 'sales',
				key: { remoteJid: group ? input.pollChat : input.voter, fromMe: false, id, ...(group ? { participant: input.voter } : {}) },
				messageType: 'pollUpdateMessage',
				messageTimestamp: input.messageTimestamp ?? Math.floor(Date.now() / 1000),
				pollVote: { pollId: input.pollId, pollChat: input.pollChat, selected: input.selected },
			});
			return id;
		},
		failNext(status, body, times = 1, when, headers) {
			for (let i = 0; i < times; i++) pending.push({ answer: { status, body, headers }, when });
		},
		dropNext(times = 1, when) {
			for (let i = 0; i < times; i++) pending.push({ when });
		},
		delayMs: 0,
		inFlight: 0,
		peakInFlight: 0,
		chats() {
			const chats = new Map<string, RecordedRequest[]>();
			for (const request of fake.requests) {
				if (!/^\/message\//.test(request.path)) continue;
				const body = request.body as { number?: unknown; key?: { remoteJid?: unknown } } | undefined;
				// sendReaction names its chat only in the reacted message's key.
				const named = /^\/message\/sendReaction\//.test(request.path) ? body?.key?.remoteJid : body?.number;
				const chat = String(named ?? '');
				chats.set(chat, [...(chats.get(chat) ?? []), request]);
			}
			return chats;
		},
		reset() {
			fake.requests.length = 0;
			pending.length = 0;
			fake.delayMs = 0;
			fake.peakInFlight = 0;
			fake.readKeys.length = 0;
			fake.chatStates.clear();
			fake.profiles.clear();
			fake.labels = seededLabels();
			fake.chatLabels.clear();
			fake.templates = seededTemplates();
			fake.templateRows.length = 0;
			fake.calls.length = 0;
			fake.webhooks.clear();
			fake.webhookAttempts.length = 0;
			fake.release = options.release ?? DEFAULT_RELEASE;
			fake.activated = options.activated ?? true;
			fake.s3 = options.s3 ?? false;
			fake.s3SaveVideo = options.s3SaveVideo ?? false;
			fake.saveNewMessages = options.saveNewMessages ?? true;
			fake.s3LinksExpired = false;
			fake.s3DelayMs = 0;
			fake.s3CutAfterBytes = 0;
			fake.integrations = emptyIntegrations(options.integrationsOff);
			fake.messages.clear();
			for (const [id, message] of seededMessages) fake.messages.set(id, message);
			instances.clear();
			for (const instance of seededInstances) instances.set(instance.name, { ...instance });
			seedGroups();
			fake.settings.clear();
			for (const name of fake.instances.keys()) fake.settings.set(name, { ...DEFAULT_SETTINGS });
		},
		close,
	};

	for (const name of instances.keys()) fake.settings.set(name, { ...DEFAULT_SETTINGS });
	seedGroups();

	const state: FakeState = {
		fake,
		options,
		pending,
		seededMessages,
		receivedUnsaved,
		inFlightDeliveries,
		idOf(name) {
			if (!instanceIds.has(name)) instanceIds.set(name, randomUUID());
			return instanceIds.get(name)!;
		},
	};
	// After the state: with S3 on, a stored media message's row names its instance's id. The seeds are
	// the server's history (stored by DATABASE_SAVE_DATA_HISTORIC), there whatever saveNewMessages says.
	storeReceivedMedia({
		id: SEEDED_MESSAGES.image,
		mediaType: 'image',
		bytes: SEEDED_PNG,
		mimetype: 'image/png',
		caption: 'Foto del recibo',
		height: 1,
		width: 1,
	}, true);
	storeReceivedMedia({
		id: SEEDED_MESSAGES.document,
		mediaType: 'document',
		bytes: SEEDED_PDF,
		mimetype: 'application/pdf',
		fileName: 'Factura F001-123.pdf',
	}, true);
	const seededText: StoredMessage = {
		instance: 'sales',
		key: { remoteJid: SEEDED_SENDER, fromMe: false, id: SEEDED_MESSAGES.text },
		messageType: 'conversation',
	};
	seededMessages.set(SEEDED_MESSAGES.text, seededText);
	fake.messages.set(SEEDED_MESSAGES.text, seededText);

	return state;
}
