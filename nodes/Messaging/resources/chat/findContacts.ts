import { operation } from '../../../shared/contract';
import { keep } from '../../../shared/simplify';
import { instance } from '../../fields';
import { limited, returnAllOrLimit } from '../../limit';
import { findFilters } from './findFilters';

export const findContacts = operation({
	name: 'Find Contacts',
	value: 'findContacts',
	action: 'Find contacts',
	description: "The instance's stored contacts: number, name, picture; one request",
	subtitle: 'Find Contacts',
	request: { method: 'POST', path: '/chat/findContacts/{instanceName}' },
	fields: [instance, returnAllOrLimit, findFilters],
	// The server answers every contact unless `offset` (a page's size) is given: Limit asks page 1 of that size.
	async send(send, { limit, filters }) {
		const where = filters.remoteJid ? { remoteJid: filters.remoteJid } : {};
		return await send({ body: { where, ...(limit === undefined ? {} : { offset: limit, page: 1 }) } });
	},
	toItems: (answer, { limit }) => limited(answer, limit),
	// The rows' IDs, instance and times left out.
	simplify: keep('remoteJid', 'pushName', 'profilePicUrl', 'isGroup', 'isSaved', 'type'),
});
