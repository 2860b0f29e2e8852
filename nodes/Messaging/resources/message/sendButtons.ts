import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bad, ok, showValue, trimmedText, type Checked } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { checkedField, inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { MESSAGE_OPTIONS } from '../../sendOptions';
import { checkMediaUrl } from '../../validation/media';
import { checkPhoneNumber } from '../../validation/recipients';
import { sendOperation } from '../../sendOperation';
import { footerIn, interactiveDescription, interactiveFooter, interactiveTitle } from './interactive';

/** Evolution refuses more than 3 reply buttons, and reply buttons mixed with others. */
export const MAX_REPLY_BUTTONS = 3;

const BUTTON_TYPES = ['reply', 'url', 'call', 'copy'] as const;

export interface ButtonEntry {
	type?: unknown;
	displayText?: unknown;
	id?: unknown;
	url?: unknown;
	phoneNumber?: unknown;
	copyCode?: unknown;
}

/** One button as the route takes it: its type, text, and the key its type needs; `button` names it in errors (`button 2`). */
export function checkButton(entry: ButtonEntry, button: string): Checked<IDataObject> {
	const type = trimmedText(entry.type);
	if (!(BUTTON_TYPES as readonly string[]).includes(type)) return bad(`has ${button} of type ${showValue(entry.type)}`, 'Use Reply, URL, Call or Copy.');
	const displayText = trimmedText(entry.displayText);
	if (!displayText) return bad(`has ${button} with no text`, 'Give every button the text it shows.');
	const checked: IDataObject = { type, displayText };
	if (type === 'reply') checked.id = trimmedText(entry.id) || displayText;
	if (type === 'url') {
		const url = checkMediaUrl(entry.url);
		if (!url.valid) return bad(`has ${button} with the URL ${showValue(entry.url)}, which ${url.problem}`, 'Give the page the button opens, starting with https://.');
		checked.url = url.value;
	}
	if (type === 'call') {
		const phone = checkPhoneNumber(entry.phoneNumber);
		if (!phone.valid || phone.value.includes('@'))
			return bad(`has ${button} with the phone number ${showValue(entry.phoneNumber)}`, 'Give the number the button calls, with its country code, e.g. +51 987 654 321.');
		checked.phoneNumber = `+${phone.value}`;
	}
	if (type === 'copy') {
		const copyCode = trimmedText(entry.copyCode);
		if (!copyCode) return bad(`has ${button} with no code to copy`, 'Give the text the button copies, e.g. a coupon code.');
		checked.copyCode = copyCode;
	}
	return ok(checked);
}

export function checkButtons(raw: unknown): Checked<IDataObject[]> {
	const entries = (Array.isArray((raw as { button?: unknown })?.button) ? (raw as { button: ButtonEntry[] }).button : []) as ButtonEntry[];
	if (entries.length === 0) return bad('is empty: at least one button is required', 'Add a button: Reply, URL, Call or Copy.');
	const buttons: IDataObject[] = [];
	for (const [index, entry] of entries.entries()) {
		const checked = checkButton(entry, `button ${index + 1}`);
		if (!checked.valid) return checked;
		buttons.push(checked.value);
	}
	const replies = buttons.filter((button) => button.type === 'reply').length;
	if (replies && replies < buttons.length)
		return bad('mixes Reply buttons with URL, Call or Copy buttons', 'Send either up to 3 Reply buttons, or URL, Call and Copy buttons.');
	if (replies > MAX_REPLY_BUTTONS) return bad(`has ${replies} Reply buttons; at most ${MAX_REPLY_BUTTONS} are allowed`, 'Keep 3 Reply buttons, or send a list.');
	const seen = new Set<string>();
	for (const button of buttons) {
		for (const key of [`text:${button.displayText as string}`, ...(button.id ? [`id:${button.id as string}`] : [])]) {
			if (seen.has(key))
				return bad(`has the button ${key.startsWith('id:') ? 'ID' : 'text'} ${showValue(key.slice(key.indexOf(':') + 1))} twice`, 'Make every button text and ID different.');
			seen.add(key);
		}
	}
	return ok(buttons);
}

/** One button's parameters (Send Buttons' Buttons, Send Carousel's cards' Buttons). */
export const BUTTON_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Code to Copy',
		name: 'copyCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. JUNIO10',
		displayOptions: { show: { type: ['copy'] } },
	},
	{
		displayName: 'ID',
		name: 'id',
		type: 'string',
		default: '',
		description: 'What the reply carries; default: the text',
		displayOptions: { show: { type: ['reply'] } },
	},
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		default: '',
		placeholder: 'e.g. +51 987 654 321',
		displayOptions: { show: { type: ['call'] } },
	},
	{ displayName: 'Text', name: 'displayText', type: 'string', required: true, default: '', placeholder: 'e.g. Sí, confirmo' },
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'Call', value: 'call', description: 'Calls a phone number' },
			{ name: 'Copy', value: 'copy', description: 'Copies a code (a coupon, a payment reference)' },
			{ name: 'Reply', value: 'reply', description: 'Answers with its ID' },
			{ name: 'URL', value: 'url', description: 'Opens a web page' },
		],
		default: 'reply',
	},
	{
		displayName: 'URL',
		name: 'url',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/pedido',
		displayOptions: { show: { type: ['url'] } },
	},
];

const buttons = checkedField(
	{
		displayName: 'Buttons',
		name: 'buttons',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Button',
		required: true,
		default: {},
		description: 'Up to 3 Reply buttons, or URL, Call and Copy buttons (the two kinds do not mix)',
		options: [{ displayName: 'Button', name: 'button', values: BUTTON_PROPERTIES }],
	},
	checkButtons,
	inBody('buttons'),
);

/** An image above the title, from a link the server downloads (Options → Image URL). */
const thumbnailUrl: Field<'thumbnailUrl', string | undefined> = {
	name: 'thumbnailUrl',
	properties: [],
	read(item) {
		const raw = (item.parameter('options', {}) as IDataObject).imageUrl;
		if (raw === undefined || raw === '') return undefined;
		return item.require('Image URL', raw, checkMediaUrl(raw));
	},
	to: inBody('thumbnailUrl'),
};

export const sendButtons = sendOperation({
	name: 'Send Buttons',
	value: 'sendButtons',
	action: 'Send buttons message',
	description: 'Send reply, URL, call or copy buttons (Cloud API; hidden via Baileys since 2.3)',
	notice:
		'WhatsApp shows buttons only from the WhatsApp Business Cloud API. On Baileys instances (Evolution 2.3 and later) the server answers that it sent them, but the recipient never sees them.',
	path: '/message/sendButtons/{instanceName}',
	fields: [recipient, interactiveTitle, interactiveDescription, interactiveFooter, footerIn('footer'), buttons, thumbnailUrl],
	routeOptions: MESSAGE_OPTIONS,
	ownOptions: [
		{
			displayName: 'Image URL',
			name: 'imageUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/banner.jpg',
			description: 'An image shown above the title, downloaded by the server',
		},
	],
});
