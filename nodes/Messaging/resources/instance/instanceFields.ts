// The fields of the Instance operations beyond the instance itself: a new instance's name, its
// integration (Baileys, or WhatsApp Business Cloud with its token and number ID), the QR code, the
// pairing number (Create and Connect), the instance's settings, and the presence it shows.
import type { IDataObject } from 'n8n-workflow';

import { bad, ok, type Checked } from '../../../shared/checks';
import { valueOf, type Field } from '../../../shared/contract';
import { checkedField, inBody, intoBody, optionsCollection, pickerField } from '../../../shared/fields';
import { checkInstanceName } from '../../validation/recipients';

export const BAILEYS = 'WHATSAPP-BAILEYS';
export const BUSINESS = 'WHATSAPP-BUSINESS';

/** The name of the instance to create: it becomes a path segment of every later request. */
export const newInstanceName = checkedField(
	{
		displayName: 'Instance Name',
		name: 'newInstanceName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. sales',
		description: 'The name of the new instance; the other operations address it by this name',
	},
	(raw): Checked<string> => {
		const checked = checkInstanceName(raw);
		return checked.valid ? checked : bad(checked.problem, 'Type a name such as sales or Support Team, without / \\ ? # %.');
	},
	inBody('instanceName'),
	{ about: (name) => ({ instance: name }) },
);

export const integration = pickerField(
	{
		displayName: 'Integration',
		name: 'integration',
		type: 'options',
		options: [
			{ name: 'Baileys (WhatsApp Web)', value: BAILEYS, description: 'A phone links the instance by scanning its QR code' },
			{ name: 'WhatsApp Business Cloud API', value: BUSINESS, description: "Meta's official API, with its access token and phone number ID" },
		],
		default: BAILEYS,
		description: 'How the instance connects to WhatsApp',
	},
	{ problem: 'is not an integration', hint: 'Pick Baileys (WhatsApp Web) or WhatsApp Business Cloud API.' },
	inBody('integration'),
);

/** A field read only for one integration on Create (shown only for it), `undefined` otherwise. */
function forIntegration<N extends string, T>(
	wanted: string,
	field: Field<N, T>,
): Field<N, T | undefined> {
	return {
		name: field.name,
		properties: field.properties.map((property) => ({
			...property,
			displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, integration: [wanted] } },
		})),
		read: async (item, before) => (valueOf(before, integration) === wanted ? ((await field.read(item, before)) as T) : undefined),
		to: (request, value) => {
			if (value !== undefined) field.to?.(request, value);
		},
	};
}

const notEmpty =
	(hint: string) =>
	(raw: unknown): Checked<string> =>
		typeof raw === 'string' && raw.trim() !== '' ? ok(raw.trim()) : bad('is empty', hint);

export const businessToken = forIntegration(
	BUSINESS,
	checkedField(
		{
			displayName: 'Access Token',
			name: 'businessToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: "The Meta app's permanent access token; it also becomes the instance's token",
		},
		notEmpty('Paste the permanent access token of your Meta app (WhatsApp → API Setup).'),
		inBody('token'),
	),
);

export const businessNumberId = forIntegration(
	BUSINESS,
	checkedField(
		{
			displayName: 'Phone Number ID',
			name: 'businessNumberId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 106540352242922',
			description: 'The phone number ID Meta gives the number (WhatsApp → API Setup), not the phone number',
		},
		(raw): Checked<string> => {
			const id = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
			return /^\d{2,}$/.test(id) ? ok(id) : bad('is not a phone number ID (digits only)', 'Copy the Phone number ID from WhatsApp → API Setup in your Meta app.');
		},
		inBody('number'),
	),
);

export const qrcode = forIntegration(
	BAILEYS,
	checkedField(
		{
			displayName: 'QR Code',
			name: 'qrcode',
			type: 'boolean',
			default: true,
			description: 'Whether the server starts connecting at once and answers the QR code to scan (as binary data)',
		},
		(raw): Checked<boolean> => (typeof raw === 'boolean' ? ok(raw) : bad('is not true or false', 'Turn QR Code on or off.')),
		inBody('qrcode'),
	),
);

/**
 * The number to link with a pairing code instead of the QR code (Create and Connect, Baileys only):
 * in Create's body, in Connect's query.
 */
export const pairingNumber: Field<'pairingNumber', string | undefined> = {
	name: 'pairingNumber',
	properties: [
		{
			displayName: 'Pairing Number',
			name: 'pairingNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. +51 987 654 321',
			description:
				"Optional: the phone's number with country code, to link it by typing a pairing code (WhatsApp → Linked devices → Link with phone number) instead of scanning",
			displayOptions: { hide: { integration: [BUSINESS] } },
		},
	],
	read(item, before) {
		if (valueOf(before, integration) === BUSINESS) return undefined;
		const raw = item.parameter('pairingNumber', '');
		const given = typeof raw === 'number' ? String(raw) : raw;
		if (given === undefined || given === null || (typeof given === 'string' && given.trim() === '')) return undefined;
		const digits = typeof given === 'string' ? given.replace(/[\s+().-]/g, '') : '';
		return item.require(
			'Pairing Number',
			raw,
			/^\d{8,15}$/.test(digits) ? ok(digits) : bad('is not a phone number (8 to 15 digits with country code)', 'Give the number with its country code, e.g. +51 987 654 321, or leave it empty for a QR code.'),
		);
	},
	to(request, value) {
		if (value === undefined) return;
		if (request.method === 'GET') request.qs = { ...request.qs, number: value } as IDataObject;
		else inBody('number')(request, value);
	},
};

const SETTINGS: Array<{ name: string; displayName: string; description: string }> = [
	{ name: 'alwaysOnline', displayName: 'Always Online', description: 'Whether the number always shows as online' },
	{ name: 'groupsIgnore', displayName: 'Ignore Groups', description: 'Whether messages in groups are ignored (no webhook events for them)' },
	{ name: 'readMessages', displayName: 'Read Messages', description: 'Whether received messages are marked as read at once' },
	{ name: 'readStatus', displayName: 'Read Status', description: "Whether contacts' status updates are marked as seen" },
	{ name: 'rejectCall', displayName: 'Reject Calls', description: 'Whether incoming calls are rejected' },
	{ name: 'syncFullHistory', displayName: 'Sync Full History', description: "Whether the phone's whole chat history is loaded when it links" },
];

/** The instance's settings, as the create DTO names them; only those set are sent. */
export const instanceSettings: Field<'settings', IDataObject> = {
	name: 'settings',
	properties: [
		optionsCollection(
			[
				...SETTINGS.map(({ name, displayName, description }) => ({ displayName, name, type: 'boolean' as const, default: false, description })),
				{
					displayName: 'Call Rejection Message',
					name: 'msgCall',
					type: 'string' as const,
					default: '',
					description: 'The message the caller gets when Reject Calls is on',
				},
			].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		),
	],
	read(item) {
		const options = (item.parameter('options', {}) ?? {}) as IDataObject;
		const settings: IDataObject = {};
		for (const { name, displayName } of SETTINGS) {
			const raw = options[name];
			if (raw === undefined) continue;
			settings[name] = item.require(displayName, raw, typeof raw === 'boolean' ? ok(raw) : bad<boolean>('is not true or false', `Turn ${displayName} on or off, or remove it.`));
		}
		const message = options.msgCall;
		if (message !== undefined && message !== '') {
			const text = item.require('Call Rejection Message', message, typeof message === 'string' ? ok(message) : bad<string>('is not text', 'Write the message as text.'));
			if (settings.rejectCall !== true)
				item.require('Call Rejection Message', message, bad('is set but Reject Calls is off', 'Add Reject Calls to the Options and turn it on, or remove the message.'));
			settings.msgCall = text;
		}
		return settings;
	},
	to: intoBody,
};

/** What the instance's number shows to everyone: online or offline. */
export const instancePresence = pickerField(
	{
		displayName: 'Presence',
		name: 'presence',
		type: 'options',
		options: [
			{ name: 'Offline', value: 'unavailable', description: 'Shown as offline, with its last seen' },
			{ name: 'Online', value: 'available', description: 'Shown as online' },
		],
		default: 'available',
		description: "The presence the instance's number shows to its contacts",
	},
	{ problem: 'is not a presence of an instance', hint: 'Pick Online or Offline.' },
	inBody('presence'),
);
