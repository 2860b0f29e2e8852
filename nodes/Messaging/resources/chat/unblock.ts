import { operation } from '../../../shared/contract';
import { inBody } from '../../../shared/fields';
import { instance, recipient } from '../../fields';
import { blockedItem, contactOnly } from './block';

export const unblock = operation({
	name: 'Unblock',
	value: 'unblock',
	action: 'Unblock contact',
	description: 'Unblock a number, so it can call and message this WhatsApp number again',
	request: { method: 'POST', path: '/chat/updateBlockStatus/{instanceName}' },
	fields: [instance, recipient, contactOnly],
	adjustRequest(request) {
		inBody('status')(request, 'unblock');
	},
	toItems: (answer, { number }) => blockedItem(answer, number, false),
});
