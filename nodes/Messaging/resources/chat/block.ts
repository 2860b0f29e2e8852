import { isResourceLocatorValue, type IDataObject } from 'n8n-workflow';

import { bad } from '../../../shared/checks';
import { operation, valueOf, type Field } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { instance, recipient } from '../../fields';
import type { CheckedNumber } from '../../validation/recipients';

/**
 * Block and Unblock are about a person: WhatsApp blocks contacts, not groups. Evolution lets a
 * group address through to WhatsApp, so the node refuses it before any request.
 */
export const contactOnly: Field<'contactOnly', true> = {
	name: 'contactOnly',
	properties: [],
	read(item, before) {
		const { given, number } = valueOf(before, recipient);
		const label = isResourceLocatorValue(item.parameter('number')) ? 'Recipient' : 'Number';
		if (number.endsWith('@g.us'))
			item.require(label, given, bad('is a group, and WhatsApp blocks contacts, not groups', 'Give the number of the person (with country code), or leave the group instead.'));
		return true;
	},
};

/** The answer (`{"block": "success"}` either way) with the number and what was asked. */
export const blockedItem = (answer: unknown, { number }: CheckedNumber, blocked: boolean): IDataObject[] => [
	{ ...(answer as IDataObject), number, blocked },
];

export const block = operation({
	name: 'Block',
	value: 'block',
	action: 'Block contact',
	description: 'Block a number: it can no longer call or message this WhatsApp number',
	request: { method: 'POST', path: '/chat/updateBlockStatus/{instanceName}' },
	fields: [instance, recipient, contactOnly],
	adjustRequest(request) {
		inBody('status')(request, 'block');
	},
	toItems: (answer, { number }) => blockedItem(answer, number, true),
});
