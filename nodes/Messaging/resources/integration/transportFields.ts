// The fields of Get and Set Event Transport: which transport, whether it is on, the events it
// carries, and the Webhook's and Pusher's own settings as EventDto names them.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bad, ok, showValue, type Checked } from '../../../shared/checks';
import { valueOf, type Field, type ItemReader } from '../../../shared/contract';
import { checkedField, inPath, pickerField } from '../../../shared/fields';
import { ALL_EVOLUTION_EVENTS, NEWER_EVENTS } from '../../trigger/events';
import { TRANSPORTS, type Transport } from './integrations';

const TRANSPORT_DESCRIPTIONS: Record<Transport, string> = {
	webhook: "HTTP POSTs to a URL; a Messaging Trigger on the instance uses it, and setting it replaces the trigger's",
	websocket: "The server's Socket.IO endpoint",
	rabbitmq: "The server's RabbitMQ exchange",
	sqs: "The server's Amazon SQS queues",
	nats: "The server's NATS subjects (Evolution 2.3.0 on)",
	pusher: 'A Pusher app of your own (App ID, Key, Secret, Cluster)',
	kafka: "The server's Kafka topics (Evolution 2.3.4 on)",
};

/** Which event transport, by the path segment of its routes (`/{transport}/set/{instance}`). */
export const transport = pickerField<'transport', Transport>(
	{
		displayName: 'Transport',
		name: 'transport',
		type: 'options',
		// The settings shown depend on it, so it is picked, not computed.
		noDataExpression: true,
		options: (Object.keys(TRANSPORTS) as Transport[])
			.map((value) => ({ name: TRANSPORTS[value].name, value, description: TRANSPORT_DESCRIPTIONS[value] }))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: 'webhook',
		description: "How the server sends the instance's events",
	},
	{ problem: `is not one of ${Object.keys(TRANSPORTS).join(', ')}`, hint: 'Pick a transport from the list.' },
	inPath('transport'),
);

export function checkFlag(raw: unknown): Checked<boolean> {
	if (typeof raw === 'boolean') return ok(raw);
	if (raw === 'true' || raw === 'false') return ok(raw === 'true');
	return bad('is not true or false', 'Turn it on or off, or give true or false from an expression.');
}

/** Whether the integration is on (Set Event Transport, Set Proxy, Set Chatwoot); each operation places it. */
export const enabled = checkedField(
	{
		displayName: 'Enabled',
		name: 'enabled',
		type: 'boolean',
		default: true,
		description: 'Whether the integration is on for this instance',
	},
	checkFlag,
);

const KNOWN_EVENTS = new Set([...ALL_EVOLUTION_EVENTS, ...Object.keys(NEWER_EVENTS)]);

/** Every name, those of later releases saying which (Set Event Transport checks the server's release before sending them). */
const EVENT_OPTIONS = [...KNOWN_EVENTS]
	.sort()
	.map((name) => ({ name, value: name, ...(NEWER_EVENTS[name] ? { description: `Evolution ${NEWER_EVENTS[name].replace(/\.0$/, '')} on` } : {}) }));

/** The events the transport carries when on: none picked is every event (the server expands an empty list). */
export const events: Field<'events', string[]> = {
	name: 'events',
	properties: [
		{
			displayName: 'Events',
			name: 'events',
			type: 'multiOptions',
			options: EVENT_OPTIONS,
			default: [],
			description: 'The events to send; none picked sends every event',
			displayOptions: { show: { enabled: [true] } },
		},
	],
	read(item, before) {
		if (!valueOf(before, enabled)) return [];
		const raw = item.parameter('events', []);
		const list = typeof raw === 'string' ? raw.split(',').map((name) => name.trim()).filter(Boolean) : raw;
		if (!Array.isArray(list)) return item.require('Events', raw, bad<string[]>('is not a list of event names', 'Pick events from the list, or give an array such as ["MESSAGES_UPSERT"].'));
		const unknown = list.filter((name) => !KNOWN_EVENTS.has(name as string));
		if (unknown.length)
			return item.require('Events', raw, bad<string[]>(`holds ${unknown.map((name) => showValue(name)).join(', ')}, not an Evolution event`, 'Pick events from the list (upper case, e.g. MESSAGES_UPSERT).'));
		return [...new Set(list as string[])];
	},
};

/** What the transport's settings give; what is left out keeps its stored value. */
export interface TransportSettings {
	url?: string;
	headers?: IDataObject;
	byEvents?: boolean;
	base64?: boolean;
	appId?: string;
	key?: string;
	secret?: string;
	cluster?: string;
	useTLS?: boolean;
}

const forTransport = (name: Transport) => ({ show: { '/transport': [name] } });

const text = (displayName: string, name: string, description: string, placeholder: string, of: Transport, password = false): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	...(password ? { typeOptions: { password: true } } : {}),
	default: '',
	...(placeholder ? { placeholder } : {}),
	description,
	displayOptions: forTransport(of),
});

const flag = (displayName: string, name: string, description: string, of: Transport): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	description,
	displayOptions: forTransport(of),
});

const SETTING_OPTIONS: INodeProperties[] = [
	text('App ID', 'appId', "The Pusher app's ID", 'e.g. 1780045', 'pusher'),
	flag('Base64 Media', 'base64', 'Whether media messages carry their file as base64', 'webhook'),
	text('Cluster', 'cluster', "The Pusher app's cluster", 'e.g. us2', 'pusher'),
	{
		displayName: 'Headers',
		name: 'headers',
		type: 'json',
		default: '{}',
		description: 'Headers sent with every delivery, e.g. {"authorization": "Bearer …"}; a jwt_key header makes the server send a signed JWT',
		displayOptions: forTransport('webhook'),
	},
	text('Key', 'key', "The Pusher app's key", '', 'pusher'),
	text('Secret', 'secret', "The Pusher app's secret", '', 'pusher', true),
	flag('URL per Event', 'byEvents', 'Whether the event name is added to the URL (…/messages-upsert)', 'webhook'),
	flag('Use TLS', 'useTLS', 'Whether to reach Pusher over TLS', 'pusher'),
	text('Webhook URL', 'url', 'Where the events are POSTed (http or https)', 'e.g. https://crm.example.com/hooks/whatsapp', 'webhook'),
];

const LABELS: Record<string, string> = Object.fromEntries(SETTING_OPTIONS.map((option) => [option.name, option.displayName]));

function checkHeaders(raw: unknown): Checked<IDataObject> {
	let value = raw;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value.trim() || '{}');
		} catch {
			return bad('is not valid JSON', 'Give an object such as {"authorization": "Bearer abc"}.');
		}
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) return bad('is not an object of header names and values', 'Give an object such as {"authorization": "Bearer abc"}.');
	const wrong = Object.entries(value).find(([name, text]) => !/^[!#$%&'*+.^`|~\w-]+$/.test(name) || (typeof text !== 'string' && typeof text !== 'number'));
	if (wrong) return bad(`has ${showValue(wrong[0])}, which is not a header name with a text value`, 'Use header names (letters, digits, -) with text values.');
	return ok(Object.fromEntries(Object.entries(value).map(([name, text]) => [name, String(text)])));
}

function checkWebhookUrl(raw: unknown): Checked<string> {
	const url = typeof raw === 'string' ? raw.trim() : '';
	try {
		if (/^https?:$/.test(new URL(url).protocol)) return ok(url);
	} catch {
		// not a URL: said below
	}
	return bad('is not an http or https URL: the server delivers only to those', 'Give the full address, e.g. https://crm.example.com/hooks/whatsapp.');
}

const checkText = (raw: unknown): Checked<string> =>
	typeof raw === 'string' || typeof raw === 'number' ? ok(String(raw).trim()) : bad('is not text', 'Give the value as text.');

/** Reads the options that belong to the transport; the others (hidden) are ignored. */
function readSettings(item: ItemReader, picked: Transport): TransportSettings {
	const raw = (item.parameter('transportSettings', {}) ?? {}) as IDataObject;
	const settings: TransportSettings = {};
	const given = (name: string) => raw[name] !== undefined && raw[name] !== '';
	const read = <T>(name: keyof TransportSettings, check: (value: unknown) => Checked<T>) =>
		given(name) ? item.require(LABELS[name], raw[name], check(raw[name])) : undefined;
	if (picked === 'webhook') {
		settings.url = read('url', checkWebhookUrl);
		settings.headers = read('headers', checkHeaders);
		settings.byEvents = read('byEvents', checkFlag);
		settings.base64 = read('base64', checkFlag);
	}
	if (picked === 'pusher') {
		for (const name of ['appId', 'key', 'secret', 'cluster'] as const) settings[name] = read(name, checkText) || undefined;
		settings.useTLS = read('useTLS', checkFlag);
	}
	return settings;
}

/** The Webhook's and Pusher's settings to change (one collection), and the notice about the Messaging Trigger's webhook. */
export const transportSettings: Field<'transportSettings', TransportSettings> = {
	name: 'transportSettings',
	properties: [
		{
			displayName:
				"A Messaging Trigger on this instance registers its own webhook: setting the Webhook here replaces it, and the trigger hears nothing until it is published again. Without Headers, the stored ones (the trigger's secret among them) stay while the URL stays, and are cleared when it changes.",
			name: 'webhookNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { transport: ['webhook'] } },
		},
		{
			displayName: 'Settings to Change',
			name: 'transportSettings',
			type: 'collection',
			placeholder: 'Add Setting',
			default: {},
			description: 'Webhook and Pusher only: the settings given change, the others keep their stored value',
			options: SETTING_OPTIONS,
			displayOptions: { show: { transport: ['webhook', 'pusher'] } },
		},
	],
	read: (item, before) => readSettings(item, valueOf(before, transport)),
};
