import type { IDataObject } from 'n8n-workflow';

import { bad, ok, pickerCheck, type Checked, type PickerOption } from '../../../shared/checks';
import { valueOf, type Field } from '../../../shared/contract';
import { inBody, intoBody, pickerField } from '../../../shared/fields';
import { checkMediaUrl } from '../../validation/media';
import { checkMessageText, checkNumberList } from '../../validation/recipients';
import { sendOperation } from '../../sendOperation';

type StatusType = 'text' | 'image' | 'video' | 'audio';

const statusType = pickerField<'statusType', StatusType>(
	{
		displayName: 'Status Type',
		name: 'statusType',
		type: 'options',
		options: [
			{ name: 'Audio', value: 'audio' },
			{ name: 'Image', value: 'image' },
			{ name: 'Text', value: 'text' },
			{ name: 'Video', value: 'video' },
		],
		default: 'text',
		description: 'What the status shows: a text on a colour, or an image, video or audio from a link',
	},
	{ problem: 'is not a status type', hint: 'Use text, image, video or audio.' },
	inBody('type'),
);

/** The text, or the link to the media: Evolution passes media to WhatsApp as a link (`{ url }`). */
const content: Field<'content', string> = {
	name: 'content',
	properties: [
		{
			displayName: 'Content',
			name: 'content',
			type: 'string',
			typeOptions: { rows: 2 },
			required: true,
			default: '',
			placeholder: 'e.g. https://example.com/promo.jpg',
			description: 'The text of a text status; for an image, video or audio, an http or https link the server downloads',
		},
	],
	read(item, before) {
		const raw = item.parameter('content', '');
		const type = valueOf(before, statusType);
		return item.require('Content', raw, type === 'text' ? checkMessageText(raw) : checkMediaUrl(raw));
	},
	to: inBody('content'),
};

/** Caption of an image or video status, from Options. */
const caption: Field<'caption', string | undefined> = {
	name: 'caption',
	properties: [],
	read(item, before) {
		const value = (item.parameter('options', {}) as IDataObject).caption;
		const type = valueOf(before, statusType);
		return (type === 'image' || type === 'video') && typeof value === 'string' && value.trim() ? value : undefined;
	},
	to: inBody('caption'),
};

export function checkBackgroundColor(raw: unknown): Checked<string> {
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (/^#?[0-9a-f]{6}$/i.test(text)) return ok(text.startsWith('#') ? text : `#${text}`);
	return bad('is not a colour', 'Give a colour as #RRGGBB, e.g. #128C7E.');
}

export function checkFont(raw: unknown): Checked<number> {
	const font = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : raw;
	if (typeof font === 'number' && Number.isInteger(font) && font >= 1 && font <= 5) return ok(font);
	return bad('is not a font from 1 to 5', 'Give a whole number from 1 to 5.');
}

/** Background colour and font of a text status (the server requires both for text, and neither for media). */
const textStyle: Field<'textStyle', IDataObject> = {
	name: 'textStyle',
	properties: [
		{
			displayName: 'Background Color',
			name: 'backgroundColor',
			type: 'color',
			default: '#128C7E',
			description: 'The colour behind the text, as #RRGGBB',
			displayOptions: { show: { statusType: ['text'] } },
		},
		{
			displayName: 'Font',
			name: 'font',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 5 },
			default: 1,
			description: "WhatsApp's status font, 1 to 5",
			displayOptions: { show: { statusType: ['text'] } },
		},
	],
	read(item, before) {
		if (valueOf(before, statusType) !== 'text') return {};
		const color = item.parameter('backgroundColor', '#128C7E');
		const font = item.parameter('font', 1);
		return {
			backgroundColor: item.require('Background Color', color, checkBackgroundColor(color)),
			// The schema takes 0 to 5, but the service refuses 0 as missing ("Font is required").
			font: item.require('Font', font, checkFont(font)),
		};
	},
	to: intoBody,
};

const AUDIENCE_OPTIONS: Array<PickerOption<'allContacts' | 'numbers'>> = [
	{ name: 'All Contacts', value: 'allContacts', description: 'Every contact the server knows with a name' },
	{ name: 'Some Numbers', value: 'numbers' },
];

const checkAudience = pickerCheck(AUDIENCE_OPTIONS, { problem: 'is not an audience', hint: 'Use All Contacts or Some Numbers.' });

/** Who sees the status: all the instance's contacts, or the numbers given (as WhatsApp addresses). */
const audience: Field<'audience', IDataObject> = {
	name: 'audience',
	properties: [
		{
			displayName: 'Show To',
			name: 'statusAudience',
			type: 'options',
			options: AUDIENCE_OPTIONS,
			default: 'allContacts',
			description: 'Who sees the status',
		},
		{
			displayName: 'Numbers',
			name: 'statusNumbers',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 51987654321, 51912345678',
			description: 'The numbers that see the status, separated by commas, semicolons or new lines, or an array from an expression',
			displayOptions: { show: { statusAudience: ['numbers'] } },
		},
	],
	read(item) {
		const mode = item.parameter('statusAudience', 'allContacts');
		if (item.require('Show To', mode, checkAudience(mode)) === 'allContacts') return { allContacts: true };
		const raw = item.parameter('statusNumbers', '');
		const numbers = item.require('Numbers', raw, checkNumberList(raw));
		const groups = numbers.filter((entry) => entry.number.endsWith('@g.us'));
		if (groups.length)
			item.require('Numbers', groups[0].given, bad('is a group: a status is shown to people', 'Give the numbers of the people who see it.'));
		// Baileys takes the list as WhatsApp addresses, as it is.
		return { statusJidList: numbers.map(({ number }) => (number.includes('@') ? number : `${number}@s.whatsapp.net`)) };
	},
	to: intoBody,
};

export const sendStatus = sendOperation({
	name: 'Send Status',
	value: 'sendStatus',
	action: 'Send status update',
	description: 'Post a text, image, video or audio status to all contacts or some numbers',
	path: '/message/sendStatus/{instanceName}',
	fields: [statusType, content, caption, textStyle, audience],
	// The route sends to status@broadcast with no delay, quote or mentions.
	routeOptions: [],
	ownOptions: [
		{
			displayName: 'Caption',
			name: 'caption',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: 'Text shown under an image or video status',
			displayOptions: { show: { '/statusType': ['image', 'video'] } },
		},
	],
});
