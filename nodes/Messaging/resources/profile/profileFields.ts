// The fields of the profile resource: whose profile, the name and About text, and the privacy
// settings as Evolution names them (PrivacySettingDto, privacySettingsSchema). The picture: media/picture.ts.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bad, ok, pickerCheck, showValue, type Checked, type PickerOption } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { checkedField, inBody } from '../../../shared/fields';
import { checkPhoneNumber, type CheckedNumber } from '../../validation/recipients';

const PROFILE_OF_OPTIONS: Array<PickerOption<'contact' | 'own'>> = [
	{ name: 'A Contact', value: 'contact', description: 'The WhatsApp account of a number' },
	{ name: 'This Instance', value: 'own', description: "The instance's own WhatsApp account" },
];

const checkProfileOf = pickerCheck(PROFILE_OF_OPTIONS, { problem: 'is not This Instance or A Contact', hint: 'Pick one from the list.' });

/** Whose profile: the instance's own (no `number` sent), or a contact's number. */
export const whoseProfile: Field<'profileOf', CheckedNumber | undefined> = {
	name: 'profileOf',
	properties: [
		{
			displayName: 'Profile Of',
			name: 'profileOf',
			type: 'options',
			options: PROFILE_OF_OPTIONS,
			default: 'own',
			description: "Whose WhatsApp account: this instance's own, or a contact's",
		},
		{
			displayName: 'Contact Number',
			name: 'contactNumber',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. +51 987 654 321',
			description: 'The number with country code (spaces, +, dashes and parentheses are removed), or its …@s.whatsapp.net address',
			displayOptions: { show: { profileOf: ['contact'] } },
		},
	],
	read(item) {
		const raw = item.parameter('profileOf', 'own');
		if (item.require('Profile Of', raw, checkProfileOf(raw)) === 'own') return undefined;
		const number = item.parameter('contactNumber');
		const given = String(number ?? '').trim();
		if (given.endsWith('@g.us')) item.require('Contact Number', number, bad('is a group address: a profile is a person\'s', 'Give a phone number with its country code.'));
		return { given, number: item.require('Contact Number', number, checkPhoneNumber(number, { groups: false })) };
	},
	to: inBody('number', (contact: CheckedNumber | undefined) => contact?.number),
	about: (contact) => (contact ? { recipient: { given: contact.given, sent: contact.number } } : {}),
};

function checkText(label: string, hint: string) {
	return (raw: unknown): Checked<string> => {
		if (typeof raw === 'number') raw = String(raw);
		if (typeof raw !== 'string') return bad('is not text', hint);
		const text = raw.trim();
		return text ? ok(text) : bad(`is empty: a ${label} is required`, hint);
	};
}

/** The profile name (WhatsApp's push name), sent as `name`. */
export const profileName = checkedField(
	{
		displayName: 'Name',
		name: 'profileName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Ventas Bodega Lima',
		description: 'The name contacts see for this WhatsApp account',
	},
	checkText('name', 'Give the name to show, e.g. Ventas Bodega Lima.'),
	inBody('name'),
);

/** The About text (Evolution calls it the profile status), sent as `status`. */
export const profileStatus = checkedField(
	{
		displayName: 'Status Text',
		name: 'profileStatus',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Atendemos de 9 a 6, lunes a sábado',
		description: "The account's About text, shown under its name",
	},
	checkText('status text', 'Give the About text to show.'),
	inBody('status'),
);

/** The six privacy settings `chat/updatePrivacySettings` requires, as its schema names them. */
export const PRIVACY_KEYS = ['readreceipts', 'profile', 'status', 'online', 'last', 'groupadd'] as const;
export type PrivacyChange = Partial<Record<(typeof PRIVACY_KEYS)[number], string>>;

const WHO = [
	{ name: 'Everyone', value: 'all' },
	{ name: 'My Contacts', value: 'contacts' },
	{ name: 'My Contacts Except Blocked List', value: 'contact_blacklist' },
	{ name: 'Nobody', value: 'none' },
];

const choice = (displayName: string, name: string, description: string, options = WHO): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	options,
	default: 'all',
	description,
});

const PRIVACY_OPTIONS: INodeProperties[] = [
	choice('Add Me to Groups', 'groupadd', 'Who may add this number to groups'),
	choice('Last Seen', 'last', 'Who sees when this number was last online'),
	choice('Online', 'online', 'Who sees when this number is online', [
		{ name: 'Everyone', value: 'all' },
		{ name: 'Same as Last Seen', value: 'match_last_seen' },
	]),
	choice('Profile Photo', 'profile', 'Who sees the profile picture'),
	choice('Read Receipts', 'readreceipts', 'Whether blue ticks are sent and shown', [
		{ name: 'Everyone', value: 'all' },
		{ name: 'Nobody', value: 'none' },
	]),
	choice('Status', 'status', 'Who sees the status updates (stories)'),
];

const PRIVACY_LABELS: Record<string, INodeProperties> = Object.fromEntries(PRIVACY_OPTIONS.map((option) => [option.name, option]));

/** Each setting's check, derived from its choices. */
const PRIVACY_CHECKS: Record<string, (raw: unknown) => Checked<string>> = Object.fromEntries(
	PRIVACY_OPTIONS.map((option) => {
		const choices = option.options as Array<PickerOption<string>>;
		const allowed = choices.map((choice) => choice.value).join(', ');
		return [option.name, pickerCheck(choices, { problem: `is not one of ${allowed}`, hint: `Pick a value from the list, or give one of ${allowed} from an expression.` })];
	}),
);

/** The privacy settings to change: only those added; the others are sent back as they are. */
export const privacyChange: Field<'privacy', PrivacyChange> = {
	name: 'privacy',
	properties: [
		{
			displayName: 'Privacy to Change',
			name: 'privacy',
			type: 'collection',
			placeholder: 'Add Setting',
			default: {},
			description: 'Only the settings added here change; the others keep their current value',
			options: PRIVACY_OPTIONS,
		},
	],
	read(item) {
		const raw = item.parameter('privacy', {});
		if (!raw || typeof raw !== 'object' || Object.keys(raw).length === 0)
			return item.require('Privacy to Change', raw, bad<PrivacyChange>('is empty: nothing to change', 'Add at least one setting, with the value it should have.'));
		const change: PrivacyChange = {};
		for (const [name, value] of Object.entries(raw as IDataObject)) {
			const option = PRIVACY_LABELS[name];
			if (!option) return item.require('Privacy to Change', raw, bad<PrivacyChange>(`has the unknown setting ${showValue(name)}`, 'Remove it and add the setting again from the list.'));
			change[name as (typeof PRIVACY_KEYS)[number]] = item.require(option.displayName, value, PRIVACY_CHECKS[name](value));
		}
		return change;
	},
};
