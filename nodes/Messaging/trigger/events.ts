// The events the trigger offers, by the names users know, and how each maps to Evolution's:
// the event names a webhook subscribes to (upper snake case) and the names deliveries carry.

export type TriggerEvent =
	| 'messageReceived'
	| 'messageSent'
	| 'messageStatus'
	| 'messageEdited'
	| 'messageDeleted'
	| 'call'
	| 'presence'
	| 'connectionUpdate'
	| 'qrCodeUpdated'
	| 'groupParticipants'
	| 'contacts'
	| 'labels'
	| 'all';

interface EventDefinition {
	name: string;
	value: TriggerEvent;
	/** The node creator's entry for it ("On QR code updated"): n8n would lower-case the name's acronyms. */
	action: string;
	description: string;
	/** What the webhook subscribes to for this event. */
	subscribes: string[];
}

export const TRIGGER_EVENTS: EventDefinition[] = [
	{
		name: 'Message Received',
		value: 'messageReceived',
		action: 'On message received',
		description: 'Someone wrote to this number, in a chat or a group',
		subscribes: ['MESSAGES_UPSERT'],
	},
	{
		name: 'Message Sent',
		value: 'messageSent',
		action: 'On message sent',
		description: 'This number sent a message: from the phone, WhatsApp Web, or through the API',
		subscribes: ['MESSAGES_UPSERT', 'SEND_MESSAGE'],
	},
	{
		name: 'Message Status Update',
		value: 'messageStatus',
		action: 'On message status update',
		description: 'A message was delivered, read or played',
		subscribes: ['MESSAGES_UPDATE'],
	},
	{
		name: 'Message Edited',
		value: 'messageEdited',
		action: 'On message edited',
		description: 'Someone, or this number, edited a message: its new text',
		// An edit made through the API (Message → Edit) comes only as SEND_MESSAGE_UPDATE, from 2.3.0.
		subscribes: ['MESSAGES_EDITED', 'SEND_MESSAGE_UPDATE'],
	},
	{
		name: 'Message Deleted',
		value: 'messageDeleted',
		action: 'On message deleted',
		description: 'A message was deleted for everyone',
		subscribes: ['MESSAGES_DELETE'],
	},
	{
		name: 'Incoming Call',
		value: 'call',
		action: 'On incoming call',
		description: 'Someone calls this number (voice or video); each change of the call (ringing, rejected, missed) is one item',
		subscribes: ['CALL'],
	},
	{
		name: 'Presence Update',
		value: 'presence',
		action: 'On presence update',
		description: 'A contact came online, went offline, or is typing or recording, in a chat WhatsApp reports it for',
		subscribes: ['PRESENCE_UPDATE'],
	},
	{
		name: 'Connection Update',
		value: 'connectionUpdate',
		action: 'On connection update',
		description: 'The instance connected, is connecting, or was logged out',
		subscribes: ['CONNECTION_UPDATE'],
	},
	{
		name: 'QR Code Updated',
		value: 'qrCodeUpdated',
		action: 'On QR code updated',
		description: 'A new QR code to scan to connect the instance',
		subscribes: ['QRCODE_UPDATED'],
	},
	{
		name: 'Group Participants Update',
		value: 'groupParticipants',
		action: 'On group participants update',
		description: 'Someone joined or left a group, or became or stopped being an admin',
		subscribes: ['GROUP_PARTICIPANTS_UPDATE'],
	},
	{
		name: 'Contacts Update',
		value: 'contacts',
		action: 'On contacts update',
		description: 'A contact was added, or changed its name or picture; one item per contact',
		subscribes: ['CONTACTS_UPDATE', 'CONTACTS_UPSERT'],
	},
	{
		name: 'Labels Update',
		value: 'labels',
		action: 'On labels update',
		description: 'A label was created, changed or deleted, or put on or taken off a chat (WhatsApp Business)',
		subscribes: ['LABELS_ASSOCIATION', 'LABELS_EDIT'],
	},
	{
		name: 'All Events',
		value: 'all',
		action: 'On any event',
		description: 'Every event the server sends (chats, groups, history syncs…), as it sends them',
		subscribes: [],
	},
];

/**
 * The events every Evolution release from 2.1 accepts in a webhook's or transport's list (each
 * release refuses a name its schema does not list: `… is not one of enum values`).
 */
export const ALL_EVOLUTION_EVENTS = [
	'APPLICATION_STARTUP',
	'QRCODE_UPDATED',
	'MESSAGES_SET',
	'MESSAGES_UPSERT',
	'MESSAGES_EDITED',
	'MESSAGES_UPDATE',
	'MESSAGES_DELETE',
	'SEND_MESSAGE',
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
];

/** The names later releases added, with the release each came in (EventController.events). */
export const NEWER_EVENTS: Record<string, string> = {
	SEND_MESSAGE_UPDATE: '2.3.0',
	INSTANCE_CREATE: '2.3.0',
	INSTANCE_DELETE: '2.3.0',
	STATUS_INSTANCE: '2.3.0',
	MESSAGING_HISTORY_SET: '2.4.0',
};

/**
 * The Evolution events a webhook must subscribe to for the chosen events, sorted: a name a later
 * release brought only when `hasEvent` says the server's release has it. All Events sends an empty
 * list, which every release from 2.1 saves as all the events it has (2.3: 31, 2.4: 32 with
 * MESSAGING_HISTORY_SET), so no release is sent a name it does not know.
 */
export function subscriptionFor(events: TriggerEvent[], hasEvent: (since: string) => boolean = () => false): string[] {
	if (events.includes('all')) return [];
	const names = new Set<string>();
	for (const event of TRIGGER_EVENTS) if (events.includes(event.value)) event.subscribes.forEach((name) => names.add(name));
	return [...names].filter((name) => NEWER_EVENTS[name] === undefined || hasEvent(NEWER_EVENTS[name])).sort();
}

/** Whether the chosen events subscribe to a name only later releases have (the server's release is then asked). */
export const needsRelease = (events: TriggerEvent[]) =>
	!events.includes('all') && TRIGGER_EVENTS.some((event) => events.includes(event.value) && event.subscribes.some((name) => NEWER_EVENTS[name] !== undefined));

