// The profile routes (the node's profile resource), which Evolution 2.3 keeps in its chat router:
// fetchProfile, fetchBusinessProfile, updateProfileName, updateProfileStatus, updateProfilePicture,
// removeProfilePicture, fetchPrivacySettings and updatePrivacySettings, as the Baileys channel
// service answers them, on each instance's profile (fake.profiles).
import { CONNECTION_CLOSED, internalError, schemaFailure, wrapped } from './answers.ts';
import { createJid, jidOf } from './numbers.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import { isOpen, notOnWhatsApp } from './state.ts';
import type { CannedAnswer, FakeInstance, FakePrivacy, FakeProfile, FakeState } from './types.ts';

/** What a new instance's privacy is (not published: WhatsApp's defaults vary; the fake picks these). */
export const DEFAULT_PRIVACY: Readonly<FakePrivacy> = {
	readreceipts: 'all',
	profile: 'all',
	status: 'contacts',
	online: 'all',
	last: 'all',
	groupadd: 'all',
};

const PRIVACY_VALUES = ['all', 'contacts', 'contact_blacklist', 'none'];
const PRIVACY_KEYS = ['readreceipts', 'profile', 'status', 'online', 'last', 'groupadd'] as const;

/** src/validate/chat.schema.ts, keys in its order. */
const SCHEMAS = {
	// fetchBusinessProfile, updateProfilePicture and removeProfilePicture use profilePictureSchema.
	profilePicture: { type: 'object', properties: { number: { type: 'string' }, picture: { type: 'string' } } },
	// fetchProfile's profileSchema has no `number`: anything passes it.
	profile: {
		type: 'object',
		properties: { wuid: { type: 'string' }, name: { type: 'string' }, picture: { type: 'string' }, status: { type: 'string' }, isBusiness: { type: 'boolean' } },
	},
	profileName: { type: 'object', properties: { name: { type: 'string' } }, ...isNotEmpty('name') },
	profileStatus: { type: 'object', properties: { status: { type: 'string' } }, ...isNotEmpty('status') },
	privacySettings: {
		type: 'object',
		properties: {
			readreceipts: { type: 'string', enum: ['all', 'none'] },
			profile: { type: 'string', enum: PRIVACY_VALUES },
			status: { type: 'string', enum: PRIVACY_VALUES },
			online: { type: 'string', enum: ['all', 'match_last_seen'] },
			last: { type: 'string', enum: PRIVACY_VALUES },
			groupadd: { type: 'string', enum: PRIVACY_VALUES },
		},
		required: [...PRIVACY_KEYS],
		...isNotEmpty(...PRIVACY_KEYS),
	},
} satisfies Record<string, JsonSchema>;

/** The instance's profile, made with the defaults the first time it is asked for. */
export function profileOf(state: FakeState, instance: FakeInstance): FakeProfile {
	let profile = state.fake.profiles.get(instance.name);
	if (!profile) {
		profile = { status: '', picture: null, privacy: { ...DEFAULT_PRIVACY } };
		state.fake.profiles.set(instance.name, profile);
	}
	return profile;
}

/** InternalServerErrorException(what, error.toString()) of a service method's catch, for a closed connection. */
const caught = (what: string, error = `Error: ${CONNECTION_CLOSED}`) => wrapped(500, 'Internal Server Error', [what, error]);

/** whatsappNumber's entry for a JID (number is what it was given: the JID). */
function onWhatsApp(state: FakeState, jid: string): Record<string, unknown> {
	const digits = jid.split('@')[0];
	const entry: Record<string, unknown> = { jid, exists: !state.fake.unregistered.has(digits), number: jid };
	const name = state.fake.contacts.get(digits);
	if (entry.exists && name) entry.name = name;
	return entry;
}

/** fetchBusinessProfile's answer for a JID: `{isBusiness: true, ...profile}`, or not a business with whatsappNumber's entry. */
function businessOf(state: FakeState, jid: string): Record<string, unknown> {
	const profile = state.fake.businessProfiles.get(jid.split('@')[0]);
	if (profile) return { isBusiness: true, ...structuredClone(profile) };
	return { isBusiness: false, message: 'Not is business profile', ...onWhatsApp(state, jid) };
}

/**
 * POST /chat/fetchProfile (200): a contact's (`number`) or, without one, the instance's own. The
 * own profile's `status` is the connection's state (`open`), not the About text. Not on WhatsApp:
 * 400 with whatsappNumber's entry; a closed connection fails uncaught (500).
 */
export function fetchProfile(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.profile);
	if (invalid) return invalid;
	if (!isOpen(instance) || !instance.ownerJid) return internalError(CONNECTION_CLOSED);
	const number = typeof body.number === 'string' && body.number ? body.number : undefined;
	const jid = number ? createJid(number) : instance.ownerJid;
	const missing = notOnWhatsApp(state, jid, jid);
	if (missing) return missing;
	const business = businessOf(state, jid);
	const website = Array.isArray(business.website) ? business.website[0] : undefined;
	const common = { isBusiness: business.isBusiness, email: business.email, description: business.description, website };
	if (!number) {
		return {
			status: 200,
			body: { wuid: jid, name: instance.profileName, numberExists: true, picture: profileOf(state, instance).picture, status: instance.connectionStatus, ...common },
		};
	}
	const digits = jid.split('@')[0];
	const info = onWhatsApp(state, jid);
	return {
		status: 200,
		body: {
			wuid: info.jid,
			name: info.name,
			numberExists: info.exists,
			picture: state.fake.profilePictures.get(digits) ?? null,
			status: state.fake.abouts.get(digits) ?? null,
			...common,
		},
	};
}

/** POST /chat/fetchBusinessProfile (200): `number`'s, or the instance's own without one. Its catch says "updating profile name". */
export function fetchBusinessProfile(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.profilePicture);
	if (invalid) return invalid;
	if (!isOpen(instance) || !instance.ownerJid) return caught('Error updating profile name');
	const jid = typeof body.number === 'string' && body.number ? createJid(body.number) : jidOf(instance.ownerJid);
	return { status: 200, body: businessOf(state, jid) };
}

/** POST /chat/updateProfileName (200 `{update: 'success'}`); the instance's profileName follows. */
export function updateProfileName(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.profileName);
	if (invalid) return invalid;
	if (!isOpen(instance)) return caught('Error updating profile name');
	if (typeof body.name === 'string') instance.profileName = body.name;
	return { status: 200, body: { update: 'success' } };
}

/** POST /chat/updateProfileStatus (200 `{update: 'success'}`): the About text. */
export function updateProfileStatus(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.profileStatus);
	if (invalid) return invalid;
	if (!isOpen(instance)) return caught('Error updating profile status');
	if (typeof body.status === 'string') profileOf(state, instance).status = body.status;
	return { status: 200, body: { update: 'success' } };
}

/** class-validator's isURL as the service calls it (a protocol is optional; the host needs a TLD or is an IP). */
export function isUrlLike(value: string): boolean {
	let url: URL;
	try {
		url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
	} catch {
		return false;
	}
	if (!['http:', 'https:', 'ftp:'].includes(url.protocol)) return false;
	const host = url.hostname.replace(/^\[|\]$/g, '');
	return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || /\.[a-z\u00a1-\uffff]{2,}$/i.test(host);
}

/** class-validator's isBase64: standard alphabet, padded, a multiple of 4 long. */
export const isBase64 = (value: string) => value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);

let pictureCount = 0;

/**
 * POST /chat/updateProfilePicture (200 `{update: 'success'}`): `picture` is a URL the server
 * downloads, or raw base64. Anything else (a data: URL, `localhost`) is a BadRequestException
 * thrown inside the try: the catch's error.toString() reads "[object Object]" (500).
 */
export function updateProfilePicture(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.profilePicture);
	if (invalid) return invalid;
	const picture = typeof body.picture === 'string' ? body.picture : '';
	const isUrl = picture !== '' && isUrlLike(picture);
	if (!isUrl && (picture === '' || !isBase64(picture))) return caught('Error updating profile picture', '[object Object]');
	if (!isOpen(instance)) return caught('Error updating profile picture');
	pictureCount += 1;
	profileOf(state, instance).picture = `https://pps.whatsapp.net/v/t61.24694-24/${encodeURIComponent(instance.name)}-${pictureCount}.jpg`;
	return { status: 200, body: { update: 'success' } };
}

/** DELETE /chat/removeProfilePicture (200 `{update: 'success'}`), with no body needed. */
export function removeProfilePicture(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.profilePicture);
	if (invalid) return invalid;
	if (!isOpen(instance)) return caught('Error removing profile picture');
	profileOf(state, instance).picture = null;
	return { status: 200, body: { update: 'success' } };
}

/** GET /chat/fetchPrivacySettings (200): the six keys; a closed connection fails uncaught (500). */
export function fetchPrivacySettings(state: FakeState, instance: FakeInstance): CannedAnswer {
	if (!isOpen(instance)) return internalError(CONNECTION_CLOSED);
	return { status: 200, body: { ...profileOf(state, instance).privacy } };
}

/** POST /chat/updatePrivacySettings: all six required, each from its enum; 201 `{update: 'success', data: <the six>}`. */
export function updatePrivacySettings(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SCHEMAS.privacySettings);
	if (invalid) return invalid;
	if (!isOpen(instance)) return caught('Error updating privacy settings');
	const data = Object.fromEntries(PRIVACY_KEYS.map((key) => [key, body[key]])) as unknown as FakePrivacy;
	profileOf(state, instance).privacy = { ...data };
	return { status: 201, body: { update: 'success', data } };
}
