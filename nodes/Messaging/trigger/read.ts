// Reading Evolution's deliveries: the envelope, and the loose shapes inside it (JIDs, WhatsApp's
// seconds and milliseconds, optional texts), shared by every event kind's fields.
import type { IDataObject } from 'n8n-workflow';

/** A delivery's envelope: `{event, instance, data, destination, date_time, sender, server_url, apikey}`. */
export interface Delivery extends IDataObject {
	event: string;
	instance?: string;
	/** An object for most events; a list for contacts (`contacts.upsert`, `contacts.update`). */
	data?: IDataObject | IDataObject[];
	date_time?: string;
	sender?: string;
}

export const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The delivery's `data` when it is an object, else an empty one. */
export const dataOf = (delivery: Delivery): IDataObject => (isObject(delivery.data) ? delivery.data : {});

/** Whether a body looks like an Evolution delivery at all. */
export function isDelivery(body: unknown): body is Delivery {
	return isObject(body) && typeof body.event === 'string' && body.event !== '';
}

/** The delivery without the server's API key, which Evolution puts in every one. */
export function withoutApiKey(delivery: Delivery): IDataObject {
	const rest: IDataObject = { ...delivery };
	delete rest.apikey;
	return rest;
}

export const isGroupJid = (jid: string | undefined | null) => jid?.endsWith('@g.us') === true;
export const isLid = (jid: string | undefined) => jid?.endsWith('@lid') === true;
export const STATUS_BROADCAST = 'status@broadcast';

/** The digits of a phone JID (`51987654321@s.whatsapp.net`, with a `:device` part or not); undefined for `@lid`, groups and others. */
export function phoneOf(jid: string | undefined): string | undefined {
	const match = /^(\d+)(?::\d+)?@(s\.whatsapp\.net|c\.us)$/.exec(jid ?? '');
	return match?.[1];
}

/** The first phone JID among candidates (the id itself, then its alternates); WhatsApp may give only an `@lid`. */
export function firstPhone(...candidates: unknown[]): string | undefined {
	for (const candidate of candidates) {
		const phone = phoneOf(text(candidate));
		if (phone) return phone;
	}
	return undefined;
}

/** The first phone JID among candidates, as `<digits>@s.whatsapp.net`. */
export function firstPhoneJid(...candidates: unknown[]): string | undefined {
	const phone = firstPhone(...candidates);
	return phone && `${phone}@s.whatsapp.net`;
}

/** The first `@lid` among candidates. */
export const firstLid = (...candidates: unknown[]): string | undefined => candidates.map(text).find(isLid);

/**
 * A message key's chat, with one meaning on every release: a group's JID, or in a direct chat the
 * other person's phone JID whenever the key gives it (2.3.6 puts it in `remoteJidAlt` beside the
 * `@lid`, 2.3.7 in both, 2.4 in `remoteJid` with the `@lid` in `remoteJidAlt`; 2.3.1–2.3.2 in
 * `senderPn`), else their `@lid`; and that person's `@lid` when the key gives one.
 */
export function chatOfKey(key: IDataObject): { chatJid: string | null; isGroup: boolean; lid: string | null } {
	const remoteJid = text(key.remoteJid);
	if (isGroupJid(remoteJid)) return { chatJid: remoteJid!, isGroup: true, lid: null };
	const candidates = [key.remoteJid, key.remoteJidAlt, key.senderPn, key.previousRemoteJid];
	const lid = firstLid(...candidates) ?? null;
	// Only an @lid is swapped for the phone: a status broadcast, a channel, a phone JID stay as given.
	const chatJid = remoteJid === undefined || isLid(remoteJid) ? (firstPhoneJid(...candidates) ?? remoteJid ?? null) : remoteJid;
	return { chatJid, isGroup: false, lid };
}

/** A number from a number, a numeric string, or a protobuf Long `{low, high}`. */
function numberOf(value: unknown): number | undefined {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
	if (isObject(value) && typeof value.low === 'number') return (value.low >>> 0) + Number(value.high ?? 0) * 2 ** 32;
	return undefined;
}

/** An ISO time from WhatsApp's seconds (a number, a numeric string, or a protobuf Long). */
export function isoFromSeconds(value: unknown): string | null {
	const seconds = numberOf(value);
	if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
	return new Date(seconds * 1000).toISOString();
}

/** An ISO time from milliseconds (an edit's `timestampMs`), or from a date Evolution wrote as text (a call's `date`). */
export function isoFromMillisOrDate(value: unknown): string | null {
	const millis = numberOf(value);
	if (millis !== undefined) return Number.isFinite(millis) && millis > 0 ? new Date(millis).toISOString() : null;
	if (typeof value !== 'string') return null;
	const parsed = Date.parse(value);
	return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}
