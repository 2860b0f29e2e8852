import { describe, expect, it } from 'vitest';

import { instance, runMessaging, stopError, useEvolutionFake } from '../helpers';

const state = useEvolutionFake();

const sendContact = (contact: unknown[], overrides: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'sendContact',
	instanceName: instance('sales'),
	number: '51912345678',
	contacts: { contact },
	...overrides,
});

describe('Send Contact', () => {
	it('sends one card with the number shown (+digits) and as WhatsApp ID (digits), optional fields only when set', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendContact([{ fullName: ' Ana Torres ', phoneNumber: '+51 987 654 321', organization: 'Comercial Andina SAC', email: '', url: '' }]),
		});
		expect(result.error).toBeUndefined();
		expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
			[
				'/message/sendContact/sales',
				{ number: '51912345678', contact: [{ fullName: 'Ana Torres', wuid: '51987654321', phoneNumber: '+51987654321', organization: 'Comercial Andina SAC' }] },
			],
		]);
		expect(result.items[0].json).toMatchObject({ messageType: 'contactMessage', message: { contactMessage: { displayName: 'Ana Torres' } } });
		expect(String((result.items[0].json.message as { contactMessage: { vcard: string } }).contactMessage.vcard)).toContain('waid=51987654321');
	});

	it('sends several cards as one message', async () => {
		const { fake } = state;
		const result = await runMessaging(fake, {
			parameters: sendContact([
				{ fullName: 'Ana Torres', phoneNumber: '51987654321', email: 'ana@example.com', url: 'https://example.com' },
				{ fullName: 'Luis Rojas', phoneNumber: '51912345678' },
			]),
		});
		expect(result.error).toBeUndefined();
		expect((fake.requests[0].body as { contact: unknown[] }).contact).toEqual([
			{ fullName: 'Ana Torres', wuid: '51987654321', phoneNumber: '+51987654321', email: 'ana@example.com', url: 'https://example.com' },
			{ fullName: 'Luis Rojas', wuid: '51912345678', phoneNumber: '+51912345678' },
		]);
		expect(result.items[0].json).toMatchObject({ messageType: 'contactsArrayMessage' });
	});

	it.each([
		[[], 'Contacts [] is empty: at least one contact is required. Nothing was sent. [item 0]'],
		[[{ fullName: '={{ "" }}', phoneNumber: '51987654321' }], /^Contact 1 .* has no full name\. Nothing was sent\. \[item 0\]$/],
		[[{ fullName: 'Ana', phoneNumber: '987654321' }], /^Contact 1 .* has the phone number "987654321": a contact card needs a number of 10 to 15 digits with its country code\. Nothing was sent\. \[item 0\]$/],
		[[{ fullName: 'Ana', phoneNumber: '51987654321@s.whatsapp.net' }], /^Contact 1 .* has the phone number "51987654321@s\.whatsapp\.net": a contact card needs a number of 10 to 15 digits with its country code\. Nothing was sent\. \[item 0\]$/],
		[[{ fullName: 'Ana', phoneNumber: 'call me' }], /^Contact 1 .* has the phone number "call me", which holds characters other than digits, spaces, \+, -, \. and \( \)\. Nothing was sent\. \[item 0\]$/],
		[[{ fullName: 'Ana', phoneNumber: '51987654321', email: 'ana at example' }], /^Contact 1 .* has the email "ana at example", which is not an email address\. Nothing was sent\. \[item 0\]$/],
		[
			[
				{ fullName: 'Ana', phoneNumber: '51987654321' },
				{ fullName: 'Ana T.', phoneNumber: '+51 987 654 321' },
			],
			/^Contact 2 .* has the number \+51987654321 of an earlier contact\. Nothing was sent\. \[item 0\]$/,
		],
	])('refuses %j before any request', async (contacts, message) => {
		const { fake } = state;
		const result = await runMessaging(fake, { parameters: sendContact(contacts as unknown[]) });
		if (typeof message === 'string') expect(stopError(result).message).toBe(message);
		else expect(stopError(result).message).toMatch(message);
		expect(fake.requests).toEqual([]);
	});
});
