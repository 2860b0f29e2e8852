import type { IDataObject } from 'n8n-workflow';

import { bad, ok, showValue, trimmedText, type Checked } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { recipient } from '../../fields';
import { checkPhoneNumber } from '../../validation/recipients';
import { sendOperation } from '../../sendOperation';

interface ContactEntry {
	fullName?: unknown;
	phoneNumber?: unknown;
	organization?: unknown;
	email?: unknown;
	url?: unknown;
}

/** One contact card as the route wants it: the number both shown (+digits) and as WhatsApp ID (digits). */
function checkContact(entry: ContactEntry): Checked<IDataObject> {
	const fullName = trimmedText(entry.fullName);
	if (!fullName) return bad('has no full name', 'Give every contact a full name, as the card shows it.');
	const phone = checkPhoneNumber(entry.phoneNumber);
	if (!phone.valid) return bad(`has the phone number ${showValue(entry.phoneNumber)}, which ${phone.problem}`, phone.hint);
	if (phone.value.includes('@') || phone.value.length < 10)
		return bad(
			`has the phone number ${showValue(entry.phoneNumber)}: a contact card needs a number of 10 to 15 digits with its country code`,
			'Write the number with its country code, e.g. +51 987 654 321.',
		);
	const email = trimmedText(entry.email);
	if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return bad(`has the email ${showValue(email)}, which is not an email address`, 'Write it as name@example.com, or leave it empty.');
	const url = trimmedText(entry.url);
	if (url && !/^https?:\/\/\S+$/i.test(url)) return bad(`has the URL ${showValue(url)}, which is not an http or https link`, 'Write it as https://example.com, or leave it empty.');
	const card: IDataObject = { fullName, wuid: phone.value, phoneNumber: `+${phone.value}` };
	const organization = trimmedText(entry.organization);
	if (organization) card.organization = organization;
	if (email) card.email = email;
	if (url) card.url = url;
	return ok(card);
}

const contacts: Field<'contact', IDataObject[]> = {
	name: 'contact',
	properties: [
		{
			displayName: 'Contacts',
			name: 'contacts',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Contact',
			required: true,
			default: {},
			description: 'The contact cards to send; several go as one message',
			options: [
				{
					displayName: 'Contact',
					name: 'contact',
					values: [
						{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'e.g. name@email.com', default: '' },
						{ displayName: 'Full Name', name: 'fullName', type: 'string', required: true, default: '', placeholder: 'e.g. Ana Torres' },
						{ displayName: 'Organization', name: 'organization', type: 'string', default: '', placeholder: 'e.g. Comercial Andina SAC' },
						{
							displayName: 'Phone Number',
							name: 'phoneNumber',
							type: 'string',
							required: true,
							default: '',
							placeholder: 'e.g. +51 987 654 321',
							description: 'With country code; the card lets the recipient open a chat with it',
						},
						{ displayName: 'URL', name: 'url', type: 'string', default: '', placeholder: 'e.g. https://example.com' },
					],
				},
			],
		},
	],
	read(item) {
		const raw = item.parameter('contacts', {}) as { contact?: ContactEntry[] };
		const entries = Array.isArray(raw?.contact) ? raw.contact : [];
		if (entries.length === 0) item.require('Contacts', entries, bad('is empty: at least one contact is required', 'Add a contact with a full name and a phone number.'));
		const seen = new Set<string>();
		return entries.map((entry, index) => {
			const card = item.require(`Contact ${index + 1}`, entry, checkContact(entry));
			if (seen.has(card.wuid as string))
				item.require(`Contact ${index + 1}`, entry, bad(`has the number ${card.phoneNumber as string} of an earlier contact`, 'List each contact once.'));
			seen.add(card.wuid as string);
			return card;
		});
	},
	to: inBody('contact'),
};

export const sendContact = sendOperation({
	name: 'Send Contact',
	value: 'sendContact',
	action: 'Send contact card',
	description: 'Send one or more contact cards (name, phone, organization, email, URL)',
	path: '/message/sendContact/{instanceName}',
	fields: [recipient, contacts],
	// The route takes no delay, quote or mention: only the pace of sends.
	routeOptions: [],
});
