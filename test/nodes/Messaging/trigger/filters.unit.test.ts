// Only From Senders reads numbers with the node's one phone-number rule (validation/recipients.ts),
// the rule recipients are checked with: the same separators, clean-ups and addresses, but a sender
// is a person, never a group.
import { describe, expect, it } from 'vitest';

import { parseSenders } from '../../../../nodes/Messaging/trigger/filters';
import { checkPhoneNumber, splitNumberList } from '../../../../nodes/Messaging/validation/recipients';

describe('Only From Senders', () => {
	it('splits and cleans the list as recipient lists are', () => {
		const raw = '+51 987-654-321;51912345678@s.whatsapp.net\r\n555@lid,, (51) 900.111.222';
		expect(parseSenders(raw)).toEqual({ senders: ['51987654321', '51912345678@s.whatsapp.net', '555@lid', '51900111222'], invalid: [] });
		const asRecipients = splitNumberList(raw).map((entry) => checkPhoneNumber(entry));
		expect(asRecipients.map((checked) => (checked.valid ? checked.value : undefined))).toEqual(parseSenders(raw).senders);
	});

	it('takes a list from an expression', () => {
		expect(parseSenders(['51987654321', 51912345678])).toEqual({ senders: ['51987654321', '51912345678'], invalid: [] });
	});

	it('refuses a group address, which never sends a message, and addresses of other kinds', () => {
		expect(parseSenders('120363025246125486@g.us, 51987654321@c.us, Ana, 1234')).toEqual({
			senders: [],
			invalid: ['120363025246125486@g.us', '51987654321@c.us', 'Ana', '1234'],
		});
		expect(checkPhoneNumber('120363025246125486@g.us', { groups: false })).toMatchObject({ valid: false, problem: expect.stringMatching(/group address/) });
		expect(checkPhoneNumber('120363025246125486@g.us')).toEqual({ valid: true, value: '120363025246125486@g.us' });
	});
});
